// adrace check: the CI gate. Flags races in the primal parallel loops and parallel regions of many
// files, checked in parallel.
#include "analyzer/check/CheckFrontend.h"
#include "analyzer/check/CheckModelJson.h"
#include "analyzer/check/CheckReport.h"
#include "analyzer/check/FindingSummary.h"
#include "analyzer/check/RaceCheck.h"
#include "analyzer/check/RegionCheck.h"
#include "analyzer/frontend/CompileCommand.h"
#include "tools/adrace/Commands.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <iostream>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace adrace::tool {
namespace {

std::vector<OptionSpec> checkOptions() {
  std::vector<OptionSpec> options = commonOptions();
  options.insert(
      options.end(),
      {
          {"--format", "", true, "text|json|sarif", "output format (default text)"},
          {"--fail-on", "", true, "definite|possible|never",
           "lowest finding level that makes the exit code 1 (default definite)"},
          {"--jobs", "-j", true, "N", "files checked in parallel (default: all cores)"},
          {"--output", "-o", true, "FILE", "write the report to FILE instead of stdout"},
          {"--budget-ms", "", true, "MS",
           "time for the Z3 queries of each file; what is left is could not check (default 10000)"},
          {"--assume-no-alias", "", false, "", "assume distinct pointer variables never point into the same array"},
          {"--const-may-alias", "", false, "",
           "also report pointers to const (read as inputs by default) that may alias"},
          {"--dump-model", "", false, "", "print the loop and region models as JSON and stop (no Z3)"},
      });
  for (const OptionSpec& limit : queryLimitOptions("undecided means could not check")) options.push_back(limit);
  return options;
}

struct FileOutcome {
  analyzer::CheckFrontendResult models;
  analyzer::CheckedFile checked;
};

// Parses and checks one file: its loops, then its parallel regions. Unsupported constructs become
// findings, not errors.
FileOutcome checkFile(const std::string& file, const ParsedCommandLine& parsed, unsigned timeoutMs, unsigned budgetMs) {
  FileOutcome outcome;
  analyzer::CompileSettings settings = compileSettingsFrom(parsed);
  settings.files = {file};
  analyzer::CheckModelOptions modelOptions;
  modelOptions.constPointeesMayAlias = parsed.has("--const-may-alias");
  outcome.models = analyzer::buildCheckModels(settings, modelOptions);
  outcome.checked.file = file;
  std::vector<analyzer::Diagnostic> errors;
  for (const analyzer::Diagnostic& diagnostic : outcome.models.diagnostics) {
    if (!diagnostic.unsupported) {
      errors.push_back(diagnostic);
      continue;
    }
    analyzer::RaceFinding finding;
    finding.kind = analyzer::RaceFinding::Kind::Unsupported;
    finding.certainty = analyzer::Certainty::Unsupported;
    finding.message = "cannot check: " + diagnostic.message;
    finding.at = diagnostic.at;
    finding.function = diagnostic.function;
    outcome.checked.findings.push_back(finding);
  }
  outcome.models.diagnostics = errors;
  bool checkAliasing = !parsed.has("--assume-no-alias");
  // The budget starts once the file is parsed: it bounds the Z3 queries of all its loops and regions.
  smt::Deadline deadline = smt::Deadline::after(budgetMs);
  for (const analyzer::CheckModels& model : outcome.models.files) {
    for (size_t index = 0; index < model.loops.size(); ++index) {
      const analyzer::LoopModel& loop = model.loops[index];
      outcome.checked.loops.push_back(&loop);
      analyzer::LoopCheckOptions options;
      options.z3TimeoutMs = timeoutMs;
      options.deadline = deadline;
      if (checkAliasing) options.mayAlias = model.mayAlias[index];
      if (index < model.replays.size()) options.replay = &model.replays[index];
      spdlog::debug("checking loop {} of {} (line {})", loop.id, file, loop.pragmaAt.line);
      for (analyzer::RaceFinding& finding : analyzer::checkLoop(loop, options)) {
        if (!finding.witnessReplay.empty())
          spdlog::debug("{}:{}:{}: witness of the race on '{}': {}", finding.at.file, finding.at.line,
                        finding.at.column, finding.variable, finding.witnessReplay);
        outcome.checked.findings.push_back(std::move(finding));
      }
    }
    for (const analyzer::RegionModel& region : model.regions) {
      outcome.checked.regions.push_back(&region);
      spdlog::debug("checking parallel region {} of {} (line {})", region.id, file, region.pragmaAt.line);
      for (analyzer::RaceFinding& finding : analyzer::checkRegion(region, model.loops, timeoutMs, deadline))
        outcome.checked.findings.push_back(std::move(finding));
    }
  }
  analyzer::summariseFindings(outcome.checked.findings);
  return outcome;
}

// `-j8` as make and ninja take it: the option and its value in one argument.
std::vector<std::string> splitAttachedJobs(const std::vector<std::string>& arguments) {
  std::vector<std::string> split;
  bool compilerFlags = false;  // after `--`, arguments belong to the compiler
  for (const std::string& argument : arguments) {
    compilerFlags |= argument == "--";
    if (!compilerFlags && argument.size() > 2 && argument.rfind("-j", 0) == 0) {
      split.push_back("-j");
      split.push_back(argument.substr(2));
    } else {
      split.push_back(argument);
    }
  }
  return split;
}

enum class FailOn { Definite, Possible, Never, Invalid };

FailOn failOn(const std::string& name) {
  if (name == "definite") return FailOn::Definite;
  if (name == "possible") return FailOn::Possible;
  if (name == "never") return FailOn::Never;
  return FailOn::Invalid;
}

// --dump-model: what each file's check would decide, before Z3 (CheckModelJson.h). Exit 2 on an
// input error, else 0: constructs left unmodelled are listed, not findings.
int dumpModels(const std::vector<std::string>& files, const ParsedCommandLine& parsed) {
  analyzer::CompileSettings settings = compileSettingsFrom(parsed);
  settings.files = files;
  analyzer::CheckModelOptions modelOptions;
  modelOptions.constPointeesMayAlias = parsed.has("--const-may-alias");
  analyzer::CheckFrontendResult models = analyzer::buildCheckModels(settings, modelOptions);
  std::vector<analyzer::Diagnostic> errors;
  for (const analyzer::Diagnostic& diagnostic : models.diagnostics)
    if (!diagnostic.unsupported) errors.push_back(diagnostic);
  if (reportDiagnostics(errors)) return kExitUsage;
  if (!writeOutput(parsed.value("--output"), analyzer::checkModelsJson(models).dump(2) + "\n", parsed.positional))
    return kExitUsage;
  return kExitOk;
}

constexpr unsigned kMaximumJobs = 1024;
constexpr unsigned kDefaultFileBudgetMs = 10000;

}  // namespace

int runCheck(const std::vector<std::string>& arguments) {
  const std::vector<OptionSpec> options = checkOptions();
  ParsedCommandLine parsed = parseCommandLine(splitAttachedJobs(arguments), options);
  if (parsed.has("--help")) {
    std::cout << usageText("check", "[options] FILE... [-- compiler flags or command] | -p BUILD_DIR [FILE...]",
                           "Flags data races in the primal OpenMP parallel loops: pairs of accesses to a shared\n"
                           "array (one a write) that two iterations can make to the same element, and shared\n"
                           "scalars written by every iteration; and in parallel regions, accesses of different\n"
                           "threads that no barrier separates (statements every thread runs, master and single\n"
                           "blocks, nowait loops), and of different teams in teams regions without distribute.\n"
                           "Exit 0: checked, nothing at or above --fail-on; 1: found;\n"
                           "2: usage or input error; 3: could not check (an unsupported construct, or Z3\n"
                           "undecided within --z3-rlimit, --z3-timeout-ms or --budget-ms), unless --fail-on never.\n"
                           "With -p BUILD_DIR and no file, every source of BUILD_DIR/compile_commands.json\n"
                           "is checked. As a build's clang-tidy launcher (CMAKE_C_CLANG_TIDY=\"adrace;check\")\n"
                           "it takes the compile command after --.",
                           options);
    return kExitOk;
  }
  std::string format = parsed.value("--format", "text");
  FailOn fail = failOn(parsed.value("--fail-on", "definite"));
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  unsigned timeoutMs = smt::kDefaultQueryTimeoutMs;
  unsigned budgetMs = kDefaultFileBudgetMs;
  if (parsed.error.empty() && format != "text" && format != "json" && format != "sarif")
    parsed.error = "--format must be text, json or sarif, not '" + format + "'";
  if (parsed.error.empty() && fail == FailOn::Invalid) parsed.error = "--fail-on must be definite, possible or never";
  if (parsed.error.empty()) parsed.error = readPositiveInteger(parsed, "--jobs", kMaximumJobs, jobs);
  if (parsed.error.empty())
    parsed.error = readPositiveInteger(parsed, "--z3-timeout-ms", kMaximumMilliseconds, timeoutMs);
  if (parsed.error.empty()) parsed.error = readPositiveInteger(parsed, "--budget-ms", kMaximumMilliseconds, budgetMs);
  if (parsed.error.empty()) parsed.error = readResourceLimit(parsed);
  if (parsed.error.empty() && parsed.positional.empty() && !parsed.has("--build-dir"))
    parsed.error = "no input file (name files, or -p BUILD_DIR for every file of its compile_commands.json)";
  if (!parsed.error.empty()) {
    std::cerr << "adrace check: error: " << parsed.error << "\n";
    return kExitUsage;
  }
  configureLogging(parsed);

  // `-p BUILD` alone: the whole project, as run-clang-tidy does.
  std::vector<std::string> files = parsed.positional;
  if (files.empty()) {
    std::vector<analyzer::Diagnostic> errors;
    files = analyzer::sourcesOfBuild(parsed.value("--build-dir"), errors);
    if (reportDiagnostics(errors)) return kExitUsage;
    if (files.empty()) {
      std::cerr << "adrace check: error: " << parsed.value("--build-dir")
                << "/compile_commands.json lists no C or C++ source\n";
      return kExitUsage;
    }
  }
  if (parsed.has("--dump-model")) return dumpModels(files, parsed);
  std::vector<FileOutcome> outcomes(files.size());
  std::atomic<size_t> next{0};
  std::atomic<size_t> done{0};
  std::mutex progress;
  bool showProgress = isatty(STDERR_FILENO) && files.size() > 1;
  auto worker = [&] {
    for (size_t index = next++; index < files.size(); index = next++) {
      outcomes[index] = checkFile(files[index], parsed, timeoutMs, budgetMs);
      size_t finished = ++done;
      if (showProgress) {
        std::lock_guard<std::mutex> lock(progress);
        std::cerr << "\r[" << finished << "/" << files.size() << "] checked " << files[index] << "\033[K" << std::flush;
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::min<size_t>(jobs, files.size()); ++t) threads.emplace_back(worker);
  for (std::thread& thread : threads) thread.join();
  if (showProgress) std::cerr << "\r\033[K";

  bool inputErrors = false;
  std::vector<analyzer::CheckedFile> checked;
  bool found = false, unchecked = false;
  for (FileOutcome& outcome : outcomes) {
    inputErrors |= reportDiagnostics(outcome.models.diagnostics);
    for (const analyzer::RaceFinding& finding : outcome.checked.findings) {
      found |= finding.certainty == analyzer::Certainty::Definite ||
               (finding.certainty == analyzer::Certainty::Possible && fail == FailOn::Possible);
      unchecked |= analyzer::couldNotCheck(finding.certainty);
    }
    checked.push_back(outcome.checked);
  }
  if (inputErrors) return kExitUsage;
  std::string text = format == "text"   ? analyzer::checkText(checked)
                     : format == "json" ? analyzer::checkJson(checked).dump(2) + "\n"
                                        : analyzer::checkSarif(checked).dump(2) + "\n";
  if (!writeOutput(parsed.value("--output"), text, parsed.positional)) return kExitUsage;
  // A race found outranks what could not be checked; --fail-on never reports and passes.
  if (fail == FailOn::Never) return kExitOk;
  if (found) return kExitFound;
  return unchecked ? kExitCouldNotCheck : kExitOk;
}

}  // namespace adrace::tool
