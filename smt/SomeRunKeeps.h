// A question about every iteration of one run, rather than about two iterations: is there a run
// (a value for each shared symbol: the program's inputs, sizes read from structs) in which some
// iteration exists and every iteration keeps a condition? It tells a condition that the program's
// inputs decide (a column below its row's length while the bound `j <= g->ny` is) from one that
// fails in every run (a column bound that is a constant past the row): the race check may assume
// the first of a working program, never the second (docs/check.md, "What a definite race means").
#pragma once

#include "smt/CrossDomainQuery.h"

#include <vector>

namespace adrace::smt {

// Sat: some run has an iteration of `domain` satisfying `facts`, and every such iteration satisfies
// `kept`. Unsat: every run with such an iteration has one breaking `kept`. The iteration's own
// symbols (counters, private values, trip counts) are quantified over; shared symbols are the run's.
CheckOutcome someRunKeeps(SolverSession& session, const LoopDomain& domain, const std::vector<Condition>& facts,
                          const std::vector<Condition>& kept, std::string* reason = nullptr);

// Sat: some iteration of `domain` satisfies `facts` and `condition` (on one thread, no quantifier).
CheckOutcome someIterationHas(SolverSession& session, const LoopDomain& domain, const std::vector<Condition>& facts,
                              const Condition& condition);

}  // namespace adrace::smt
