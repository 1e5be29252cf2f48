#include "analyzer/frontend/RegionDefinitions.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/LoopModelBuilder.h"

namespace adrace::analyzer::region {

bool DefinitionFinder::VisitDeclStmt(clang::DeclStmt* statement) {
  for (const clang::Decl* declaration : statement->decls())
    if (auto* variable = llvm::dyn_cast<clang::VarDecl>(declaration); variable && variable->hasInit())
      definitions[variable].push_back(statement);
  return true;
}

bool DefinitionFinder::VisitOMPLoopDirective(clang::OMPLoopDirective* directive) {
  // lastprivate and linear copy the counter's last value out.
  if (directive->hasClausesOfKind<clang::OMPLastprivateClause>() ||
      directive->hasClausesOfKind<clang::OMPLinearClause>())
    return true;
  for (const clang::ForStmt* loop : associatedLoops(*directive))
    for (const clang::Stmt* part : {loop->getInit(), static_cast<const clang::Stmt*>(loop->getInc())})
      if (auto* expression = llvm::dyn_cast_or_null<clang::Expr>(part))
        privateCounterDefinitions.insert(expression->IgnoreParens());
  return true;
}

bool DefinitionFinder::VisitBinaryOperator(clang::BinaryOperator* op) {
  if (op->isAssignmentOp() && !privateCounterDefinitions.count(op))
    if (const clang::VarDecl* variable = variableOf(op->getLHS())) definitions[variable].push_back(op);
  return true;
}

bool DefinitionFinder::VisitUnaryOperator(clang::UnaryOperator* op) {
  if (const clang::VarDecl* variable = variableOf(op->getSubExpr())) {
    if (op->isIncrementDecrementOp() && !privateCounterDefinitions.count(op)) definitions[variable].push_back(op);
    if (op->getOpcode() == clang::UO_AddrOf) addressTaken.insert(variable);
  }
  return true;
}

const clang::ForStmt* counterLoop(const std::vector<const clang::Stmt*>& definitions, const clang::ParentMap& parents) {
  if (definitions.size() != 2) return nullptr;
  auto* loop = llvm::dyn_cast_or_null<clang::ForStmt>(parents.getParent(definitions[0]));
  if (!loop || loop->getInit() != definitions[0] || !loop->getInc() || definitions[1] != loop->getInc()->IgnoreParens())
    return nullptr;
  return loop;
}

}  // namespace adrace::analyzer::region
