// A shared array's element that each thread of a team region (TeamRegion.h) writes at its own
// thread number: `partial[omp_get_thread_num()] = mine;`, or `partial[tid]` with a local
// `int tid = omp_get_thread_num();` of the region that nothing assigns again. OpenMP numbers the
// threads of a team 0, 1, ... without repeats, and a team region's backward sweep runs the same team
// (same numbers), so each such element and its adjoint belong to one thread: the adjoint's
// increments of it are plain, and the thread number it reads in the backward sweep is the primal's.
#pragma once

#include "ad/AdjointContext.h"

#include <clang/AST/Expr.h>

namespace adrace::ad {

// `omp_get_thread_num()`, or a variable initialised by it alone in a team region and never assigned.
bool isThreadNumber(const AdjointContext& context, const clang::Expr* expr);

// `a[t]` with t a thread number (the leaf's one subscript), in a team region.
bool isThreadSlot(const AdjointContext& context, const clang::Expr* leaf);

// Whether the expression is in a parallel region that runs as one team (TeamRegion.h).
bool insideTeamRegion(const AdjointContext& context, const clang::Expr* expr);

}  // namespace adrace::ad
