// Memory a function allocates for itself: a local pointer whose every value is a fresh allocation
// of this call (`double *tmp = malloc(n * sizeof *tmp);`, `double **k = malloc(...); k[s] = malloc(...)`)
// and that never leaves the call. Two calls, on two threads, then work on different blocks, so the
// accesses through it are the call's own, as a local array's are (a block one thread frees and
// another's malloc returns is ordered by the allocator).
//
// The pointer must never escape: every use is an access through it (`p[e]`, `*p`, `*(p + e)`,
// what `p[e]` holds when it is itself one of this call's blocks), a comparison, `free(p)`, an
// argument of a C library function that does not keep it, or an argument of a function of the
// translation unit whose parameter obeys the same rules (followed a few calls deep). A pointer
// stored anywhere (`g->buf = p`, `q = p`, `return p`), reassigned from anything but an allocation,
// or whose address is taken is not the call's own; its accesses are then followed, or refused, as
// any local pointer's.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/StmtOpenMP.h>

namespace adrace::analyzer {

// Whether `value` is a fresh block: malloc, calloc, aligned_alloc, realloc of NULL, new (or NULL).
bool isAllocation(const clang::Expr* value, clang::ASTContext& context);

// Whether `pointer`, a local of `function`, only ever holds blocks `function` allocates itself and
// never lets them leave the call.
bool holdsCallOwnedMemory(const clang::FunctionDecl& function, const clang::VarDecl& pointer);

// The same rules for the uses of `pointer` inside `region`, a parallel region of `function` in
// which each thread has its own copy of it (RegionOwnedMemory.h): where assigned, an allocation;
// where read, kept by the thread. A construct of the region that the thread itself runs (`omp for`,
// `single`, `critical`, ...) may use it; a task or a nested region may not.
bool regionUsesKeepBlocks(const clang::FunctionDecl& function, const clang::OMPExecutableDirective& region,
                          const clang::VarDecl& pointer);

// Whether `address`, an expression of `function`, points into memory that is the call's own: one
// of its blocks (`tmp`, `rows[k]`, `&tmp[i]`, `tmp + k`), or a local array of numbers (`buf`, `&buf[i]`).
bool isCallOwnedAddress(const clang::Expr& address, const clang::FunctionDecl& function);

}  // namespace adrace::analyzer
