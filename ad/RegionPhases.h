// Parallel regions (docs/design.md [TOMS-AD] §3.1): both sweeps run a region as its phases in order (the
// forward sweep) or in reverse (the backward sweep). A worksharing loop becomes a parallel region of
// its own (ParallelLoopAdjoint.h); a `single` or `master` body runs once, between those regions.
// Every phase ends where the next begins, so the adjoint synchronises at least as much as the primal
// whatever its barriers and `nowait` clauses say: a `nowait` between two loops is correct in the
// primal because each thread's iterations meet only its own, but in reverse the adjoint's
// increments of shared reads (a neighbour's elements) meet other threads', so no `nowait` is copied.
// A region with statements every thread runs is a team region instead (TeamRegion.h), and an
// `omp critical` or `omp atomic` update is emitted as ExclusiveUpdates.h says: the sweeps send
// those there, and every other directive here.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"

#include <clang/AST/StmtOpenMP.h>

#include <functional>
#include <vector>

namespace adrace::ad {

class Sweeps;

// What a parallel region runs, in order, as the sweeps run it: its worksharing loops (each an
// OMPLoopDirective, given a parallel region of its own in both sweeps) and the bodies of its
// `single` and `master` blocks (run once, between them). Barriers and `nowait` leave no phase: a
// region per loop synchronises at least as much. A team region's phases are all its statements
// (TeamRegion.h); a critical or atomic directive's, the updates it governs (ExclusiveUpdates.h).
std::vector<const clang::Stmt*> regionPhases(const clang::OMPExecutableDirective* directive);

// The sweeps of a region (or a lone worksharing loop) run as its phases; the sweeps own one and
// emit each phase's statements for it.
class RegionSweeps {
 public:
  RegionSweeps(Sweeps& sweeps, AdjointContext& context) : sweeps_(sweeps), context_(context) {}

  void forward(const clang::OMPExecutableDirective* directive, CodeWriter& out);
  void backward(const clang::OMPExecutableDirective* directive, CodeWriter& out);
  // Whether the code calls the OpenMP runtime beyond the primal's calls (per-thread copies).
  bool needsOmpHelpers() const { return needsOmpHelpers_; }

 private:
  // One worksharing loop: a ParallelLoopAdjoint, or the sequential loop it is under --strategy serial.
  void forwardLoop(const ParallelLoop& loop, CodeWriter& out);
  void backwardLoop(const ParallelLoop& loop, CodeWriter& out);
  // A single or master body that asks the OpenMP runtime about its team runs in a team of its own.
  void onceBlock(const clang::Stmt* body, CodeWriter& out, const std::function<void(CodeWriter&)>& emit);

  Sweeps& sweeps_;
  AdjointContext& context_;
  bool needsOmpHelpers_ = false;
};

}  // namespace adrace::ad
