// Helpers that return early, as limiters and clipping functions are written:
//   double p = a * b;  if (p > 0.0) return 2.0 * p / (a + b);  return 0.0;
// A body whose last statements are `if (c1) return e1; ... if (cn) return en; return e;` (each `if`
// without an else, or the last one with `else return e;`) returns `c1 ? e1 : ... cn ? en : e`:
// the first condition that holds picks the value, and nothing runs after a return, so the
// statements before the chain run as before and the helper has one `return` at its end, which
// HelperInlining inlines like any other. A `return` anywhere else stays, and is refused there.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Rewrites the early returns of the main file's helpers (every function but context.function).
void foldEarlyReturns(AdjointContext& context);

}  // namespace adrace::ad
