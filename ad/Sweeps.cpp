// Forward and backward sweeps of sequential code: declarations, assignments, if/else, for loops.
#include "ad/Sweeps.h"

#include "ad/BranchGuard.h"
#include "ad/ExclusiveUpdates.h"
#include "ad/HeapBuffers.h"
#include "ad/InvariantIncrements.h"

#include "ad/ParallelLoopAdjoint.h"

#include "ad/PassiveCalls.h"
#include "ad/c/Uses.h"

#include "analyzer/frontend/LoopModelBuilder.h"

#include <algorithm>

namespace adrace::ad {

namespace {
// The suffix of the runtime's push and pop functions for a scalar type, or "" (pushed as bytes).
std::string tapeSuffix(const clang::QualType& type) {
  const clang::BuiltinType* builtin = type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (builtin) switch (builtin->getKind()) {
      case clang::BuiltinType::Double: return "double";
      case clang::BuiltinType::Float: return "float";
      case clang::BuiltinType::Int: return "int";
      case clang::BuiltinType::Long: return "long";
      default: break;
    }
  return "";
}
}  // namespace

c::StmtRef pushStatement(const clang::QualType& type, const c::ExprRef& lvalue) {
  const std::string suffix = tapeSuffix(type);
  if (suffix.empty()) return c::expression(c::call("adrace_push_bytes", {c::addressOf(lvalue), c::sizeofExpr(lvalue)}));
  return c::expression(c::call("adrace_push_" + suffix, {lvalue}));
}

c::StmtRef popStatement(const clang::QualType& type, const c::ExprRef& lvalue) {
  const std::string suffix = tapeSuffix(type);
  if (suffix.empty()) return c::expression(c::call("adrace_pop_bytes", {c::addressOf(lvalue), c::sizeofExpr(lvalue)}));
  return c::expression(c::assign(lvalue, c::call("adrace_pop_" + suffix, {})));
}

c::StmtRef declareAndPop(const AdjointContext& context, const clang::VarDecl* var) {
  const std::string name = var->getNameAsString();
  const std::string suffix = tapeSuffix(var->getType());
  if (suffix.empty())
    return c::oneLine({declarationOf(context, var, name, nullptr), popStatement(var->getType(), c::name(name))});
  return declarationOf(context, var, name, c::call("adrace_pop_" + suffix, {}));
}

const clang::VarDecl* Sweeps::killed(const clang::Stmt* statement, const clang::Expr** lhs) const {
  auto* expr = llvm::dyn_cast<clang::Expr>(statement);
  if (!expr) return nullptr;
  expr = expr->IgnoreParens();
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr); binary && binary->isAssignmentOp()) {
    *lhs = binary->getLHS();
    return baseVariable(binary->getLHS());
  }
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr); unary && unary->isIncrementDecrementOp()) {
    *lhs = unary->getSubExpr();
    return baseVariable(unary->getSubExpr());
  }
  return nullptr;
}

std::vector<const clang::VarDecl*> Sweeps::scopeLocals(const clang::CompoundStmt* compound) const {
  std::vector<const clang::VarDecl*> locals;
  for (const clang::Stmt* child : compound->body())
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(child))
      for (const clang::Decl* decl : declaration->decls()) locals.push_back(llvm::cast<clang::VarDecl>(decl));
  return locals;
}

bool Sweeps::forwardEmits(const clang::Stmt* statement) const {
  if (!statement || llvm::isa<clang::ReturnStmt>(statement)) return false;  // F_b returns nothing
  if (passiveStatementCall(statement)) return true;  // a print or an OpenMP setting, where the primal makes it
  if (const clang::VarDecl* buffer = releasedBuffer(context_, statement))  // freed if allocated (HeapBuffers.h)
    return plan_.neededForward.count(buffer) > 0;
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs)) return plan_.neededForward.count(target) > 0;
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {  // as forward() declares them
    for (const clang::Decl* decl : declaration->decls())
      if (auto* var = llvm::cast<clang::VarDecl>(decl); plan_.neededForward.count(var) &&
                                                        !context_.regionPrivate.count(var) &&
                                                        !context_.loopOwnedCounters.count(var))
        return true;
    return false;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement))
    return forwardEmits(branch->getThen()) || forwardEmits(branch->getElse()) ||
           (reads_.ifNeedsFlag(branch) && backwardEmits(branch));
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement))  // a recomputed loop runs forward in the backward sweep
    return exitCounterKept(loop) || (!plan_.recomputedLoops.count(loop) && forwardEmits(context_.loopBody(loop)));
  if (isConditionalLoop(statement))  // the forward sweep counts the iterations the backward sweep runs
    return forwardEmits(context_.loopBody(statement)) || backwardEmits(context_.loopBody(statement));
  if (llvm::isa<clang::BreakStmt>(statement)) return true;  // ends the loop: the forward sweep must see it
  if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement))
    return forwardEmits(analyzer::associatedLoops(*directive).front());
  if (auto* parallel = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) {  // a region, critical, atomic
    for (const clang::Stmt* phase : regionPhases(parallel))
      if (forwardEmits(phase)) return true;
    return false;
  }
  for (const clang::Stmt* child : statement->children())
    if (forwardEmits(child)) return true;
  return false;
}

bool Sweeps::backwardEmits(const clang::Stmt* statement) const {
  if (!statement) return false;
  if (auto* returned = llvm::dyn_cast<clang::ReturnStmt>(statement))
    return hasActiveLeaf(context_, returned->getRetValue());
  if (allocatedBuffer(context_, statement) || releasedBuffer(context_, statement)) return false;  // HeapBuffers.h
  if (passiveStatementCall(statement)) return false;
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs))
    return isActiveLeaf(context_, lhs) ||
           (plan_.neededForward.count(target) && reads_.savesBeforeKill(statement, target));
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls()) {
      auto* var = llvm::cast<clang::VarDecl>(decl);
      if (reads_.pushesOnKill(var) ||
          (var->getInit() && hasActiveLeaf(context_, var->getInit()) && context_.variable(var)->active))
        return true;
    }
    return false;
  }
  if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement))
    return backwardEmits(analyzer::associatedLoops(*directive).front());
  if (auto* parallel = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) {  // a region, critical, atomic
    for (const clang::Stmt* phase : regionPhases(parallel))
      if (backwardEmits(phase)) return true;
    return false;
  }
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement))
    return restoresCounter(loop) || backwardEmits(context_.loopBody(loop));
  if (isConditionalLoop(statement)) return backwardEmits(context_.loopBody(statement));
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    if (backwardEmits(branch->getThen()) || backwardEmits(branch->getElse())) return true;
    return false;
  }
  for (const clang::Stmt* child : statement->children())
    if (backwardEmits(child)) return true;
  return false;
}

// ---- forward sweep ----

// A local's initialiser, or zero for one declared without (`float v;`, assigned later): the sweeps
// declare every local with a value, so that no compiler warns of a read before the assignment.
c::ExprRef Sweeps::initialValue(const clang::VarDecl* var) const {
  if (var->getInit()) return context_.tree(var->getInit());
  return var->getType()->isArrayType() ? c::initList({c::integer(0)}) : c::integer(0);
}

void Sweeps::forward(const clang::Stmt* statement, CodeWriter& out) {
  if (!statement || !forwardEmits(statement)) return;
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    bool scope = compound != context_.body();
    if (scope) out.open(c::block({}));
    forwardCompound(compound, out, scope);
    if (scope) out.close();
    return;
  }
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls()) {
      auto* var = llvm::cast<clang::VarDecl>(decl);
      if (!plan_.neededForward.count(var) || context_.regionPrivate.count(var) || context_.loopOwnedCounters.count(var))
        continue;
      out.statement(declarationOf(context_, var, var->getNameAsString(), initialValue(var)));
    }
    return;
  }
  if (const clang::CallExpr* call = passiveStatementCall(statement)) {
    out.statement(c::expression(context_.tree(call)));
    return;
  }
  if (releasedBuffer(context_, statement) || allocatedBuffer(context_, statement)) {  // no save: a new buffer
    out.statement(c::expression(context_.tree(llvm::cast<clang::Expr>(statement))));
    return;
  }
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs)) {
    if (reads_.savesBeforeKill(statement, target)) out.statement(pushStatement(lhs->getType(), context_.tree(lhs)));
    out.statement(c::expression(context_.tree(llvm::cast<clang::Expr>(statement))));
    return;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    bool flag = reads_.ifNeedsFlag(branch) && backwardEmits(branch);
    c::ExprRef condition = context_.tree(branch->getCond());
    if (!flag && !forwardEmits(branch->getThen())) {  // only the else branch (`if (c) continue;`, an early return)
      out.open(c::ifElse(c::logicalNot(condition), {}));
      if (auto* compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(branch->getElse()))
        forwardCompound(compound, out, true);
      else
        forward(branch->getElse(), out);
      out.close();
      return;
    }
    out.open(c::ifElse(condition, {}));
    if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getThen()))
      forwardCompound(compound, out, true);
    else
      forward(branch->getThen(), out);
    if (flag) out.statement(c::expression(c::call("adrace_push_int", {c::integer(1)})));
    if (flag || forwardEmits(branch->getElse())) {
      out.openElse();
      if (auto* compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(branch->getElse()))
        forwardCompound(compound, out, true);
      else
        forward(branch->getElse(), out);
      if (flag) out.statement(c::expression(c::call("adrace_push_int", {c::integer(0)})));
    }
    out.close();
    return;
  }
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) return forwardFor(loop, out);
  if (isConditionalLoop(statement)) return forwardConditionalLoop(statement, out);
  if (llvm::isa<clang::BreakStmt>(statement))
    return out.statement(c::expression(c::assign(c::name(kLoopExit), c::integer(1))));
  if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement))
    return forwardDirective(directive, out);
}

void Sweeps::forwardLoopBody(const clang::Stmt* body, CodeWriter& out) {
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body))
    forwardCompound(compound, out, true);
  else
    forward(body, out);
}

void Sweeps::forwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope) {
  for (const clang::Stmt* child : compound->body()) forward(child, out);
  if (!scope) return;
  for (const clang::VarDecl* local : scopeLocals(compound))
    if (reads_.pushesOnKill(local)) out.statement(pushStatement(local->getType(), c::name(local->getNameAsString())));
}

c::StmtRef Sweeps::forHead(const clang::ForStmt* loop, bool declare) const {
  // SupportCheck has checked the header: one initialised counter. A C89 counter (`for (i = 0; ...)`)
  // is declared here like any other unless its exit value is kept.
  const clang::VarDecl* counter = loopCounter(loop);
  const std::string name = counter->getNameAsString();
  c::ExprRef start = context_.tree(loopStart(loop));
  c::StmtRef init =
      declare ? declarationOf(context_, counter, name, start) : c::expression(c::assign(c::name(name), start));
  return c::forLoop(init, context_.tree(loop->getCond()), context_.tree(loop->getInc()), {});
}

const clang::VarDecl* Sweeps::exitCounterKept(const clang::ForStmt* loop) const {
  const clang::VarDecl* counter = loopCounter(loop);
  bool kept = counter && !llvm::isa<clang::DeclStmt>(loop->getInit()) && context_.exitValueCounters.count(counter) &&
              plan_.neededForward.count(counter);
  return kept ? counter : nullptr;
}

bool Sweeps::restoresCounter(const clang::ForStmt* loop) const {
  const clang::VarDecl* counter = exitCounterKept(loop);
  return counter && reads_.savesBeforeKill(loop, counter);
}

void Sweeps::restoreCounter(const clang::ForStmt* loop, CodeWriter& out) const {
  if (!restoresCounter(loop)) return;
  const clang::VarDecl* counter = loopCounter(loop);
  out.statement(c::withComment(
      popStatement(counter->getType(), c::name(counter->getNameAsString())),
      "its value before the loop at line " + std::to_string(context_.position(loop->getBeginLoc()).line)));
}

void Sweeps::forwardFor(const clang::ForStmt* loop, CodeWriter& out) {
  if (context_.loopsWithBreak.count(loop)) {  // a break: the trip count is known only here (as for while loops)
    bool counted = backwardEmits(context_.loopBody(loop));
    auto* counter = llvm::cast<clang::VarDecl>(llvm::cast<clang::DeclStmt>(loop->getInit())->getSingleDecl());
    c::ExprRef condition = c::logicalAnd(c::logicalNot(c::name(kLoopExit)), context_.tree(loop->getCond()));
    out.open(c::block({}));
    if (counted) out.statement(c::declaration(c::plainType("long"), kIterations, c::integer(0)));
    out.statement(c::declaration(c::plainType("int"), kLoopExit, c::integer(0)));
    out.open(c::forLoop(declarationOf(context_, counter, counter->getNameAsString(), context_.tree(counter->getInit())),
                        condition, context_.tree(loop->getInc()), {}));
    if (counted) out.statement(c::expression(c::postIncrement(c::name(kIterations))));
    forwardLoopBody(context_.loopBody(loop), out);
    out.close();
    if (counted) out.statement(c::expression(c::call("adrace_push_long", {c::name(kIterations)})));
    out.close();
    return;
  }
  const clang::VarDecl* kept = exitCounterKept(loop);
  if (restoresCounter(loop)) out.statement(pushStatement(kept->getType(), c::name(kept->getNameAsString())));
  out.open(forHead(loop, !kept));
  forwardLoopBody(context_.loopBody(loop), out);
  out.close();
}

// A while or do loop runs as often as its condition says: the forward sweep counts the iterations
// (the one a `break` ends included) and pushes the count, which the backward sweep pops and runs down,
// each iteration's branches recovered as everywhere else (recomputed conditions or taped flags):
//     { long adrace_iterations = 0; int adrace_exit = 0;
//       while (!adrace_exit && (cond)) { adrace_iterations++; body, break -> adrace_exit = 1; }
//       adrace_push_long(adrace_iterations); }
// A `break` ends a branch at the top level of the body (SupportCheck), so nothing of its iteration
// runs after the flag is set but the pushes at the end of the body's scope, which the backward sweep
// pops first.
const char* const Sweeps::kLoopExit = "adrace_exit";
const char* const Sweeps::kIterations = "adrace_iterations";

bool Sweeps::isConditionalLoop(const clang::Stmt* statement) {
  return llvm::isa<clang::WhileStmt>(statement) || llvm::isa<clang::DoStmt>(statement);
}

void Sweeps::forwardConditionalLoop(const clang::Stmt* loop, CodeWriter& out) {
  const clang::Stmt* body = context_.loopBody(loop);
  bool counted = backwardEmits(body);
  bool exits = context_.loopsWithBreak.count(loop) > 0;
  auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(loop);
  c::ExprRef condition = context_.tree(whileLoop ? whileLoop->getCond() : llvm::cast<clang::DoStmt>(loop)->getCond());
  if (exits) condition = c::logicalAnd(c::logicalNot(c::name(kLoopExit)), condition);
  out.open(c::block({}));
  if (counted) out.statement(c::declaration(c::plainType("long"), kIterations, c::integer(0)));
  if (exits) out.statement(c::declaration(c::plainType("int"), kLoopExit, c::integer(0)));
  out.open(whileLoop ? c::whileLoop(condition, {}) : c::doWhile({}, condition));
  if (counted) out.statement(c::expression(c::postIncrement(c::name(kIterations))));
  forwardLoopBody(body, out);
  out.close();
  if (counted) out.statement(c::expression(c::call("adrace_push_long", {c::name(kIterations)})));
  out.close();
}

void Sweeps::backwardConditionalLoop(const clang::Stmt* loop, CodeWriter& out) {
  const clang::Stmt* body = context_.loopBody(loop);
  const c::ExprRef count = c::name(kIterations);
  out.open(c::forLoop(c::declaration(c::plainType("long"), kIterations, c::call("adrace_pop_long", {})),
                      c::greater(count, c::integer(0)), c::postDecrement(count), {}));
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body))
    backwardCompound(compound, out, true);
  else
    backward(body, out);
  out.close();
}

// ---- backward sweep ----

namespace {
// The increment statement, governed by `#pragma omp atomic` when it has a reason to be atomic.
// The adjoint of a `?:` arm, `x_b[i + 1] += i < n - 1 ? seed : 0.0`, is stored only where the arm
// ran (armCondition, BranchGuard.h): the analysis proved the arm's accesses under its condition.
c::StmtRef guardedIncrement(const AdjointContext& context, const Increment& increment,
                            const std::optional<std::string>& atomic) {
  Increment stored = increment;
  const bool element =
      !llvm::isa<clang::DeclRefExpr>(increment.leaf->IgnoreParenImpCasts());  // a scalar needs no guard
  c::ExprRef condition;
  if (inConditionalArm(context, increment.leaf)) {
    if (element) condition = armCondition(stored.value);
    // A partial times the arm's seed (`x[i + 1] * (c ? seed : 0.0)`): evaluated only where the arm ran.
    if (!condition && stored.value->kind != c::Expr::Kind::Conditional) {
      ArmGuard arms = armGuard(context, increment.leaf, stored.value);
      condition = arms.condition, stored.value = arms.value;
    }
  }
  c::StmtRef statement = incrementStatement(context, stored);
  if (atomic) statement = c::governed(c::directive(c::Omp::Atomic), statement);
  return condition ? c::ifElse(condition, {statement}) : statement;
}
}  // namespace

void Sweeps::emitIncrements(const std::vector<Increment>& increments, CodeWriter& out) {
  for (const Increment& increment : increments) {
    if (parallelLoop_ && parallelLoop_->gathers(increment, out)) continue;  // summed by the gather loop instead
    std::optional<std::string> atomic = parallelLoop_  ? parallelLoop_->atomicReason(increment)
                                        : insideTeam() ? team_.atomicReason(increment)
                                                       : std::nullopt;
    if (runWriter_ != out.id() || runEnd_ != out.size()) incrementRun_.clear();  // something else came in between
    bool joined = false;
    for (auto earlier = incrementRun_.rbegin(); earlier != incrementRun_.rend() && !joined; ++earlier) {
      std::optional<Increment> both =
          earlier->atomic == atomic ? joinIncrements(context_, earlier->increment, increment) : std::nullopt;
      if (both) {
        // The run is the last statements of the open list, nothing written since: the joined
        // increment replaces one of the statements just built, before its list is closed.
        earlier->increment = *both;
        out.replaceStatement(earlier->line, guardedIncrement(context_, *both, atomic));
        joined = true;
      } else if (!incrementsCommute(context_, earlier->increment, increment)) {
        break;
      }
    }
    if (!joined) {
      if (atomic) out.statement(c::comment(*atomic));
      out.statement(guardedIncrement(context_, increment, atomic));
      incrementRun_.push_back({out.size() - 1, increment, atomic});
    }
    runWriter_ = out.id();
    runEnd_ = out.size();
  }
}

void Sweeps::backward(const clang::Stmt* statement, CodeWriter& out) {
  if (!statement || !backwardEmits(statement)) return;
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    bool scope = compound != context_.body();
    if (scope) out.open(c::block({}));
    backwardCompound(compound, out, scope);
    if (scope) out.close();
    return;
  }
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    std::vector<const clang::Decl*> decls(declaration->decl_begin(), declaration->decl_end());
    for (auto it = decls.rbegin(); it != decls.rend(); ++it) {
      auto* var = llvm::cast<clang::VarDecl>(*it);
      if (context_.pointerAliases.count(var)) continue;  // its adjoint is declared at the top of its scope
      if (var->getInit() && context_.variable(var)->active)
        emitIncrements(initializerAdjoint(context_, var).increments, out);
    }
    return;
  }
  if (auto* returned = llvm::dyn_cast<clang::ReturnStmt>(statement)) {  // the result's adjoint seeds the returned value
    if (!returned->getRetValue()) return;                               // an early `return;` of a void function
    std::vector<Increment> increments;
    expressionAdjoint(context_, returned->getRetValue(), c::name(context_.resultAdjoint), false, increments);
    emitIncrements(increments, out);
    return;
  }
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs)) {
    if (plan_.neededForward.count(target) && reads_.savesBeforeKill(statement, target))
      out.statement(popStatement(lhs->getType(), context_.tree(lhs)));
    if (!isActiveLeaf(context_, lhs)) return;
    StatementAdjointCode code = assignmentAdjoint(
        context_, llvm::cast<clang::BinaryOperator>(llvm::cast<clang::Expr>(statement)->IgnoreParens()));
    if (code.block) out.open(c::block({}));
    out.statements(code.prologue);
    emitIncrements(code.increments, out);
    out.statements(code.epilogue);
    if (code.block) out.close();
    return;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    bool flag = reads_.ifNeedsFlag(branch);
    c::ExprRef condition = flag ? c::call("adrace_pop_int", {}) : context_.tree(branch->getCond());
    if (!backwardEmits(branch->getThen())) {  // only the else branch
      out.open(c::ifElse(c::logicalNot(condition), {}));
      if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getElse()))
        backwardCompound(compound, out, true);
      else
        backward(branch->getElse(), out);
      out.close();
      return;
    }
    out.open(c::ifElse(condition, {}));
    if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getThen()))
      backwardCompound(compound, out, true);
    else
      backward(branch->getThen(), out);
    if (backwardEmits(branch->getElse())) {
      out.openElse();
      if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getElse()))
        backwardCompound(compound, out, true);
      else
        backward(branch->getElse(), out);
    }
    out.close();
    return;
  }
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) {
    if (backwardEmits(context_.loopBody(loop))) backwardFor(loop, out);
    return restoreCounter(loop, out);
  }
  if (isConditionalLoop(statement)) return backwardConditionalLoop(statement, out);
  if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement))
    return backwardDirective(directive, out);
}

void Sweeps::backwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope, bool localsLive) {
  if (scope) {
    std::vector<const clang::VarDecl*> locals = scopeLocals(compound);
    for (auto it = locals.rbegin(); it != locals.rend(); ++it)
      if (reads_.pushesOnKill(*it) && !localsLive) out.statement(declareAndPop(context_, *it));
    recomputeValues(compound, out, localsLive, true);
    for (const clang::VarDecl* local : locals)
      if (context_.variable(local)->active && backwardEmits(compound))
        out.statement(adjointDeclaration(context_, local));
  } else {
    recomputeValues(compound, out, localsLive, false);
  }
  std::vector<const clang::Stmt*> children(compound->body_begin(), compound->body_end());
  for (auto it = children.rbegin(); it != children.rend(); ++it) backward(*it, out);
  if (!scope) return;
  for (const clang::VarDecl* local : scopeLocals(compound))  // the adjoints of its buffers (HeapBuffers.h)
    if (context_.heapBuffers.count(local) && context_.variable(local)->active && backwardEmits(compound))
      out.statement(bufferAdjointRelease(context_, local));
}

// In statement order, since one may read another: the recomputed locals' declarations (when the
// block is their scope here) and the recomputed C89 definitions (TapePlan::recomputedDefinitions).
void Sweeps::recomputeValues(const clang::CompoundStmt* compound, CodeWriter& out, bool localsLive, bool declarations) {
  auto wanted = [&](const clang::VarDecl* var) {
    return reads_.recomputes(var) && !(localsLive && plan_.neededForward.count(var));
  };
  // `float t; ... t = x[i] * w;` in one block: t is declared where its definition is recomputed.
  auto definedInBlock = [&](const clang::VarDecl* local) {
    auto definition = plan_.recomputedDefinitions.find(local);
    return !local->getInit() && definition != plan_.recomputedDefinitions.end() &&
           std::find(compound->body_begin(), compound->body_end(), definition->second) != compound->body_end();
  };
  std::set<const clang::VarDecl*> declaredAtDefinition;
  for (const clang::Stmt* child : compound->body()) {
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(child)) {
      for (const clang::Decl* decl : declaration->decls()) {
        auto* local = llvm::cast<clang::VarDecl>(decl);
        if (!declarations || !wanted(local)) continue;
        if (definedInBlock(local))
          declaredAtDefinition.insert(local);
        else
          out.statement(declarationOf(context_, local, local->getNameAsString(), initialValue(local)));
      }
      continue;
    }
    auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(child);
    const clang::VarDecl* target = assignment ? baseVariable(assignment->getLHS()) : nullptr;
    auto definition = target ? plan_.recomputedDefinitions.find(target) : plan_.recomputedDefinitions.end();
    if (definition == plan_.recomputedDefinitions.end() || definition->second != assignment || !wanted(target))
      continue;
    // Nothing outside this block reads it: declared here, unless the forward sweep declared it where
    // the backward sweep sees it too (the function's scope; a parallel loop's backward region
    // declares only what it pops).
    const bool declaredOutside = plan_.neededForward.count(target) && !declaredAtDefinition.count(target) &&
                                 !(parallelLoop_ && parallelLoop_->perThread(target));
    if (declaredOutside)
      out.statement(c::expression(context_.tree(assignment)));
    else
      out.statement(declarationOf(context_, target, target->getNameAsString(), context_.tree(assignment->getRHS())));
  }
}

void Sweeps::backwardFor(const clang::ForStmt* loop, CodeWriter& out) {
  std::optional<ForHeader> header = parseForHeader(context_, loop);
  if (!header) return;
  if (independentIterations(context_, loop) && !forwardEmits(loop)) {
    // The iterations of a parallel loop are independent and nothing is popped between them: the
    // serial adjoint runs them forwards too, like the primal (see ParallelLoopAdjoint::backward).
    out.open(forHead(loop));
    backwardIteration(loop, out);
    out.close();
    return;
  }
  const c::ExprRef i = c::name(header->counter->getNameAsString());
  // A loop a break may leave ran the iterations its forward sweep counted: the first ones.
  bool exits = context_.loopsWithBreak.count(loop) > 0;
  bool up = !exits && header->stepsUp() && (header->op == c::Op::Less || header->op == c::Op::LessEqual);
  bool down = !exits && header->stepsDown() && (header->op == c::Op::Greater || header->op == c::Op::GreaterEqual);
  CodeWriter body;
  if (parallelLoop_) parallelLoop_->enterBackwardIteration(loop, body);
  backwardIteration(loop, body);
  // Increments of one element that every iteration updates go to a local sum (InvariantIncrements.h).
  SummedIncrements summed = sumInvariantIncrements(context_, body.statements(), i->text);
  out.statements(summed.before);
  if (up) {  // from the last value of the counter down to the first
    c::ExprRef last = header->op == c::Op::Less
                          ? c::binaryAsWritten(c::Op::Subtract, operandOf(header->bound), c::integer(1))
                          : header->bound;
    out.statement(c::forLoop(header->declareCounter(last), c::greaterEqual(i, header->first), c::postDecrement(i),
                             summed.iteration));
  } else if (down) {
    c::ExprRef last = header->op == c::Op::Greater
                          ? c::binaryAsWritten(c::Op::Add, operandOf(header->bound), c::integer(1))
                          : header->bound;
    out.statement(c::forLoop(header->declareCounter(last), c::lessEqual(i, header->first), c::postIncrement(i),
                             summed.iteration));
  } else {  // the counter starts one step past the last iteration and steps back (an induction variable)
    const bool counterUsed = c::mentions(summed.iteration, i->text);
    const c::ExprRef trip = c::name("adrace_trip"), k = c::name("adrace_k");
    c::StmtList iteration;
    if (counterUsed) iteration.push_back(c::expression(header->stepBackward()));
    iteration.insert(iteration.end(), summed.iteration.begin(), summed.iteration.end());
    c::StmtList block;
    block.push_back(c::declaration(c::plainType("long"), "adrace_trip",
                                   exits ? c::call("adrace_pop_long", {}) : header->tripCount()));
    if (counterUsed) block.push_back(header->declareCounter(header->counterValue(trip)));
    block.push_back(c::forLoop(c::declaration(c::plainType("long"), "adrace_k", c::sub(trip, c::integer(1))),
                               c::greaterEqual(k, c::integer(0)), c::postDecrement(k), std::move(iteration)));
    out.statement(c::block(std::move(block)));
  }
  out.statements(summed.after);
}

void Sweeps::backwardIterationOf(ParallelLoopAdjoint& parallelLoop, const clang::ForStmt* innermost, CodeWriter& out) {
  ParallelLoopAdjoint* enclosing = parallelLoop_;
  parallelLoop_ = &parallelLoop;
  backwardIteration(innermost, out);
  parallelLoop_ = enclosing;
}

const char* const Sweeps::kRecomputedForwardComment =
    "this iteration's forward sweep, recomputed (it reads no value that changes)";
const char* const Sweeps::kBackwardPartComment = "its backward sweep";

void Sweeps::recomputedForward(const clang::ForStmt* loop, CodeWriter& out) {
  const clang::Stmt* body = context_.loopBody(loop);
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body))
    forwardCompound(compound, out, false);
  else
    forward(body, out);
}

void Sweeps::backwardIteration(const clang::ForStmt* loop, CodeWriter& out) {
  const clang::Stmt* body = context_.loopBody(loop);
  auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body);
  bool recomputed = plan_.recomputedLoops.count(loop) > 0 && forwardEmits(body);
  if (recomputed) {  // in the same scope as the backward part, without the scope-end pushes: its locals stay live
    out.statement(c::comment(kRecomputedForwardComment));
    recomputedForward(loop, out);
    out.statement(c::comment(kBackwardPartComment));
  }
  if (compound)
    backwardCompound(compound, out, true, recomputed);
  else
    backward(body, out);
}

// ---- OpenMP directives: each sent to the class that owns its concern ----

void Sweeps::forwardDirective(const clang::OMPExecutableDirective* directive, CodeWriter& out) {
  if (exclusiveBody(directive)) return forwardExclusive(*this, context_, directive, out);
  if (auto* region = llvm::dyn_cast<clang::OMPParallelDirective>(directive); region && runsAsTeam(*region))
    return team_.forward(region, out);
  if (team_.inside() && llvm::isa<clang::OMPMasterDirective, clang::OMPSingleDirective>(directive))
    return team_.forwardOnce(directive, out);
  regions_.forward(directive, out);
}

void Sweeps::backwardDirective(const clang::OMPExecutableDirective* directive, CodeWriter& out) {
  if (exclusiveBody(directive)) return backwardExclusive(*this, context_, directive, out);
  if (auto* region = llvm::dyn_cast<clang::OMPParallelDirective>(directive); region && runsAsTeam(*region))
    return team_.backward(region, out);
  if (team_.inside() && llvm::isa<clang::OMPMasterDirective, clang::OMPSingleDirective>(directive))
    return team_.backwardOnce(directive, out);
  regions_.backward(directive, out);
}

}  // namespace adrace::ad
