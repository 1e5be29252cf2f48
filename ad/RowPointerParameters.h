// Parameters that are arrays of row pointers, as C codes keep 2-D and 3-D arrays whose sizes are
// known at run time (Rodinia backprop's `float **w`, NPB MG's `double ***u`): `T **p` or `T ***p`
// of floating T, used only as elements `p[a][b]` (`p[a][b][c]`), one subscript per pointer level.
// Such a parameter is an n-D array: the analysis reads `p[a][b]` with the subscripts (a, b)
// (analyzer/frontend/AddressInArray.h, arrayRank), which proves two elements apart when their
// subscripts differ only if distinct rows do not overlap: the documented assumption (README.md,
// Assumptions; docs/adjoint.md, "Arrays of row pointers"), as distinct parameters are assumed not
// to alias. Its adjoint has the same type (`float **w_b`), the caller allocating rows of the same
// shape; it gets no per-thread copies (a copy would need the rows' lengths, which nothing gives).
//
// Anything else done with the parameter is refused with its location and the reason: a row `p[a]`
// used as a pointer value (passed to a function that is not inlined, assigned to a local, compared,
// assigned: a row allocated in the function), `p` itself assigned or passed, pointer arithmetic
// (`*(p + a)`, `p[a] + b`) or a dereference that is not a subscript.
#pragma once

#include "ad/AdjointContext.h"

#include <clang/AST/Decl.h>

namespace adrace::ad {

// The number of pointer levels down to a floating element (2 for `double **p`, 3 for `float ***p`)
// when `variable` is a parameter of that type; 0 otherwise (`double *p`, `int **p`, `double (*p)[N]`).
unsigned rowPointerLevels(const clang::VarDecl& variable);

// Refuses (context.unsupported) the first use of a row-pointer parameter in the function's body
// (after helper inlining) that is not one of its elements.
void checkRowPointerUses(AdjointContext& context);

}  // namespace adrace::ad
