// adrace/Protocol.h: read the document into a loop model, run the same analysis as
// `adrace analyze`, write the answer.
#include "adrace/Protocol.h"

#include "analyzer/protocol/AnswerDocument.h"

#include <string>

namespace adrace {

ProtocolAnswer answerQuestions(const nlohmann::json& questions, const analyzer::AnalysisOptions& options) {
  analyzer::QuestionDocumentResult read = analyzer::readQuestionDocument(questions);
  if (read.error) return {analyzer::errorDocument(*read.error), read.error};
  const analyzer::QuestionDocument& document = *read.document;
  analyzer::AnalysisOptions effective = options;
  effective.activity.inactive.insert(document.activity.inactive.begin(), document.activity.inactive.end());
  analyzer::LoopAnalysis analysis = document.questions
                                        ? analyzer::analyzeLoop(document.loop, *document.questions, effective)
                                        : analyzer::analyzeLoop(document.loop, effective);
  return {analyzer::answerDocument(document, analysis), std::nullopt};
}

namespace {

// A document nested deeper than this is refused while it is read: no question needs more than a
// handful of levels, and a 10,000-deep `id` would otherwise be echoed back at 200 MB.
constexpr int kMaximumDocumentNesting = 64;

struct TooDeep {};

ProtocolAnswer malformedText(std::string message) {
  // "[json.exception.parse_error.101] parse error at line 1, column 3: ..." without the tag.
  if (size_t tag = message.find("] "); tag != std::string::npos) message.erase(0, tag + 2);
  ProtocolError malformed{"", std::move(message), 0};
  return {analyzer::errorDocument(malformed), malformed};
}

}  // namespace

ProtocolAnswer answerQuestionText(std::string_view text, const analyzer::AnalysisOptions& options) {
  nlohmann::json questions;
  try {
    questions = nlohmann::json::parse(text, [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
      if (depth > kMaximumDocumentNesting) throw TooDeep{};
      return true;
    });
  } catch (const TooDeep&) {
    return malformedText("document nested more than " + std::to_string(kMaximumDocumentNesting) + " levels deep");
  } catch (const nlohmann::json::exception& error) {
    // Syntax errors, and numbers out of the range of a double (1e400).
    return malformedText(error.what());
  }
  return answerQuestions(questions, options);
}

}  // namespace adrace
