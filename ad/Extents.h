// --extent NAME=EXPR: the element count of an array, for per-thread adjoint copies. The text is
// parsed as an index expression by the question protocol's parser (analyzer/IndexParser.h) over the
// names it may use (the function's integer parameters and function-scope locals, integer globals,
// enumerators and the file's object-like macros) and printed from the C tree: anything else (`((`,
// a call) is refused, never pasted into the generated file.
#pragma once

#include "ad/AdjointContext.h"

#include <set>
#include <string>

namespace adrace::ad {

// Fills context.extents; records an "unsupported" diagnostic for an extent that does not parse.
void parseExtents(AdjointContext& context, const std::set<std::string>& macros);

}  // namespace adrace::ad
