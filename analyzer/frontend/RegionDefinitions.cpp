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

namespace {

// The header part holding `part`: `k = 0` in `for (i = lo, k = 0; ...; i++, k++)` climbs to the
// whole comma list, which is the loop's init.
const clang::Stmt* headerPartOf(const clang::Stmt* part, const clang::ParentMap& parents) {
  const clang::Stmt* parent = parents.getParent(part);
  while (parent) {
    auto* comma = llvm::dyn_cast<clang::BinaryOperator>(parent);
    if (!(comma && comma->getOpcode() == clang::BO_Comma) && !llvm::isa<clang::ParenExpr>(parent)) break;
    part = parent;
    parent = parents.getParent(parent);
  }
  return part;
}

}  // namespace

const clang::ForStmt* counterLoop(const std::vector<const clang::Stmt*>& definitions, const clang::ParentMap& parents) {
  if (definitions.size() != 2) return nullptr;
  const clang::Stmt* init = headerPartOf(definitions[0], parents);
  auto* loop = llvm::dyn_cast_or_null<clang::ForStmt>(parents.getParent(init));
  if (!loop || loop->getInit() != init || headerPartOf(definitions[1], parents) != loop->getInc()) return nullptr;
  return loop;
}

}  // namespace adrace::analyzer::region
