// The references the adjoint loop makes to x_b, derived from the primal's references to x
// (docs/design.md [FormAD] §5.4): a primal read becomes an increment of x_b; a primal write becomes a
// read and a reset of x_b; a primal increment becomes a read of x_b only.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <vector>

namespace adrace::analyzer {

struct AdjointReference {
  const Reference* primal = nullptr;
  bool writes = false;    // increments or resets x_b: can take part in a race
  const char* role = "";  // "increment", "reset", "read"
};

std::vector<AdjointReference> adjointReferences(const LoopModel& loop, const std::string& array);
// The same, from any list of primal references (an AD tool's explicit adjoint question).
std::vector<AdjointReference> adjointReferences(const std::vector<Reference>& references, const std::string& array);

}  // namespace adrace::analyzer
