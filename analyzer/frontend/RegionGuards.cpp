#include "analyzer/frontend/RegionGuards.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/LoopHeader.h"

namespace adrace::analyzer::region {

using Relation = smt::KnowledgeBase::Relation;

// Branch conditions and sequential-loop ranges between `statement` and the scope's root, and the
// loops on the way; inside a callee read at its call, the call's too. A condition the IR cannot say
// sets `unknown`.
std::vector<smt::Condition> RegionGuards::guardsOf(const clang::Stmt* statement, const Scope& scope,
                                                   std::set<const clang::ForStmt*>& path, bool& unknown) {
  std::vector<smt::Condition> guards;
  if (scope.callSite) {
    guards = scope.callSite->guards;
    unknown |= scope.callSite->guardUnknown;
    path = scope.callSite->loops;
  }
  const clang::Stmt* child = statement;
  for (const clang::Stmt* parent = state_.parents.getParent(statement); parent && child != scope.root;
       child = parent, parent = state_.parents.getParent(parent)) {
    if (auto* branch = llvm::dyn_cast<clang::IfStmt>(parent)) {
      if (child == branch->getThen()) unknown |= !addCondition(branch->getCond(), true, scope, guards);
      if (child == branch->getElse()) unknown |= !addCondition(branch->getCond(), false, scope, guards);
    } else if (auto* loop = llvm::dyn_cast<clang::ForStmt>(parent)) {
      if (child != loop->getBody()) continue;
      path.insert(loop);
      unknown |= !addSequentialRange(*loop, scope, guards);
    } else if (auto* choice = llvm::dyn_cast<clang::ConditionalOperator>(parent);
               choice && (child == choice->getTrueExpr() || child == choice->getFalseExpr())) {
      // `(hi > lo) ? out[hi - 1] : 0`: each arm under the condition or its negation.
      unknown |= !addCondition(choice->getCond(), child == choice->getTrueExpr(), scope, guards);
    } else if (llvm::isa<clang::WhileStmt>(parent) || llvm::isa<clang::DoStmt>(parent) ||
               llvm::isa<clang::SwitchStmt>(parent) || llvm::isa<clang::ConditionalOperator>(parent) ||
               llvm::isa<clang::BinaryConditionalOperator>(parent)) {
      if (auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(parent); whileLoop && child == whileLoop->getCond())
        continue;
      unknown = true;
    } else if (auto* logical = llvm::dyn_cast<clang::BinaryOperator>(parent); logical && logical->isLogicalOp()) {
      unknown |= child == logical->getRHS();
    }
  }
  return guards;
}

// What holds where an access executes (RegionAccess::guards), and whether its indices are known.
void RegionGuards::addGuards(const clang::Stmt* statement, const Scope& scope, RegionAccess& access) {
  std::set<const clang::ForStmt*> path;
  bool unknown = false;
  std::vector<smt::Condition> guards = guardsOf(statement, scope, path, unknown);
  for (const smt::Condition& guard : guards)
    unknown |= !values_.knownAt(guard.lhs, scope, path) || !values_.knownAt(guard.rhs, scope, path);
  access.guards = std::move(guards);
  access.guardUnknown = unknown;
  if (!state_.flagWaits.empty()) {
    std::vector<const clang::CallExpr*> calls;
    for (const InlinedCall& outer : state_.outerCalls) calls.push_back(outer.call);
    if (state_.inlined) calls.push_back(state_.inlined->call);
    placeAgainstFlagWaits(statement, state_.flagWaits, state_.parents, calls, access);
  }
  // An approximated loop matters to an access whose element depends on its counter: one that does
  // not is made by the loop's first iteration as well as by any.
  std::set<std::string> reached;
  auto collect = [&reached](const smt::ExprRef& expr) {
    smt::forEachSymbol(expr, [&](const smt::Expr& symbol) { reached.insert(symbol.name); });
  };
  for (const smt::ExprRef& index : access.reference.indices) collect(index);
  for (bool grew = true; grew;) {
    size_t before = reached.size();
    for (const auto* conditions : {&state_.model.facts, &access.guards})
      for (const smt::Condition& fact : *conditions)
        if (fact.relation == Relation::Equal && fact.lhs->op == smt::Expr::Op::Var && reached.count(fact.lhs->name))
          collect(fact.rhs);
    grew = reached.size() > before;
  }
  for (const clang::ForStmt* loop : path)
    if (auto approximated = state_.approximatedRanges.find(loop);
        approximated != state_.approximatedRanges.end() && reached.count(approximated->second.counter))
      access.approximated = approximated->second.how;
  for (const smt::ExprRef& index : access.reference.indices)
    access.valueUnknown |= !values_.knownAt(index, scope, path);
}

bool RegionGuards::addCondition(const clang::Expr* condition, bool holds, const Scope& scope,
                                std::vector<smt::Condition>& out) {
  auto* binary = llvm::dyn_cast<clang::BinaryOperator>(condition->IgnoreParenImpCasts());
  if (!binary) return false;
  if (binary->getOpcode() == clang::BO_LAnd && holds)
    return addCondition(binary->getLHS(), true, scope, out) && addCondition(binary->getRHS(), true, scope, out);
  if (binary->getOpcode() == clang::BO_LOr && !holds)
    return addCondition(binary->getLHS(), false, scope, out) && addCondition(binary->getRHS(), false, scope, out);
  std::optional<Relation> relation = relationOf(binary->getOpcode(), holds);
  if (!relation || !binary->getLHS()->getType()->isIntegerType() || !binary->getRHS()->getType()->isIntegerType())
    return false;
  IndexTranslator::Result lhs = scope.translator->translate(binary->getLHS());
  IndexTranslator::Result rhs = scope.translator->translate(binary->getRHS());
  if (!lhs.expr || !rhs.expr) return false;
  out.push_back({lhs.expr, *relation, rhs.expr});
  return true;
}

// Inside the body of `for (k = first; k CMP bound; k += step)`: k is on its stride and in bounds.
bool RegionGuards::addSequentialRange(const clang::ForStmt& loop, const Scope& scope,
                                      std::vector<smt::Condition>& out) {
  LoopHeader header;
  std::string reason;
  if (!readLoopHeader(loop, header, reason)) return addCounterListRange(loop, scope, out);
  IndexTranslator::Result first = scope.translator->translateWithChoices(header.first);
  IndexTranslator::Result bound = scope.translator->translateWithChoices(header.bound);
  smt::ExprRef step = stepOf(header, scope);
  if (!first.expr || !bound.expr || !step) return false;
  std::string name = symbolOf(header.counter, scope);
  smt::ExprRef counter = smt::variable(name, 0, smt::Scope::Private);
  if (step->op != smt::Expr::Op::Const) {
    // `for (i = t; i < n; i += nt)`: counter = first + step * trip is not linear, and Z3 gives up on
    // it. What keeps threads apart is the residue: every value of the counter is its first value
    // modulo the step, a function (x mod step) both threads share; a thread number, below the team
    // size, is its own residue modulo the team size. The loop's other values are not modelled, so a
    // race through them is only possible.
    const std::string residue = "residue modulo the step";
    // `int t = omp_get_thread_num()` is a fact of the region: t stands for the thread number.
    auto definedAs = [&](const smt::ExprRef& expr) {
      std::string text = smt::toString(expr);
      for (const smt::Condition& fact : state_.model.facts)
        if (fact.relation == Relation::Equal && smt::toString(fact.lhs) == text) return smt::toString(fact.rhs);
      return text;
    };
    bool byTeamSize = definedAs(step) == smt::toString(teamSize());
    bool threadStrided = byTeamSize && definedAs(first.expr) == smt::toString(threadNumber());
    out.push_back({smt::arrayRead(residue, {counter, step}), Relation::Equal,
                   threadStrided ? first.expr : smt::arrayRead(residue, {first.expr, step})});
    if (byTeamSize) out.push_back({counter, Relation::GreaterEqual, first.expr});
    out.push_back({counter, boundRelation(header.comparison, smt::constant(header.negateStep ? -1 : 1)), bound.expr});
    state_.approximatedRanges[&loop] = {
        name, "the loop at line " + std::to_string(positionOf(loop.getBeginLoc(), state_.sources).line) + " steps by " +
                  smt::toString(step) + ", which the model follows only modulo the step"};
    return true;
  }
  smt::ExprRef trip = smt::variable("trip of " + name, 0, smt::Scope::Private);
  out.push_back({counter, Relation::Equal, smt::add(first.expr, smt::mul(step, trip))});
  out.push_back({trip, Relation::GreaterEqual, smt::constant(0)});
  out.push_back({counter, boundRelation(header.comparison, step), bound.expr});
  return true;
}

// Inside the body of `for (i = lo, k = first; i < hi; i++, k++)`: the counters advance together,
// each on its stride with one trip count for all, and the one the condition compares is in bounds.
bool RegionGuards::addCounterListRange(const clang::ForStmt& loop, const Scope& scope,
                                       std::vector<smt::Condition>& out) {
  std::vector<LoopHeader> headers;
  if (!readCounterList(loop, headers)) return false;
  std::vector<smt::Condition> ranges;
  smt::ExprRef trip;
  bool bounded = false;
  for (const LoopHeader& header : headers) {
    IndexTranslator::Result first = scope.translator->translateWithChoices(header.first);
    smt::ExprRef step = stepOf(header, scope);
    if (!first.expr || !step || step->op != smt::Expr::Op::Const) return false;
    std::string name = symbolOf(header.counter, scope);
    smt::ExprRef counter = smt::variable(name, 0, smt::Scope::Private);
    if (!trip) trip = smt::variable("trip of " + name, 0, smt::Scope::Private);
    ranges.push_back({counter, Relation::Equal, smt::add(first.expr, smt::mul(step, trip))});
    if (!header.bound) continue;
    IndexTranslator::Result bound = scope.translator->translateWithChoices(header.bound);
    if (!bound.expr) return false;
    ranges.push_back({counter, boundRelation(header.comparison, step), bound.expr});
    bounded = true;
  }
  if (!bounded) return false;  // a condition that compares no counter with a bound: the range is unknown
  ranges.push_back({trip, Relation::GreaterEqual, smt::constant(0)});
  out.insert(out.end(), ranges.begin(), ranges.end());
  return true;
}

// The step of a sequential loop's counter as an index expression, negated for `-=`; null when the
// IR cannot say it.
smt::ExprRef RegionGuards::stepOf(const LoopHeader& header, const Scope& scope) {
  if (!header.step) return smt::constant(header.unitStep);
  IndexTranslator::Result translated = scope.translator->translate(header.step);
  if (!translated.expr) return nullptr;
  return header.negateStep ? smt::neg(translated.expr) : translated.expr;
}

// The symbol of a sequential loop's counter: an inlined callee's local has its own.
std::string RegionGuards::symbolOf(const clang::VarDecl* variable, const Scope& scope) {
  if (state_.inlined && scope.translator == state_.translator.get() && state_.inlined->ownsVariable(variable))
    return state_.inlined->symbolOf(variable);
  return scope.sharing->of(variable).name;
}

}  // namespace adrace::analyzer::region
