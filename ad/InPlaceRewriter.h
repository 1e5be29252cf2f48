// A rewrite of the function's AST in place, before it is checked (LocalReferences.h, FieldPointers.h,
// ClassLocals.h): each node a subclass substitutes replaces the one it was given, each dropped
// declaration becomes an empty statement, and everything else is walked into, variables'
// initializers and OpenMP directives' statements included.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Stmt.h>

#include <functional>
#include <set>

namespace adrace::ad {

// Replaces the statements an if (its then and else), for, while or do statement runs by
// `transform` of each (a rewrite that needs a block where one statement was written).
void transformBodies(clang::Stmt* statement, const std::function<clang::Stmt*(clang::Stmt*)>& transform);

class InPlaceRewriter {
 public:
  explicit InPlaceRewriter(clang::ASTContext& ast) : ast_(ast) {}
  virtual ~InPlaceRewriter() = default;

 protected:
  // `stmt` rewritten: its substitute, or `stmt` itself with its children rewritten.
  clang::Stmt* rewrite(clang::Stmt* stmt);
  void rewriteChildren(clang::Stmt* stmt);
  // The node that replaces `stmt` (it may rewrite parts of `stmt` for it, with rewrite), or null to
  // keep `stmt` and rewrite its children.
  virtual clang::Stmt* substitute(clang::Stmt* stmt) = 0;

  clang::ASTContext& ast_;
  std::set<const clang::DeclStmt*> dropped_;  // declarations that become empty statements
};

}  // namespace adrace::ad
