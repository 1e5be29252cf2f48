// The gather form of an adjoint array (PerforAD, Hückelheim et al., ICS 2019), for the arrays whose
// analysis says so (analyzer/verdicts/GatherAnalysis.h). A stencil read x[i + c] makes the
// scatter x_b[i + c] += t(i), which neighbouring iterations collide on; here the backward sweep
// instead loops over the targets j and sums t(j - c) for each read: every target is owned by one
// iteration of that loop, so the stores are plain, with no atomics and no reduction copies.
//
// While the loop's backward iteration is generated, the increments of the gathered arrays are
// taken here instead of being emitted (takes); build() then turns each into a term evaluated at the
// shifted iteration, the counter replaced by j - c, on the C tree. Targets whose shifted iterations
// all lie in the primal range form the interior loop (plain sums); the targets near either end are
// peeled, each term guarded by its range test. build() refuses (and the caller emits the guarded
// scatter instead) when a term reads something a shifted iteration does not have.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/ForHeader.h"
#include "ad/StatementAdjoint.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adrace::ad {

class GatherAdjoint {
 public:
  // `arrays`: the adjoint arrays of `loop` emitted as gathers. `invariantNames`: identifiers a term
  // may read at a shifted iteration besides the counter (variables the loop does not privatise and
  // does not write, the adjoints of shared arrays, the adjoints of reduction variables).
  GatherAdjoint(AdjointContext& context, const ParallelLoop& loop, const ForHeader& header,
                std::set<const clang::VarDecl*> arrays, std::set<std::string> invariantNames);

  // Whether the increment belongs to a gathered array: then it is recorded, not emitted.
  bool takes(const Increment& increment);

  // The gather loops, to run inside the backward sweep's parallel region before the loop's own
  // backward iterations; nullopt with the reason in `failure` when a term cannot be gathered.
  std::optional<c::StmtList> build(std::string& failure);

 private:
  struct Term {
    Increment increment;
    std::int64_t offset = 0;  // the read was x[i + offset]
  };
  struct Target {
    const VariableInfo* info = nullptr;
    std::vector<Term> terms;
  };
  std::optional<std::string> unreadable(const c::ExprRef& value) const;
  bool isObjectLikeMacro(const std::string& name) const;
  c::StmtList gatherLoops(const Target& target);

  AdjointContext& context_;
  const ParallelLoop& loop_;
  const ForHeader& header_;
  std::set<const clang::VarDecl*> arrays_;
  std::set<std::string> invariantNames_;
  std::vector<Target> targets_;
  std::string failure_;  // a taken increment that cannot become a term
};

}  // namespace adrace::ad
