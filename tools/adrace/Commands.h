// The adrace subcommands. Each takes its arguments (after the subcommand name) and returns the
// process exit code: 0 ok / nothing found, 1 race or unsafe found, 2 usage or input error.
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

int runAnalyze(const std::vector<std::string>& arguments);
int runCheck(const std::vector<std::string>& arguments);
int runAdjoint(const std::vector<std::string>& arguments);
int runAnswer(const std::vector<std::string>& arguments);

// Reads --z3-timeout-ms, --guard, --active, --inactive and --extent (analyze, answer); returns an
// error message for a bad value.
std::string readAnalysisOptions(const ParsedCommandLine& parsed, analyzer::AnalysisOptions& options);

// Shared by the subcommands that read sources.
void configureLogging(const ParsedCommandLine& parsed);
analyzer::CompileSettings compileSettingsFrom(const ParsedCommandLine& parsed);
// Prints diagnostics compiler-style on stderr; returns true if any is an error.
bool reportDiagnostics(const std::vector<analyzer::Diagnostic>& diagnostics);
// Writes `text` to the -o file (atomically: a temporary renamed into place) or stdout.
bool writeOutput(const std::string& path, const std::string& text);

}  // namespace adrace::tool
