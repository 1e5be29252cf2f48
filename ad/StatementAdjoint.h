// Derivative rules: the adjoint of an expression (+ - * /, unary minus, casts, ?:, and the math
// library's calls, ad/MathLibrary.h) as increments of its active leaves, and the
// adjoint of an assignment, compound assignment or initialised declaration (docs/design.md [FormAD] figure 1).
#pragma once

#include "ad/AdjointContext.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adrace::ad {

// leaf_b += value (or -= when negate).
struct Increment {
  const clang::Expr* leaf = nullptr;
  c::ExprRef value;
  bool negate = false;
};

// The backward-sweep adjoint of one statement, in execution order:
//   prologue; increments; epilogue. (`block` when the prologue declares a temporary.)
struct StatementAdjointCode {
  c::StmtList prologue;
  std::vector<Increment> increments;
  c::StmtList epilogue;
  bool block = false;
};

bool isActiveLeaf(const AdjointContext& context, const clang::Expr* expr);
bool hasActiveLeaf(const AdjointContext& context, const clang::Expr* expr);

// Records an unsupported construct in `expr` (operators, calls, pointers) in the context.
void checkExpression(AdjointContext& context, const clang::Expr* expr);

// seed: the adjoint flowing into expr.
void expressionAdjoint(const AdjointContext& context, const clang::Expr* expr, const c::ExprRef& seed, bool negate,
                       std::vector<Increment>& out);

// Variables whose primal values the adjoint of expr reads (partials and the leaves' subscripts).
void derivativeReads(const AdjointContext& context, const clang::Expr* expr, std::set<const clang::VarDecl*>& out);

// An assignment (= += -= *= /=) whose left side is active, or an initialised active declaration
// (lhs == nullptr: the declared variable `declared`).
StatementAdjointCode assignmentAdjoint(const AdjointContext& context, const clang::BinaryOperator* assignment);
StatementAdjointCode initializerAdjoint(const AdjointContext& context, const clang::VarDecl* declared);
// Variables the adjoint of the assignment reads.
void assignmentReads(const AdjointContext& context, const clang::BinaryOperator* assignment,
                     std::set<const clang::VarDecl*>& out);

// x_b[i] += value; or x_b[i] -= value;
c::StmtRef incrementStatement(const AdjointContext& context, const Increment& increment);

// x_b[i] += a; x_b[i] += b;  ->  x_b[i] += a + b;  (one read-modify-write of the adjoint instead of
// two, as a hand-written adjoint accumulates). Only when b does not read x_b, which the first
// increment changes; nullopt otherwise. (Sweeps joins across increments that commute with the second.)
std::optional<Increment> joinIncrements(const AdjointContext& context, const Increment& first, const Increment& second);
// Whether two increments may swap places: they update different adjoint variables and neither's
// value reads the other's (under the no-aliasing assumption, different variables never overlap).
bool incrementsCommute(const AdjointContext& context, const Increment& a, const Increment& b);

}  // namespace adrace::ad
