// Turns a race-free primal loop into knowledge (docs/design.md [FormAD] §5.1 and §5.5): for every shared
// array and every pair (write, read-or-write) of its references, the two elements differ on two
// different iterations — asserted in the deepest context that must execute both references.
#pragma once

#include "analyzer/verdicts/LoopAnalysis.h"
#include "analyzer/model/LoopModel.h"
#include "smt/KnowledgeBase.h"

#include <optional>
#include <vector>

namespace adrace::analyzer {

// Where knowledge from a pair of references executed in contexts a and b may live: the deeper of
// the two when one contains the other, nowhere when neither does.
std::optional<int> knowledgeContext(int a, int b, const smt::ContextTree& tree);

// Asserts the loop's facts, then its disjointness pairs; returns the pairs that cannot be
// disjoint (a primal race) instead of asserting them.
std::vector<Inconsistency> extractKnowledge(const LoopModel& loop, smt::KnowledgeBase& knowledge);

// Whether the primal guarantees nothing about a reference: it is synchronised (atomic, critical,
// lock...), so two iterations may legally touch the same element.
bool carriesNoKnowledge(const Reference& reference);

}  // namespace adrace::analyzer
