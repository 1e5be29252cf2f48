// adrace/Protocol.h: read the document into a loop model, run the same analysis as
// `adrace analyze`, write the answer.
#include "adrace/Protocol.h"

#include "analyzer/protocol/AnswerDocument.h"

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

ProtocolAnswer answerQuestionText(std::string_view text, const analyzer::AnalysisOptions& options) {
  nlohmann::json questions;
  try {
    questions = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    // "[json.exception.parse_error.101] parse error at line 1, column 3: ..." without the tag.
    std::string message = error.what();
    if (size_t tag = message.find("] "); tag != std::string::npos) message.erase(0, tag + 2);
    ProtocolError malformed{"", message, 0};
    return {analyzer::errorDocument(malformed), malformed};
  }
  return answerQuestions(questions, options);
}

}  // namespace adrace
