// Parallel regions whose threads run statements of their own (docs/design.md [TOMS-AD] §3.1): a
// per-thread local (`double mine = 0.0;`), an `if` choosing between worksharing loops, a share added
// to a total under `omp critical` once the thread's iterations are done, `reduction(+: r)` on the
// region itself. Run as phases (RegionPhases.cpp) such a region would run those statements once;
// instead both sweeps run it as one team, the region's statements in order in the forward sweep
// and their adjoints in reverse in the backward sweep, on every thread, each thread restoring its
// own values from its own tape (the thread numbers, and so the tapes, are the same in both sweeps,
// as for every parallel loop: docs/design.md [TOMS-AD] §3.2.2). A worksharing loop in it is the
// team's static (or recorded) schedule of ParallelLoopAdjoint.h, with a barrier after it in the
// forward sweep and on both sides in the backward sweep: every increment of an adjoint the threads
// share is done before another loop, or another thread's statements, read it. An adjoint increment
// outside the loops, of a variable the threads share, is atomic (every thread makes it).
//
// A reduction(+: r) on the region gives each thread a copy of r that starts at 0 and is added to r
// at the end: each copy's adjoint is r's (firstprivate(r_b) in the backward sweep), and r's own
// adjoint is unchanged.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"
#include "ad/StatementAdjoint.h"

#include <clang/AST/StmtOpenMP.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adrace::ad {

// Whether the region has a statement every thread runs (anything but worksharing loops, barriers,
// single and master blocks and uninitialised declarations): then both sweeps run it as one team.
bool runsAsTeam(const clang::OMPParallelDirective& region);

// What each thread of the region owns: the variables declared in it, and those its private,
// firstprivate and reduction clauses list.
std::set<const clang::VarDecl*> teamOwnedVariables(const clang::OMPParallelDirective& region);

// The rules a team region follows, checked after the support check has accepted its statements:
// every thread writes only what it owns (shared variables only in omp critical or omp atomic
// updates, ExclusiveUpdates.h, in master and single blocks, or at the thread's own number,
// ThreadSlots.h); an if around a worksharing loop reads only what every thread reads alike; no
// worksharing loop inside a loop every thread runs; no active firstprivate; a reduction variable is
// a local of the function; not --strategy serial (whose one thread would run the statements once).
void checkTeamRegion(AdjointContext& context, const clang::OMPParallelDirective& region);

class Sweeps;

// The team region in each sweep (the sweeps send every team region here, and emit its statements
// for it). While its code is emitted, the worksharing loops in it are emitted without a region of
// their own (ParallelLoopAdjoint asks inside), and the variables each thread of the team owns
// (owns) are declared by the team's region, not by the loops.
class TeamSweeps {
 public:
  TeamSweeps(Sweeps& sweeps, AdjointContext& context) : sweeps_(sweeps), context_(context) {}

  void forward(const clang::OMPParallelDirective* region, CodeWriter& out);
  void backward(const clang::OMPParallelDirective* region, CodeWriter& out);
  bool inside() const { return region_ != nullptr; }
  bool owns(const clang::VarDecl* variable) const { return owned_.count(variable) > 0; }
  // Why an increment outside the region's worksharing loops is atomic (every thread runs it: an
  // adjoint the threads share is incremented atomically), or nothing for one the thread owns.
  std::optional<std::string> atomicReason(const Increment& increment) const;
  // Whether the backward region sums the adjoint of a scalar its worksharing loops read, which the
  // threads share, in a reduction(+) of its own (each thread's increments in a copy that starts at 0,
  // added at the end): only when the region never assigns the scalar, so that nothing in it reads
  // the adjoint.
  bool reduces(const clang::VarDecl* variable);
  // A master or single block of the region: run by the master thread, between barriers.
  void forwardOnce(const clang::OMPExecutableDirective* block, CodeWriter& out);
  void backwardOnce(const clang::OMPExecutableDirective* block, CodeWriter& out);

 private:
  Sweeps& sweeps_;
  AdjointContext& context_;
  const clang::OMPParallelDirective* region_ = nullptr;  // the team region being emitted
  std::set<const clang::VarDecl*> owned_;                // the variables each of its threads owns
  int onceDepth_ = 0;                                    // inside a master or single block
  std::vector<const clang::VarDecl*> reduced_;           // the scalars whose adjoints it reduces
  void onceBlock(const clang::OMPExecutableDirective* block, CodeWriter& statements, CodeWriter& out);
};

}  // namespace adrace::ad
