// adrace analyze: the loop models and, per loop, the FormAD verdicts and statistics.
#include "analyzer/frontend/Frontend.h"
#include "analyzer/verdicts/LoopAnalysis.h"
#include "analyzer/verdicts/Report.h"
#include "tools/adrace/Commands.h"

#include <spdlog/spdlog.h>

#include <filesystem>
#include <iostream>
#include <sstream>

namespace adrace::tool {
namespace {

std::vector<OptionSpec> analyzeOptions() {
  std::vector<OptionSpec> options = commonOptions();
  options.insert(
      options.end(),
      {
          {"--dump-model", "", false, "", "print only the loop models (no Z3)"},
          {"--format", "", true, "json|text", "report format (default json)"},
          {"--output", "-o", true, "FILE", "write the report to FILE instead of stdout"},
          {"--budget-ms", "", true, "MS",
           "time for the Z3 queries of each loop; what is left is guarded (default 30000)"},
          {"--active", "", true, "NAME,...", "only these variables get adjoints"},
          {"--inactive", "", true, "NAME,...", "these variables get no adjoint"},
          {"--guard", "", true, "auto|atomic|reduction", "protection for guarded arrays (default auto)"},
          {"--no-gather", "", false, "", "do not ask whether guarded arrays can be gathers"},
          {"--extent", "", true, "NAME=EXPR,...", "element count of arrays whose declaration does not say it"},
      });
  for (const OptionSpec& limit : queryLimitOptions("unknown means guarded")) options.push_back(limit);
  return options;
}

bool sameFile(const std::string& a, const std::string& b) {
  std::error_code ignored;
  return a == b || std::filesystem::weakly_canonical(a, ignored) == std::filesystem::weakly_canonical(b, ignored);
}

}  // namespace

std::string readAnalysisOptions(const ParsedCommandLine& parsed, analyzer::AnalysisOptions& options) {
  for (const std::string& name : splitList(parsed.value("--active"))) options.activity.active.insert(name);
  for (const std::string& name : splitList(parsed.value("--inactive"))) options.activity.inactive.insert(name);
  options.gather = !parsed.has("--no-gather");
  std::string guard = parsed.value("--guard", "auto");
  if (guard == "auto")
    options.guard = analyzer::GuardPolicy::Auto;
  else if (guard == "atomic")
    options.guard = analyzer::GuardPolicy::Atomic;
  else if (guard == "reduction")
    options.guard = analyzer::GuardPolicy::Reduction;
  else
    return "--guard must be auto, atomic or reduction, not '" + guard + "'";
  for (const std::string& item : splitList(parsed.value("--extent"))) {
    size_t equals = item.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == item.size())
      return "--extent expects NAME=EXPR, not '" + item + "'";
    options.extents[item.substr(0, equals)] = item.substr(equals + 1);
  }
  std::string error = readPositiveInteger(parsed, "--z3-timeout-ms", kMaximumMilliseconds, options.z3TimeoutMs);
  if (error.empty()) error = readPositiveInteger(parsed, "--budget-ms", kMaximumMilliseconds, options.budgetMs);
  if (error.empty()) error = readResourceLimit(parsed);
  return error;
}

std::string readResourceLimit(const ParsedCommandLine& parsed) {
  unsigned steps = smt::queryResourceLimit();
  std::string error = readPositiveInteger(parsed, "--z3-rlimit", kMaximumResourceLimit, steps);
  if (error.empty()) smt::setQueryResourceLimit(steps);
  return error;
}

std::vector<OptionSpec> queryLimitOptions(const std::string& undecided) {
  return {
      {"--z3-rlimit", "", true, "N",
       "per-query Z3 resource limit (solver steps, the same on every machine); " + undecided + " (default " +
           std::to_string(smt::kDefaultQueryResourceLimit) + ")"},
      {"--z3-timeout-ms", "", true, "MS",
       "per-query wall-clock safety net above the resource limit; " + undecided + " (default " +
           std::to_string(smt::kDefaultQueryTimeoutMs) + ")"},
  };
}

int runAnalyze(const std::vector<std::string>& arguments) {
  const std::vector<OptionSpec> options = analyzeOptions();
  ParsedCommandLine parsed = parseCommandLine(arguments, options);
  if (parsed.has("--help")) {
    std::cout << usageText("analyze", "[options] FILE... [-- compiler flags]",
                           "Models every OpenMP parallel loop and proves, per adjoint array, whether its updates\n"
                           "are race-free (shared) or need reduction(+) or atomic.\n"
                           "Exit 0: every loop analysed; 2: usage or input error; 3: some loop or construct\n"
                           "could not be analysed (listed under not_analysed, the others are analysed).",
                           options);
    return kExitOk;
  }
  analyzer::AnalysisOptions analysisOptions;
  if (parsed.error.empty()) parsed.error = readAnalysisOptions(parsed, analysisOptions);
  std::string format = parsed.value("--format", "json");
  if (parsed.error.empty() && format != "json" && format != "text")
    parsed.error = "--format must be json or text, not '" + format + "'";
  if (parsed.error.empty() && parsed.positional.empty()) parsed.error = "no input file";
  if (!parsed.error.empty()) {
    std::cerr << "adrace analyze: error: " << parsed.error << "\n";
    return kExitUsage;
  }
  configureLogging(parsed);

  analyzer::FrontendResult models = analyzer::buildModels(compileSettingsFrom(parsed));
  // A construct or loop adrace does not model makes that loop "not analysed" (listed in the report,
  // a warning on stderr, exit 3); the file's other loops are analysed. Any other error is exit 2.
  std::vector<analyzer::Diagnostic> notAnalysed;
  for (analyzer::Diagnostic& diagnostic : models.diagnostics) {
    bool located = diagnostic.at.line > 0;
    if (diagnostic.severity == analyzer::Diagnostic::Severity::Error && diagnostic.unsupported && located) {
      notAnalysed.push_back(diagnostic);
      diagnostic.severity = analyzer::Diagnostic::Severity::Warning;
      diagnostic.message = "could not analyse: " + diagnostic.message;
    }
  }
  if (reportDiagnostics(models.diagnostics)) return kExitUsage;

  std::vector<analyzer::LoopAnalysis> analyses;
  size_t loopCount = 0;
  for (const analyzer::FileModel& file : models.files) loopCount += file.loops.size();
  analyses.reserve(loopCount);
  std::vector<analyzer::AnalyzedFile> report;
  for (const analyzer::FileModel& file : models.files) {
    analyzer::AnalyzedFile analyzed{file.file, {}, {}};
    for (const analyzer::Diagnostic& skipped : notAnalysed)
      if (sameFile(skipped.at.file, file.file) || models.files.size() == 1) analyzed.notAnalysed.push_back(skipped);
    for (const analyzer::LoopModel& loop : file.loops) {
      const analyzer::LoopAnalysis* analysis = nullptr;
      if (!parsed.has("--dump-model")) {
        spdlog::debug("analysing loop {} of {} (line {})", loop.id, file.file, loop.pragmaAt.line);
        analyses.push_back(analyzer::analyzeLoop(loop, analysisOptions));
        analysis = &analyses.back();
      }
      analyzed.loops.push_back({&loop, analysis});
    }
    report.push_back(std::move(analyzed));
  }
  std::string text = format == "json" ? analyzer::reportJson(report).dump(2) + "\n" : analyzer::reportText(report);
  if (!writeOutput(parsed.value("--output"), text, parsed.positional)) return kExitUsage;
  return notAnalysed.empty() ? kExitOk : kExitCouldNotCheck;
}

}  // namespace adrace::tool
