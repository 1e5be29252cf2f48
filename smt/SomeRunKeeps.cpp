#include "smt/SomeRunKeeps.h"

#include <set>

namespace adrace::smt {
namespace {

z3::expr holds(Encoder& encoder, const Condition& condition, Thread thread) {
  return relate(encoder.encode(condition.lhs, thread), condition.relation, encoder.encode(condition.rhs, thread));
}

// What one iteration on `thread` satisfies: its domain and the facts.
z3::expr iterationOf(SolverSession& session, const LoopDomain& domain, const std::vector<Condition>& facts,
                     Thread thread) {
  z3::expr_vector parts(session.context());
  for (const z3::expr& constraint : iterationConstraints(session.encoder(), session.context(), domain, thread))
    parts.push_back(constraint);
  for (const Condition& fact : facts) parts.push_back(holds(session.encoder(), fact, thread));
  return z3::mk_and(parts);
}

// The integer constants of `term` that are not in `runWide`: the iteration's own.
void collectIterationConstants(const z3::expr& term, const std::set<unsigned>& runWide, std::set<unsigned>& seen,
                               z3::expr_vector& into) {
  if (!seen.insert(term.id()).second) return;
  if (term.is_app()) {
    z3::func_decl declaration = term.decl();
    if (term.num_args() == 0 && declaration.decl_kind() == Z3_OP_UNINTERPRETED && term.is_int() &&
        !runWide.count(term.id()))
      into.push_back(term);
    for (unsigned k = 0; k < term.num_args(); ++k) collectIterationConstants(term.arg(k), runWide, seen, into);
  } else if (term.is_quantifier()) {
    collectIterationConstants(term.body(), runWide, seen, into);
  }
}

}  // namespace

CheckOutcome someRunKeeps(SolverSession& session, const LoopDomain& domain, const std::vector<Condition>& facts,
                          const std::vector<Condition>& kept, std::string* reason) {
  z3::context& context = session.context();
  Encoder& encoder = session.encoder();
  // Shared symbols are one Z3 constant on both threads: the run's values.
  std::set<unsigned> runWide;
  auto noteShared = [&](const ExprRef& expr) {
    if (!expr) return;
    forEachSymbol(expr, [&](const Expr& symbol) {
      if (symbol.op == Expr::Op::Var && symbol.scope == Scope::Shared)
        runWide.insert(encoder.encode(symbol, Thread::A).id());
    });
  };
  for (const std::vector<Condition>* conditions : {&facts, &kept})
    for (const Condition& condition : *conditions) {
      noteShared(condition.lhs);
      noteShared(condition.rhs);
    }
  for (const LoopDimension& dimension : domain.dimensions)
    for (const ExprRef& part : {dimension.first, dimension.bound, dimension.step}) noteShared(part);

  // Thread B stands for the iteration that exists, thread A for any iteration (quantified).
  z3::expr someIteration = iterationOf(session, domain, facts, Thread::B);
  z3::expr_vector keptOnA(context);
  for (const Condition& condition : kept) keptOnA.push_back(holds(encoder, condition, Thread::A));
  z3::expr everyIteration = z3::implies(iterationOf(session, domain, facts, Thread::A), z3::mk_and(keptOnA));
  z3::expr_vector quantified(context);
  std::set<unsigned> seen;
  collectIterationConstants(everyIteration, runWide, seen, quantified);

  // Quantifier elimination first: the question is linear arithmetic with one alternation, which
  // the SMT core alone often leaves undecided.
  z3::solver solver = (z3::tactic(context, "qe") & z3::tactic(context, "smt")).mk_solver();
  session.applyLimits(solver);
  solver.add(someIteration);
  solver.add(quantified.empty() ? everyIteration : z3::forall(quantified, everyIteration));
  return session.check(solver, z3::expr_vector(context), reason);
}

CheckOutcome someIterationHas(SolverSession& session, const LoopDomain& domain, const std::vector<Condition>& facts,
                              const Condition& condition) {
  z3::solver solver = session.newSolver();
  solver.add(iterationOf(session, domain, facts, Thread::A));
  solver.add(holds(session.encoder(), condition, Thread::A));
  return session.check(solver, z3::expr_vector(session.context()));
}

}  // namespace adrace::smt
