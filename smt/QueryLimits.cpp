#include "smt/QueryLimits.h"

#include <atomic>

namespace adrace::smt {

// Atomic: `check -j` makes sessions on several threads (the value is only written before they start).
static std::atomic<unsigned> processQueryResourceLimit{kDefaultQueryResourceLimit};

void setQueryResourceLimit(unsigned steps) { processQueryResourceLimit = steps; }

unsigned queryResourceLimit() { return processQueryResourceLimit; }

}  // namespace adrace::smt
