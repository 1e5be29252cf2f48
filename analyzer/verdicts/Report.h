// The `adrace analyze` report: per loop, the model plus the analysis (verdicts, unproven pairs
// with witnesses, statistics named after docs/design.md [FormAD] Table 1). Schema: docs/report-format.md.
#pragma once

#include "analyzer/verdicts/LoopAnalysis.h"
#include "analyzer/model/LoopModel.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace adrace::analyzer {

struct AnalyzedLoop {
  const LoopModel* model = nullptr;
  const LoopAnalysis* analysis = nullptr;  // null with --dump-model
};

struct AnalyzedFile {
  std::string file;
  std::vector<AnalyzedLoop> loops;
  // Loops and constructs that could not be analysed (an OpenMP construct not modelled, a loop not
  // in canonical form): where, and why. The file's other loops are analysed.
  std::vector<Diagnostic> notAnalysed;
};

nlohmann::json toJson(const LoopAnalysis& analysis, const LoopModel& loop);
nlohmann::json reportJson(const std::vector<AnalyzedFile>& files);
// A short human summary: one line per loop and one per adjoint array, guarded references and
// their witnesses indented below.
std::string reportText(const std::vector<AnalyzedFile>& files);

}  // namespace adrace::analyzer
