// The questions of TapeReads.h (docs/design.md §3.4, step 6): a kill pushes the value it overwrites
// only when the backward sweep reads it before the kill's own pop restores it, by scope for locals
// and by element for arrays only read by read-modify-writes. TapePlan.cpp plans what is needed.
#include "ad/TapeReads.h"

#include "ad/PassiveCalls.h"
#include "ad/RegionPhases.h"
#include "ad/Sweeps.h"

#include "analyzer/frontend/LoopModelBuilder.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <functional>

namespace adrace::ad {
namespace {

class StatementFinder : public clang::RecursiveASTVisitor<StatementFinder> {
 public:
  explicit StatementFinder(const clang::Stmt* target) : target_(target) {}
  bool VisitStmt(clang::Stmt* statement) {
    found |= statement == target_;
    return !found;
  }
  bool found = false;

 private:
  const clang::Stmt* target_;
};

// Whether `target` is `root` or inside it (OpenMP directives' captured statements included).
bool containsStatement(const clang::Stmt* root, const clang::Stmt* target) {
  StatementFinder finder(target);
  finder.TraverseStmt(const_cast<clang::Stmt*>(root));
  return finder.found;
}

}  // namespace

bool TapeReads::pushesOnKill(const clang::VarDecl* variable) const {
  // A loop-owned counter's value is set by each loop header before it is read, in both sweeps.
  if (context_.loopOwnedCounters.count(variable)) return false;
  return plan_.neededBackward.count(variable) > 0 && !recomputes(variable);
}

// Save-on-kill, flow-sensitive within a local's scope: the value a kill overwrites is popped back
// just before the backward sweep of the kill, and then read only by the backward sweeps of what ran
// before the kill in the same scope (the kill's own adjoint included). A local's scope starts afresh
// each time it is entered, so if none of those reads the local, the value is never read and is not
// saved (the 24 entries of LULESH's B, overwritten in turn and read only after the last of them).
// Parameters, and kills that another scope's statements could precede, are always saved.
bool TapeReads::savesBeforeKill(const clang::Stmt* kill, const clang::VarDecl* variable) const {
  if (!pushesOnKill(variable)) return false;
  if (readOnlyByReadModifyWrites(variable) && !killReadsOwnArray(kill, variable)) return false;
  if (context_.pointerAliases.count(variable)) return true;  // reads of its array elsewhere are not reads of it
  const VariableInfo* info = context_.variable(variable);
  auto* scope = info && !info->parameter ? llvm::dyn_cast_or_null<clang::CompoundStmt>(info->scope) : nullptr;
  if (auto local = plan_.iterationLocals.find(variable); local != plan_.iterationLocals.end()) scope = local->second;
  if (!scope) return true;
  for (const clang::Stmt* child : scope->body()) {
    // A loop killing its C89 counter (LoopCounters.h) reads only the values it gives the counter.
    auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(child);
    if (llvm::isa<clang::ForStmt>(kill) &&
        (child == kill || (directive && analyzer::associatedLoops(*directive).front() == kill)))
      return false;
    std::set<const clang::VarDecl*> reads;
    backwardReads(child, reads);
    if (reads.count(variable)) return true;
    if (containsStatement(child, kill)) return false;
  }
  return true;
}

// The array `variable` is or points into, and every pointer alias of it (PointerAliases.h): one memory.
static std::set<const clang::VarDecl*> sameMemory(const AdjointContext& context, const clang::VarDecl* variable) {
  auto alias = context.pointerAliases.find(variable);
  const clang::VarDecl* array = alias != context.pointerAliases.end() ? alias->second : variable;
  std::set<const clang::VarDecl*> memory{array};
  for (const auto& [pointer, base] : context.pointerAliases)
    if (base == array) memory.insert(pointer);
  return memory;
}

// Save-on-kill for arrays, flow-sensitive by element: when every backward read of an array (or of a
// pointer into it) is the read of a read-modify-write of one element (`Ci[j] *= beta`), that read
// comes just after the statement's own pop has restored the element. A kill whose adjoint reads
// nothing of the array (`Ci[j] += aik * B[k][j]`) then overwrites a value nothing reads: it saves
// nothing (PolyBench's gemm tapes one value per element of C instead of one per product).
bool TapeReads::killReadsOwnArray(const clang::Stmt* kill, const clang::VarDecl* variable) const {
  std::set<const clang::VarDecl*> reads;
  backwardReads(kill, reads);
  for (const clang::VarDecl* var : sameMemory(context_, variable))
    if (reads.count(var)) return true;
  return false;
}

bool TapeReads::readOnlyByReadModifyWrites(const clang::VarDecl* variable) const {
  if (!variable->getType()->isArrayType() && !variable->getType()->isPointerType()) return false;
  std::set<const clang::VarDecl*> reads;
  backwardReads(context_.body(), reads, true);
  for (const clang::VarDecl* var : sameMemory(context_, variable))
    if (reads.count(var)) return false;
  return true;
}

// The array whose element `assignment` reads and overwrites, when that element is the only memory of
// the array it mentions: `a[i][j] *= s`, `a[i][j] = f(a[i][j], x)` (not `a[i] = a[i - 1]`, nor a[a[0]]).
static const clang::VarDecl* readModifyWriteArray(const AdjointContext& context,
                                                  const clang::BinaryOperator* assignment) {
  const clang::Expr* target = assignment->getLHS()->IgnoreParenImpCasts();
  const clang::VarDecl* array = baseVariable(target);
  if (!array || !llvm::isa<clang::ArraySubscriptExpr>(target)) return nullptr;
  const std::set<const clang::VarDecl*> memory = sameMemory(context, array);
  llvm::FoldingSetNodeID element;
  target->Profile(element, context.ast, true);
  bool onlyThatElement = true;
  std::function<void(const clang::Stmt*)> visit = [&](const clang::Stmt* node) {
    if (!node || !onlyThatElement) return;
    if (auto* expr = llvm::dyn_cast<clang::Expr>(node)) {
      const clang::Expr* access = expr->IgnoreParenImpCasts();
      if (llvm::isa<clang::ArraySubscriptExpr>(access) && memory.count(baseVariable(access))) {
        llvm::FoldingSetNodeID id;
        access->Profile(id, context.ast, true);
        if (id == element) return;  // the element itself (its subscripts are the target's)
      }
    }
    if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(node))
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(reference->getDecl()); var && memory.count(var)) {
        onlyThatElement = false;  // the array read some other way: another element, or its address
        return;
      }
    for (const clang::Stmt* child : node->children()) visit(child);
  };
  // The target's subscripts must not read the array.
  for (const clang::Expr* access = target; auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(access);
       access = subscript->getBase()->IgnoreParenImpCasts())
    visit(subscript->getIdx());
  visit(assignment->getRHS());
  return onlyThatElement ? array : nullptr;
}

void TapeReads::backwardReads(const clang::Stmt* statement, std::set<const clang::VarDecl*>& out,
                              bool besidesReadModifyWrites) const {
  if (!statement) return;
  if (auto* returned = llvm::dyn_cast<clang::ReturnStmt>(statement))
    return derivativeReads(context_, returned->getRetValue(), out);
  if (passiveStatementCall(statement)) return;
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls()) {
      auto* var = llvm::cast<clang::VarDecl>(decl);
      if (!var->getInit()) continue;
      if (context_.pointerAliases.count(var)) {
        aliasOffsetReads(var, out);
        continue;
      }
      if (context_.variable(var)->active) derivativeReads(context_, var->getInit(), out);
      if (recomputes(var)) collectVariables(var->getInit(), out);
    }
    return;
  }
  if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement->IgnoreContainers());
      assignment && assignment->isAssignmentOp()) {
    if (isActiveLeaf(context_, assignment->getLHS())) {
      std::set<const clang::VarDecl*> reads;
      assignmentReads(context_, assignment, reads);
      if (besidesReadModifyWrites)
        if (const clang::VarDecl* array = readModifyWriteArray(context_, assignment)) reads.erase(array);
      out.insert(reads.begin(), reads.end());
    }
    if (recomputes(baseVariable(assignment->getLHS()))) collectVariables(assignment->getRHS(), out);
    collectIndexVariables(assignment->getLHS(), out);  // a pop's target
    return;
  }
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(statement->IgnoreContainers());
      unary && unary->isIncrementDecrementOp()) {
    collectIndexVariables(unary->getSubExpr(), out);
    return;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    collectVariables(branch->getCond(), out);
    backwardReads(branch->getThen(), out, besidesReadModifyWrites);
    backwardReads(branch->getElse(), out, besidesReadModifyWrites);
    return;
  }
  const clang::ForStmt* loop = llvm::dyn_cast<clang::ForStmt>(statement);
  if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement))
    loop = analyzer::associatedLoops(*directive).front();
  if (auto* parallel = llvm::dyn_cast<clang::OMPExecutableDirective>(statement); parallel && !loop) {
    for (const clang::Stmt* phase : regionPhases(parallel)) backwardReads(phase, out, besidesReadModifyWrites);
    return;
  }
  if (Sweeps::isConditionalLoop(statement)) {  // the condition is evaluated by the forward sweep only
    backwardReads(context_.loopBody(statement), out, besidesReadModifyWrites);
    return;
  }
  if (loop) {
    collectVariables(loopStart(loop), out);
    collectVariables(loop->getCond(), out);
    collectVariables(loop->getInc(), out);
    backwardReads(context_.loopBody(loop), out, besidesReadModifyWrites);
    return;
  }
  for (const clang::Stmt* child : statement->children()) backwardReads(child, out, besidesReadModifyWrites);
}

bool TapeReads::recomputes(const clang::VarDecl* variable) const {
  return plan_.recomputable.count(variable) && plan_.neededBackward.count(variable);
}

void TapeReads::aliasOffsetReads(const clang::VarDecl* alias, std::set<const clang::VarDecl*>& out) const {
  if (!context_.variable(alias)->active) return;
  std::set<const clang::VarDecl*> reads;
  collectVariables(alias->getInit(), reads);
  reads.erase(context_.pointerAliases.at(alias));
  out.insert(reads.begin(), reads.end());
}

bool TapeReads::assigns(const clang::Stmt* statement, const clang::VarDecl* variable) const {
  if (!statement) return false;
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(statement); binary && binary->isAssignmentOp())
    if (baseVariable(binary->getLHS()) == variable) return true;
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(statement); unary && unary->isIncrementDecrementOp())
    if (baseVariable(unary->getSubExpr()) == variable) return true;
  for (const clang::Stmt* child : statement->children())
    if (assigns(child, variable)) return true;
  return false;
}

bool TapeReads::ifNeedsFlag(const clang::IfStmt* branch) const {
  std::set<const clang::VarDecl*> reads;
  collectVariables(branch->getCond(), reads);
  for (const clang::VarDecl* var : reads)
    if (assigns(branch->getThen(), var) || assigns(branch->getElse(), var)) return true;
  return false;
}

}  // namespace adrace::ad
