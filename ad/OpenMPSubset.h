// The OpenMP directives and clauses `adrace adjoint` knows, checked on the function as written,
// before anything rewrites its AST: each later pass (helper inlining, the support check, the
// sweeps) reaches a directive's statement as that directive's kind lays it out, so a directive
// outside this set is refused here, at its location, and never walked. Also refused here, as
// they would give a wrong derivative rather than a crash: `lastprivate(conditional: v)` (the
// value comes from the last iteration that assigns it, which the backward sweep cannot find
// from the schedule) and a variable both firstprivate and lastprivate on one directive.
// The directives kept are those SupportCheck.cpp places: parallel for (simd), parallel, for
// (simd), simd, single, master, barrier, critical and atomic.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Records an "unsupported" diagnostic on `context` at the first construct outside the subset.
void checkOpenMPSubset(AdjointContext& context);

}  // namespace adrace::ad
