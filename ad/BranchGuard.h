// The branches a read of a gathered array sits under in the innermost loop body, as one condition.
//
// A stencil's boundary cases are often branches: `if (i == 0) west = u[i]; else west = u[i - 1];`.
// The increment of u_b from such a read runs only at the iterations whose conditions hold, so its
// gather term (ad/GatherAdjoint.h) is the root term guarded by the conjunction of those conditions
// evaluated at the shifted iteration: `cond(j + 1) ? t(j + 1) : 0.0`. A `?:` arm needs no guard of
// its own: the adjoint of `c ? a : b` already seeds a with `c ? seed : 0.0` (ad/StatementAdjoint.cpp).
// Anything else between the read and its loop (an inner loop, a switch, the right operand of && or
// ||, a condition with side effects, a body whose `continue` the sweeps rewrote) has no such guard.
#pragma once

#include "ad/AdjointContext.h"

#include <string>

namespace adrace::ad {

struct BranchGuard {
  c::ExprRef condition;  // null: the read runs at every iteration (or only ?: arms guard it)
  std::string failure;   // non-empty: the read's branches cannot become a guard
};

// `read`: the primal expression of the read; `loop`: the innermost loop of the gather's box.
BranchGuard branchGuard(AdjointContext& context, const clang::Expr* read, const clang::ForStmt* loop);

// The adjoint of a `?:` arm, `c ? seed : 0.0` (or `c ? 0.0 : seed`, nested arms alike): the condition
// under which it is not zero, `value` becoming the seed; null (value unchanged) for any other value.
// Its increment is stored only under that condition: the primal reads the arm's element only there,
// and elsewhere the element may lie outside the array or belong to another iteration.
c::ExprRef armCondition(c::ExprRef& value);

// Whether the primal expression `leaf` lies in an arm of a `?:` of its statement (read only when the
// arm runs), as opposed to a seed made conditional by a math rule (fmax reads both arguments).
bool inConditionalArm(const AdjointContext& context, const clang::Expr* leaf);

// An increment whose value multiplies an arm's seed by a partial, `x[i + 1] * (c ? seed : 0.0)`, or
// sits in nested arms: `condition` is the conjunction of the `?:` conditions under which the primal
// reads `leaf` (negated for a false arm; null outside any arm) and `value` the increment's value where
// they hold (those seeds without their `?:`). The increment is stored only under `condition`: the
// partial may read, and the target may be, an element that exists only where the arm runs.
struct ArmGuard {
  c::ExprRef condition;
  c::ExprRef value;
};
ArmGuard armGuard(const AdjointContext& context, const clang::Expr* leaf, const c::ExprRef& value);

}  // namespace adrace::ad
