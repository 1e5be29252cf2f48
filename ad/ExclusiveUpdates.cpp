// `omp critical` and `omp atomic` updates (ExclusiveUpdates.h): the check, and both sweeps.
#include "ad/ExclusiveUpdates.h"

#include "ad/Sweeps.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/OpenMPClause.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::ad {
namespace {

std::vector<const clang::Stmt*> updatesOf(const clang::Stmt* body) {
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body))
    return std::vector<const clang::Stmt*>(compound->body_begin(), compound->body_end());
  return {body};
}

// The updates themselves: those of a `for` loop's body in place of the loop (a thread's buffer
// added element by element, `for (b = 0; b < nband; b++) spectrum[b] += mine[b];`).
std::vector<const clang::Stmt*> flatUpdatesOf(const clang::Stmt* body) {
  std::vector<const clang::Stmt*> flat;
  for (const clang::Stmt* update : updatesOf(body)) {
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(update)) {
      for (const clang::Stmt* inner : flatUpdatesOf(loop->getBody())) flat.push_back(inner);
      continue;
    }
    flat.push_back(update);
  }
  return flat;
}

// The target of an update `x += e`, `x -= e` (floating x) or of any assignment, ++ or -- of an
// integer x (a passive counter); null for any other statement.
const clang::Expr* updateTarget(const clang::Stmt* update) {
  auto* expr = llvm::dyn_cast<clang::Expr>(update);
  if (!expr) return nullptr;
  expr = expr->IgnoreParens();
  const clang::Expr* target = nullptr;
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr); unary && unary->isIncrementDecrementOp())
    target = unary->getSubExpr();
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr); binary && binary->isAssignmentOp()) {
    target = binary->getLHS();
    bool sum = binary->getOpcode() == clang::BO_AddAssign || binary->getOpcode() == clang::BO_SubAssign;
    if (target->getType()->isRealFloatingType() && !sum) return nullptr;
  }
  if (!target || !asLeaf(target)) return nullptr;
  if (!target->getType()->isRealFloatingType() && !target->getType()->isIntegerType()) return nullptr;
  return target;
}

// How often `variable` is named in the construct, and how often as the target of an update in a
// critical or atomic directive (a RecursiveASTVisitor enters the directives).
class TargetUses : public clang::RecursiveASTVisitor<TargetUses> {
 public:
  explicit TargetUses(const clang::VarDecl* variable) : variable_(variable) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    named += ref->getDecl() == variable_;
    return true;
  }
  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
    if (const clang::Stmt* body = exclusiveBody(directive))
      for (const clang::Stmt* update : flatUpdatesOf(body))
        if (const clang::Expr* target = updateTarget(update); target && baseVariable(target) == variable_) ++updated;
    return true;
  }
  int named = 0, updated = 0;

 private:
  const clang::VarDecl* variable_;
};

std::string directiveWord(const clang::OMPExecutableDirective& directive) {
  return llvm::isa<clang::OMPAtomicDirective>(directive) ? "omp atomic" : "omp critical";
}

}  // namespace

const clang::Stmt* exclusiveBody(const clang::Stmt* statement) {
  if (!llvm::isa_and_nonnull<clang::OMPCriticalDirective, clang::OMPAtomicDirective>(statement)) return nullptr;
  return llvm::cast<clang::OMPExecutableDirective>(statement)->getRawStmt();
}

void checkExclusiveUpdate(AdjointContext& context, const clang::OMPExecutableDirective& directive,
                          const clang::Stmt& construct) {
  const bool atomic = llvm::isa<clang::OMPAtomicDirective>(directive);
  for (const clang::OMPClause* clause : directive.clauses())
    if (!(atomic && clause->getClauseKind() == llvm::omp::OMPC_update))
      return context.unsupported(clause->getBeginLoc(),
                                 "clause '" + std::string(llvm::omp::getOpenMPClauseName(clause->getClauseKind())) +
                                     "' on " + directiveWord(directive) +
                                     " (the adjoint supports critical without clauses, and atomic updates)");
  for (const clang::Stmt* update : flatUpdatesOf(exclusiveBody(&directive))) {
    const clang::Expr* target = updateTarget(update);
    if (!target)
      return context.unsupported(update->getBeginLoc(),
                                 "statement in " + directiveWord(directive) +
                                     " other than an update of a shared variable (x += e or x -= e, or a for "
                                     "loop of them; for an integer counter, any assignment)");
    const clang::VarDecl* variable = baseVariable(target);
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(llvm::cast<clang::Expr>(update)->IgnoreParens())) {
      std::set<const clang::VarDecl*> read;
      collectVariables(binary->getRHS(), read);
      if (read.count(variable))
        return context.unsupported(binary->getRHS()->getBeginLoc(), "the update in " + directiveWord(directive) +
                                                                        " reads '" + variable->getNameAsString() +
                                                                        "', which it updates");
    }
    TargetUses uses(variable);
    uses.TraverseStmt(const_cast<clang::Stmt*>(&construct));
    if (uses.named > uses.updated)
      return context.unsupported(target->getBeginLoc(),
                                 "'" + variable->getNameAsString() + "' is updated in " + directiveWord(directive) +
                                     " and also read or written elsewhere in the same parallel loop or region (the "
                                     "adjoint of the update reads its adjoint, which would be written meanwhile)");
  }
}

// The update stays exclusive as the primal makes it. Saving the value it overwrites is refused:
// each thread would restore its own saved value, in its own order.
void forwardExclusive(Sweeps& sweeps, AdjointContext& context, const clang::OMPExecutableDirective* directive,
                      CodeWriter& out) {
  const clang::Stmt* body = exclusiveBody(directive);
  for (const clang::Stmt* update : flatUpdatesOf(body)) {
    const clang::Expr* lhs = nullptr;
    if (const clang::VarDecl* target = sweeps.killed(update, &lhs);
        target && sweeps.reads().savesBeforeKill(update, target))
      return context.unsupported(update->getBeginLoc(),
                                 "the backward sweep needs the value of '" + target->getNameAsString() +
                                     "' that this update in " + directiveWord(*directive) +
                                     " overwrites (each thread would restore it in its own order)");
  }
  CodeWriter updates;
  for (const clang::Stmt* update : updatesOf(body)) sweeps.forward(update, updates);
  if (updates.empty()) return;
  const bool atomic = llvm::isa<clang::OMPAtomicDirective>(directive);
  out.statement(c::governed(c::directive(atomic ? c::Omp::Atomic : c::Omp::Critical),
                            atomic ? updates.statements().front() : c::block(updates.statements())));
}

// The adjoints of the updates, in reverse: each reads the adjoint of the shared target, which no
// thread writes in this loop or region (checkExclusiveUpdate), and increments what it read.
void backwardExclusive(Sweeps& sweeps, AdjointContext& context, const clang::OMPExecutableDirective* directive,
                       CodeWriter& out) {
  std::vector<const clang::Stmt*> updates = updatesOf(exclusiveBody(directive));
  std::vector<std::string> targets;
  for (const clang::Stmt* update : flatUpdatesOf(exclusiveBody(directive)))
    if (const clang::Expr* target = updateTarget(update); target && isActiveLeaf(context, target))
      targets.push_back(adjointText(context, target));
  CodeWriter adjoints;
  for (auto it = updates.rbegin(); it != updates.rend(); ++it) sweeps.backward(*it, adjoints);
  if (adjoints.empty()) return;
  std::string read;
  for (const std::string& target : targets) read += (read.empty() ? "" : ", ") + target;
  if (!read.empty())
    out.statement(c::comment("the " + directiveWord(*directive) + " update at line " +
                             std::to_string(context.position(directive->getBeginLoc()).line) + ": reads " + read +
                             ", which nothing here writes"));
  out.append(adjoints);
}

}  // namespace adrace::ad
