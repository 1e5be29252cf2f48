// Clang's AST to the C tree: expressions and types are rebuilt from the AST, never copied as source
// text (so comments and line breaks inside an expression cannot leak into the output). What the
// author wrote is kept where it matters: a literal keeps its spelling, and an expression that is
// exactly the expansion of an object-like macro (`N`, `NX*NY` behind `SIZE`) prints as the macro's
// name, so an adjoint built with one problem size still fits a program built with -DSMALL_DATASET.
// A function-like macro's call (`MIN(ib + BS, n)`) is kept as a call when its arguments are whole
// sub-expressions and its body names no variable (MacroExpansion.h), else printed from its expansion.
#pragma once

#include "ad/c/Expr.h"
#include "ad/c/Statement.h"
#include "ad/c/Type.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/OpenMPClause.h>

#include <functional>
#include <set>
#include <string>

namespace adrace::ad::c {

// C++: the named namespaces around a declaration, outermost first (`physics::units`), or "" at file
// scope (anonymous namespaces are left out: their names are reached unqualified).
std::string namespaceOf(const clang::Decl* decl);
// A file-scope or namespace variable as the generated code names it: `kappa`, `heat::kappa`.
std::string qualifiedName(const clang::VarDecl* var);

class FromClang {
 public:
  explicit FromClang(const clang::ASTContext& ast);

  // The name a declaration has in the generated code (by default its own).
  std::function<std::string(const clang::ValueDecl*)> nameOf;

  // Null (and `unsupportedAt` set) for a construct the tree has no node for (GNU ?:, statement
  // expressions, _Generic, ...).
  ExprRef expr(const clang::Expr* expr) const;
  // The type of a declaration as its declarator wrote it (array sizes as written: `float a[N][M]`),
  // without the outermost const when `dropConst` (an adjoint is written, its primal may be const).
  Type declaredType(const clang::DeclaratorDecl* decl, bool dropConst = false) const;
  // A type from the type system (sizes as values), for declarations the source did not write.
  Type type(clang::QualType type, bool dropConst = false) const;
  // The identifier an object-like macro expansion of exactly `expr` has, or "".
  std::string objectLikeMacro(const clang::Expr* expr) const;

  // Nodes the generator made (helper bodies inlined at their calls, ad/HelperInlining.h): their source
  // ranges are not what the author wrote, so an expression holding one never prints as a macro's name.
  std::set<const clang::Expr*> synthesized;

  mutable clang::SourceLocation unsupportedAt;
  mutable std::string unsupportedWhat;

 private:
  ExprRef convert(const clang::Expr* expr) const;
  std::string spelling(clang::SourceLocation at) const;
  bool readsLocals(const clang::Expr* expr) const;
  bool holdsSynthesized(const clang::Expr* expr) const;

  const clang::ASTContext& ast_;
  clang::PrintingPolicy policy_;
};

// The kind a schedule clause names (Sema has checked it: an unknown kind reads as static).
Schedule scheduleOf(const clang::OMPScheduleClause& clause);

}  // namespace adrace::ad::c
