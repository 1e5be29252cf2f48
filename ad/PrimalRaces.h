// The primal's races, as `adrace check` finds them: a parallel loop or region of the function
// that definitely races has no derivative to trust (its values depend on the threads' timing), so
// the adjoint is refused at the race, or, with --allow-racy-primal, written with a warning naming it.
// Only definite races count: a possible one (an index array, an unknown call) is what the
// analysis guards anyway.
#pragma once

#include "ad/AdjointContext.h"
#include "analyzer/check/RaceCheck.h"

#include <vector>

namespace adrace::ad {

// The definite races of the function's loops and regions. Run on the AST as written, before
// anything rewrites it.
std::vector<analyzer::RaceFinding> definitePrimalRaces(const AdjointContext& context, const std::string& file);

// Records "unsupported" on `context` at the first race, or appends a warning per race to
// `warnings` when request.allowRacyPrimal. Called once the sweeps are built, so that a construct
// the adjoint refuses anyway (a shared loop counter, code every thread of a region runs) is
// refused with its own, more specific, diagnostic.
void refuseRacyPrimal(AdjointContext& context, const std::vector<analyzer::RaceFinding>& races,
                      std::vector<analyzer::Diagnostic>& warnings);

}  // namespace adrace::ad
