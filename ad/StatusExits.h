// Guard clauses of a function returning an integer status (docs/adjoint.md):
//   if (n < 3) return -1;            if (!phi || n <= 0) { *energy = 0; return 1; }
// at the top level of its body, each `return` a constant. The support check rewrites the rest of
// the body into the else branch, as for a `return;` (SupportCheck's withoutJumps), and the sweeps
// run only what the primal ran. F_b returns what F returned: `c1 ? K1 : c2 ? K2 : K`, its final
// status K, which is exact when each condition reads only parameters the function never writes
// (then it has at the end the value it had at the guard).
#pragma once

#include "ad/AdjointContext.h"
#include "ad/c/Expr.h"

#include <string>

namespace adrace::ad {

// Whether `statement` is `return K;` with K an integer constant, in a function returning an integer.
bool isStatusExit(const AdjointContext& context, const clang::Stmt* statement);

// Why `condition` cannot be evaluated again where F_b returns, or "" when it can: it reads only the
// values of parameters the body never writes (assigns, increments, takes the address of, binds a
// reference to), no element, member or call.
std::string statusConditionFails(const AdjointContext& context, const clang::Expr* condition);

// What F_b returns: the guards' statuses (context.statusExits, in order) around the final status.
c::ExprRef returnedStatus(const AdjointContext& context);

}  // namespace adrace::ad
