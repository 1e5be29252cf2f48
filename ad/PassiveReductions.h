// A reduction other than + (max, min, *, ...) whose variable's value reaches no active output: a
// convergence check's `reduction(max: change)` whose result goes to a passive `*err`, or nowhere. Its
// value is not differentiated, so its operator does not matter to the adjoint: the variable is
// passive, and the sweeps treat its updates as any passive statement. One whose value may reach an
// active output is refused at the clause: the adjoint of a max goes to the iteration that gave the
// maximum, which the adjoint does not track.
#pragma once

#include "ad/AdjointContext.h"

#include <clang/AST/StmtOpenMP.h>

#include <vector>

namespace adrace::ad {

struct NonSumReduction {
  const clang::OMPReductionClause* clause;
  const clang::VarDecl* variable;  // null for an array section or element (refused)
};

// The items of a reduction clause whose operator is not +.
std::vector<NonSumReduction> nonSumReductionItems(const clang::OMPReductionClause& clause);

// Makes each variable passive when nothing active reads it, else refuses at its clause. Called after
// the activity of locals is known (LocalActivity.h).
void makeReductionsPassive(AdjointContext& context, const std::vector<NonSumReduction>& reductions);

}  // namespace adrace::ad
