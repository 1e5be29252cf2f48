// `#pragma omp critical` and `#pragma omp atomic` around updates of a variable the threads share
// (`*energy += w;`, a thread's share added to a total; `for` loops of them, a thread's buffer added
// element by element), inside a parallel loop or a team region
// (TeamRegion.h). The adjoint of `s += e` increments the adjoints of e's values by s_b and leaves s_b
// as it is, so when s appears in the loop or region only in such updates, no thread writes s_b there:
// each reads it plainly, and the increments it makes are guarded as every increment of that loop or
// region is (the verdicts, or atomic where every thread of a team makes it). The forward sweep keeps
// the update exclusive as the primal makes it. Refused: other forms (a read of s on the right, an
// update that would save the value it overwrites: each thread would restore it in its own order),
// s read or written elsewhere in the same loop or region, and clauses other than `update` on atomic.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"

#include <clang/AST/StmtOpenMP.h>

namespace adrace::ad {

// The statement a critical or atomic directive governs; null for any other statement.
const clang::Stmt* exclusiveBody(const clang::Stmt* statement);

// Checks the updates `directive` governs, inside `construct` (the body of the parallel loop, or the
// team region's statement, that the directive is in).
void checkExclusiveUpdate(AdjointContext& context, const clang::OMPExecutableDirective& directive,
                          const clang::Stmt& construct);

class Sweeps;

// The sweeps of the updates `directive` governs (the sweeps send every critical and atomic
// directive here).
void forwardExclusive(Sweeps& sweeps, AdjointContext& context, const clang::OMPExecutableDirective* directive,
                      CodeWriter& out);
void backwardExclusive(Sweeps& sweeps, AdjointContext& context, const clang::OMPExecutableDirective* directive,
                       CodeWriter& out);

}  // namespace adrace::ad
