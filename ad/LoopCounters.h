// C89 loop counters (`int i, j; ... for (i = 0; i < n; i++)`). A counter declared before its loops
// whose every use is inside a loop that assigns it in its header carries no value from one loop to
// anything else: both sweeps treat it as if each of those loops declared it (`for (int i = 0; ...)`,
// a parallel loop's counter private to each thread as OpenMP makes it), and leave out its
// declaration before the loops.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Fills context.loopOwnedCounters. A counter assigned in a for header and also used outside such
// loops (read after its loop, as a lastprivate counter is) is recorded as unsupported at that use.
void findLoopOwnedCounters(AdjointContext& context);

}  // namespace adrace::ad
