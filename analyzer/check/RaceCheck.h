// The primal race check behind `adrace check`: for each parallel loop, pairs of references on a
// shared array (one a write) that two different iterations can make to the same element, and
// shared scalars written without protection. Knowledge is not used: it is what is being checked.
#pragma once

#include "analyzer/check/WitnessReplay.h"
#include "analyzer/model/LoopModel.h"
#include "smt/Deadline.h"

#include <string>
#include <utility>
#include <vector>

namespace adrace::analyzer {

enum class Certainty {
  Definite,     // Z3 found two iterations, with no integer-array value involved
  Possible,     // the coincidence goes through an index array, or Z3 could not decide, or an opaque index
  Unsupported,  // a construct the check does not model: never reported as race-free
  Undecided,    // Z3 could not decide (timeout, time budget spent): never reported as race-free
};
// Unsupported and Undecided: the check could not tell (exit code 3, "could not check").
bool couldNotCheck(Certainty certainty);
const char* certaintyName(Certainty certainty);

struct RaceFinding {
  enum class Kind {
    ArrayConflict,   // two iterations (or threads) on one element of a shared array
    SharedScalar,    // a shared scalar written by every iteration (or thread)
    Unsupported,     // a construct the check does not model
    PointerAlias,    // two pointers that may point into the same array: possible only
    MissingBarrier,  // accesses of two constructs of a parallel region that no barrier separates
  };
  Kind kind = Kind::ArrayConflict;
  Certainty certainty = Certainty::Definite;
  std::string variable;
  std::string message;     // the one-line diagnostic text
  SourcePosition at;       // the first access (the diagnostic's location)
  SourcePosition related;  // the second access
  std::string relatedMessage;
  std::vector<std::pair<std::string, std::string>> witness;
  std::string suggestion;     // e.g. "declare it reduction(+:s)"
  std::string witnessReplay;  // a definite witness replayed on the source: what came of it (-v)
  std::string function;
  int loop = -1;    // the loop's id, or -1 for a finding about a parallel region
  int region = -1;  // the region's id, for region findings
};

// Two pointer variables of a loop that may point into the same array (see check/MayAliasPairs.h).
struct MayAlias {
  std::string first;  // variable names as the loop model spells them
  std::string second;
  std::string evidence;  // where the file makes them alias, when it does: "the call at line 25 passes 'u' to both"
  // One of them is a reference to a C++ container (`std::vector<double>& v`): they may name the
  // same container, which `restrict` cannot rule out (it qualifies pointers only).
  bool containers = false;
};

struct LoopCheckOptions {
  unsigned z3TimeoutMs = smt::kDefaultQueryTimeoutMs;
  smt::Deadline deadline;              // the file's time budget (check --budget-ms)
  std::vector<MayAlias> mayAlias;      // pointer pairs to check as if they were one array
  const LoopReplay* replay = nullptr;  // the source the witnesses of definite races are replayed on
};

std::vector<RaceFinding> checkLoop(const LoopModel& loop, const LoopCheckOptions& options = {});

// Two accesses that synchronisation keeps apart: both atomic, both in critical sections of the
// same name, both under the same lock (a lock that is not a plain variable, such as an element of
// an array of locks, is assumed to be the other's), or both ordered (ordered blocks, or the parts of
// a doacross loop between depend(sink: i - 1) and depend(source)).
bool mutuallyExclusive(const Reference& a, const Reference& b);
// "write a[i + 1]", "read s": how a finding names an access.
std::string accessPhrase(const Reference& reference);

}  // namespace adrace::analyzer
