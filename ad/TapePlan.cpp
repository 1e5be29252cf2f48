// Save-on-kill planning (Tapenade's to-be-recorded analysis, flow-insensitive per variable):
// neededBackward = the primal values the backward sweep reads (partials of nonlinear statements,
// subscripts, branch conditions, loop bounds, and the targets of its own pops); neededForward =
// their closure under the forward sweep's data flow. A forward-sweep assignment is emitted only if
// it writes a neededForward variable and pushes the old value only if the variable is in
// neededBackward: linear kernels get no forward sweep and no tape at all.
#include "ad/Sweeps.h"

#include "analyzer/LoopModelBuilder.h"

namespace adrace::ad {

bool Sweeps::addNeeded(std::set<const clang::VarDecl*>& set, const std::set<const clang::VarDecl*>& more) {
  size_t before = set.size();
  set.insert(more.begin(), more.end());
  return set.size() != before;
}

void Sweeps::plan() {
  for (int round = 0; round < 100; ++round) {
    bool grew = planStatement(context_.function.getBody());
    grew |= addNeeded(context_.neededForward, context_.neededBackward);
    if (!grew) return;
  }
}

bool Sweeps::planStatement(const clang::Stmt* statement) {
  if (!statement) return false;
  auto& backward = context_.neededBackward;
  auto& forward = context_.neededForward;
  bool grew = false;
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    for (const clang::Stmt* child : compound->body()) grew |= planStatement(child);
    return grew;
  }
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls()) {
      auto* var = llvm::cast<clang::VarDecl>(decl);
      if (!var->getInit()) continue;
      std::set<const clang::VarDecl*> reads;
      if (context_.variable(var)->active) derivativeReads(context_, var->getInit(), reads);
      grew |= addNeeded(backward, reads);
      if (forward.count(var)) {
        reads.clear();
        collectVariables(var->getInit(), reads);
        grew |= addNeeded(forward, reads);
      }
    }
    return grew;
  }
  if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement->IgnoreContainers())) {
    if (!assignment->isAssignmentOp()) return false;
    const clang::VarDecl* target = baseVariable(assignment->getLHS());
    std::set<const clang::VarDecl*> reads;
    if (isActiveLeaf(context_, assignment->getLHS())) assignmentReads(context_, assignment, reads);
    grew |= addNeeded(backward, reads);
    if (forward.count(target)) {
      reads.clear();
      collectVariables(assignment->getRHS(), reads);
      collectIndexVariables(assignment->getLHS(), reads);
      grew |= addNeeded(forward, reads);
      if (backward.count(target)) {  // the pop's target
        reads.clear();
        collectIndexVariables(assignment->getLHS(), reads);
        grew |= addNeeded(backward, reads);
      }
    }
    return grew;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    grew |= planStatement(branch->getThen());
    grew |= planStatement(branch->getElse());
    std::set<const clang::VarDecl*> reads;
    collectVariables(branch->getCond(), reads);
    bool flag = ifNeedsFlag(branch);
    if (backwardEmits(branch) && !flag) grew |= addNeeded(backward, reads);
    if (forwardEmits(branch->getThen()) || forwardEmits(branch->getElse()) || (flag && backwardEmits(branch)))
      grew |= addNeeded(forward, reads);
    return grew;
  }
  const clang::ForStmt* loop = llvm::dyn_cast<clang::ForStmt>(statement);
  if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement)) loop = analyzer::associatedLoops(*directive).front();
  if (auto* parallel = llvm::dyn_cast<clang::OMPParallelDirective>(statement)) {
    for (const clang::OMPLoopDirective* directive : parallelLoops(parallel)) grew |= planStatement(directive);
    return grew;
  }
  if (loop) {
    grew |= planStatement(context_.loopBody(loop));
    std::set<const clang::VarDecl*> reads;
    auto* counter = llvm::cast<clang::VarDecl>(llvm::cast<clang::DeclStmt>(loop->getInit())->getSingleDecl());
    collectVariables(counter->getInit(), reads);
    collectVariables(loop->getCond(), reads);
    collectVariables(loop->getInc(), reads);
    if (backwardEmits(context_.loopBody(loop))) grew |= addNeeded(backward, reads);
    if (forwardEmits(context_.loopBody(loop))) grew |= addNeeded(forward, reads);
    return grew;
  }
  return false;
}

bool Sweeps::assigns(const clang::Stmt* statement, const clang::VarDecl* variable) const {
  if (!statement) return false;
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(statement); binary && binary->isAssignmentOp())
    if (baseVariable(binary->getLHS()) == variable) return true;
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(statement); unary && unary->isIncrementDecrementOp())
    if (baseVariable(unary->getSubExpr()) == variable) return true;
  for (const clang::Stmt* child : statement->children())
    if (assigns(child, variable)) return true;
  return false;
}

bool Sweeps::ifNeedsFlag(const clang::IfStmt* branch) const {
  std::set<const clang::VarDecl*> reads;
  collectVariables(branch->getCond(), reads);
  for (const clang::VarDecl* var : reads)
    if (assigns(branch->getThen(), var) || assigns(branch->getElse(), var)) return true;
  return false;
}

}  // namespace adrace::ad
