// The canonical header of a for loop (`for (T i = first; i CMP bound; i += step)`, or C89's
// `for (i = first; ...)` over a counter declared before the loop), as the trees (ad/c) both sweeps
// need to rebuild the counter from a logical iteration number. The analyzer reads the header
// (analyzer/frontend/LoopHeader.h); this only translates it.
#pragma once

#include "ad/AdjointContext.h"

#include <clang/AST/Stmt.h>

#include <optional>
#include <string>

namespace adrace::ad {

struct ForHeader {
  const clang::ForStmt* loop = nullptr;
  const clang::VarDecl* counter = nullptr;  // declared in the init statement, or before the loop (C89)
  bool declaredInHeader = false;            // `for (int i = 0; ...)`, not `for (i = 0; ...)`
  c::Type counterType;                      // int, long
  c::ExprRef first, bound;                  // bound: `a < b ? a : b` for `i < a && i < b`
  c::ExprRef step;                          // 1 for ++, -1 for --, c for += c, -c for -= c
  const clang::Expr* firstExpr = nullptr;
  const clang::Expr* boundExpr = nullptr;
  const clang::Expr* boundExpr2 = nullptr;  // `i < a && i < b`: bound is the smaller of a and b
  const clang::Expr* stepExpr = nullptr;    // null for ++ / --
  std::string comparison;                   // ADRACE_LT, ADRACE_LE, ADRACE_GT, ADRACE_GE, ADRACE_NE
  c::Op op = c::Op::Less;                   // Less, LessEqual, ...

  bool stepsUp() const;                             // step 1 (++, += 1)
  bool stepsDown() const;                           // step -1 (--, -= 1)
  c::ExprRef tripCount() const;                     // adrace_trip_count(first, bound, step, comparison)
  c::ExprRef counterAt(const c::ExprRef& k) const;  // first + (T)k * step
  // The counter's value at logical iteration k (a long), computed in long: (T)(first + k * step).
  c::ExprRef counterValue(const c::ExprRef& k) const;
  // `T i = value;`
  c::StmtRef declareCounter(c::ExprRef value) const;
  // The counter stepped to the next iteration (i++, i += 2) or, backwards, the previous one.
  c::ExprRef stepForward() const;
  c::ExprRef stepBackward() const;
};

// The expression in parentheses unless it is a name, a literal, a call, a subscript, a member or
// already parenthesised: `(n - 1) - 1`, the bounds' operands as the loops print them for the reader.
c::ExprRef operandOf(const c::ExprRef& expr);

// The header as the analyzer reads it (analyzer::readLoopHeader, a second bound allowed), as trees.
// Records an unsupported diagnostic and returns nullopt when the header is not canonical or the
// counter is not a local variable.
std::optional<ForHeader> parseForHeader(AdjointContext& context, const clang::ForStmt* loop);

// The counter a for loop's init statement declares (`int i = first`) or assigns (`i = first`), and
// that first value (analyzer::readLoopInit); null when the init is neither (parseForHeader says why).
const clang::VarDecl* loopCounter(const clang::ForStmt* loop);
const clang::Expr* loopStart(const clang::ForStmt* loop);

}  // namespace adrace::ad
