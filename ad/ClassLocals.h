// C++ locals of class type that bundle scalars, as C++ codes carry coefficients or a small state:
// `Box b(2.0);` with `explicit Box(double s) : scale(s) {}`, read as `b.scale` (its accessors,
// `b.apply(x)`, already inlined as `b.scale * x`: HelperInlining.h). Each member becomes a scalar
// local declared where b was (`double b_scale = 2.0;`), and each `b.scale` that local: the
// derivative rules, the tape plan and the analysis then see scalars (inside a parallel loop, locals
// of the body as b was: private to the iteration).
// Replaced only when that is the same program: the class has arithmetic members only, no base, no
// virtual function, a trivial destructor, and b's constructor has an empty body and initialises
// every member from one of its parameters (of the member's type) or a constant (a default member
// initialiser included); b is used only as `b.m` (not copied, not passed, its address not taken).
// Otherwise the local stays, and is refused with its type.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Replaces the class locals of context.function's body (after helper inlining) by scalars.
void replaceClassLocals(AdjointContext& context);

}  // namespace adrace::ad
