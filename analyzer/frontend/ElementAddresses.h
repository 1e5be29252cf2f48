// What the program can do with the address of an array element it takes, `&a[e]`: by default,
// anything (it is an opaque write of `a`). Two uses are narrower and common in real codes.
#pragma once

#include <clang/AST/Expr.h>
#include <clang/AST/ParentMap.h>

namespace adrace::analyzer {

// `omp_set_lock(&locks[b])` and the other lock routines that take and release a lock: the
// runtime's accesses to the lock object are its own synchronisation, not accesses of program data
// (the lock's protection is modelled where the lock is held). Not init and destroy, which write it.
bool passedToLockRoutine(const clang::UnaryOperator& address, const clang::ParentMap& parents);

// The address becomes a pointer to const (`const int *list = &a[k];`, an argument of a
// `const double *` parameter): the program can only read `a` through it.
bool onlyReadThrough(const clang::UnaryOperator& address, const clang::ParentMap& parents);

}  // namespace adrace::analyzer
