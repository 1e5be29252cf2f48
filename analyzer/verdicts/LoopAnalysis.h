// The FormAD analysis of one loop model: knowledge from the primal, questions about the adjoint,
// and a verdict per adjoint array and per adjoint reference.
#pragma once

#include "analyzer/model/Activity.h"
#include "analyzer/model/LoopModel.h"
#include "smt/Deadline.h"
#include "smt/KnowledgeBase.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adrace::analyzer {

enum class GuardPolicy { Auto, Atomic, Reduction };

// analyze/answer/adjoint --budget-ms: per loop. Generous, because the answer is the whole point.
constexpr unsigned kDefaultLoopBudgetMs = 30000;

struct AnalysisOptions {
  ActivityOptions activity;
  GuardPolicy guard = GuardPolicy::Auto;
  unsigned z3TimeoutMs = smt::kDefaultQueryTimeoutMs;
  // Time for all the Z3 queries of one loop (a question document is one loop); 0: no budget. What
  // the budget leaves unasked is guarded, with the reason kBudgetExhausted.
  unsigned budgetMs = kDefaultLoopBudgetMs;
  std::map<std::string, std::string> extents;  // --extent NAME=EXPR: element count of an array
  // Ask, for each guarded array, whether its adjoint can be written as a gather (GatherAnalysis.h);
  // --no-gather turns it off.
  bool gather = true;
  // Per-thread scalars of the enclosing parallel region that the caller proved hold one value on
  // every thread and that the loop only reads (ad/TeamUniform.h): a gather term reads them at a
  // shifted iteration as it reads a shared value the loop does not write.
  std::set<std::string> teamUniform;
};

// One term of a gather-form adjoint: the primal read `reference` of x[counter_0 + offsets[0]]...
// becomes, for the target element j, the contribution of the shifted iteration counter = j - offset.
// The counter of an inner loop of constant range whose read is a family of terms (GatherTerm).
struct GatherInnerCounter {
  std::string counter;               // "r"
  std::int64_t first = 0, last = 0;  // its values, first <= last whatever the loop's step
  size_t dimension = 0;              // the counter of the box it shifts (0: the loop's own)
};

struct GatherTerm {
  int reference = 0;                  // primal reference id (a read of the array)
  std::vector<std::int64_t> offsets;  // one per counter of the box, e.g. {-1} for uold[i - 1]
  // A family of terms, one per point of the inner loops of constant range that only accumulate
  // (LoopModel::accumulatingLoops): x[i + r + 1] with r = -R .. R has the inner counter {"r", -3, 3, 0}
  // and offsets {1}; the term of r shifts i by -(r + 1). A 2-D filter's in[IDX(i + a, j + b, nx)]
  // has {"a", -R, R, 0} and {"b", -R, R, 1}: the term of (a, b) shifts (i, j) by (-a, -b).
  std::vector<GatherInnerCounter> inner;  // outermost loop first; empty for a term on the body's root
};

// Whether a guarded array's adjoint can be a gather instead (GatherAnalysis.h): plain stores, each
// target element summed by one iteration of a loop over the targets.
struct GatherForm {
  bool applies = false;
  std::string reason;             // why (not): "uold is only read at i + constant, ..." / the first failed condition
  std::vector<GatherTerm> terms;  // when it applies: every read of the array, in reference order
  // The reads name the box's point through one linearised subscript (LinearisedIndex.h), x[IDX(k, j, i - 1)]:
  // the offsets are per counter, and target t owns the element the reads' common layout gives it.
  bool linearised = false;
};

// A pair of adjoint references the analysis could not prove disjoint.
struct UnprovenPair {
  int first = 0;  // primal reference ids
  int second = 0;
  std::string reason;       // "Z3 found a witness", "opaque index: ...", "Z3 unknown: timeout"
  smt::Coincidence answer;  // witness when Z3 found one
};

enum class Verdict {
  Shared,        // plain updates proven race-free
  Reduction,     // guarded: private copies summed (reduction(+))
  Atomic,        // guarded: #pragma omp atomic on the guarded increments
  Private,       // a per-thread scalar: its adjoint is private too
  FirstPrivate,  // adjoint of a reduction(+) variable: every thread reads the same x_b
};
const char* verdictName(Verdict verdict);

struct ArrayVerdict {
  std::string array;
  std::string adjoint;  // "x_b"
  bool scalar = false;
  Verdict verdict = Verdict::Shared;
  bool proven = true;                  // false when a guard is needed
  std::string reason;                  // one sentence: why this verdict
  bool primalReadOnly = false;         // the primal only reads it: a reduction is possible
  std::string extent;                  // element count for a reduction, "" if unknown
  std::vector<int> adjointWrites;      // primal reference ids whose adjoint writes x_b
  std::vector<int> guardedReferences;  // ... of which these need the guard
  std::vector<UnprovenPair> unproven;  // at most kMaximumListedPairs of the pairs not proven
  unsigned unlistedPairs = 0;          // further pairs not proven (or not asked: see unproven's reasons)
  // For a guarded array (reduction or atomic) when AnalysisOptions::gather: whether a gather can
  // replace the guard. `verdict` stays the guard, for a consumer that does not write gathers.
  std::optional<GatherForm> gather;
};

// A loop of thousands of statements has millions of reference pairs: the report lists this many
// per array, and pairs that cannot guard another reference are not asked once the list is full.
constexpr size_t kMaximumListedPairs = 100;

// A pair of primal references whose disjointness the knowledge could not take on: asserting it
// made the knowledge unsatisfiable (the primal itself races there: docs/design.md [FormAD] §5.5).
struct Inconsistency {
  int first = 0;
  int second = 0;
  int context = 0;
  std::string message;
};

struct AnalysisStatistics {
  double totalMilliseconds = 0;  // analysis after parsing
  double z3Milliseconds = 0;
  unsigned assertions = 0;  // Table 1's "Z3 size"
  unsigned knowledgeAssertions = 0;
  unsigned queries = 0;  // sent to Z3
  unsigned cachedQueries = 0;
  unsigned uniqueExpressions = 0;  // distinct index tuples of shared arrays
  unsigned linesOfCode = 0;
};

struct LoopAnalysis {
  std::vector<ArrayVerdict> arrays;
  std::vector<Inconsistency> inconsistencies;
  std::vector<std::string> notes;  // why some verdicts are guarded beyond Z3 (limitations)
  AnalysisStatistics statistics;

  // The verdict on `array` as the loop model names it ("u", "domain->m_v"), or null.
  const ArrayVerdict* verdictOf(const std::string& array) const;
};

// Every active variable's verdict, its adjoint references derived from the loop's references.
LoopAnalysis analyzeLoop(const LoopModel& loop, const AnalysisOptions& options);

// One question about an adjoint array (docs/design.md [FormAD] §5.4): may two iterations' updates of its
// adjoint touch the same element? An AD tool that knows its adjoint references names them.
struct AdjointQuestion {
  std::string array;    // the primal variable x, as the loop model names it
  std::string adjoint;  // the adjoint's name in the verdict; "" for x_b
  // The adjoint's references, each written as the primal reference it stands for: a read of x[k]
  // for x_b[k] += ..., a write for the reset x_b[k] = 0, an increment for a read of x_b[k] alone.
  // Their ids are what the verdict's reference ids mean. Absent: the loop's references to x.
  std::optional<std::vector<Reference>> references;
};

// Exactly these questions, answered in order (no activity filter), with the same knowledge.
LoopAnalysis analyzeLoop(const LoopModel& loop, const std::vector<AdjointQuestion>& questions,
                         const AnalysisOptions& options);

}  // namespace adrace::analyzer
