// The loop model as JSON (`adrace analyze --dump-model`, and the first half of every loop in the
// report). Schema: docs/report-format.md.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <nlohmann/json.hpp>

namespace adrace::analyzer {

nlohmann::json toJson(const SourcePosition& position);
nlohmann::json toJson(const SourceSpan& span);
nlohmann::json toJson(const Diagnostic& diagnostic);
nlohmann::json toJson(const LoopModel& loop);

const char* comparisonText(smt::Comparison comparison);
const char* relationText(smt::KnowledgeBase::Relation relation);

// What every report says it assumed.
nlohmann::json modelAssumptions();

}  // namespace adrace::analyzer
