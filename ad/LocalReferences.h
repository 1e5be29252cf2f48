// C++ references to scalars in a function body, as C++ codes name an element they read or update
// several times: `const double &c = u[i];`, `double &acc = r[i];`, `double &t = total;`. A reference
// is another name for its element for as long as it is in scope, so every use of it is replaced by
// the element's access (`u[i]`), and the declaration is dropped (a reference to a whole struct
// variable too, `float3& v = velocity;`, as helper inlining binds a reference parameter): the derivative rules, the
// tape plan and the analysis then see the subscripts as if written in place. Substituted only when that is the same
// program: the reference is bound to an element or a variable (not to a temporary: `const double &s = a + b;` stays,
// and is refused with its type), and no variable its subscripts read is written in the function (the counter of a loop
// enclosing the declaration aside), nor the array's pointer itself.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Substitutes the scalar references of context.function's body (after helper inlining).
void substituteLocalReferences(AdjointContext& context);

}  // namespace adrace::ad
