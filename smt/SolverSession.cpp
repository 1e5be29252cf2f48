#include "smt/SolverSession.h"

namespace adrace::smt {

// Z3's plain incremental SMT core: every query is check-under-assumptions, which the default
// solver answers with that same core, after paying for tactics it never uses on the first check.
SolverSession::SolverSession(unsigned timeoutMilliseconds)
    : solver_(context_, z3::solver::simple()), encoder_(context_), timeoutMilliseconds_(timeoutMilliseconds) {
  z3::params params(context_);
  params.set("timeout", timeoutMilliseconds);
  solver_.set(params);
}

z3::solver SolverSession::newSolver() {
  z3::solver solver(context_, z3::solver::simple());
  z3::params params(context_);
  params.set("timeout", timeoutMilliseconds_);
  solver.set(params);
  return solver;
}

void SolverSession::addDivisionLemmas(z3::solver& solver) {
  const std::vector<z3::expr>& lemmas = encoder_.divisionLemmas();
  // Lemmas added inside a scope the caller pushed leave with its pop: only those added at the
  // outermost scope stay, and are not added again.
  // The entry holds a reference to the solver, so that no other solver can take its address.
  auto entry = lemmasKept_.try_emplace(static_cast<Z3_solver>(solver), SolverLemmas{solver, 0}).first;
  size_t& kept = entry->second.kept;
  const bool outermost = Z3_solver_get_num_scopes(context_, solver) == 0;
  for (size_t k = kept; k < lemmas.size(); ++k) solver.add(lemmas[k]);
  if (outermost) kept = lemmas.size();
}

void SolverSession::add(const z3::expr& assertion) {
  solver_.add(assertion);
  ++statistics_.assertions;
}

CheckOutcome SolverSession::check(const z3::expr_vector& assumptions, std::string* reason) {
  return check(solver_, assumptions, reason);
}

CheckOutcome SolverSession::check(z3::solver& solver, const z3::expr_vector& assumptions, std::string* reason) {
  if (deadline_.passed()) {
    if (reason) *reason = kBudgetExhausted;
    return CheckOutcome::Unknown;
  }
  unsigned timeout = deadline_.queryTimeout(timeoutMilliseconds_);
  if (!deadline_.unlimited()) {
    z3::params params(context_);
    params.set("timeout", timeout);
    solver.set(params);
  }
  addDivisionLemmas(solver);
  ++statistics_.queries;
  auto start = std::chrono::steady_clock::now();
  CheckOutcome outcome = CheckOutcome::Unknown;
  std::string why;
  try {
    switch (solver.check(assumptions)) {
      case z3::sat: outcome = CheckOutcome::Sat; break;
      case z3::unsat: outcome = CheckOutcome::Unsat; break;
      case z3::unknown:
        outcome = CheckOutcome::Unknown;
        why = solver.reason_unknown();
        break;
    }
  } catch (const z3::exception& error) {
    // Unknown means unsafe: a solver failure must surface as a verdict, not a crash.
    outcome = CheckOutcome::Unknown;
    why = error.msg();
  }
  double elapsed = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  statistics_.z3Milliseconds += elapsed;
  if (outcome == CheckOutcome::Unknown && elapsed >= timeout)
    why = timeout < timeoutMilliseconds_ || deadline_.passed() ? kBudgetExhausted : "timeout";
  if (reason) *reason = why;
  return outcome;
}

}  // namespace adrace::smt
