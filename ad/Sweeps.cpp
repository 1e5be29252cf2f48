// Forward and backward sweeps of sequential code: declarations, assignments, if/else, for loops.
#include "ad/Sweeps.h"

#include "ad/PassiveCalls.h"

#include "analyzer/frontend/LoopModelBuilder.h"


namespace adrace::ad {

std::string pushText(const clang::QualType& type, const std::string& lvalue) {
  const clang::BuiltinType* builtin = type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (builtin) switch (builtin->getKind()) {
      case clang::BuiltinType::Double: return "adrace_push_double(" + lvalue + ");";
      case clang::BuiltinType::Float: return "adrace_push_float(" + lvalue + ");";
      case clang::BuiltinType::Int: return "adrace_push_int(" + lvalue + ");";
      case clang::BuiltinType::Long: return "adrace_push_long(" + lvalue + ");";
      default: break;
    }
  return "adrace_push_bytes(&" + lvalue + ", sizeof " + lvalue + ");";
}

std::string popText(const clang::QualType& type, const std::string& lvalue) {
  const clang::BuiltinType* builtin = type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (builtin) switch (builtin->getKind()) {
      case clang::BuiltinType::Double: return lvalue + " = adrace_pop_double();";
      case clang::BuiltinType::Float: return lvalue + " = adrace_pop_float();";
      case clang::BuiltinType::Int: return lvalue + " = adrace_pop_int();";
      case clang::BuiltinType::Long: return lvalue + " = adrace_pop_long();";
      default: break;
    }
  return "adrace_pop_bytes(&" + lvalue + ", sizeof " + lvalue + ");";
}


std::string declareAndPop(const AdjointContext& context, const clang::VarDecl* var) {
  std::string name = var->getNameAsString();
  std::string pop = popText(var->getType(), name);
  if (pop.rfind(name + " = ", 0) == 0) return declarationText(context, var, name) + pop.substr(name.size());
  return declarationText(context, var, name) + "; " + pop;
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

bool Sweeps::pushesOnKill(const clang::VarDecl* variable) const {
  // A loop-owned counter's value is set by each loop header before it is read, in both sweeps.
  if (context_.loopOwnedCounters.count(variable)) return false;
  return context_.neededBackward.count(variable) > 0 && !recomputes(variable);
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
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs)) return context_.neededForward.count(target) > 0;
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls())
      if (context_.neededForward.count(llvm::cast<clang::VarDecl>(decl))) return true;
    return false;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement))
    return forwardEmits(branch->getThen()) || forwardEmits(branch->getElse()) || (ifNeedsFlag(branch) && backwardEmits(branch));
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement))  // a recomputed loop runs forward in the backward sweep
    return exitCounterKept(loop) || (!context_.recomputedLoops.count(loop) && forwardEmits(context_.loopBody(loop)));
  if (isConditionalLoop(statement))  // the forward sweep counts the iterations the backward sweep runs
    return forwardEmits(context_.loopBody(statement)) || backwardEmits(context_.loopBody(statement));
  if (llvm::isa<clang::BreakStmt>(statement)) return true;  // ends the loop: the forward sweep must see it
  if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement))
    return forwardEmits(analyzer::associatedLoops(*directive).front());
  if (auto* parallel = llvm::dyn_cast<clang::OMPParallelDirective>(statement)) {
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
  if (auto* returned = llvm::dyn_cast<clang::ReturnStmt>(statement)) return hasActiveLeaf(context_, returned->getRetValue());
  if (passiveStatementCall(statement)) return false;
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs))
    return isActiveLeaf(context_, lhs) || (context_.neededForward.count(target) && savesBeforeKill(statement, target));
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls()) {
      auto* var = llvm::cast<clang::VarDecl>(decl);
      if (pushesOnKill(var) || (var->getInit() && hasActiveLeaf(context_, var->getInit()) && context_.variable(var)->active))
        return true;
    }
    return false;
  }
  if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement))
    return backwardEmits(analyzer::associatedLoops(*directive).front());
  if (auto* parallel = llvm::dyn_cast<clang::OMPParallelDirective>(statement)) {
    for (const clang::Stmt* phase : regionPhases(parallel))
      if (backwardEmits(phase)) return true;
    return false;
  }
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) return restoresCounter(loop) || backwardEmits(context_.loopBody(loop));
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

void Sweeps::forward(const clang::Stmt* statement, CodeWriter& out) {
  if (!statement || !forwardEmits(statement)) return;
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    bool scope = compound != context_.body();
    if (scope) out.open("");
    forwardCompound(compound, out, scope);
    if (scope) out.close();
    return;
  }
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls()) {
      auto* var = llvm::cast<clang::VarDecl>(decl);
      if (!context_.neededForward.count(var) || context_.regionPrivate.count(var) || context_.loopOwnedCounters.count(var))
        continue;
      std::string zero = var->getType()->isArrayType() ? "{0}" : "0";
      out.line(declarationText(context_, var, var->getNameAsString()) + " = " + (var->getInit() ? context_.text(var->getInit()) : zero) + ";");
    }
    return;
  }
  if (const clang::CallExpr* call = passiveStatementCall(statement)) {
    out.statement(c::expression(context_.tree(call)));
    return;
  }
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs)) {
    if (savesBeforeKill(statement, target)) out.line(pushText(lhs->getType(), context_.text(lhs)));
    out.line(context_.text(llvm::cast<clang::Expr>(statement)) + ";");
    return;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    bool flag = ifNeedsFlag(branch) && backwardEmits(branch);
    c::ExprRef condition = context_.tree(branch->getCond());
    if (!flag && !forwardEmits(branch->getThen())) {  // only the else branch (`if (c) continue;`, an early return)
      out.open("if (" + c::print(c::prefix("!", condition)) + ")");
      if (auto* compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(branch->getElse())) forwardCompound(compound, out, true);
      else forward(branch->getElse(), out);
      out.close();
      return;
    }
    out.open("if (" + c::print(condition) + ")");
    if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getThen())) forwardCompound(compound, out, true);
    else forward(branch->getThen(), out);
    if (flag) out.line("adrace_push_int(1);");
    if (flag || forwardEmits(branch->getElse())) {
      out.reopen("else");
      if (auto* compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(branch->getElse())) forwardCompound(compound, out, true);
      else forward(branch->getElse(), out);
      if (flag) out.line("adrace_push_int(0);");
    }
    out.close();
    return;
  }
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) return forwardFor(loop, out);
  if (isConditionalLoop(statement)) return forwardConditionalLoop(statement, out);
  if (llvm::isa<clang::BreakStmt>(statement)) return out.statement(c::expression(c::assign("=", c::name(kLoopExit), c::integer(1))));
  if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) return forwardParallel(directive, out);
}

void Sweeps::forwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope) {
  for (const clang::Stmt* child : compound->body()) forward(child, out);
  if (!scope) return;
  for (const clang::VarDecl* local : scopeLocals(compound))
    if (pushesOnKill(local)) out.line(pushText(local->getType(), local->getNameAsString()));
}

std::string Sweeps::forHead(const clang::ForStmt* loop, bool declare) const {
  // Printed from the tree (SupportCheck has checked the header: one initialised counter). A C89
  // counter (`for (i = 0; ...)`) is declared here like any other unless its exit value is kept.
  const clang::VarDecl* counter = loopCounter(loop);
  const std::string name = counter->getNameAsString();
  return "for (" + (declare ? declarationText(context_, counter, name) : name) + " = " + context_.text(loopStart(loop)) + "; " +
         context_.text(loop->getCond()) + "; " + context_.text(loop->getInc()) + ")";
}

const clang::VarDecl* Sweeps::exitCounterKept(const clang::ForStmt* loop) const {
  const clang::VarDecl* counter = loopCounter(loop);
  bool kept = counter && !llvm::isa<clang::DeclStmt>(loop->getInit()) && context_.exitValueCounters.count(counter) &&
              context_.neededForward.count(counter);
  return kept ? counter : nullptr;
}

bool Sweeps::restoresCounter(const clang::ForStmt* loop) const {
  const clang::VarDecl* counter = exitCounterKept(loop);
  return counter && savesBeforeKill(loop, counter);
}

void Sweeps::restoreCounter(const clang::ForStmt* loop, CodeWriter& out) const {
  if (!restoresCounter(loop)) return;
  const clang::VarDecl* counter = loopCounter(loop);
  out.line(popText(counter->getType(), counter->getNameAsString()) + " /* its value before the loop at line " +
           std::to_string(context_.position(loop->getBeginLoc()).line) + " */");
}

bool Sweeps::independentIterations(const clang::ForStmt* loop) const {
  for (const auto& [directive, parallel] : context_.loops) {
    if (analyzer::associatedLoops(*directive).front() != loop) continue;
    for (const analyzer::Variable& variable : parallel.model.variables) {
      bool perThread = variable.sharing == analyzer::Sharing::Private || variable.sharing == analyzer::Sharing::FirstPrivate ||
                       variable.sharing == analyzer::Sharing::LastPrivate;
      const VariableInfo* info = modelVariable(variable);
      if (perThread && (!info || !declaredInside(parallel, info->decl))) return false;  // state carried by a thread
    }
    return true;
  }
  return false;
}

void Sweeps::forwardFor(const clang::ForStmt* loop, CodeWriter& out) {
  if (context_.loopsWithBreak.count(loop)) {  // a break: the trip count is known only here (as for while loops)
    bool counted = backwardEmits(context_.loopBody(loop));
    auto* counter = llvm::cast<clang::VarDecl>(llvm::cast<clang::DeclStmt>(loop->getInit())->getSingleDecl());
    c::ExprRef condition = c::binary("&&", c::prefix("!", c::name(kLoopExit)), context_.tree(loop->getCond()));
    out.open("");
    if (counted) out.statement(c::declaration(c::plainType("long"), kIterations, c::integer(0)));
    out.statement(c::declaration(c::plainType("int"), kLoopExit, c::integer(0)));
    out.open("for (" + declarationText(context_, counter, counter->getNameAsString()) + " = " + context_.text(counter->getInit()) +
             "; " + c::print(condition) + "; " + context_.text(loop->getInc()) + ")");
    if (counted) out.statement(c::expression(c::postfix("++", c::name(kIterations))));
    if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(context_.loopBody(loop))) forwardCompound(compound, out, true);
    else forward(context_.loopBody(loop), out);
    out.close();
    if (counted) out.statement(c::expression(c::call("adrace_push_long", {c::name(kIterations)})));
    out.close();
    return;
  }
  const clang::VarDecl* kept = exitCounterKept(loop);
  if (restoresCounter(loop)) out.line(pushText(kept->getType(), kept->getNameAsString()));
  out.open(forHead(loop, !kept));
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(context_.loopBody(loop))) forwardCompound(compound, out, true);
  else forward(context_.loopBody(loop), out);
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
  if (exits) condition = c::binary("&&", c::prefix("!", c::name(kLoopExit)), condition);
  out.open("");
  if (counted) out.statement(c::declaration(c::plainType("long"), kIterations, c::integer(0)));
  if (exits) out.statement(c::declaration(c::plainType("int"), kLoopExit, c::integer(0)));
  out.open(whileLoop ? "while (" + c::print(condition) + ")" : std::string("do"));
  if (counted) out.statement(c::expression(c::postfix("++", c::name(kIterations))));
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body)) forwardCompound(compound, out, true);
  else forward(body, out);
  out.close(whileLoop ? "" : " while (" + c::print(condition) + ");");
  if (counted) out.statement(c::expression(c::call("adrace_push_long", {c::name(kIterations)})));
  out.close();
}

void Sweeps::backwardConditionalLoop(const clang::Stmt* loop, CodeWriter& out) {
  const clang::Stmt* body = context_.loopBody(loop);
  const c::ExprRef count = c::name(kIterations);
  out.open("for (" + c::print(c::plainType("long"), kIterations) + " = " + c::print(c::call("adrace_pop_long", {})) + "; " +
           c::print(c::binary(">", count, c::integer(0))) + "; " + c::print(c::postfix("--", count)) + ")");
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body)) backwardCompound(compound, out, true);
  else backward(body, out);
  out.close();
}

// ---- backward sweep ----

void Sweeps::emitIncrements(const std::vector<Increment>& increments, CodeWriter& out) {
  for (const Increment& increment : increments) {
    if (gather_ && gather_->takes(increment, out.id() == gatherRoot_.first && out.indent() == gatherRoot_.second)) continue;  // summed by the gather loop instead
    c::StmtList guards = guardFor(increment);
    const std::string guardText = c::print(guards);
    if (runWriter_ != out.id() || runEnd_ != out.size()) incrementRun_.clear();  // something else came in between
    bool joined = false;
    for (auto earlier = incrementRun_.rbegin(); earlier != incrementRun_.rend() && !joined; ++earlier) {
      std::optional<Increment> both =
          earlier->guards == guardText ? joinIncrements(context_, earlier->increment, increment) : std::nullopt;
      if (both) {
        earlier->increment = *both;
        out.replaceStatement(earlier->line, incrementStatement(context_, *both));
        joined = true;
      } else if (!incrementsCommute(context_, earlier->increment, increment)) {
        break;
      }
    }
    if (!joined) {
      out.statements(guards);
      out.statement(incrementStatement(context_, increment));
      incrementRun_.push_back({out.size() - 1, increment, guardText});
    }
    runWriter_ = out.id();
    runEnd_ = out.size();
  }
}

void Sweeps::backward(const clang::Stmt* statement, CodeWriter& out) {
  if (!statement || !backwardEmits(statement)) return;
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    bool scope = compound != context_.body();
    if (scope) out.open("");
    backwardCompound(compound, out, scope);
    if (scope) out.close();
    return;
  }
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    std::vector<const clang::Decl*> decls(declaration->decl_begin(), declaration->decl_end());
    for (auto it = decls.rbegin(); it != decls.rend(); ++it) {
      auto* var = llvm::cast<clang::VarDecl>(*it);
      if (context_.pointerAliases.count(var)) continue;  // its adjoint is declared at the top of its scope
      if (var->getInit() && context_.variable(var)->active) emitIncrements(initializerAdjoint(context_, var).increments, out);
    }
    return;
  }
  if (auto* returned = llvm::dyn_cast<clang::ReturnStmt>(statement)) {  // the result's adjoint seeds the returned value
    if (!returned->getRetValue()) return;  // an early `return;` of a void function
    std::vector<Increment> increments;
    expressionAdjoint(context_, returned->getRetValue(), c::name(context_.resultAdjoint), false, increments);
    emitIncrements(increments, out);
    return;
  }
  const clang::Expr* lhs = nullptr;
  if (const clang::VarDecl* target = killed(statement, &lhs)) {
    if (context_.neededForward.count(target) && savesBeforeKill(statement, target))
      out.line(popText(lhs->getType(), context_.text(lhs)));
    if (!isActiveLeaf(context_, lhs)) return;
    StatementAdjointCode code = assignmentAdjoint(context_, llvm::cast<clang::BinaryOperator>(llvm::cast<clang::Expr>(statement)->IgnoreParens()));
    if (code.block) out.open("");
    out.statements(code.prologue);
    emitIncrements(code.increments, out);
    out.statements(code.epilogue);
    if (code.block) out.close();
    return;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    bool flag = ifNeedsFlag(branch);
    c::ExprRef condition = flag ? c::call("adrace_pop_int", {}) : context_.tree(branch->getCond());
    if (!backwardEmits(branch->getThen())) {  // only the else branch
      out.open("if (" + c::print(c::prefix("!", condition)) + ")");
      if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getElse())) backwardCompound(compound, out, true);
      else backward(branch->getElse(), out);
      out.close();
      return;
    }
    out.open("if (" + c::print(condition) + ")");
    if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getThen())) backwardCompound(compound, out, true);
    else backward(branch->getThen(), out);
    if (backwardEmits(branch->getElse())) {
      out.reopen("else");
      if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(branch->getElse())) backwardCompound(compound, out, true);
      else backward(branch->getElse(), out);
    }
    out.close();
    return;
  }
  if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) {
    if (backwardEmits(context_.loopBody(loop))) backwardFor(loop, out);
    return restoreCounter(loop, out);
  }
  if (isConditionalLoop(statement)) return backwardConditionalLoop(statement, out);
  if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) return backwardParallel(directive, out);
}

void Sweeps::backwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope, bool localsLive) {
  if (scope) {
    std::vector<const clang::VarDecl*> locals = scopeLocals(compound);
    for (auto it = locals.rbegin(); it != locals.rend(); ++it)
      if (pushesOnKill(*it) && !localsLive) {
        out.line(declareAndPop(context_, *it));
      }
    for (const clang::VarDecl* local : locals)  // in declaration order: one may read another
      if (recomputes(local) && !(localsLive && context_.neededForward.count(local)))
        out.line(declarationText(context_, local, local->getNameAsString()) + " = " + context_.text(local->getInit()) + ";");
    for (const clang::VarDecl* local : locals)
      if (context_.variable(local)->active && backwardEmits(compound)) out.line(adjointDeclaration(context_, local));
  }
  std::vector<const clang::Stmt*> children(compound->body_begin(), compound->body_end());
  for (auto it = children.rbegin(); it != children.rend(); ++it) backward(*it, out);
}

void Sweeps::backwardFor(const clang::ForStmt* loop, CodeWriter& out) {
  std::optional<ForHeader> header = parseForHeader(context_, loop);
  if (!header) return;
  if (independentIterations(loop) && !forwardEmits(loop)) {
    // The iterations of a parallel loop are independent and nothing is popped between them: the
    // serial adjoint runs them forwards too, like the primal (see backwardParallelLoop).
    out.open(forHead(loop));
    backwardIteration(loop, out);
    out.close();
    return;
  }
  std::string i = header->counter->getNameAsString();
  std::string bound = header->boundExpr2 ? header->bound : context_.operand(header->boundExpr);
  std::string first = context_.operand(header->firstExpr);
  // A loop a break may leave ran the iterations its forward sweep counted: the first ones.
  bool exits = context_.loopsWithBreak.count(loop) > 0;
  bool up = !exits && header->step == "1" && (header->op == "<" || header->op == "<=");
  bool down = !exits && header->step == "-1" && (header->op == ">" || header->op == ">=");
  bool block = !up && !down;
  CodeWriter body(out.indent() + (block ? 2 : 1));
  if (gather_ && loop == gatherInnermost_) gatherRoot_ = {body.id(), body.indent()};  // every point of the box runs it
  backwardIteration(loop, body);
  if (up) {
    out.open("for (" + header->counterType + " " + i + " = " + (header->op == "<" ? bound + " - 1" : header->bound) + "; " + i +
             " >= " + header->first + "; " + i + "--)");
  } else if (down) {
    out.open("for (" + header->counterType + " " + i + " = " + (header->op == ">" ? bound + " + 1" : header->bound) + "; " + i +
             " <= " + header->first + "; " + i + "++)");
  } else {  // the counter starts one step past the last iteration and steps back (an induction variable)
    bool counterUsed = mentions(body.text(), i);
    out.open("");
    out.line("long adrace_trip = " + (exits ? std::string("adrace_pop_long()") : header->tripCount()) + ";");
    if (counterUsed) out.line(header->counterType + " " + i + " = " + header->counterValue("adrace_trip") + ";");
    out.open("for (long adrace_k = adrace_trip - 1; adrace_k >= 0; adrace_k--)");
    if (counterUsed) out.line(header->stepBackward() + ";");
  }
  out.append(body);
  out.close();
  if (block) out.close();
}

void Sweeps::backwardIteration(const clang::ForStmt* loop, CodeWriter& out) {
  const clang::Stmt* body = context_.loopBody(loop);
  auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body);
  bool recomputed = context_.recomputedLoops.count(loop) > 0 && forwardEmits(body);
  if (recomputed) {  // in the same scope as the backward part, without the scope-end pushes: its locals stay live
    out.line("/* this iteration's forward sweep, recomputed (it reads no value that changes) */");
    if (compound) forwardCompound(compound, out, false);
    else forward(body, out);
    out.line("/* its backward sweep */");
  }
  if (compound) backwardCompound(compound, out, true, recomputed);
  else backward(body, out);
}

}  // namespace adrace::ad
