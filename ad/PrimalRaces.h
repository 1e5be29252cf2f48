// The primal's races, as `adrace check` finds them: a parallel loop or region of the function
// that definitely races has no derivative to trust (its values depend on the threads' timing), so
// the adjoint is refused at the race, or, with --allow-racy-primal, written with a warning naming it.
// Only definite races count: a possible one (an index array, an unknown call) is what the
// analysis guards anyway.
#pragma once

#include "ad/AdjointContext.h"

#include <vector>

namespace adrace::ad {

// Run on the function's AST before anything rewrites it. Records "unsupported" on `context` at the
// first definite race, or appends a warning per race to `warnings` when request.allowRacyPrimal.
void checkPrimalRaces(AdjointContext& context, const std::string& file, std::vector<analyzer::Diagnostic>& warnings);

}  // namespace adrace::ad
