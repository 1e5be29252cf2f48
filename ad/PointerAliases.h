// Pointer locals that alias an array at an offset: `double *row = a + (long)i * n;`,
// `double *Ci = &C[i][0];`, `const double *q = p;`, never changed after their declaration. Every
// `row[k]` is `a[offset + k]`: the derivative rules treat row like an array, its adjoint is the same
// offset into a's adjoint (`double *row_b = a_b + (long)i * n;`, built as a tree), and its value is
// recomputed from the declaration wherever the backward sweep needs it (the offset reads only values
// that do not change while row is in scope). The analyzer does not follow such a pointer when its
// offset reads a counter it does not keep steady, so an increment through row_b in a parallel loop is
// guarded unless the analysis proved the reference it saw as an element of a (ParallelLoopAdjoint::aliasAtomicReason).
// Refused, with the reason: arithmetic on the pointer or another assignment to it, its address
// taken, the pointer passed to a call, an initialiser that is not one array at an offset (two
// arrays, a cast, another pointer local), an offset that reads a value that changes in its scope.
#pragma once

#include "ad/AdjointContext.h"

#include <clang/AST/Decl.h>

namespace adrace::ad {

// Records context.pointerAliases[decl] and returns true, or records the refusal and returns false.
bool recordPointerAlias(AdjointContext& context, const clang::VarDecl* decl);

// `a_b + e` / `&a_b[e]`: the alias's declaration with the base array replaced by its adjoint.
c::ExprRef aliasAdjointInit(const AdjointContext& context, const clang::VarDecl* decl);

}  // namespace adrace::ad
