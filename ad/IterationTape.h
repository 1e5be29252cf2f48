// The per-iteration tape of a parallel loop (docs/adjoint.md, "Per-iteration tape"): a body-local
// scalar stored at its iteration's own slot, `s_tape[k] = s` for the logical iteration k, in an array
// allocated once before the loop, instead of being recomputed or pushed on a thread's stack. A gather
// (GatherAdjoint.h) whose term reads `s` then reads it at the shifted iteration, `s_tape[k - c]`:
//
//   double s = 0; for (k = -W; k <= W; k++) s += w[k + W] * in[i + k]; out[i] = s * s;
//
// gives in_b[i + k] += w[k + W] * s_b with s_b = 2 s out_b[i]: a gather over in_b's targets j needs s
// at the iterations j - k, which only those iterations compute (the inner loop). With s taped, the
// gather replaces the atomics. The slots are filled by a worksharing loop at the top of the backward
// sweep's region, before the gather loops (its barrier orders them).
//
// A scalar is taped only where the value the backward iteration reads is provably the one the slot
// holds: the loop's schedule is static, the gather ranges over the loop's own counter (no collapse,
// no nest), the backward iteration recomputes the iteration's forward sweep (TapePlan's
// recomputedLoops: that sweep writes nothing but the body's locals, so running it once more to fill
// the slots changes nothing), and no assignment of the scalar saves the value it overwrites (then
// every adjoint statement of the iteration reads the value the forward sweep left, which is the one
// the slot stores). The scalar is declared on the body's root, a double or a float. Elsewhere the
// scalar is not taped and the gather refuses as before: the stack stays where the schedule is dynamic.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/ForHeader.h"

#include <clang/AST/Stmt.h>

#include <set>
#include <string>
#include <vector>

namespace adrace::ad {

class Sweeps;

// The scalars of `loop`'s body a gather may read from a per-iteration tape (empty when the loop
// does not qualify). `collapsed`: the directive collapses a nest.
std::set<const clang::VarDecl*> iterationTapeCandidates(const AdjointContext& context, const ParallelLoop& loop,
                                                        const Sweeps& sweeps, const clang::ForStmt* stmt,
                                                        bool collapsed);

// Whether the statements push a value on the thread's tape (adrace_push_*).
bool pushesOnTape(const c::StmtList& statements);

// One taped scalar: its tape's name (`s_tape`), as the gather's terms read it.
struct TapedScalar {
  const clang::VarDecl* decl = nullptr;
  std::string tape;
  c::Type type;  // the scalar's (c::FromClang::type): its tape's elements and its loads
};

// `double *s_tape = adrace_iteration_tape(0, (size_t)adrace_trip);` for each taped scalar (before
// the parallel region; the slots are numbered in order).
c::StmtList iterationTapeDeclarations(const std::vector<TapedScalar>& taped);

// The worksharing loop that fills the slots (at the top of the region): the iteration's forward
// sweep, as the backward iteration recomputes it (`forward`), then `s_tape[adrace_k] = s;`.
c::StmtList iterationTapeFill(const std::vector<TapedScalar>& taped, const ForHeader& header, c::StmtList forward);

// The backward iteration `body` (Sweeps::backwardIterationOf: the recomputed forward sweep between
// its two comments, then the adjoint statements) with that forward sweep replaced by loads from the
// slots, `double s = s_tape[adrace_k];`, when it pushes nothing and the adjoint statements read
// nothing else it declares (what it writes besides is local to its nested blocks: a recomputed
// forward sweep writes only the body's locals); else `body` as it is.
c::StmtList iterationFromTape(const c::StmtList& body, const std::vector<TapedScalar>& taped);

}  // namespace adrace::ad
