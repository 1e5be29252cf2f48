// A block each thread of a parallel region allocates for itself, held in its private pointer:
//
//   #pragma omp parallel private(local)
//   { local = calloc(NB, sizeof *local);  #pragma omp for ... local[keys[i] % NB]++;  ...  free(local); }
//
// Every thread's copy of `local` points to a block no other thread is given, so its accesses through
// it cannot race with another thread's (a block one thread frees and another's allocation returns is
// ordered by the allocator), as a called function's own blocks cannot (CallOwnedMemory.h). It holds
// when the pointer is the thread's own in the region (in its `private` clause or declared in its
// body; a `firstprivate` copy starts as the shared original), its first use in the region is a
// statement of the region's block that assigns it an allocation (malloc, calloc, aligned_alloc,
// realloc of NULL, new), and every use in the region keeps the block with the thread (the rules of
// CallOwnedMemory.h: no copy into another variable, shared or not, no task capturing it). Otherwise
// its accesses stay what they were: where it points is not followed (possible races).
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/StmtOpenMP.h>

namespace adrace::analyzer {

bool holdsThreadOwnedMemory(const clang::OMPExecutableDirective& region, const clang::FunctionDecl& function,
                            const clang::VarDecl& pointer);

// The innermost `parallel` construct of `function` whose region holds `statement`; null when none does.
const clang::OMPExecutableDirective* enclosingParallel(const clang::Stmt& statement,
                                                       const clang::FunctionDecl& function);

}  // namespace adrace::analyzer
