#include "smt/SolverSession.h"

#include "smt/QueryLog.h"

namespace adrace::smt {

// Z3's resource count of the solver's context ("rlimit count" in its statistics): it only grows,
// so a query's steps are the count after it minus the count before. 0 if Z3 does not say.
static uint64_t resourceCountOf(const z3::solver& solver) {
  try {
    z3::stats statistics = solver.statistics();
    for (unsigned k = 0; k < statistics.size(); ++k)
      if (statistics.key(k) == "rlimit count")
        return statistics.is_uint(k) ? statistics.uint_value(k) : static_cast<uint64_t>(statistics.double_value(k));
  } catch (const z3::exception&) {
  }
  return 0;
}

// What Z3 says when a query spends its resource limit (util/common_msgs.cpp, Z3_MAX_RESOURCE_MSG).
constexpr const char* kZ3ResourceMessage = "max. resource limit exceeded";

// Z3's plain incremental SMT core: every query is check-under-assumptions, which the default
// solver answers with that same core, after paying for tactics it never uses on the first check.
SolverSession::SolverSession(unsigned timeoutMilliseconds, unsigned resourceLimit)
    : solver_(context_, z3::solver::simple()),
      encoder_(context_),
      timeoutMilliseconds_(timeoutMilliseconds),
      resourceLimit_(resourceLimit) {
  applyLimits(solver_);
}

void SolverSession::applyLimits(z3::solver& solver) {
  // Z3's solver `rlimit` bounds each check() on its own (the steps since the check began, not the
  // context's total): tests/smt/QueryLimitsTest.cpp measures it on the libz3 we link.
  z3::params params(context_);
  params.set("timeout", timeoutMilliseconds_);
  params.set("rlimit", resourceLimit_);
  solver.set(params);
}

z3::solver SolverSession::newSolver() {
  z3::solver solver(context_, z3::solver::simple());
  applyLimits(solver);
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
  const uint64_t stepsBefore = resourceCountOf(solver);
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
  const uint64_t steps = resourceCountOf(solver) - stepsBefore;
  statistics_.z3Milliseconds += elapsed;
  statistics_.z3Steps += steps;
  if (outcome == CheckOutcome::Unknown) {
    // The resource limit first: a query that spent it stopped for that reason, whatever the clock
    // says, and the same query stops there on every machine.
    if (resourceLimit_ && (steps >= resourceLimit_ || why == kZ3ResourceMessage))
      why = kResourceLimitReached;
    else if (elapsed >= timeout)
      why = timeout < timeoutMilliseconds_ || deadline_.passed() ? kBudgetExhausted : kTimedOut;
  }
  if (queryLogEnabled()) {
    const char* said = outcome == CheckOutcome::Sat ? "sat" : outcome == CheckOutcome::Unsat ? "unsat" : "unknown";
    logQuery({steps, elapsed, said, resourceLimit_, timeout, why});
  }
  if (reason) *reason = why;
  return outcome;
}

}  // namespace adrace::smt
