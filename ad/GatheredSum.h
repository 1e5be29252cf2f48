// The sum a gather target accumulates (GatherAdjoint.h). Each term is the increment of one primal
// iteration, linear in an adjoint value; in flux-form stencils two iterations see the same face
// (the east flux of cell i is the west flux of cell i + 1), so the target receives two terms that
// differ only in that adjoint: c * a_b and c * b_b. They are merged into c * (a_b + b_b), which
// evaluates the coefficient once. Exact in real arithmetic (the term is linear in its adjoint); in
// floating point it reorders the sum, as the gather itself already does.
#pragma once

#include "ad/c/Expr.h"

#include <set>
#include <string>
#include <vector>

namespace adrace::ad {

class GatheredSum {
 public:
  // `adjoints`: the names that hold adjoint values (the recomputed adjoints of body locals).
  explicit GatheredSum(std::set<std::string> adjoints) : adjoints_(std::move(adjoints)) {}

  void add(const c::ExprRef& term, bool negate);
  // The sum of the terms added, in the order they were first added; null when none was.
  c::ExprRef value() const;

 private:
  struct Entry {
    c::ExprRef term;           // with the adjoint replaced by a hole when `path` is set
    std::vector<size_t> path;  // operand indices from the root to the adjoint
    bool mergeable = false;
    bool negate = false;
    c::ExprRef adjoint;  // what fills the hole: the adjoints of the merged terms, summed
  };
  // The path to the one adjoint name the term reads, when the term is linear in it by its shape
  // (only +, -, *, the numerator of / and casts between the root and the name) and scaled by a
  // coefficient (a * or / on the way).
  bool linearPath(const c::ExprRef& term, std::vector<size_t>& path) const;
  // The paths (operand indices from `node`, after `path`) to every adjoint name inside `node`.
  void adjointPaths(const c::ExprRef& node, std::vector<size_t>& path, std::vector<std::vector<size_t>>& paths) const;

  std::set<std::string> adjoints_;
  std::vector<Entry> entries_;
};

}  // namespace adrace::ad
