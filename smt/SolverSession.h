// One Z3 context and incremental solver per analysed loop, with per-query limits (QueryLimits.h: a
// resource limit, and a timeout as a safety net) and the counters that the report's statistics (docs/design.md [FormAD]
// Table 1) are made of. The context is not shared between sessions although making one costs 2-10 ms: Z3's models
// depend on the context's history, and a witness must not depend on which loops or documents were analysed before.
#pragma once

#include "smt/Deadline.h"
#include "smt/Encoder.h"

#include <z3++.h>

#include <chrono>
#include <cstdint>
#include <map>

namespace adrace::smt {

struct SolverStatistics {
  unsigned assertions = 0;      // knowledge, facts and domain constraints asserted ("Z3 size")
  unsigned queries = 0;         // check() calls actually sent to Z3
  unsigned cachedQueries = 0;   // questions answered from the cache instead
  double z3Milliseconds = 0.0;  // wall time spent inside check()
  uint64_t z3Steps = 0;         // Z3's resource count spent inside check() (what --z3-rlimit bounds)
};

enum class CheckOutcome { Sat, Unsat, Unknown };

class SolverSession {
 public:
  // The resource limit is the process's (queryResourceLimit()) unless given; 0: none.
  explicit SolverSession(unsigned timeoutMilliseconds = kDefaultQueryTimeoutMs,
                         unsigned resourceLimit = queryResourceLimit());

  z3::context& context() { return context_; }
  z3::solver& solver() { return solver_; }
  Encoder& encoder() { return encoder_; }
  const SolverStatistics& statistics() const { return statistics_; }
  unsigned timeoutMilliseconds() const { return timeoutMilliseconds_; }
  unsigned resourceLimit() const { return resourceLimit_; }
  // Gives `solver` this session's per-query limits: for a solver made outside newSolver() (a tactic's).
  void applyLimits(z3::solver& solver);
  // Bounds every later query by the time left (see Deadline.h). Once it has passed, check() sends
  // nothing to Z3 and answers Unknown with the reason kBudgetExhausted.
  void setDeadline(Deadline deadline) { deadline_ = deadline; }
  bool budgetExhausted() const { return deadline_.passed(); }

  void add(const z3::expr& assertion);
  // check() under assumptions, timed and counted. `reason` is Z3's reason_unknown() on Unknown,
  // kResourceLimitReached when the query spent its resource limit, kTimedOut when it ran out of time
  // (Z3 then says "canceled" or "incomplete"), or kBudgetExhausted when the deadline cut it short or
  // had passed.
  CheckOutcome check(const z3::expr_vector& assumptions, std::string* reason = nullptr);
  // The same on another solver of this session (see newSolver).
  CheckOutcome check(z3::solver& solver, const z3::expr_vector& assumptions, std::string* reason = nullptr);
  // A further solver on this session's context, with the same limits. What is added to it is not
  // counted in the statistics: it is meant to hold a subset of what solver() holds.
  z3::solver newSolver();
  void countCachedQuery() { ++statistics_.cachedQueries; }

 private:
  // Gives `solver` the encoder's division lemmas it does not hold yet (Encoder::divisionLemmas).
  void addDivisionLemmas(z3::solver& solver);

  z3::context context_;
  z3::solver solver_;
  Encoder encoder_;
  SolverStatistics statistics_;
  unsigned timeoutMilliseconds_;
  unsigned resourceLimit_;
  Deadline deadline_;
  struct SolverLemmas {
    z3::solver solver;
    size_t kept = 0;  // how many division lemmas it holds for good
  };
  std::map<Z3_solver, SolverLemmas> lemmasKept_;
};

}  // namespace adrace::smt
