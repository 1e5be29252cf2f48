// Collects every memory reference of a loop body: array elements (a[e], a[e1][e2], p[e], *(p+e))
// and shared scalars that the loop writes, each with its access kind, index tuple, control
// context and synchronisation. A reference the IR cannot express is kept as opaque, with why.
#pragma once

#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/CalleeLoops.h"
#include "analyzer/frontend/ContextBuilder.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/model/LoopModel.h"
#include "analyzer/frontend/DerivedPointers.h"

#include <clang/AST/ASTContext.h>

#include <set>
#include <vector>

namespace adrace::analyzer {

// Variables a statement writes: array bases of assigned elements and assigned scalars.
struct WrittenVariables {
  std::set<const clang::VarDecl*> arrays;
  std::set<const clang::VarDecl*> scalars;
};
WrittenVariables findWrittenVariables(const clang::Stmt& body);

class ReferenceCollector {
 public:
  ReferenceCollector(clang::ASTContext& context, DataSharing& sharing, IndexTranslator& translator,
                     const ContextBuilder& contexts, const LoopCfg& cfg, const WrittenVariables& written,
                     const DerivedPointers& aliases);

  void collect(const clang::Stmt& body);
  // A directive of the body that is part of the model itself (the task of tasks created in a
  // loop), not a construct nested in the loop.
  void allowConstruct(const clang::OMPExecutableDirective* directive) { allowed_ = directive; }
  std::vector<Reference>& references() { return references_; }
  std::vector<Limitation>& limitations() { return limitations_; }
  // Contexts and facts of the called functions' loops around the references made in them, to add
  // after the body's own contexts.
  const CalleeLoops& calleeLoops() const { return calleeLoops_; }

 private:
  friend class ReferenceVisitor;
  void addAccess(const clang::Expr* access, AccessKind kind);
  void addScalar(const clang::DeclRefExpr* use, AccessKind kind);
  void classify(const clang::Expr* access, bool isScalar);
  void limit(const std::string& message, const clang::Stmt* at);
  void addCall(const clang::CallExpr* call);
  void addCalleeAccess(const CalleeAccess& access);

  clang::ASTContext& context_;
  DataSharing& sharing_;
  IndexTranslator& translator_;
  const ContextBuilder& contexts_;
  const LoopCfg& cfg_;
  const WrittenVariables& written_;
  const DerivedPointers& aliases_;
  std::set<const clang::Expr*> absorbed_;  // the a[k] read of `a[k] = a[k] + e`, part of the increment
  std::vector<Reference> references_;
  std::vector<Limitation> limitations_;
  CalleeLoops calleeLoops_;
  const clang::OMPExecutableDirective* allowed_ = nullptr;
};

}  // namespace adrace::analyzer
