// Loop hints (`#pragma unroll`, `#pragma clang loop vectorize(enable)`, `#pragma GCC unroll 4`, as
// Rodinia's CFD code unrolls its loop over a cell's neighbours) only tell the compiler how to
// optimise the loop: the loop runs the same iterations without them. The adjoint drops them, and
// reads the loop as written under them.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Replaces each statement of context.function's body that carries only loop hints by the loop.
void dropLoopHints(AdjointContext& context);

}  // namespace adrace::ad
