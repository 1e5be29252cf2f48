// adrace adjoint: writes NAME_b, the reverse-mode adjoint of one function (ad/AdjointGenerator.h).
#include "ad/AdjointGenerator.h"
#include "tools/adrace/Commands.h"

#include <spdlog/spdlog.h>

#include <iostream>
#include <sstream>

namespace adrace::tool {
namespace {

std::vector<OptionSpec> adjointOptions() {
  std::vector<OptionSpec> options = commonOptions();
  options.insert(
      options.end(),
      {
          {"--function", "", true, "NAME", "the function to differentiate (the adjoint is NAME_b)"},
          {"--active", "", true, "P,...", "active parameters: arrays or by-value scalars"},
          {"--strategy", "", true, "formad|atomic|reduction|serial", "protection of shared adjoints (default formad)"},
          {"--guard", "", true, "auto|atomic|reduction", "formad: protection of arrays not proven (default auto)"},
          {"--no-gather", "", false, "",
           "formad: keep guarding stencil reads instead of writing their adjoints as gathers"},
          {"--extent", "", true, "NAME=EXPR,...", "element count of arrays (for per-thread reduction copies)"},
          {"--budget-ms", "", true, "MS",
           "time for the Z3 queries of each loop; what is left is guarded (default 30000)"},
          {"--allow-racy-primal", "", false, "",
           "write the adjoint of a primal that races (a warning names the race) instead of refusing it"},
          {"--include-primal", "", false, "",
           "the C file includes FILE and is compiled in its place (the adjoint then reaches its static variables)"},
          {"--output", "-o", true, "FILE", "write the C file to FILE instead of stdout"},
      });
  for (const OptionSpec& limit : queryLimitOptions("unknown means guarded")) options.push_back(limit);
  return options;
}

}  // namespace

int runAdjoint(const std::vector<std::string>& arguments) {
  const std::vector<OptionSpec> options = adjointOptions();
  ParsedCommandLine parsed = parseCommandLine(arguments, options);
  if (parsed.has("--help")) {
    std::cout << usageText("adjoint", "FILE --function NAME --active P[,P...] [options] [-- compiler flags]",
                           "Writes a C file defining NAME_b, the reverse-mode adjoint of NAME, with each parallel\n"
                           "loop's adjoint arrays protected as the analysis proves necessary (--strategy formad).\n"
                           "Exit 0: written; 2: usage error, unsupported input or a primal that races (with its\n"
                           "location; no output file).",
                           options);
    return kExitOk;
  }
  ad::AdjointRequest request;
  if (parsed.error.empty() && parsed.positional.size() != 1) parsed.error = "expects exactly one input file";
  if (parsed.error.empty() && parsed.value("--function").empty()) parsed.error = "--function NAME is required";
  if (parsed.error.empty() && splitList(parsed.value("--active")).empty())
    parsed.error = "--active P[,P...] is required (the parameters to differentiate)";
  if (parsed.error.empty()) {
    auto strategy = ad::parseStrategy(parsed.value("--strategy", "formad"));
    if (!strategy)
      parsed.error = "--strategy must be formad, atomic, reduction or serial, not '" + parsed.value("--strategy") + "'";
    else
      request.strategy = *strategy;
  }
  analyzer::AnalysisOptions analysis;  // --guard, --extent, --z3-timeout-ms, --z3-rlimit: as `analyze` reads them
  if (parsed.error.empty()) parsed.error = readAnalysisOptions(parsed, analysis);
  request.guard = analysis.guard;
  request.extents = analysis.extents;
  request.z3TimeoutMs = analysis.z3TimeoutMs;
  request.budgetMs = analysis.budgetMs;
  request.gather = analysis.gather;
  if (!parsed.error.empty()) {
    std::cerr << "adrace adjoint: error: " << parsed.error << "\n";
    return kExitUsage;
  }
  configureLogging(parsed);
  request.settings = compileSettingsFrom(parsed);
  request.function = parsed.value("--function");
  request.active = splitList(parsed.value("--active"));
  request.allowRacyPrimal = parsed.has("--allow-racy-primal");
  request.includePrimal = parsed.has("--include-primal");
  spdlog::debug("differentiating {} in {} (strategy {})", request.function, parsed.positional.front(),
                ad::strategyName(request.strategy));
  ad::AdjointResult result = ad::generateAdjoint(request);
  reportDiagnostics(result.diagnostics);
  if (!result.ok()) return kExitUsage;
  return writeOutput(parsed.value("--output"), result.code, parsed.positional) ? kExitOk : kExitUsage;
}

}  // namespace adrace::tool
