// The answer to a question document (docs/protocol.md, format adrace-answers/1): per question,
// the verdict, each adjoint reference with whether it needs the guard, and the unproven pairs
// with Z3's witnesses. Also the error object a malformed document gets.
#pragma once

#include "analyzer/verdicts/LoopAnalysis.h"
#include "analyzer/protocol/QuestionDocument.h"

#include <nlohmann/json.hpp>

namespace adrace::analyzer {

nlohmann::json answerDocument(const QuestionDocument& questions, const LoopAnalysis& analysis);

// {"error": {"field": "/references/0/index/0", "column": 7, "message": "..."}}
nlohmann::json errorDocument(const ProtocolError& error);

}  // namespace adrace::analyzer
