// The two sweeps of the adjoint of one function body: the forward sweep (the primal, pruned to
// what the backward sweep needs, with save-on-kill pushes) and the backward sweep (statement
// adjoints in reverse order, pops restoring killed values). The tape plan (TapePlan.h), a value
// the sweeps take, decides what is needed; each parallel loop is emitted by a ParallelLoopAdjoint
// (ParallelLoopAdjoint.h), whose body the sweeps emit; the supported subset is checked by
// SupportCheck.cpp before anything is emitted.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"
#include "ad/ForHeader.h"
#include "ad/StatementAdjoint.h"
#include "ad/TapePlan.h"

#include <clang/AST/Stmt.h>

#include <functional>
#include <optional>
#include <set>
#include <string>

namespace adrace::ad {

// `adrace_push_double(x);` / `x = adrace_pop_double();` (bytes for other types)
c::StmtRef pushStatement(const clang::QualType& type, const c::ExprRef& lvalue);
c::StmtRef popStatement(const clang::QualType& type, const c::ExprRef& lvalue);
// `int i = adrace_pop_int();` (`struct s p; adrace_pop_bytes(&p, sizeof p);` for other types)
c::StmtRef declareAndPop(const AdjointContext& context, const clang::VarDecl* var);

// Collects the function's variables and records the first unsupported construct.
void checkSupported(AdjointContext& context);

class ParallelLoopAdjoint;

class Sweeps {
 public:
  Sweeps(AdjointContext& context, const TapePlan& plan) : context_(context), plan_(plan) {}

  // A value the backward sweep reads and recomputes (instead of popping it).
  bool recomputes(const clang::VarDecl* variable) const;
  // Whether `kill` (an assignment, ++ or --) must push the value of `variable` it overwrites.
  bool savesBeforeKill(const clang::Stmt* kill, const clang::VarDecl* variable) const;

  // Sweeps.cpp
  void forward(const clang::Stmt* statement, CodeWriter& out);
  void backward(const clang::Stmt* statement, CodeWriter& out);
  bool forwardEmits(const clang::Stmt* statement) const;   // any primal statement or push
  bool backwardEmits(const clang::Stmt* statement) const;  // any adjoint statement

  // What else the tape planner (TapePlan.cpp) asks while the plan grows.
  // A pointer alias (PointerAliases.h): what its adjoint's declaration reads (the offset).
  void aliasOffsetReads(const clang::VarDecl* alias, std::set<const clang::VarDecl*>& out) const;
  // Whether the branch's direction is taped (its condition reads a variable the branch assigns).
  bool ifNeedsFlag(const clang::IfStmt* branch) const;
  // The C89 counter whose exit value this loop leaves for code after it (LoopCounters.h), when a
  // sweep needs that value; else null. The forward sweep then runs the loop over the variable itself.
  const clang::VarDecl* exitCounterKept(const clang::ForStmt* loop) const;
  static bool isConditionalLoop(const clang::Stmt* statement);  // while and do loops

  // What the adjoint of a parallel loop (ParallelLoopAdjoint.h) asks of the sweeps of its body.
  const TapePlan& plan() const { return plan_; }
  // Whether the value of `variable` an assignment overwrites is pushed (the backward sweep reads it).
  bool pushesOnKill(const clang::VarDecl* variable) const;
  // One iteration's forward sweep of a loop body, the pushes at the end of its scope included.
  void forwardLoopBody(const clang::Stmt* body, CodeWriter& out);
  // The backward iteration of the parallel loop's (innermost) loop, each increment emitted as
  // `parallelLoop` says (gathered, atomic or plain).
  void backwardIterationOf(ParallelLoopAdjoint& parallelLoop, const clang::ForStmt* innermost, CodeWriter& out);
  // The forward sweep of one iteration of `loop`, as its backward iteration recomputes it when the
  // plan recomputes the loop (no scope-end pushes): a per-iteration tape's fill (IterationTape.h).
  void recomputedForward(const clang::ForStmt* loop, CodeWriter& out);
  // The comments that open a recomputed iteration's forward sweep and its backward sweep in a
  // backward iteration (backwardIterationOf): what lies between them is recomputedForward's.
  static const char* const kRecomputedForwardComment;
  static const char* const kBackwardPartComment;
  // Whether the forward sweep saves the value a loop over a kept C89 counter overwrites
  // (exitCounterKept), and the backward sweep restores it after the loop's adjoint (restoreCounter).
  bool restoresCounter(const clang::ForStmt* loop) const;
  void restoreCounter(const clang::ForStmt* loop, CodeWriter& out) const;

  // RegionPhases.cpp
  // What a parallel region runs, in order, as the sweeps run it: its worksharing loops (each an
  // OMPLoopDirective, given a parallel region of its own in both sweeps) and the bodies of its
  // `single` and `master` blocks (run once, between them). Barriers and `nowait` leave no phase: a
  // region per loop synchronises at least as much. A team region's phases are all its statements
  // (TeamRegion.h); a critical or atomic directive's, the updates it governs (ExclusiveUpdates.h).
  std::vector<const clang::Stmt*> regionPhases(const clang::OMPExecutableDirective* directive) const;
  bool needsOmpHelpers() const { return needsOmpHelpers_; }

  // TeamRegion.cpp: a region whose threads run statements of their own (TeamRegion.h) runs as one
  // team in each sweep. While its code is emitted, the worksharing loops in it are emitted without a
  // region of their own (ParallelLoopAdjoint asks insideTeam), and the variables each thread of the
  // team owns (teamOwns) are declared by the team's region, not by the loops.
  bool insideTeam() const { return team_ != nullptr; }
  bool teamOwns(const clang::VarDecl* variable) const { return teamOwned_.count(variable) > 0; }

 private:
  bool assigns(const clang::Stmt* statement, const clang::VarDecl* variable) const;
  // A superset of the primal variables the backward sweep of `statement` reads; besides
  // read-modify-writes: leaving out the element a read-modify-write reads (readModifyWriteArray).
  void backwardReads(const clang::Stmt* statement, std::set<const clang::VarDecl*>& out,
                     bool besidesReadModifyWrites = false) const;
  // Save-on-kill by element for arrays (TapePlan.cpp): whether the kill's own adjoint reads the
  // array it writes, and whether the backward sweep reads the array only in read-modify-writes.
  bool killReadsOwnArray(const clang::Stmt* kill, const clang::VarDecl* variable) const;
  bool readOnlyByReadModifyWrites(const clang::VarDecl* variable) const;

  // Sweeps.cpp
  const clang::VarDecl* killed(const clang::Stmt* statement, const clang::Expr** lhs) const;
  void forwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope);
  // localsLive: the scope's locals are already computed (a recomputed iteration): no pops.
  void backwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope, bool localsLive = false);
  void recomputeValues(const clang::CompoundStmt* compound, CodeWriter& out, bool localsLive, bool declarations);
  // The backward sweep of one iteration of a loop's body (preceded by its forward sweep when the
  // loop's iterations are recomputed).
  void backwardIteration(const clang::ForStmt* loop, CodeWriter& out);
  void forwardFor(const clang::ForStmt* loop, CodeWriter& out);
  // `for (int i = 0; i < n; i++)` with an empty body; `for (i = 0; ...)` over a variable declared before.
  c::StmtRef forHead(const clang::ForStmt* loop, bool declare = true) const;
  void backwardFor(const clang::ForStmt* loop, CodeWriter& out);
  // while and do loops: the forward sweep counts and pushes the iterations, the backward sweep pops
  // the count and runs that many backward iterations.
  void forwardConditionalLoop(const clang::Stmt* loop, CodeWriter& out);
  void backwardConditionalLoop(const clang::Stmt* loop, CodeWriter& out);
  static const char* const kLoopExit;    // the flag a break sets in the forward sweep
  static const char* const kIterations;  // the iteration count
  void emitIncrements(const std::vector<Increment>& increments, CodeWriter& out);
  // The run of increments emitted last, one after another in one writer: a new increment of the
  // same adjoint element as one of them joins it if it commutes with those in between
  // (joinIncrements, incrementsCommute).
  struct EmittedIncrement {
    size_t line;  // its index in the writer's open list
    Increment increment;
    std::optional<std::string> atomic;  // why it is atomic, or nothing (atomicReason)
  };
  std::vector<EmittedIncrement> incrementRun_;
  int runWriter_ = -1;
  size_t runEnd_ = 0;
  std::vector<const clang::VarDecl*> scopeLocals(const clang::CompoundStmt* compound) const;

  // RegionPhases.cpp: a region's phases in order (forward) or in reverse (backward).
  void forwardParallel(const clang::OMPExecutableDirective* directive, CodeWriter& out);
  void backwardParallel(const clang::OMPExecutableDirective* directive, CodeWriter& out);
  // One worksharing loop: a ParallelLoopAdjoint, or the sequential loop it is under --strategy serial.
  void forwardParallelLoop(const ParallelLoop& loop, CodeWriter& out);
  void backwardParallelLoop(const ParallelLoop& loop, CodeWriter& out);
  // TeamRegion.cpp: the team's region in each sweep, and why an increment outside its worksharing
  // loops is atomic (every thread runs it: an adjoint the threads share is incremented atomically).
  void forwardTeam(const clang::OMPParallelDirective* region, CodeWriter& out);
  void backwardTeam(const clang::OMPParallelDirective* region, CodeWriter& out);
  std::optional<std::string> teamAtomicReason(const Increment& increment) const;
  // ExclusiveUpdates.cpp: `omp critical` and `omp atomic` updates (ExclusiveUpdates.h).
  void forwardExclusive(const clang::OMPExecutableDirective* directive, CodeWriter& out);
  void backwardExclusive(const clang::OMPExecutableDirective* directive, CodeWriter& out);
  // A single or master body that asks the OpenMP runtime about its team: it runs in a team of its own.
  bool asksTheTeam(const clang::Stmt* onceBody) const;
  void onceBlock(const clang::Stmt* body, CodeWriter& out, const std::function<void(CodeWriter&)>& emit);

  AdjointContext& context_;
  const TapePlan& plan_;
  // The parallel loop whose backward iteration is being built (backwardIterationOf): it says how
  // each adjoint increment is emitted. Null elsewhere: every increment is plain.
  ParallelLoopAdjoint* parallelLoop_ = nullptr;
  bool needsOmpHelpers_ = false;
  // The team region being emitted (TeamRegion.cpp), and the variables each of its threads owns.
  const clang::OMPParallelDirective* team_ = nullptr;
  std::set<const clang::VarDecl*> teamOwned_;
};

}  // namespace adrace::ad
