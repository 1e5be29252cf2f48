// Calls to helpers defined in the same file are inlined before anything else looks at the function,
// so that the derivative rules, the tape plan and the analysis see plain arithmetic and subscripts
// (the analysis can prove more about `u[i]` than about a call), and the generated file needs no
// helper (nor its adjoint):
// - a value helper (`static inline double sq(double v) { return v * v; }`, and macros expanding to
//   such calls): the call's node is replaced by the returned expression, each use of a parameter by
//   the call's argument. Arguments are then evaluated once per use, so they must call nothing that
//   may return another value the next time (an OpenMP query, a timer).
// - a void helper called as a statement (`force(&p[i], &fx, &fy);`, helpers writing through pointer
//   parameters): the call becomes a block of the body's statements. A pointer parameter is replaced
//   by its argument, `*f` by x and `a->m` by `x.m` when the argument is `&x`, `s[k]` by `a[e + k]`
//   when it is `&a[e]` or `a + e`; a value parameter becomes a local initialised with its argument
//   (C's copy: the body may assign it or overwrite what the argument reads); locals are declared
//   afresh under names no variable of the function has. Bodies of declarations of scalars,
//   expression statements, if/else, blocks, `for` loops (copied as loops: the sweeps then check the
//   counter and trip count as for any loop of the function), nested helper calls and a final `return;`.
// - a value helper with statements before its `return e;` (LULESH's CalcElemVolume), or whose
//   returned expression calls one: its call is evaluated first, as a statement, before the statement
//   or initialiser of a block that holds it (calls in evaluation order, arguments first; the
//   declarators of one declaration one after another): `T f_value;` and f's body inlined as a void
//   helper's, its final `return e;` becoming `f_value = e;`; the call reads f_value. This is one
//   order C allows, since a call runs as a whole before or after the rest of its statement.
//
// Refused (an "unsupported" diagnostic naming the callee): such a helper called where its call is
// not evaluated first or not always (a condition, a loop header, an arm of ?:, the right of &&, ||
// or a comma), `while`/`do` loops and other statements in a helper's body, a `return` before its end,
// local arrays and statics there, a pointer parameter used other than by its value (assigned, moved),
// recursion (direct or through other helpers, the differentiated function included), a function not
// defined in this file, variadic helpers.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Inlines every helper call of context.function's body; records the first refusal in the context.
// Returns how many orphaned worksharing loops it copied into the function's regions (OrphanedLoops.h).
int inlineHelpers(AdjointContext& context);

}  // namespace adrace::ad
