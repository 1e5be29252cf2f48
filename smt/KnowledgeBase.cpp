#include "smt/KnowledgeBase.h"

#include <set>
#include <utility>

namespace adrace::smt {
namespace {

Thread otherThread(Thread thread) { return thread == Thread::A ? Thread::B : Thread::A; }

std::string questionText(const IndexTuple& first, const IndexTuple& second) {
  // Primed text tells shared symbols (never primed) from private ones.
  return toString(first, true) + " vs " + toString(second, true);
}

// Z3's outcome as an answer: unsat proves the elements disjoint; unknown keeps Z3's reason.
void setStatus(Coincidence& answer, CheckOutcome outcome, const std::string& reason) {
  switch (outcome) {
    case CheckOutcome::Unsat: answer.status = Coincidence::Status::Disjoint; break;
    case CheckOutcome::Sat: answer.status = Coincidence::Status::Overlap; break;
    case CheckOutcome::Unknown:
      answer.status = Coincidence::Status::Unknown;
      answer.reason = reason;
      break;
  }
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
    factLiteralOnA_.push_back(freshConstant(context, "factsA_" + suffix, context.bool_sort()));
    factLiteralOnB_.push_back(freshConstant(context, "factsB_" + suffix, context.bool_sort()));
  }
  // Assuming a context's literal brings in everything its ancestors hold.
  for (size_t c = 0; c < contexts_.parent.size(); ++c) {
    int parent = contexts_.parent[c];
    if (parent < 0) continue;
    assertEverywhere(z3::implies(factLiteral_[c], factLiteral_.at(parent)));
    assertEverywhere(z3::implies(factLiteralOnA_[c], factLiteralOnA_.at(parent)));
    assertEverywhere(z3::implies(factLiteralOnB_[c], factLiteralOnB_.at(parent)));
    session_.add(z3::implies(knowledgeLiteral_[c], knowledgeLiteral_.at(parent)));
  }
  assertDomain();
}

void KnowledgeBase::assertDomain() {
  z3::context& context = session_.context();
  Encoder& encoder = session_.encoder();
  for (Thread thread : {Thread::A, Thread::B})
    for (const z3::expr& constraint : iterationConstraints(encoder, context, domain_, thread))
      assertEverywhere(constraint);
  // The two iterations differ in at least one counter. Without a counter nothing tells them apart;
  // asserting an empty disjunction (false) would make every question vacuously disjoint.
  z3::expr_vector someCounterDiffers(context);
  for (const LoopDimension& dimension : domain_.dimensions)
    someCounterDiffers.push_back(encoder.encode(counterOf(dimension), Thread::A) !=
                                 encoder.encode(counterOf(dimension), Thread::B));
  if (!someCounterDiffers.empty()) assertEverywhere(z3::mk_or(someCounterDiffers));
  // safelen(k) on a single loop with a constant step: |counter_A - counter_B| < k * |step|.
  if (domain_.concurrentWindow && domain_.dimensions.size() == 1 && domain_.dimensions[0].step &&
      domain_.dimensions[0].step->op == Expr::Op::Const) {
    ExprRef counter = counterOf(domain_.dimensions[0]);
    std::int64_t step = domain_.dimensions[0].step->value;
    z3::expr distance = encoder.encode(counter, Thread::A) - encoder.encode(counter, Thread::B);
    z3::expr window = context.int_val(static_cast<int64_t>(*domain_.concurrentWindow * (step < 0 ? -step : step)));
    assertEverywhere(distance < window && -distance < window);
  }
}

void KnowledgeBase::addFact(int context, const ExprRef& lhs, Relation relation, const ExprRef& rhs) {
  Encoder& encoder = session_.encoder();
  z3::expr onA = relate(encoder.encode(lhs, Thread::A), relation, encoder.encode(rhs, Thread::A));
  z3::expr onB = relate(encoder.encode(lhs, Thread::B), relation, encoder.encode(rhs, Thread::B));
  assertEverywhere(z3::implies(factLiteral_.at(context), onA && onB));
  assertEverywhere(z3::implies(factLiteralOnA_.at(context), onA));
  assertEverywhere(z3::implies(factLiteralOnB_.at(context), onB));
  facts_.emplace_back(lhs, rhs);
  cache_.clear();  // a new fact can turn earlier answers into Disjoint
}

void KnowledgeBase::addDistinct(const ExprRef& symbol) {
  Encoder& encoder = session_.encoder();
  assertEverywhere(encoder.encode(symbol, Thread::A) != encoder.encode(symbol, Thread::B));
  cache_.clear();
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

CheckOutcome KnowledgeBase::pairCanReach(int context) {
  std::string reason;
  return session_.check(arithmetic_, assumptionsFor(context, false), &reason);
}

Coincidence KnowledgeBase::mayCoincide(int context, const IndexTuple& first, const IndexTuple& second,
                                       bool useKnowledge) {
  std::string question = questionText(first, second);
  if (std::optional<Coincidence> known = cachedAnswer(context, useKnowledge, question)) {
    session_.countCachedQuery();
    known->fromCache = true;
    return *known;
  }

  z3::expr coincide = session_.encoder().sameElement(first, Thread::A, second, Thread::B);
  Coincidence answer;
  Coincidence mirrored;
  std::string reason;
  // The equality holds for this question only (docs/design.md [FormAD] §5.5's testVar).
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
  setStatus(answer, outcome, reason);
  if (answer.status != Coincidence::Status::Disjoint)
    answer.throughArrayRead = dependsOnArrayRead({&first, &second}, facts_);

  // The threads are interchangeable, so this also answers the swapped question.
  mirrored.status = answer.status;
  mirrored.reason = answer.reason;
  mirrored.throughArrayRead = answer.throughArrayRead;
  std::string swapped = questionText(second, first);
  cache_[swapped][{context, useKnowledge}] = mirrored;
  cache_[question][{context, useKnowledge}] = answer;
  if (useKnowledge && !needsKnowledge) {  // the arithmetic alone answered: valid without knowledge too
    cache_[swapped][{context, false}] = mirrored;
    cache_[question][{context, false}] = answer;
  }
  return answer;
}

Coincidence KnowledgeBase::mayCoincideAt(int firstContext, int secondContext, const IndexTuple& first,
                                         const IndexTuple& second, const std::vector<ExprRef>& sameOnBoth,
                                         const NonNegative* nonNegative) {
  // Cached apart from mayCoincide's answers: a negative key no context has.
  int key = -2 - (firstContext * 65536 + secondContext);
  std::string question = questionText(first, second);
  for (const ExprRef& symbol : sameOnBoth) question += " | " + toString(symbol) + " alike";
  if (nonNegative) {
    for (const ExprRef& index : nonNegative->onFirst) question += " | " + toString(index) + " >= 0";
    for (const ExprRef& index : nonNegative->onSecond) question += " | " + toString(index, true) + " >= 0";
  }
  if (auto entry = cache_.find(question); entry != cache_.end())
    if (auto hit = entry->second.find({key, false}); hit != entry->second.end()) {
      session_.countCachedQuery();
      Coincidence known = hit->second;
      known.fromCache = true;
      return known;
    }
  z3::expr_vector assumptions(session_.context());
  for (size_t c = 0; c < contexts_.parent.size(); ++c) {
    assumptions.push_back(!factLiteral_[c]);
    bool onA = contexts_.isAncestorOrSelf(static_cast<int>(c), firstContext);
    bool onB = contexts_.isAncestorOrSelf(static_cast<int>(c), secondContext);
    assumptions.push_back(onA ? factLiteralOnA_[c] : !factLiteralOnA_[c]);
    assumptions.push_back(onB ? factLiteralOnB_[c] : !factLiteralOnB_[c]);
  }
  Coincidence answer;
  std::string reason;
  arithmetic_.push();
  arithmetic_.add(session_.encoder().sameElement(first, Thread::A, second, Thread::B));
  for (const ExprRef& symbol : sameOnBoth)
    arithmetic_.add(session_.encoder().encode(symbol, Thread::A) == session_.encoder().encode(symbol, Thread::B));
  if (nonNegative) {
    for (const ExprRef& index : nonNegative->onFirst) arithmetic_.add(session_.encoder().encode(index, Thread::A) >= 0);
    for (const ExprRef& index : nonNegative->onSecond)
      arithmetic_.add(session_.encoder().encode(index, Thread::B) >= 0);
  }
  CheckOutcome outcome = session_.check(arithmetic_, assumptions, &reason);
  if (outcome == CheckOutcome::Sat) answer.witness = witnessFrom(arithmetic_.get_model(), first, second);
  arithmetic_.pop();
  setStatus(answer, outcome, reason);
  if (answer.status != Coincidence::Status::Disjoint)
    answer.throughArrayRead = dependsOnArrayRead({&first, &second}, facts_);
  cache_[question][{key, false}] = answer;
  return answer;
}

std::optional<Coincidence> KnowledgeBase::cachedAnswer(int context, bool useKnowledge,
                                                       const std::string& question) const {
  auto entry = cache_.find(question);
  if (entry == cache_.end()) return std::nullopt;
  const auto& answers = entry->second;
  if (auto hit = answers.find({context, useKnowledge}); hit != answers.end()) return hit->second;
  // Disjoint where less is known (an ancestor's facts, or no knowledge) is disjoint here too.
  for (int known = context; known >= 0; known = contexts_.parent.at(known))
    for (bool withKnowledge : {false, true}) {
      if (withKnowledge && !useKnowledge) continue;
      auto hit = answers.find({known, withKnowledge});
      if (hit != answers.end() && hit->second.status == Coincidence::Status::Disjoint) return hit->second;
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

std::vector<std::pair<std::string, std::string>> KnowledgeBase::witnessFrom(const z3::model& model,
                                                                            const IndexTuple& first,
                                                                            const IndexTuple& second,
                                                                            Thread firstThread) {
  Encoder& encoder = session_.encoder();
  std::vector<std::pair<std::string, std::string>> witness;
  std::set<std::string> named;
  auto record = [&](const std::string& name, const z3::expr& term) {
    if (named.insert(name).second) witness.emplace_back(name, numeralText(model.eval(term, true)));
  };

  // A symbol named on `thread` takes its value from where it ran in the model.
  auto evaluatedOn = [&](Thread thread) { return thread == Thread::A ? firstThread : otherThread(firstThread); };

  for (Thread thread : {Thread::A, Thread::B})
    for (const LoopDimension& dimension : domain_.dimensions) {
      ExprRef counter = counterOf(dimension);
      record(symbolName(*counter, thread), encoder.encode(counter, evaluatedOn(thread)));
    }

  const std::pair<const IndexTuple*, Thread> sides[] = {{&first, Thread::A}, {&second, Thread::B}};
  // (Plain variables, not structured bindings: C++17 lambdas cannot capture those, and clang says so.)
  for (const auto& side : sides)
    for (const ExprRef& component : *side.first)
      forEachSymbol(component, [&, thread = side.second](const Expr& symbol) {
        if (symbol.op == Expr::Op::Var) record(symbolName(symbol, thread), encoder.encode(symbol, evaluatedOn(thread)));
      });
  for (Thread thread : {Thread::A, Thread::B})
    for (const ExprRef& named : witnessSymbols_)
      forEachSymbol(named, [&](const Expr& symbol) {
        if (symbol.op == Expr::Op::Var) record(symbolName(symbol, thread), encoder.encode(symbol, evaluatedOn(thread)));
      });
  // Array values last: "c[3]" → "5" says which entries of c would have to collide.
  for (const auto& side : sides)
    for (const ExprRef& component : *side.first)
      forEachSymbol(component, [&, thread = side.second](const Expr& symbol) {
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

}  // namespace adrace::smt
