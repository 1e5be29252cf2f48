// Chained assignments as C codes initialise with them, `a[i] = b[i] = 0.0;`: the statement is split,
// before anything else reads the function, into the inner assignment and the outer one storing
// what the inner stored, `b[i] = 0.0; a[i] = b[i];` (the value of an assignment is its left
// operand's after the store, C11 6.5.16). The derivative rules then see one store per statement.
// An assignment anywhere else inside an expression stays refused (StatementAdjoint.h).
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

void splitChainedAssignments(AdjointContext& context);

}  // namespace adrace::ad
