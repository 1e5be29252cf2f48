// Library functions adrace knows by name. A call to any other function may read or write shared
// memory the analysis cannot see, so it makes the loop (or region) unsafe.
#pragma once

#include <clang/AST/Expr.h>

namespace adrace::analyzer {

// Math functions, OpenMP queries, lock routines (they touch only the lock they are given, which
// the race check models as a protection) and printf: no user memory is written.
bool touchesNoUserMemory(const clang::CallExpr* call);
// printf, puts, putchar, fprintf to a stream: output, which is not a race on program data.
bool isOutputFunction(const clang::CallExpr* call);

}  // namespace adrace::analyzer
