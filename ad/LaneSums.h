// A thread's local sums of small adjoint arrays (SmallAdjointArrays.h) kept per vector lane. conv1d's
// backward iteration adds `acc_b * x[i + r]` to `w_b[r + R]` for each of the 7 taps: in one local array
// those are 7 chains of dependent adds, one add per iteration each, which the compiler may not
// reassociate (floating point), so the loop runs at the adds' latency, scalar, and took 1.7x the
// primal by itself. With a row of sums per lane (`w_b_lanes[WIDTH][8]`) the thread's iterations run
// 8 at a time under `#pragma omp simd`, each lane adding into its own row: 7 vector adds per 8
// iterations. The rows are added up after the thread's iterations, then the rest of its chunk (fewer
// than 8 iterations) runs as before.
//
// Only where the lanes cannot see each other's writes (SimdLanes.h's independentLanes, with each lane's
// inner loops and its own row of the sums allowed): the sums are only incremented, every other array
// the iteration writes is written at an element injective in the counter. Only for one-dimensional
// sums of a forward static chunk (the order of its iterations is free: nothing is popped). The sums are
// added in another order than the iterations': a reduction's order, which the threads' atomics do not
// fix either (docs/adjoint.md, "Small adjoint arrays").
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"
#include "ad/ForHeader.h"
#include "ad/SmallAdjointArrays.h"
#include "ad/c/Statement.h"

#include <vector>

namespace adrace::ad {

// Iterations a strip runs at once, one per lane: 8 doubles fill an AVX-512 register (two AVX2 ones).
constexpr long kSumLanes = 8;

// Writes, where the lanes apply, the strips of this thread's iterations from adrace_begin, 8 at a time
// in lanes, and the rows' totals added to the local sums; leaves adrace_k at the first iteration not
// run (the caller's loop runs the rest from there). `iteration` is the backward iteration, `sums` the
// thread's local sums that it increments, `counterUsed` whether it reads the loop's counter. Returns
// false, writing nothing, where they do not apply.
bool runInSumLanes(AdjointContext& context, const std::vector<const LocalSums*>& sums, const c::StmtList& iteration,
                   const ForHeader& header, bool counterUsed, CodeWriter& out);

}  // namespace adrace::ad
