// An orphaned worksharing loop: a helper whose body holds `#pragma omp for` (often written through a
// `_Pragma` macro, as stencil benchmarks do), called inside the caller's `omp parallel` region. The
// loop binds to the caller's team (OpenMP 5.2, 2.10.1), so the helper inlining (HelperInlining.h)
// copies it into the caller's region as a worksharing loop of that region: a new `OMPForDirective`
// over the copied loop, one per call. The analysis then models it in the region that runs it
// (data sharing, the other steps of the region), and the sweeps adjoin it like a worksharing loop
// written in the region (TeamRegion.h): the region's adjoint runs the copies' adjoints in reverse.
//
// Only clauses that name no variable of the helper are copied (schedule with a constant chunk or
// none, collapse); a helper's `private`, `reduction`... list names variables the copy renames, and is
// refused. So are `nowait` (the primal race check reads the copies' loops one by one, not what runs
// after them in the region without the barrier), and an orphaned loop whose call is not inside a
// parallel region (its one-thread team would run all iterations: a serial loop written as a
// worksharing one). The copies are checked for races again where the calls put them
// (AdjointGenerator.cpp), since a call may pass one array for two parameters.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <optional>
#include <string>
#include <vector>

namespace adrace::ad {

// Why `directive`, in a helper's body, cannot be copied into its caller's region; nullopt when it can.
std::optional<std::string> whyOrphanedLoopNotCopied(const clang::OMPExecutableDirective& directive,
                                                    const clang::ASTContext& ast);

// The loop that `directive` (an `omp for` accepted by whyOrphanedLoopNotCopied) governs.
clang::ForStmt* orphanedLoopStatement(const clang::OMPForDirective& directive);

// A new `omp for` over `loop` (the copy of the helper's loop), with the original's clauses, located
// at `at` (the call, inside the caller's region); `counters` are the copy's loop counters, one per
// loop of the nest.
clang::OMPForDirective* copyOrphanedLoop(clang::ASTContext& ast, const clang::OMPForDirective& original,
                                         clang::ForStmt* loop, const std::vector<clang::Expr*>& counters,
                                         clang::SourceLocation at);

}  // namespace adrace::ad
