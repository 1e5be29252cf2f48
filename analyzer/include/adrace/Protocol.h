// adrace's JSON question protocol as a library call (docs/protocol.md): an AD tool describes a
// parallel loop and asks about its adjoint arrays in a document, with no source file; the answer
// is a document too. `adrace answer` is this call over files, stdin, or one document per line.
#pragma once

#include "analyzer/verdicts/LoopAnalysis.h"
#include "analyzer/protocol/QuestionDocument.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace adrace {

using analyzer::AnalysisOptions;
using analyzer::ProtocolError;

struct ProtocolAnswer {
  nlohmann::json document;             // format adrace-answers/1, or {"error": {...}}
  std::optional<ProtocolError> error;  // set when the question document is malformed
};

// A question document (format adrace-questions/1). `options` supplies what the document does
// not say: the Z3 timeout, the guard policy, array extents.
ProtocolAnswer answerQuestions(const nlohmann::json& questions, const analyzer::AnalysisOptions& options);
// The same from JSON text; a syntax error is a malformed document whose field is "".
ProtocolAnswer answerQuestionText(std::string_view text, const analyzer::AnalysisOptions& options);

}  // namespace adrace
