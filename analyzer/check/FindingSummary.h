// Keeps what `adrace check` prints about one file readable (docs/check.md, "Output"): a large
// parallel region can pair thousands of accesses, and a developer acts on pairs of statements, not
// on pairs of subscripts.
#pragma once

#include "analyzer/check/RaceCheck.h"

#include <cstddef>
#include <vector>

namespace adrace::analyzer {

// The possible races shown per loop or region; past it one finding counts the rest.
inline constexpr std::size_t kPossibleFindingsShown = 25;

// Exact duplicates go; findings of one loop or region on one variable between the same two
// statements, of the same kind and certainty, become the first of them, its message counting the
// others; past kPossibleFindingsShown possible races in a loop or region, one finding counts the
// rest. Definite and "could not check" findings are never dropped. Order is kept.
void summariseFindings(std::vector<RaceFinding>& findings);

}  // namespace adrace::analyzer
