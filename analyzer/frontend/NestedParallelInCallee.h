// A `parallel` region inside a function that a parallel loop or region calls (Rodinia myocyte:
// `#pragma omp parallel for` > solver > master > `#pragma omp parallel`). Seen from the calling
// loop, the nested region is code its thread runs to the end before the call returns (a region
// ends with a barrier of its own team), whatever that team's size: one thread when nested
// parallelism is off (the default of libgomp and libomp, OMP_MAX_ACTIVE_LEVELS=1), several when it
// is on. Either way every access of the region's body is an access of the calling iteration, so the
// body is read as the callee's sequential code (CalleeAccesses.h) and races between two calling
// iterations are found as for any callee. Races between the threads of one nested team are the
// nested region's own, which the check reports when it checks that region by itself.
//
// What would make the calling thread's view wrong is not read: a thread query in the body (its
// value is the nested team's, not the caller's), an OpenMP construct in it other than `atomic` and
// `critical` (which exclude across every thread of the program), and a data-sharing clause naming
// a variable the call shares with its caller (a `private(g)` of a file-scope `g` is the nested
// threads' own copy, not `g`).
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/StmtOpenMP.h>

#include <string>

namespace adrace::analyzer {

// Whether `directive` is a combined or plain `parallel` construct whose region a called function
// runs to its end before it returns (`parallel`, `parallel for`, `parallel for simd`).
bool isNestedParallelRegion(const clang::OMPExecutableDirective& directive);

// Empty when `directive`, a `parallel` region of `function` (called from a parallel loop or region),
// can be read as the calling thread's code; otherwise why not, naming what is in the way.
std::string whyNestedParallelNotFollowed(const clang::OMPExecutableDirective& directive,
                                         const clang::FunctionDecl& function);

}  // namespace adrace::analyzer
