// A second look at a definite race's witness, independent of the loop model: the loop headers and
// the subscripts of the two accesses, as the source spells them (translated straight from Clang's
// AST into the small integer expressions below, not through the index IR), evaluated with the
// witness's values by plain arithmetic. docs/check.md ("What a definite race means") asks for it:
// a witness is a run of the program only if both iterations exist — every loop header around each
// access, run from its initialisation, reaches the witness's counter values — and both accesses
// then name the same element. A witness that fails is an adrace bug, and the race is only possible.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace adrace::analyzer {

struct ReplayExpr;
using ReplayExprRef = std::shared_ptr<const ReplayExpr>;

// An integer expression of the source. Anything else (floating point, memory reads, calls) is not
// translated: the part of the replay that needs it is skipped, never guessed.
struct ReplayExpr {
  enum class Op {
    Constant,
    Variable,
    Negate,
    Not,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Equal,
    NotEqual,
    And,
    Or,
    Choose,  // operands: condition, then, else (`?:`, which MIN and MAX expand to)
  };
  Op op = Op::Constant;
  long long value = 0;  // Constant
  std::string name;     // Variable
  std::vector<ReplayExprRef> operands;
};

struct ReplayAssignment {
  std::string variable;
  ReplayExprRef value;
};

// A `for` header around an access: what its initialisation assigns, its condition, what its
// increment assigns (a comma list gives several). Incomplete when a part could not be translated
// or the body assigns a counter: such a header is not replayed.
struct ReplayLoopHeader {
  unsigned line = 0;
  std::vector<ReplayAssignment> init;
  ReplayExprRef condition;
  std::vector<ReplayAssignment> step;
  bool complete = false;
};

// An access as the source writes it: the array, its subscripts outermost first, and the headers
// of the loops around it (indices into LoopReplay::headers, outermost first).
struct ReplayAccess {
  SourceSpan span;
  std::string array;
  std::vector<ReplayExprRef> subscripts;
  std::vector<int> headers;
};

struct LoopReplay {
  std::vector<ReplayLoopHeader> headers;
  std::vector<ReplayAccess> accesses;
  std::vector<int> parallelHeaders;    // the headers the directive distributes (collapse: several)
  std::set<std::string> perIteration;  // each iteration's own variables: the witness primes them
                                       // for the second iteration ("i'")
};

struct ReplayOutcome {
  enum class Status {
    Confirmed,      // both iterations exist and the two accesses name one element
    Refuted,        // the witness is not a run of the source: `reason` says why
    NotReplayable,  // a value or a construct the replay does not evaluate: `reason` says which
  };
  Status status = Status::NotReplayable;
  std::string reason;
};

using WitnessValues = std::vector<std::pair<std::string, std::string>>;

// The witness's integer values by name ("i'" → 4); values that are not integers are left out.
std::map<std::string, long long> integerValues(const WitnessValues& witness);

// Replays `witness` on the accesses at `first` (the first iteration's) and `second` (the other's).
ReplayOutcome replayWitness(const LoopReplay& replay, const WitnessValues& witness, const SourceSpan& first,
                            const SourceSpan& second);

// The value of `expr` with the given variables; nothing when one is missing or it divides by zero.
std::optional<long long> evaluateReplay(const ReplayExpr& expr,
                                        const std::function<std::optional<long long>(const std::string&)>& value);

}  // namespace adrace::analyzer
