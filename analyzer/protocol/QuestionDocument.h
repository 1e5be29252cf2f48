// A question document (docs/protocol.md, format adrace-questions/1): a parallel loop described
// by an AD tool without any source file, read into the clang-free loop model and the questions
// asked about it. The analysis itself is the one `adrace analyze` runs.
#pragma once

#include "analyzer/model/Activity.h"
#include "analyzer/verdicts/LoopAnalysis.h"
#include "analyzer/model/LoopModel.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct QuestionDocument {
  LoopModel loop;
  std::optional<std::vector<AdjointQuestion>> questions;  // absent: every active variable
  ActivityOptions activity;                               // variables marked "active": false
  nlohmann::json id;                                      // echoed in the answer; null when absent
};

// Why a document cannot be answered: the member at fault as a JSON pointer
// ("/references/3/index/0"), and for an index expression the 1-based column in that string.
struct ProtocolError {
  std::string field;
  std::string message;
  unsigned column = 0;  // 0: not about a position inside a string
};

struct QuestionDocumentResult {
  std::optional<QuestionDocument> document;
  std::optional<ProtocolError> error;
};

QuestionDocumentResult readQuestionDocument(const nlohmann::json& document);

}  // namespace adrace::analyzer
