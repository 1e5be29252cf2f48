// collapse(n) (OpenMP 5.0, 2.9.2): the n perfectly nested loops of one worksharing loop form a single
// iteration space, the product of their trip counts, numbered in the order the sequential nest runs
// it. Both sweeps schedule that flat index (as they schedule a single loop's logical iteration) and
// rebuild every counter from it: by division and remainder, outermost first, or, from one iteration
// to the next in the same row, by stepping the innermost (counters()); the backward iterations of a
// static schedule walk the thread's chunk row by row instead (CollapsedRows.h, rowCounters()). The
// nest must be rectangular: no bound or step of an inner loop reads the counter of an enclosing one
// (SupportCheck.cpp refuses that).
#pragma once

#include "ad/AdjointContext.h"
#include "ad/ForHeader.h"
#include "ad/c/Statement.h"

#include <clang/AST/StmtOpenMP.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace adrace::ad {

struct CollapsedNest {
  std::vector<ForHeader> loops;  // outermost first

  const clang::ForStmt* innermost() const { return loops.back().loop; }
  // `long adrace_trip_i = adrace_trip_count(...);` for each inner loop, then (withTotal) the size of
  // the flat space, `long adrace_trip = adrace_trip_count(<outermost>) * adrace_trip_i;`.
  c::StmtList tripCounts(bool withTotal = true) const;
  // `int j = (int)(first + flat / (adrace_trip_i) * step);`, ... for each counter `used` asks for.
  // When the innermost counter is used, the logical iterations are kept in per-thread positions
  // (positionDeclarations, before the loop): the flat index next to the previous one steps the
  // innermost position, any other divides as above.
  c::StmtList counters(const c::ExprRef& flat, const std::function<bool(const std::string&)>& used) const;
  // The counters of every loop but the innermost at a row of the flat space (the flat index over the
  // innermost trip count), by division and remainder, for each counter `used` asks for (CollapsedRows.h).
  c::StmtList rowCounters(const c::ExprRef& row, const std::function<bool(const std::string&)>& used) const;
  // `long adrace_at = -2; long adrace_at_i = 0; ...`: declared where each thread runs its iterations.
  c::StmtList positionDeclarations(const std::function<bool(const std::string&)>& used) const;
  std::string tripName(size_t level) const;      // adrace_trip_<counter>
  std::string positionName(size_t level) const;  // adrace_at_<counter>
};

// The headers of the directive's associated loops (parseForHeader records why when one is not canonical).
std::optional<CollapsedNest> parseCollapsedNest(AdjointContext& context, const clang::OMPLoopDirective& directive);

// The first counter of an enclosing loop of the nest that a bound or the step of loops[level] reads,
// or null (a rectangular nest).
const clang::VarDecl* outerCounterInBounds(const std::vector<const clang::ForStmt*>& loops, size_t level);

}  // namespace adrace::ad
