// The iteration space of a parallel loop (or of the loops a collapse(n) clause merges), as the
// SMT layer constrains the two iterations it compares.
#pragma once

#include "smt/IndexExpr.h"

#include <optional>
#include <string>
#include <vector>

namespace adrace::smt {

enum class Comparison { Less, LessEqual, Greater, GreaterEqual, NotEqual };

// One loop of the nest: `for (counter = first; counter CMP bound; counter += step)`.
struct LoopDimension {
  std::string counter;  // the Var with Scope::Counter that stands for it in index expressions
  ExprRef first;        // null when unknown: the counter is then unconstrained
  ExprRef bound;        // null when unknown
  Comparison comparison = Comparison::Less;
  ExprRef step;  // null when unknown; may be negative; a non-constant step stays symbolic
};

// Two iterations of the nest differ in at least one counter; each lies inside its bounds and on
// its stride (first + step*k, k >= 0). Past the paper: FormAD only asserted i != i'.
struct LoopDomain {
  std::vector<LoopDimension> dimensions;
  // simd safelen(k): iterations that run concurrently are fewer than k iterations apart.
  std::optional<std::int64_t> concurrentWindow;
};

}  // namespace adrace::smt
