// The primal race check behind `adrace check`: for each parallel loop, pairs of references on a
// shared array (one a write) that two different iterations can make to the same element, and
// shared scalars written without protection. Knowledge is not used: it is what is being checked.
#pragma once

#include "analyzer/LoopModel.h"

#include <string>
#include <utility>
#include <vector>

namespace adrace::analyzer {

enum class Certainty {
  Definite,     // Z3 found two iterations, with no integer-array value involved
  Possible,     // the coincidence goes through an index array, or Z3 could not decide, or an opaque index
  Unsupported,  // a construct the check does not model: never reported as race-free
};
const char* certaintyName(Certainty certainty);

struct RaceFinding {
  enum class Kind { ArrayConflict, SharedScalar, Unsupported };
  Kind kind = Kind::ArrayConflict;
  Certainty certainty = Certainty::Definite;
  std::string variable;
  std::string message;                 // the one-line diagnostic text
  SourcePosition at;                   // the first access (the diagnostic's location)
  SourcePosition related;              // the second access
  std::string relatedMessage;
  std::vector<std::pair<std::string, std::string>> witness;
  std::string suggestion;              // e.g. "declare it reduction(+:s)"
  std::string function;
  int loop = -1;
};

std::vector<RaceFinding> checkLoop(const LoopModel& loop, unsigned z3TimeoutMs = 2000);

}  // namespace adrace::analyzer
