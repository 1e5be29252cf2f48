// Subcommands whose issues have not landed yet: they say so and exit 2.
#include "tools/adrace/Commands.h"

#include <iostream>

namespace adrace::tool {

int runCheck(const std::vector<std::string>&) {
  std::cerr << "adrace check: error: not implemented yet\n";
  return kExitUsage;
}

int runAdjoint(const std::vector<std::string>&) {
  std::cerr << "adrace adjoint: error: not implemented yet\n";
  return kExitUsage;
}

}  // namespace adrace::tool
