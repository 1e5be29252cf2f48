// A thread's static chunk of a collapsed nest's flat iteration space (CollapsedNest.h), run row by
// row: the chunk [adrace_begin, adrace_end) is cut at the ends of the innermost loop's rows, the outer
// counters are computed once per row, and the innermost counter steps along with adrace_k as it
// does in a single loop's chunk. The iterations and their order are those of the flat loop (the tape
// pops in the same order), but the innermost loop is a plain counted loop that compilers vectorize
// (a loop that only zeroes an adjoint becomes a memset), where rebuilding the counters from the flat
// index at every iteration kept it scalar (docs/adjoint.md, collapse(n)).
#pragma once

#include "ad/CodeWriter.h"
#include "ad/CollapsedNest.h"

namespace adrace::ad {

// Writes the rows of this thread's chunk, each running `body` for its iterations: in the flat order
// when `forwards`, else in the reverse one. adrace_k, adrace_begin and adrace_end are declared before.
void runCollapsedRows(const CollapsedNest& nest, const CodeWriter& body, bool forwards, CodeWriter& out);

}  // namespace adrace::ad
