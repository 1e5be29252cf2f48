// The OpenMP synchronisation that protects a statement from the other threads' accesses.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/Expr.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtOpenMP.h>

#include <string>

namespace adrace::analyzer {

// Walking up `parents` from `statement`: an enclosing atomic, critical (its name goes to
// *exclusionName), ordered block, the part of a doacross loop body between
// `ordered depend(sink: i - 1)` and `ordered depend(source)` (Protection::Ordered: those parts run
// in iteration order), or a lock held there (the lock variable's name goes to *exclusionName; empty
// when the lock is not a plain variable, such as an element of an array of locks). A lock is held
// after omp_set_lock / omp_set_nest_lock earlier in an enclosing block and not yet unset, after a
// spin `while (!omp_test_lock(&l)) ...;`, and in the then-branch of `if (omp_test_lock(&l))`.
// With `singleThreadBlocks`, also single, master and masked blocks (in a loop body only one thread
// runs them; a region's own statements treat them as steps instead).
Protection protectionOf(const clang::Stmt* statement, const clang::ParentMap& parents, bool singleThreadBlocks,
                        std::string* exclusionName);

// omp_test_lock (or the nest version) where protectionOf understands it: the condition of
// `while (!omp_test_lock(&l))` or of `if (omp_test_lock(&l))`. Anywhere else (its result stored,
// an else branch) the protection it gives is not modelled; callers report that.
bool isModelledTestLock(const clang::CallExpr& call, const clang::ParentMap& parents);
bool isTestLock(const clang::CallExpr& call);

// An `ordered` directive that waits on other iterations (depend or doacross sink) in a way the
// model does not follow: a distance other than `i - 1` on a counter stepping by 1, a count-down
// loop, several sink vectors (ordered(2) wavefronts). The order it gives is not modelled, so the
// races of its loop are at most possible.
bool waitsUnmodelled(const clang::OMPOrderedDirective& ordered, const clang::ParentMap& parents);

}  // namespace adrace::analyzer
