#include "analyzer/verdicts/Report.h"

#include "analyzer/model/ModelJson.h"

#include <iomanip>
#include <sstream>

namespace adrace::analyzer {

using nlohmann::json;

namespace {

// The verdict `adrace adjoint --strategy formad` writes: "gather" where the gather applies (plain
// stores over the targets), else the verdict itself; the guard a consumer that writes no gathers
// uses is then reported as "guard".
std::string reportedVerdict(const ArrayVerdict& verdict) {
  return verdict.gather && verdict.gather->applies ? "gather" : verdictName(verdict.verdict);
}

const Reference* referenceById(const LoopModel& loop, int id) {
  for (const Reference& reference : loop.references)
    if (reference.id == id) return &reference;
  return nullptr;
}

std::string describe(const LoopModel& loop, int id) {
  const Reference* reference = referenceById(loop, id);
  if (!reference) return "?";
  return reference->text + " (" + std::to_string(reference->span.begin.line) + ":" +
         std::to_string(reference->span.begin.column) + ")";
}

json witnessJson(const smt::Coincidence& answer) {
  json witness = json::object();
  for (const auto& [symbol, value] : answer.witness) witness[symbol] = value;
  return witness;
}

}  // namespace

json toJson(const LoopAnalysis& analysis, const LoopModel& loop) {
  json arrays = json::array();
  for (const ArrayVerdict& verdict : analysis.arrays) {
    json unproven = json::array();
    for (const UnprovenPair& pair : verdict.unproven) {
      json entry = {{"reason", pair.reason}};
      if (pair.first >= 0) {
        entry["first"] = {{"reference", pair.first}, {"text", describe(loop, pair.first)}};
        entry["second"] = {{"reference", pair.second}, {"text", describe(loop, pair.second)}};
      }
      if (pair.answer.status == smt::Coincidence::Status::Overlap) {
        entry["witness"] = witnessJson(pair.answer);
        entry["through_array_read"] = pair.answer.throughArrayRead;
      }
      unproven.push_back(entry);
    }
    json entry = {{"array", verdict.array},
                  {"adjoint", verdict.adjoint},
                  {"scalar", verdict.scalar},
                  {"verdict", reportedVerdict(verdict)},
                  {"proven", verdict.proven},
                  {"reason", verdict.reason},
                  {"primal_read_only", verdict.primalReadOnly},
                  {"adjoint_writes", verdict.adjointWrites},
                  {"guarded_references", verdict.guardedReferences},
                  {"unproven_pairs", unproven}};
    if (reportedVerdict(verdict) != verdictName(verdict.verdict)) entry["guard"] = verdictName(verdict.verdict);
    if (!verdict.extent.empty()) entry["extent"] = verdict.extent;
    if (verdict.unlistedPairs) entry["unlisted_pairs"] = verdict.unlistedPairs;
    if (verdict.gather) {
      json terms = json::array();
      for (const GatherTerm& term : verdict.gather->terms) {
        json entry = {
            {"reference", term.reference}, {"text", describe(loop, term.reference)}, {"offsets", term.offsets}};
        if (!term.innerCounter.empty())  // a family of terms, one per value of an inner loop's counter
          entry["inner_loop"] = {{"counter", term.innerCounter}, {"first", term.innerFirst}, {"last", term.innerLast}};
        terms.push_back(entry);
      }
      entry["gather"] = {{"applies", verdict.gather->applies}, {"reason", verdict.gather->reason}, {"terms", terms}};
      if (verdict.gather->linearised) entry["gather"]["linearised"] = true;
    }
    arrays.push_back(entry);
  }
  json inconsistencies = json::array();
  for (const Inconsistency& inconsistency : analysis.inconsistencies) {
    json entry = {{"context", inconsistency.context}, {"message", inconsistency.message}};
    if (inconsistency.first >= 0) entry["references"] = {inconsistency.first, inconsistency.second};
    inconsistencies.push_back(entry);
  }
  const AnalysisStatistics& s = analysis.statistics;
  return {{"arrays", arrays},
          {"primal_inconsistencies", inconsistencies},
          {"notes", analysis.notes},
          {"statistics",
           {{"time_ms", s.totalMilliseconds},
            {"z3_time_ms", s.z3Milliseconds},
            {"z3_size", s.assertions},
            {"knowledge_assertions", s.knowledgeAssertions},
            {"queries", s.queries},
            {"cached_queries", s.cachedQueries},
            {"exprs", s.uniqueExpressions},
            {"loc", s.linesOfCode}}}};
}

json reportJson(const std::vector<AnalyzedFile>& files) {
  json filesJson = json::array();
  for (const AnalyzedFile& file : files) {
    json loops = json::array();
    for (const AnalyzedLoop& loop : file.loops) {
      json entry = toJson(*loop.model);
      if (loop.analysis) entry["analysis"] = toJson(*loop.analysis, *loop.model);
      loops.push_back(entry);
    }
    json notAnalysed = json::array();
    for (const Diagnostic& skipped : file.notAnalysed)
      notAnalysed.push_back(
          {{"at", {{"file", skipped.at.file}, {"line", skipped.at.line}, {"column", skipped.at.column}}},
           {"reason", skipped.message}});
    json entry = {{"file", file.file}, {"loops", loops}};
    if (!notAnalysed.empty()) entry["not_analysed"] = notAnalysed;
    filesJson.push_back(entry);
  }
  return {{"tool", "adrace"},
          {"version", ADRACE_VERSION},
          {"format", "adrace-report/1"},
          {"assumptions", modelAssumptions()},
          {"files", filesJson}};
}

std::string reportText(const std::vector<AnalyzedFile>& files) {
  std::ostringstream out;
  for (const AnalyzedFile& file : files) {
    if (file.loops.empty() && file.notAnalysed.empty()) out << file.file << ": no parallel loop\n";
    for (const Diagnostic& skipped : file.notAnalysed)
      out << skipped.at.file << ":" << skipped.at.line << ":" << skipped.at.column
          << ": could not analyse: " << skipped.message << "\n";
    for (const AnalyzedLoop& loop : file.loops) {
      const LoopModel& model = *loop.model;
      out << model.pragmaAt.file << ":" << model.pragmaAt.line << ": loop " << model.id << " in " << model.function
          << " (omp " << loopDirectiveName(model.directive) << ", counter " << model.dimensions.front().domain.counter
          << ")\n";
      if (!loop.analysis) continue;
      for (const ArrayVerdict& verdict : loop.analysis->arrays) {
        out << "  " << std::left << std::setw(14) << verdict.adjoint << std::setw(13) << reportedVerdict(verdict)
            << verdict.reason << "\n";
        if (verdict.gather)
          out << "      " << (verdict.gather->applies ? "gather: " : "no gather: ") << verdict.gather->reason << "\n";
        for (const UnprovenPair& pair : verdict.unproven) {
          out << "      ";
          if (pair.first >= 0) out << describe(model, pair.first) << " vs " << describe(model, pair.second) << ": ";
          out << pair.reason;
          if (!pair.answer.witness.empty()) {
            out << " [";
            bool first = true;
            for (const auto& [symbol, value] : pair.answer.witness) {
              out << (first ? "" : ", ") << symbol << "=" << value;
              first = false;
            }
            out << "]";
          }
          out << "\n";
        }
      }
      for (const Inconsistency& inconsistency : loop.analysis->inconsistencies)
        out << "  primal race: " << inconsistency.message << "\n";
      for (const std::string& note : loop.analysis->notes) out << "  note: " << note << "\n";
      const AnalysisStatistics& s = loop.analysis->statistics;
      out << "  time " << std::fixed << std::setprecision(1) << s.totalMilliseconds << " ms (z3 " << s.z3Milliseconds
          << " ms), z3 size " << s.assertions << ", queries " << s.queries << ", exprs " << s.uniqueExpressions
          << ", loc " << s.linesOfCode << "\n";
      out.unsetf(std::ios::fixed);
    }
  }
  return out.str();
}

}  // namespace adrace::analyzer
