#include "analyzer/protocol/AnswerDocument.h"

#include "analyzer/verdicts/AdjointReferences.h"

#include <algorithm>
#include <map>

namespace adrace::analyzer {
namespace {

using nlohmann::json;

// The adjoint references a verdict speaks of, in the order the analysis asked about them.
std::vector<AdjointReference> referencesAsked(const QuestionDocument& questions, const ArrayVerdict& verdict,
                                              const AdjointQuestion* question) {
  if (verdict.scalar || verdict.verdict == Verdict::Private) return {};
  if (question && question->references) return adjointReferences(*question->references, verdict.array);
  return adjointReferences(questions.loop, verdict.array);
}

// `question` is null when the document asked for every active variable.
json answerJson(const QuestionDocument& questions, const ArrayVerdict& verdict, const AdjointQuestion* question) {
  bool derived = !question || !question->references;
  std::vector<AdjointReference> asked = referencesAsked(questions, verdict, question);
  // Pairs and guards name references by id; the answer names them by position in "references".
  std::map<int, size_t> positionOf;
  json references = json::array();
  for (const AdjointReference& reference : asked) {
    const Reference& primal = *reference.primal;
    positionOf[primal.id] = references.size();
    json index = json::array();
    for (const smt::ExprRef& subscript : primal.indices) index.push_back(smt::toString(subscript));
    bool guarded = std::find(verdict.guardedReferences.begin(), verdict.guardedReferences.end(), primal.id) !=
                   verdict.guardedReferences.end();
    json entry = {{"kind", reference.role}, {"index", index}, {"context", primal.context}, {"guarded", guarded}};
    if (primal.opaque) entry["opaque"] = primal.opaqueReason;
    if (derived) entry["primal"] = primal.id;
    references.push_back(entry);
  }
  json pairs = json::array();
  for (const UnprovenPair& pair : verdict.unproven) {
    json entry = {{"reason", pair.reason}};
    if (pair.first >= 0) {
      entry["first"] = positionOf.at(pair.first);
      entry["second"] = positionOf.at(pair.second);
    }
    if (pair.answer.status == smt::Coincidence::Status::Overlap) {
      json witness = json::object();
      for (const auto& [symbol, value] : pair.answer.witness) witness[symbol] = value;
      entry["witness"] = witness;
      entry["through_array_read"] = pair.answer.throughArrayRead;
    }
    pairs.push_back(entry);
  }
  json answer = {{"array", verdict.array},
                 {"adjoint", verdict.adjoint},
                 {"scalar", verdict.scalar},
                 {"verdict", verdictName(verdict.verdict)},
                 {"proven", verdict.proven},
                 {"reason", verdict.reason},
                 {"primal_read_only", verdict.primalReadOnly},
                 {"references", references},
                 {"unproven_pairs", pairs}};
  if (!verdict.extent.empty()) answer["extent"] = verdict.extent;
  return answer;
}

}  // namespace

json answerDocument(const QuestionDocument& questions, const LoopAnalysis& analysis) {
  json answers = json::array();
  for (size_t i = 0; i < analysis.arrays.size(); ++i) {
    const AdjointQuestion* question = questions.questions ? &(*questions.questions)[i] : nullptr;
    answers.push_back(answerJson(questions, analysis.arrays[i], question));
  }
  json inconsistencies = json::array();
  for (const Inconsistency& inconsistency : analysis.inconsistencies) {
    json entry = {{"context", inconsistency.context}, {"message", inconsistency.message}};
    if (inconsistency.first >= 0) entry["references"] = {inconsistency.first, inconsistency.second};
    inconsistencies.push_back(entry);
  }
  const AnalysisStatistics& s = analysis.statistics;
  json document = {{"format", "adrace-answers/1"}};
  if (!questions.id.is_null()) document["id"] = questions.id;
  document["answers"] = answers;
  document["primal_inconsistencies"] = inconsistencies;
  document["notes"] = analysis.notes;
  document["statistics"] = {{"time_ms", s.totalMilliseconds}, {"z3_time_ms", s.z3Milliseconds},
                            {"z3_size", s.assertions},        {"knowledge_assertions", s.knowledgeAssertions},
                            {"queries", s.queries},           {"cached_queries", s.cachedQueries},
                            {"exprs", s.uniqueExpressions}};
  return document;
}

json errorDocument(const ProtocolError& error) {
  json detail = {{"field", error.field}, {"message", error.message}};
  if (error.column) detail["column"] = error.column;
  return {{"error", detail}};
}

}  // namespace adrace::analyzer
