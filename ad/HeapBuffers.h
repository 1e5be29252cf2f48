// Buffers the function allocates: a pointer local set once from malloc or calloc and released by
// free in the same block, `double *mine = (double *)malloc((size_t)nband * sizeof(double));` (each
// thread's own when declared in a parallel region), or `partial = malloc(nthreads * sizeof *partial);`
// after `double *partial;`. The derivative rules treat the buffer as an array; its adjoint is a
// buffer of the same element count, zeroed (calloc), declared where the backward sweep declares
// the adjoints of the declaration's block's locals and freed at the end of that block's backward sweep. The
// forward sweep allocates the buffer where the primal does, if it needs its values, and frees it
// where the primal does: a backward sweep that reads the values would read freed memory, and is
// refused. Refused too, with the reason: a count that reads a value the function changes (the
// adjoint buffer is allocated after the forward sweep, where it must have the same size), another
// assignment to the pointer, a use other than `p[e]`, and a free elsewhere than the block.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>

namespace adrace::ad {

enum class HeapBufferForm { NotABuffer, Recorded, Refused };

// Records context.heapBuffers[decl] when the pointer local is such a buffer; NotABuffer when it is
// never allocated (another kind of pointer local), Refused (with the reason recorded) when it is
// allocated but breaks a rule above.
HeapBufferForm recordHeapBuffer(AdjointContext& context, const clang::VarDecl* decl);

// The buffer the statement allocates (`p = malloc(...)`, or the declaration with that initialiser)
// or releases (`free(p);`); null for any other statement.
const clang::VarDecl* allocatedBuffer(const AdjointContext& context, const clang::Stmt* statement);
const clang::VarDecl* releasedBuffer(const AdjointContext& context, const clang::Stmt* statement);

// `double *mine_b = (double *)calloc((size_t)nband, sizeof *mine_b);` and `free(mine_b);`.
c::StmtRef bufferAdjointDeclaration(const AdjointContext& context, const clang::VarDecl* buffer);
c::StmtRef bufferAdjointRelease(const AdjointContext& context, const clang::VarDecl* buffer);

// Refuses, at its allocation, a buffer whose values the backward sweep (`backward`) reads.
void refuseBufferReadsAfterRelease(const AdjointContext& context, const CodeWriter& backward);

}  // namespace adrace::ad
