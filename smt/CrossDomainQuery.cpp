#include "smt/CrossDomainQuery.h"

#include <set>

namespace adrace::smt {
namespace {

// Whether the element pair depends on an integer array's contents, through the tuple or the facts.
bool dependsOnArrayRead(const AccessSite& site) {
  std::vector<std::pair<ExprRef, ExprRef>> facts;
  for (const Condition& fact : site.facts) facts.emplace_back(fact.lhs, fact.rhs);
  return smt::dependsOnArrayRead({&site.element}, facts);
}

std::vector<std::pair<std::string, std::string>> witnessFrom(SolverSession& session, const z3::model& model,
                                                             const AccessSite& first, const AccessSite& second) {
  Encoder& encoder = session.encoder();
  std::vector<std::pair<std::string, std::string>> witness;
  std::set<std::string> named;
  auto record = [&](const Expr& symbol, Thread thread) {
    std::string name = symbolName(symbol, thread);
    if (named.insert(name).second)
      witness.emplace_back(name, numeralText(model.eval(encoder.encode(symbol, thread), true)));
  };
  const std::pair<const AccessSite*, Thread> sides[] = {{&first, Thread::A}, {&second, Thread::B}};
  for (const auto& [site, thread] : sides)
    for (const LoopDimension& dimension : site->domain.dimensions) record(*counterOf(dimension), thread);
  for (const auto& [site, thread] : sides)
    for (const ExprRef& component : site->element)
      forEachSymbol(component, [&, thread = thread](const Expr& symbol) {
        if (symbol.op == Expr::Op::Var) record(symbol, thread);
      });
  return witness;
}

}  // namespace

Coincidence mayCoincideAcross(SolverSession& session, const AccessSite& first, const AccessSite& second,
                              Pairing pairing, const std::vector<Condition>& links,
                              const std::vector<std::vector<Condition>>& unless) {
  Encoder& encoder = session.encoder();
  z3::solver& solver = session.solver();
  Coincidence answer;
  // Everything asserted here belongs to this question only.
  solver.push();
  const std::pair<const AccessSite*, Thread> sides[] = {{&first, Thread::A}, {&second, Thread::B}};
  for (const auto& [site, thread] : sides) {
    for (const z3::expr& constraint : iterationConstraints(encoder, session.context(), site->domain, thread))
      solver.add(constraint);
    for (const Condition& fact : site->facts)
      solver.add(relate(encoder.encode(fact.lhs, thread), fact.relation, encoder.encode(fact.rhs, thread)));
  }
  for (const Condition& link : links)
    solver.add(relate(encoder.encode(link.lhs, Thread::A), link.relation, encoder.encode(link.rhs, Thread::B)));
  for (const std::vector<Condition>& ordered : unless) {
    z3::expr_vector all(session.context());
    for (const Condition& link : ordered)
      all.push_back(relate(encoder.encode(link.lhs, Thread::A), link.relation, encoder.encode(link.rhs, Thread::B)));
    solver.add(!z3::mk_and(all));
  }
  if (pairing == Pairing::DifferentIterations) {
    z3::expr_vector someCounterDiffers(session.context());
    size_t shared = std::min(first.domain.dimensions.size(), second.domain.dimensions.size());
    for (size_t d = 0; d < shared; ++d)
      someCounterDiffers.push_back(encoder.encode(counterOf(first.domain.dimensions[d]), Thread::A) !=
                                   encoder.encode(counterOf(second.domain.dimensions[d]), Thread::B));
    // No counter to tell the iterations apart: they cannot differ.
    solver.add(someCounterDiffers.empty() ? session.context().bool_val(false) : z3::mk_or(someCounterDiffers));
  }
  solver.add(encoder.sameElement(first.element, Thread::A, second.element, Thread::B));
  std::string reason;
  switch (session.check(z3::expr_vector(session.context()), &reason)) {
    case CheckOutcome::Unsat: answer.status = Coincidence::Status::Disjoint; break;
    case CheckOutcome::Sat:
      answer.status = Coincidence::Status::Overlap;
      answer.witness = witnessFrom(session, solver.get_model(), first, second);
      break;
    case CheckOutcome::Unknown:
      answer.status = Coincidence::Status::Unknown;
      answer.reason = reason;
      break;
  }
  solver.pop();
  if (answer.status != Coincidence::Status::Disjoint)
    answer.throughArrayRead = dependsOnArrayRead(first) || dependsOnArrayRead(second);
  return answer;
}

}  // namespace adrace::smt
