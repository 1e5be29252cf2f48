// adrace: prove which adjoint updates of OpenMP loops are race-free, check primal loops for
// races, and write reverse-mode code. A thin dispatcher over the subcommands.
#include "tools/adrace/Commands.h"

#include <iostream>

namespace {

const char* kUsage =
    "usage: adrace <command> [options] FILE... [-- compiler flags]\n"
    "\n"
    "commands:\n"
    "  analyze   per parallel loop: model, adjoint verdicts (shared/reduction/atomic), statistics\n"
    "  check     flag data races in the primal parallel loops (text, JSON or SARIF)\n"
    "  adjoint   write the reverse-mode code of a function\n"
    "  answer    answer an AD tool's JSON questions about a loop (no source file)\n"
    "  version   print the version\n"
    "\n"
    "Run `adrace <command> --help` for a command's options.\n"
    "Exit codes: 0 ok, 1 race found (check), 2 usage or input error, 3 could not analyse or check\n"
    "something (analyze: a loop listed under not_analysed; check: an unsupported construct or an\n"
    "undecided pair).\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace adrace::tool;
  if (argc < 2) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  std::string command = argv[1];
  std::vector<std::string> arguments(argv + 2, argv + argc);
  if (command == "analyze") return runAnalyze(arguments);
  if (command == "check") return runCheck(arguments);
  if (command == "adjoint") return runAdjoint(arguments);
  if (command == "answer") return runAnswer(arguments);
  if (command == "version" || command == "--version") {
    std::cout << "adrace " << ADRACE_VERSION << "\n";
    return kExitOk;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    std::cout << kUsage;
    return kExitOk;
  }
  std::cerr << "adrace: error: unknown command '" << command << "'\n\n" << kUsage;
  return kExitUsage;
}
