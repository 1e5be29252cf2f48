// Calls to value helpers defined in the same file (`static inline double sq(double v) { return v * v; }`,
// and macros expanding to such calls) are inlined before anything else looks at the function: the
// call's node in the AST is replaced by the helper's returned expression with each use of a parameter
// replaced by the call's argument. The derivative rules, the tape plan and the analysis then see plain
// arithmetic (the analysis can prove more about `u[i]` than about a call), and the generated file needs
// no helper (its own adjoint). Arguments are evaluated once per use, so they must have no effect and
// call nothing that may return another value the next time (an OpenMP query, a timer).
//
// Refused (an "unsupported" diagnostic naming the callee): a helper whose body is more than one
// `return expr;` (helpers writing through pointer parameters included), recursion (direct or through
// other helpers, the differentiated function included), a function not defined in this file, variadic
// helpers, and a parameter used other than by value (its address taken, assigned).
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Inlines every helper call of context.function's body; records the first refusal in the context.
void inlineHelpers(AdjointContext& context);

}  // namespace adrace::ad
