// The subcommand whose issue has not landed yet: it says so and exits 2.
#include "tools/adrace/Commands.h"

#include <iostream>

namespace adrace::tool {

int runAdjoint(const std::vector<std::string>&) {
  std::cerr << "adrace adjoint: error: not implemented yet\n";
  return kExitUsage;
}

}  // namespace adrace::tool
