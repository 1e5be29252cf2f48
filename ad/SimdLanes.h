// `#pragma omp simd` on the backward loop of the innermost loop of a perfect nest under a parallel
// loop (stencil3d7's loop over i, under j, under the parallel k). The compiler does not vectorise that
// loop on its own: every store of the backward iteration (`c_b[p] += ...; unew_b[p] = 0.0;`) may alias
// every load (u at seven offsets), and gcc gives up the run-time alias checks for so many pairs; with
// the pragma it uses vector lanes (stencil3d7's formad adjoint at 1 thread: 1.05-1.19x faster in
// interleaved runs, bench/adjoint_profile.md).
//
// Lanes run several iterations at once, statement by statement, so the pragma is written only when
// no iteration can see what another writes:
// - the iteration holds declarations, expression statements, blocks and `if`s: no loop, jump,
//   directive (an atomic), and no call but to the math library (a tape operation is a call);
// - every scalar it assigns is declared in it (each lane has its own);
// - every array it writes is a parameter or file-scope array of the function, or the adjoint of one
//   (distinct names are distinct memory: the assumption every verdict of the analysis rests on,
//   docs/design.md [FormAD] §5), and every mention of it is a subscript with the same indices, one of
//   them injective in the counter (`i`, `X + i`, `i - X`, through the iteration's own single
//   definitions such as `long p = ((long)k * ny + j) * nx + i;`), the others and X invariant (no name
//   the iteration declares or assigns, no array it writes). Two lanes then write different elements,
//   and read only elements they write themselves or that nobody writes.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"
#include "ad/c/Statement.h"

#include <set>
#include <string>

namespace adrace::ad {

// What else the lanes may hold (ad/LaneSums.h):
// - innerLoops: `for` loops over a counter they declare (`for (int r = R; r >= -R; r--)`), run in full
//   by each lane;
// - sums: local arrays each lane will have a row of its own of, so that their mentions need not be
//   injective in the counter; every mention must be the target of an increment (`w_b[r + R] += e;`,
//   `-=`, e not naming the array), as a reduction's.
struct LaneOptions {
  bool innerLoops = false;
  std::set<std::string> sums;
};

// Whether the backward iterations `iteration` of the loop over `counter` may run in simd lanes.
bool independentLanes(const AdjointContext& context, const c::StmtList& iteration, const std::string& counter,
                      const LaneOptions& options = {});

// `body`, the backward iteration of a parallel loop as built, with the backward loop over the
// innermost counter of the loop's perfect nest under `#pragma omp simd` where its lanes are independent.
void runInVectorLanes(const AdjointContext& context, const ParallelLoop& loop, CodeWriter& body);
// The loops of a gather (GatherAdjoint.h) over their targets, each innermost one without an `if` (the
// interior, where no term needs a guard) under `#pragma omp simd` where its lanes are independent:
// each stores only its own target (stencil3d7, 1 and 2 threads: 1.13x, bench/adjoint_profile.md).
void gatherInVectorLanes(const AdjointContext& context, c::StmtList& gatherLoops);

}  // namespace adrace::ad
