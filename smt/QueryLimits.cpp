#include "smt/QueryLimits.h"

#include <atomic>

namespace adrace::smt {

// Calibrated on the queries of the race suite, the corpus and ../shared/realcode (docs/design.md,
// "Limits of a Z3 query"): the largest query they decide needs 1,112,483 steps, 0.37 of the limit,
// and at the usual 1-2.5 million steps a second a query it cuts takes 1-3 s.
const unsigned kDefaultQueryResourceLimit = 3000000;
// Above what the resource limit lets the usual queries take: a safety net for Z3 work that counts
// no steps (a query whose count stops while Z3 keeps working), not what decides.
const unsigned kDefaultQueryTimeoutMs = 4000;

// Atomic: `check -j` makes sessions on several threads (the value is only written before they start).
static std::atomic<unsigned> processQueryResourceLimit{kDefaultQueryResourceLimit};

void setQueryResourceLimit(unsigned steps) { processQueryResourceLimit = steps; }

unsigned queryResourceLimit() { return processQueryResourceLimit; }

}  // namespace adrace::smt
