// The adrace subcommands. Each takes its arguments (after the subcommand name) and returns the
// process exit code: 0 ok (checked, nothing found), 1 race found (check), 2 usage or input error,
// 3 could not check (check: an unsupported construct, or Z3 undecided within the timeout or budget).
#pragma once

#include "analyzer/frontend/Frontend.h"
#include "analyzer/verdicts/LoopAnalysis.h"
#include "tools/adrace/CommandLine.h"

#include <string>
#include <vector>

namespace adrace::tool {

constexpr int kExitOk = 0;
constexpr int kExitFound = 1;
constexpr int kExitUsage = 2;
constexpr int kExitCouldNotCheck = 3;

// The largest value a millisecond option takes (--z3-timeout-ms, --budget-ms): about 24 days.
constexpr unsigned kMaximumMilliseconds = 2000000000;
// The largest --z3-rlimit: Z3's parameter is an unsigned.
constexpr unsigned kMaximumResourceLimit = 4000000000u;

int runAnalyze(const std::vector<std::string>& arguments);
int runCheck(const std::vector<std::string>& arguments);
int runAdjoint(const std::vector<std::string>& arguments);
int runAnswer(const std::vector<std::string>& arguments);

// Reads --z3-timeout-ms, --budget-ms, --guard, --active, --inactive and --extent (analyze, answer,
// adjoint: the options each one takes), and --z3-rlimit as readResourceLimit does; returns an error
// message for a bad value.
std::string readAnalysisOptions(const ParsedCommandLine& parsed, analyzer::AnalysisOptions& options);
// --z3-rlimit N, when given, becomes the process's per-query resource limit (smt/QueryLimits.h:
// every command's sessions take it from there). Returns an error message for a bad value.
std::string readResourceLimit(const ParsedCommandLine& parsed);
// The help lines of --z3-rlimit and --z3-timeout-ms; `undecided` says what an undecided query means.
std::vector<OptionSpec> queryLimitOptions(const std::string& undecided);

// Shared by the subcommands that read sources.
void configureLogging(const ParsedCommandLine& parsed);
analyzer::CompileSettings compileSettingsFrom(const ParsedCommandLine& parsed);
// Prints diagnostics compiler-style on stderr; returns true if any is an error.
bool reportDiagnostics(const std::vector<analyzer::Diagnostic>& diagnostics);
// Writes `text` to the -o file or stdout as OutputFile.h says (never over one of `inputs`); prints
// the error and returns false when it cannot.
bool writeOutput(const std::string& path, const std::string& text, const std::vector<std::string>& inputs);

}  // namespace adrace::tool
