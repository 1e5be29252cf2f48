#include "analyzer/verdicts/AdjointReferences.h"

namespace adrace::analyzer {

std::vector<AdjointReference> adjointReferences(const LoopModel& loop, const std::string& array) {
  return adjointReferences(loop.references, array);
}

std::vector<AdjointReference> adjointReferences(const std::vector<Reference>& references, const std::string& array) {
  std::vector<AdjointReference> result;
  for (const Reference& reference : references) {
    if (reference.variable != array) continue;
    switch (reference.kind) {
      case AccessKind::Read: result.push_back({&reference, true, "increment"}); break;
      case AccessKind::Write: result.push_back({&reference, true, "reset"}); break;
      case AccessKind::Increment: result.push_back({&reference, false, "read"}); break;
    }
  }
  return result;
}

}  // namespace adrace::analyzer
