// Scalars of a parallel region that hold one value on every thread of its team: `double w = WEIGHT *
// relax;` declared in the region (or `double w2 = w;`, the copy the helper inlining makes of an
// orphaned loop's parameter, OrphanedLoops.h), initialised from values the threads read alike and
// never written again. A gather (docs/design.md [PerforAD]) computes a target's sum on whichever
// thread owns the target, from the terms of iterations other threads ran: a term that reads such a
// scalar reads the value the other thread had, since every thread has the same one.
//
// An initialiser is read alike when it is built from literals, enumerators, `sizeof`, arithmetic,
// casts and ?: over variables declared outside the region that nothing in the region writes (the
// threads share them, and the primal is race-free), other such scalars, and calls of the C math
// library on those. A firstprivate copy the region never writes is alike too (every thread's copy
// starts from the one original). Anything else (the thread number, an array element, another call, a variable
// written anywhere in the region, a private clause's uninitialised copy) is not: unknown means the
// value may differ from thread to thread.
#pragma once

#include <clang/AST/StmtOpenMP.h>

#include <set>
#include <string>

namespace adrace::ad {

// The names of the region's scalars proven alike on every thread (the loop model names variables
// by name: a name two of the region's variables share is left out unless both are alike).
std::set<std::string> teamUniformScalars(const clang::OMPParallelDirective& region);

}  // namespace adrace::ad
