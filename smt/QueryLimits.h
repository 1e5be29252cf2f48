// What bounds one Z3 query (docs/design.md, "Limits of a Z3 query"). Z3's resource limit decides:
// `rlimit` counts solver steps (conflicts, propagations, simplifier rewrites), a count that is the
// same for a given Z3 build on every machine and every run, so a verdict does not depend on the
// machine's load. The wall-clock timeout is only a safety net far above what the resource limit
// allows (a Z3 procedure that counts no steps), and the time budget of a loop or file (Deadline.h)
// bounds the sum. Each has its own reason on an undecided query.
#pragma once

#include <cstdint>

namespace adrace::smt {

// Solver steps per query unless --z3-rlimit says otherwise (analyze, check, answer, adjoint), and
// the wall-clock safety net of one query unless --z3-timeout-ms says otherwise. QueryLimits.cpp
// holds the values and how they were calibrated.
extern const unsigned kDefaultQueryResourceLimit;
extern const unsigned kDefaultQueryTimeoutMs;

// The resource limit every SolverSession made from now on gives its queries. One value per
// process, as Z3's own global parameters are: the command line sets it (--z3-rlimit) before any
// analysis, and the sessions are made deep inside the checks (race, region, task ordering, the
// adjoint's primal check), whose options carry no resource limit. 0 means none.
void setQueryResourceLimit(unsigned steps);
unsigned queryResourceLimit();

// The reasons of an undecided query.
inline constexpr const char* kResourceLimitReached = "resource limit reached (--z3-rlimit)";
inline constexpr const char* kTimedOut = "timeout";
// The reason a query gets when the budget was spent before or while it ran.
inline constexpr const char* kBudgetExhausted = "time budget exhausted";

}  // namespace adrace::smt
