// Calls the derivative does not depend on: the OpenMP runtime's queries and settings and the
// program's output. The forward sweep keeps them where the primal makes them (a print prints once, as
// the primal prints); the backward sweep leaves them out. A call whose value the derivative would
// read (a partial, a subscript of an adjoint, a value the backward sweep pops) is refused: the
// timer, or the thread number under another schedule, need not give the primal's value again.
// The functions are those the analyzer's table (analyzer/frontend/LibraryCalls.h) marks passive.
#pragma once

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <string>

namespace adrace::ad {

// A value in an expression (the table's passiveValue: omp_get_thread_num(), omp_get_wtime(), ...).
bool isPassiveQuery(const std::string& function);
// A statement of its own (the table's passiveStatement: printf, omp_set_num_threads, ..., and the queries).
bool isPassiveStatementCall(const std::string& function);

// The function a call names directly, "" for a call through a pointer (analyzer::calleeName names
// that "a function pointer", for messages).
std::string directCalleeName(const clang::CallExpr* call);
// The call `statement` is (an expression statement calling a passive function), or null.
const clang::CallExpr* passiveStatementCall(const clang::Stmt* statement);
// The first passive query `expr` calls (omp_get_wtime() in `1e3 * (omp_get_wtime() - start)`), or null.
const clang::CallExpr* passiveQueryIn(const clang::Expr* expr);

}  // namespace adrace::ad
