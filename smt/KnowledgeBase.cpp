#include "smt/KnowledgeBase.h"

#include <set>
#include <utility>

namespace adrace::smt {
namespace {

Thread otherThread(Thread thread) { return thread == Thread::A ? Thread::B : Thread::A; }

// Fresh so that nothing a program names can collide with it.
z3::expr freshConstant(z3::context& context, const std::string& prefix, const z3::sort& sort) {
  z3::expr constant(context, Z3_mk_fresh_const(context, prefix.c_str(), sort));
  context.check_error();
  return constant;
}

ExprRef counterVariable(const LoopDimension& dimension) {
  return variable(dimension.counter, 0, Scope::Counter);
}

z3::expr compare(const z3::expr& lhs, KnowledgeBase::Relation relation, const z3::expr& rhs) {
  switch (relation) {
    case KnowledgeBase::Relation::Equal: return lhs == rhs;
    case KnowledgeBase::Relation::NotEqual: return lhs != rhs;
    case KnowledgeBase::Relation::Less: return lhs < rhs;
    case KnowledgeBase::Relation::LessEqual: return lhs <= rhs;
    case KnowledgeBase::Relation::Greater: return lhs > rhs;
    case KnowledgeBase::Relation::GreaterEqual: return lhs >= rhs;
  }
  return lhs == rhs;
}

// `counter CMP bound`. A `!=` test with a known step direction runs until the counter passes the
// bound, so it bounds the counter on that side.
z3::expr boundConstraint(const z3::expr& counter, const LoopDimension& dimension,
                         const z3::expr& bound) {
  switch (dimension.comparison) {
    case Comparison::Less: return counter < bound;
    case Comparison::LessEqual: return counter <= bound;
    case Comparison::Greater: return counter > bound;
    case Comparison::GreaterEqual: return counter >= bound;
    case Comparison::NotEqual: break;
  }
  if (dimension.step && dimension.step->op == Expr::Op::Const) {
    if (dimension.step->value > 0) return counter < bound;
    if (dimension.step->value < 0) return counter > bound;
  }
  return counter != bound;
}

std::string numeralText(const z3::expr& value) {
  std::int64_t number = 0;
  if (value.is_numeral_i64(number)) return std::to_string(number);
  return value.to_string();
}

// Identity of a symbol across threads, for following facts from symbol to symbol.
std::string symbolKey(const Expr& symbol) {
  return symbol.name + "#" + std::to_string(symbol.instance);
}

void collectSymbolKeys(const ExprRef& expr, std::set<std::string>& keys) {
  forEachSymbol(expr, [&](const Expr& symbol) { keys.insert(symbolKey(symbol)); });
}

std::string cacheKey(int context, bool useKnowledge, const IndexTuple& first,
                     const IndexTuple& second) {
  // Primed text tells shared symbols (never primed) from private ones.
  return std::to_string(context) + (useKnowledge ? "+knowledge " : " ") + toString(first, true) +
         " vs " + toString(second, true);
}

}  // namespace

int ContextTree::commonAncestor(int a, int b) const {
  for (int candidate = a; candidate >= 0; candidate = parent.at(candidate))
    if (isAncestorOrSelf(candidate, b)) return candidate;
  return -1;
}

int ContextTree::depth(int context) const {
  int depth = 0;
  for (int current = parent.at(context); current >= 0; current = parent.at(current)) ++depth;
  return depth;
}

bool ContextTree::isAncestorOrSelf(int ancestor, int context) const {
  for (int current = context; current >= 0; current = parent.at(current))
    if (current == ancestor) return true;
  return false;
}

KnowledgeBase::KnowledgeBase(SolverSession& session, ContextTree contexts, LoopDomain domain)
    : session_(session), arithmetic_(session.newSolver()), contexts_(std::move(contexts)), domain_(std::move(domain)) {
  z3::context& context = session_.context();
  for (size_t c = 0; c < contexts_.parent.size(); ++c) {
    std::string suffix = std::to_string(c);
    factLiteral_.push_back(freshConstant(context, "facts_" + suffix, context.bool_sort()));
    knowledgeLiteral_.push_back(freshConstant(context, "knowledge_" + suffix, context.bool_sort()));
  }
  // Assuming a context's literal brings in everything its ancestors hold.
  for (size_t c = 0; c < contexts_.parent.size(); ++c) {
    int parent = contexts_.parent[c];
    if (parent < 0) continue;
    assertEverywhere(z3::implies(factLiteral_[c], factLiteral_.at(parent)));
    session_.add(z3::implies(knowledgeLiteral_[c], knowledgeLiteral_.at(parent)));
  }
  assertDomain();
}

void KnowledgeBase::assertDomain() {
  z3::context& context = session_.context();
  Encoder& encoder = session_.encoder();
  z3::expr_vector someCounterDiffers(context);
  for (const LoopDimension& dimension : domain_.dimensions) {
    ExprRef counter = counterVariable(dimension);
    someCounterDiffers.push_back(encoder.encode(counter, Thread::A) !=
                                 encoder.encode(counter, Thread::B));
    for (Thread thread : {Thread::A, Thread::B}) {
      z3::expr value = encoder.encode(counter, thread);
      if (dimension.first && dimension.step) {
        // On the stride: counter = first + step * trip, trip >= 0 (nonlinear for a symbolic step).
        z3::expr trip = freshConstant(context, "trip_" + symbolName(*counter, thread),
                                      context.int_sort());
        assertEverywhere(trip >= 0);
        assertEverywhere(value == encoder.encode(dimension.first, thread) +
                                  encoder.encode(dimension.step, thread) * trip);
      }
      if (dimension.bound)
        assertEverywhere(boundConstraint(value, dimension, encoder.encode(dimension.bound, thread)));
    }
  }
  // safelen(k) on a single loop with a constant step: |counter_A - counter_B| < k * |step|.
  if (domain_.concurrentWindow && domain_.dimensions.size() == 1 && domain_.dimensions[0].step &&
      domain_.dimensions[0].step->op == Expr::Op::Const) {
    ExprRef counter = counterVariable(domain_.dimensions[0]);
    std::int64_t step = domain_.dimensions[0].step->value;
    z3::expr distance = encoder.encode(counter, Thread::A) - encoder.encode(counter, Thread::B);
    z3::expr window = context.int_val(static_cast<int64_t>(*domain_.concurrentWindow * (step < 0 ? -step : step)));
    assertEverywhere(distance < window && -distance < window);
  }
  // Without a counter there is nothing that tells the two iterations apart; asserting an empty
  // disjunction (false) would make every question vacuously disjoint.
  if (!someCounterDiffers.empty()) assertEverywhere(z3::mk_or(someCounterDiffers));
}

void KnowledgeBase::addFact(int context, const ExprRef& lhs, Relation relation,
                            const ExprRef& rhs) {
  Encoder& encoder = session_.encoder();
  z3::expr onA = compare(encoder.encode(lhs, Thread::A), relation, encoder.encode(rhs, Thread::A));
  z3::expr onB = compare(encoder.encode(lhs, Thread::B), relation, encoder.encode(rhs, Thread::B));
  assertEverywhere(z3::implies(factLiteral_.at(context), onA && onB));
  factSubjects_.push_back(lhs);
  factExprs_.push_back(rhs);
  cache_.clear();  // a new fact can turn earlier answers into Disjoint
}

void KnowledgeBase::addDisjoint(int context, const IndexTuple& first, const IndexTuple& second) {
  Encoder& encoder = session_.encoder();
  z3::expr disjoint = encoder.differentElement(first, Thread::A, second, Thread::B) &&
                      encoder.differentElement(second, Thread::A, first, Thread::B);
  session_.add(z3::implies(knowledgeLiteral_.at(context), disjoint));
  ++knowledgeAssertions_;
  cache_.clear();
}

ConsistencyResult KnowledgeBase::checkConsistent(int context) {
  ConsistencyResult result;
  result.outcome = session_.check(assumptionsFor(context, true), &result.reason);
  return result;
}

Coincidence KnowledgeBase::mayCoincide(int context, const IndexTuple& first,
                                       const IndexTuple& second, bool useKnowledge) {
  std::string key = cacheKey(context, useKnowledge, first, second);
  if (std::optional<Coincidence> known = cachedAnswer(context, useKnowledge, first, second)) {
    session_.countCachedQuery();
    known->fromCache = true;
    return *known;
  }

  z3::expr coincide = session_.encoder().sameElement(first, Thread::A, second, Thread::B);
  Coincidence answer;
  Coincidence mirrored;
  std::string reason;
  // The equality holds for this question only (seed 004, section 5.5's testVar).
  auto ask = [&](z3::solver& solver, bool withKnowledge) {
    solver.push();
    solver.add(coincide);
    CheckOutcome outcome = session_.check(solver, assumptionsFor(context, withKnowledge), &reason);
    if (outcome == CheckOutcome::Sat) {
      z3::model model = solver.get_model();
      answer.witness = witnessFrom(model, first, second);
      mirrored.witness = witnessFrom(model, second, first, Thread::B);
    }
    solver.pop();
    return outcome;
  };
  // Most questions fall to the loop's arithmetic alone (strides, bounds, definitions). The
  // knowledge's disequalities make every query slower (seconds on LBM), so they are brought in
  // only for what the arithmetic cannot settle.
  CheckOutcome outcome = ask(arithmetic_, false);
  bool needsKnowledge = useKnowledge && outcome != CheckOutcome::Unsat;
  if (needsKnowledge) outcome = ask(session_.solver(), true);
  switch (outcome) {
    case CheckOutcome::Unsat: answer.status = Coincidence::Status::Disjoint; break;
    case CheckOutcome::Sat: answer.status = Coincidence::Status::Overlap; break;
    case CheckOutcome::Unknown:
      answer.status = Coincidence::Status::Unknown;
      answer.reason = reason;
      break;
  }
  if (answer.status != Coincidence::Status::Disjoint)
    answer.throughArrayRead = dependsOnArrayRead(first, second);

  // The threads are interchangeable, so this also answers the swapped question.
  mirrored.status = answer.status;
  mirrored.reason = answer.reason;
  mirrored.throughArrayRead = answer.throughArrayRead;
  cache_[cacheKey(context, useKnowledge, second, first)] = mirrored;
  cache_[key] = answer;
  if (useKnowledge && !needsKnowledge) {  // the arithmetic alone answered: valid without knowledge too
    cache_[cacheKey(context, false, second, first)] = mirrored;
    cache_[cacheKey(context, false, first, second)] = answer;
  }
  return answer;
}

std::optional<Coincidence> KnowledgeBase::cachedAnswer(int context, bool useKnowledge, const IndexTuple& first,
                                                       const IndexTuple& second) const {
  if (auto hit = cache_.find(cacheKey(context, useKnowledge, first, second)); hit != cache_.end()) return hit->second;
  // Disjoint where less is known (an ancestor's facts, or no knowledge) is disjoint here too.
  for (int known = context; known >= 0; known = contexts_.parent.at(known))
    for (bool withKnowledge : {false, true}) {
      if (withKnowledge && !useKnowledge) continue;
      auto hit = cache_.find(cacheKey(known, withKnowledge, first, second));
      if (hit != cache_.end() && hit->second.status == Coincidence::Status::Disjoint) return hit->second;
    }
  return std::nullopt;
}

z3::expr_vector KnowledgeBase::assumptionsFor(int context, bool withKnowledge) {
  // Every literal is pinned, on for `context` and its ancestors and off elsewhere: a literal left
  // free is a case split Z3 would explore in every query.
  z3::expr_vector assumptions(session_.context());
  for (size_t c = 0; c < contexts_.parent.size(); ++c) {
    bool inherited = contexts_.isAncestorOrSelf(static_cast<int>(c), context);
    assumptions.push_back(inherited ? factLiteral_[c] : !factLiteral_[c]);
    if (withKnowledge) assumptions.push_back(inherited ? knowledgeLiteral_[c] : !knowledgeLiteral_[c]);
  }
  return assumptions;
}

void KnowledgeBase::assertEverywhere(const z3::expr& assertion) {
  session_.add(assertion);
  arithmetic_.add(assertion);
}

std::vector<std::pair<std::string, std::string>> KnowledgeBase::witnessFrom(
    const z3::model& model, const IndexTuple& first, const IndexTuple& second,
    Thread firstThread) {
  Encoder& encoder = session_.encoder();
  std::vector<std::pair<std::string, std::string>> witness;
  std::set<std::string> named;
  auto record = [&](const std::string& name, const z3::expr& term) {
    if (named.insert(name).second) witness.emplace_back(name, numeralText(model.eval(term, true)));
  };

  // A symbol named on `thread` takes its value from where it ran in the model.
  auto evaluatedOn = [&](Thread thread) {
    return thread == Thread::A ? firstThread : otherThread(firstThread);
  };

  for (Thread thread : {Thread::A, Thread::B})
    for (const LoopDimension& dimension : domain_.dimensions) {
      ExprRef counter = counterVariable(dimension);
      record(symbolName(*counter, thread), encoder.encode(counter, evaluatedOn(thread)));
    }

  const std::pair<const IndexTuple*, Thread> sides[] = {{&first, Thread::A}, {&second, Thread::B}};
  for (const auto& [tuple, thread] : sides)
    for (const ExprRef& component : *tuple)
      forEachSymbol(component, [&](const Expr& symbol) {
        if (symbol.op == Expr::Op::Var)
          record(symbolName(symbol, thread), encoder.encode(symbol, evaluatedOn(thread)));
      });
  // Array values last: "c[3]" → "5" says which entries of c would have to collide.
  for (const auto& [tuple, thread] : sides)
    for (const ExprRef& component : *tuple)
      forEachSymbol(component, [&](const Expr& symbol) {
        if (symbol.op != Expr::Op::Read) return;
        std::string name = symbolName(symbol, thread);
        for (const ExprRef& subscript : symbol.args) {
          z3::expr index = model.eval(encoder.encode(subscript, evaluatedOn(thread)), true);
          name += "[" + numeralText(index) + "]";
        }
        record(name, encoder.encode(symbol, evaluatedOn(thread)));
      });
  return witness;
}

bool KnowledgeBase::dependsOnArrayRead(const IndexTuple& first, const IndexTuple& second) const {
  if (readsArray(first) || readsArray(second)) return true;
  // Follow the facts registered on the tuples' symbols, and on the symbols those facts use.
  std::set<std::string> reached;
  for (const ExprRef& component : first) collectSymbolKeys(component, reached);
  for (const ExprRef& component : second) collectSymbolKeys(component, reached);
  std::vector<bool> followed(factExprs_.size(), false);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t k = 0; k < factExprs_.size(); ++k) {
      const Expr& subject = *factSubjects_[k];
      bool registeredOnReached = subject.op == Expr::Op::Var && reached.count(symbolKey(subject));
      if (followed[k] || !registeredOnReached) continue;
      if (readsArray(factExprs_[k])) return true;
      followed[k] = true;
      collectSymbolKeys(factExprs_[k], reached);
      grew = true;
    }
  }
  return false;
}

}  // namespace adrace::smt
