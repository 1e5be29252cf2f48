// The C math library's derivative rules (<math.h>, double and float forms): which calls the adjoint
// differentiates, and the adjoint each argument receives from the adjoint of the call's value. A
// float form's derivative is computed in float (sinf's uses cosf and float literals), as the primal
// computes in float; floor, ceil, round and trunc have a zero derivative.
#pragma once

#include "ad/c/Expr.h"

#include <optional>
#include <string>
#include <vector>

namespace adrace::ad {

// Whether `function` is a math library function with a derivative rule ("sin", "atan2f", "floor").
bool isMathFunction(const std::string& function);

// floor ceil round trunc (and their float forms): a zero derivative, so no active value flows through.
bool hasZeroDerivative(const std::string& function);

// What one argument of a math call receives: arg_b += value (or -= when negate).
struct ArgumentAdjoint {
  c::ExprRef value;  // null: this argument gets nothing (a zero derivative)
  bool negate = false;
};

// The adjoints of the arguments of `function(arguments...)` given `seed`, the adjoint of its value,
// one entry per argument. The arguments are the trees of the primal's argument expressions.
std::vector<ArgumentAdjoint> mathAdjoints(const std::string& function, const std::vector<c::ExprRef>& arguments,
                                          const c::ExprRef& seed);

}  // namespace adrace::ad
