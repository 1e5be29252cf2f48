// Can a guarded adjoint array be written as a gather (PerforAD, Hückelheim et al., ICS 2019)?
//
// FormAD guards x_b when two iterations' increments x_b[i-1] += ..., x_b[i+1] += ... may collide.
// A stencil read x[i + c] makes exactly such increments; its adjoint can instead loop over the
// targets j and sum, for each read, the term of the shifted iteration i = j - c: each target is
// owned by one iteration of that loop, so plain stores suffice. The conditions, on the loop model
// (no Clang), each failed one becoming the reason the array stays guarded:
//   - x is only read by the loop, once per point of its box (the counters of the loop, of a collapse
//     nest and of a perfect nest in the body, LoopModel::perfectNest, all stepping by 1, the inner
//     bounds loop-invariant), on the innermost body's root context or under branches of it (then-
//     and else-parts, ?: arms: boundary cases such as `i > 0 ? u[i - 1] : u[i]`; the term is then
//     guarded by the conditions at its shifted iteration), not after an early exit or in a loop of
//     its own, at indices counter_d + constant in each subscript d, one subscript per
//     counter, or through one linearised subscript IDX(k, j, i - 1) (LinearisedIndex.h);
//   - every term can be evaluated at a shifted iteration: the loop computes no per-thread value
//     (private, lastprivate or body-local variables, firstprivate copies it writes; reduction
//     variables are fine: every iteration only reads their adjoints) but body-local scalars and
//     private scalars the innermost body assigns once before reading them (a term recomputes
//     those: LoopModel::singleDefinitions) and per-thread scalars of a team region that hold one
//     value on every thread and that the loop only reads (AnalysisOptions::teamUniform), writes no shared scalar,
//     reads no array it writes, and each
//     active array it writes has FormAD's shared verdict and one writing reference, so the adjoint
//     of a statement's left side is owned by its iteration and unchanged until the gather ran;
//   - nothing the model cannot see (a limitation, an opaque write, the thread number) is involved;
//   - Z3 proves each read's offsets exact and that no two iterations read the same element through
//     it (smt/ShiftQuery.h): every primal contribution reaches exactly one target, once.
#pragma once

#include "analyzer/model/LoopModel.h"
#include "analyzer/verdicts/LoopAnalysis.h"
#include "smt/SolverSession.h"

#include <set>
#include <string>
#include <vector>

namespace adrace::analyzer {

// `verdict` is the guarded verdict of a shared array; `verdicts` every verdict of the loop (for
// the arrays it writes); `doubts` the loop-wide reasons that guard every array; `teamUniform` the
// per-thread scalars of the region known to hold one value on every thread (AnalysisOptions).
GatherForm gatherForm(const LoopModel& loop, const ArrayVerdict& verdict, const std::vector<ArrayVerdict>& verdicts,
                      const std::vector<std::string>& doubts, smt::SolverSession& session,
                      const std::set<std::string>& teamUniform = {});

}  // namespace adrace::analyzer
