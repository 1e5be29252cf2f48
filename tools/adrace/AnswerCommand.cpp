// adrace answer: the JSON question protocol (docs/protocol.md) for AD tools that describe their
// loops instead of handing over source. One document from a file or stdin, or, with --stdio, one
// document per line answered on its own line for as long as the tool keeps asking.
#include "adrace/Protocol.h"
#include "tools/adrace/Commands.h"

#include <fstream>
#include <iostream>
#include <sstream>

namespace adrace::tool {
namespace {

std::vector<OptionSpec> answerOptions() {
  std::vector<OptionSpec> options = {
      {"--stdio", "", false, "", "answer one document per line of stdin, each on one line of stdout"},
      {"--output", "-o", true, "FILE", "write the answer to FILE instead of stdout"},
      {"--budget-ms", "", true, "MS",
       "time for the Z3 queries of each document; what is left is guarded (default 30000)"},
      {"--guard", "", true, "auto|atomic|reduction", "protection for guarded arrays (default auto)"},
      {"--extent", "", true, "NAME=EXPR,...", "element count of arrays the document gives no extent"},
      {"--verbose", "-v", false, "", "log what the analysis does (to stderr)"},
      {"--quiet", "-q", false, "", "log errors only"},
      {"--help", "-h", false, "", "show this help"},
  };
  for (const OptionSpec& limit : queryLimitOptions("unknown means guarded")) options.push_back(limit);
  return options;
}

// Answers may quote the input back (a JSON syntax error shows what it read): never let a byte
// that is not UTF-8 turn into an exception while printing.
std::string printed(const nlohmann::json& document, int indent) {
  return document.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

int answerLines(const analyzer::AnalysisOptions& options) {
  bool malformed = false;
  for (std::string line; std::getline(std::cin, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    ProtocolAnswer answer = answerQuestionText(line, options);
    malformed |= answer.error.has_value();
    std::cout << printed(answer.document, -1) << std::endl;  // flushed: the tool waits for it
  }
  return malformed ? kExitUsage : kExitOk;
}

int answerDocument(const std::string& path, const std::string& output, const analyzer::AnalysisOptions& options) {
  std::stringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::cerr << path << ": error: cannot read file\n";
      return kExitUsage;
    }
    text << in.rdbuf();
  }
  ProtocolAnswer answer = answerQuestionText(text.str(), options);
  std::vector<std::string> inputs;
  if (path != "-") inputs.push_back(path);
  if (!writeOutput(output, printed(answer.document, 2) + "\n", inputs)) return kExitUsage;
  return answer.error ? kExitUsage : kExitOk;
}

}  // namespace

int runAnswer(const std::vector<std::string>& arguments) {
  const std::vector<OptionSpec> options = answerOptions();
  ParsedCommandLine parsed = parseCommandLine(arguments, options);
  if (parsed.has("--help")) {
    std::cout << usageText("answer", "[options] QUESTIONS.json|-   or   adrace answer --stdio",
                           "Answers the questions of a loop described in JSON (docs/protocol.md): per adjoint\n"
                           "array, shared, reduction or atomic, with the guarded references and witnesses.\n"
                           "A malformed document gets {\"error\": {\"field\", \"message\"}} and exit code 2.",
                           options);
    return kExitOk;
  }
  analyzer::AnalysisOptions analysisOptions;
  if (parsed.error.empty()) parsed.error = readAnalysisOptions(parsed, analysisOptions);
  bool stdio = parsed.has("--stdio");
  if (parsed.error.empty() && parsed.sawDoubleDash) parsed.error = "answer takes no compiler flags";
  if (parsed.error.empty() && stdio && (!parsed.positional.empty() || parsed.has("--output")))
    parsed.error = "--stdio reads stdin and writes stdout: no file";
  if (parsed.error.empty() && !stdio && parsed.positional.size() != 1)
    parsed.error = "expected one question document (or - for stdin)";
  if (!parsed.error.empty()) {
    std::cerr << "adrace answer: error: " << parsed.error << "\n";
    return kExitUsage;
  }
  configureLogging(parsed);
  if (stdio) return answerLines(analysisOptions);
  return answerDocument(parsed.positional.front(), parsed.value("--output"), analysisOptions);
}

}  // namespace adrace::tool
