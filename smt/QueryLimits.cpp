#include "smt/QueryLimits.h"

#include <atomic>

namespace adrace::smt {

// Calibrated on the queries of the race suite, the corpus and ../shared/realcode (docs/design.md,
// "Limits of a Z3 query"): every query that finished within 2 s before needs well under it, and a
// query it cuts takes a few seconds on an idle machine.
const unsigned kDefaultQueryResourceLimit = 20000000;
// Several times what the resource limit lets a query take on an idle machine, so that the resource
// limit decides on a loaded one too.
const unsigned kDefaultQueryTimeoutMs = 20000;

// Atomic: `check -j` makes sessions on several threads (the value is only written before they start).
static std::atomic<unsigned> processQueryResourceLimit{kDefaultQueryResourceLimit};

void setQueryResourceLimit(unsigned steps) { processQueryResourceLimit = steps; }

unsigned queryResourceLimit() { return processQueryResourceLimit; }

}  // namespace adrace::smt
