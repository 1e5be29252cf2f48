// The tape plan of one function body, a value the sweeps read (TapePlan.cpp says how it is found):
// which primal values each sweep needs, which locals and loop iterations the backward sweep
// recomputes instead of popping. A forward-sweep assignment is emitted only if it writes a
// neededForward variable, and pushes the old value only if the variable is in neededBackward and
// not recomputed (TapeReads::savesBeforeKill).
#pragma once

#include "ad/AdjointContext.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>

#include <map>
#include <set>

namespace adrace::ad {

struct TapePlan {
  std::set<const clang::VarDecl*> neededBackward;  // values the backward sweep reads
  std::set<const clang::VarDecl*> neededForward;   // values the forward sweep must compute
  // Locals the backward sweep may recompute from their initializer instead of popping, and C89
  // temporaries (`p = IDX(k, j, i);`) from their one assignment (recomputedDefinitions).
  std::set<const clang::VarDecl*> recomputable;
  // A scalar one loop body assigns once on its root before any read, and nothing outside that body
  // mentions: the backward iteration of the body evaluates the assignment again at its top.
  std::map<const clang::VarDecl*, const clang::BinaryOperator*> recomputedDefinitions;
  // Loops whose iterations the backward sweep recomputes: each backward iteration runs that
  // iteration's forward sweep first, so nothing is taped across iterations.
  std::set<const clang::ForStmt*> recomputedLoops;
  // Scalars declared outside a recomputed loop that its body assigns before reading, nothing else
  // mentioning them (a C89 `private(acc)` accumulator): that body is their scope, as if declared there.
  std::map<const clang::VarDecl*, const clang::CompoundStmt*> iterationLocals;
};

// Plans the tape of context.body(); records "unsupported" when the backward sweep would read a
// value it cannot have (an OpenMP query's or a timer's). The context is not const only because the
// plan asks the sweeps (built over the plan as it grows) what they would emit.
TapePlan planTape(AdjointContext& context);

}  // namespace adrace::ad
