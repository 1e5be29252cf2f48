// C++ locals of class type that bundle scalars, as C++ codes carry coefficients or a small state:
// `Box b(2.0);` with `explicit Box(double s) : scale(s) {}`, read as `b.scale` (its accessors,
// `b.apply(x)`, already inlined as `b.scale * x`: HelperInlining.h). Each member becomes a scalar
// local declared where b was (`double b_scale = 2.0;`), and each `b.scale` that local: the
// derivative rules, the tape plan and the analysis then see scalars (inside a parallel loop, locals
// of the body as b was: private to the iteration).
// A constructor that computes its members is followed: `Face(double a, double b) : w(0.5 * (a + b))
// { inv = 1.0 / w; }` gives `double f_w = 0.5 * (ua + ub); double f_inv = 1.0 / f_w;` (the
// arguments in place of the parameters, the members' scalars in place of the members, declared in
// the order the constructor computes them: initialisers, then the body's assignments).
// A struct of arithmetic members with no code of its own (a C struct, or a C++ aggregate) is
// replaced the same way, as Rodinia's CFD code holds its vectors: `float3 m;` filled member by
// member, or by an inlined helper through `&m`, gives uninitialised scalars, and `float3 f = {a,
// 0.0f, 0.0f};` scalars with the list's values.
// Replaced only when that is the same program: the class has arithmetic members only, no base, no
// virtual function, a trivial destructor; b's constructor gives every member a value by
// initialisers (default member initialisers included) and body statements `m = e;` only, whose
// expressions read parameters, members computed before, constants and math functions (an argument
// read twice must call nothing else and write nothing); b is used only as `b.m` (not copied, not
// passed, its address not taken). Otherwise the local stays, and is refused with its type.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Replaces the class locals of context.function's body (after helper inlining) by scalars.
void replaceClassLocals(AdjointContext& context);

}  // namespace adrace::ad
