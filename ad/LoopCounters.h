// C89 loop counters (`int i, j; ... for (i = 0; i < n; i++)`).
//  - A counter whose every use is inside a loop that assigns it in its header carries no value from
//    one loop to anything else: both sweeps treat it as if each of those loops declared it
//    (`for (int i = 0; ...)`, a parallel loop's counter private to each thread as OpenMP makes it),
//    and leave out its declaration before the loops (loop-owned).
//  - A counter also used elsewhere (read after its loop) holds each loop's exit value there, as in
//    the primal: the forward sweep runs such a loop over the variable itself (a parallel loop with
//    `lastprivate(i)` copies the last iteration's value out, as lastprivate does), saving the value
//    it overwrites when the backward sweep reads it; the backward sweep's loops declare their own
//    counter and restore the saved value after the loop's adjoint (exit value kept).
//  - A counter whose every assigning loop is followed by an assignment of a new value to it
//    (`for (j = 1; ...) ...; j = 0; do { ... j++; } while (j < m);`) leaves no exit value anyone
//    reads: each loop is as if it declared the counter, and the variable is an ordinary local.
// Refused, with the location: a counter used outside its loops that is the counter of a parallel
// loop without lastprivate (OpenMP leaves its value unspecified) or of a loop inside a parallel loop.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Fills context.loopOwnedCounters and context.exitValueCounters, or records why not.
void findLoopCounters(AdjointContext& context);

}  // namespace adrace::ad
