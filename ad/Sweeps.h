// The two sweeps of the adjoint of one function body: the forward sweep (the primal, pruned to
// what the backward sweep needs, with save-on-kill pushes) and the backward sweep (statement
// adjoints in reverse order, pops restoring killed values). The tape plan (TapePlan.h), a value
// the sweeps take, decides what is needed, and TapeReads.h answers the sweeps' questions about it.
// The sweeps walk statements and send each OpenMP directive to the class that owns its concern:
// a region's phases to RegionSweeps (RegionPhases.h, which emits each parallel loop through a
// ParallelLoopAdjoint, ParallelLoopAdjoint.h), a team region to TeamSweeps (TeamRegion.h), critical
// and atomic updates to ExclusiveUpdates.h; those emit the statements inside through the sweeps.
// The supported subset is checked by SupportCheck.cpp before anything is emitted.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"
#include "ad/ForHeader.h"
#include "ad/RegionPhases.h"
#include "ad/StatementAdjoint.h"
#include "ad/TapePlan.h"
#include "ad/TapeReads.h"
#include "ad/TeamRegion.h"

#include <clang/AST/Stmt.h>

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
  Sweeps(AdjointContext& context, const TapePlan& plan)
      : context_(context), plan_(plan), reads_(context, plan), regions_(*this, context), team_(*this, context) {}
  Sweeps(const Sweeps&) = delete;  // its parts hold a reference to it
  Sweeps& operator=(const Sweeps&) = delete;

  // What the sweeps read of the tape plan (TapeReads.h): recomputed values, saves before kills.
  const TapeReads& reads() const { return reads_; }

  void forward(const clang::Stmt* statement, CodeWriter& out);
  void backward(const clang::Stmt* statement, CodeWriter& out);
  bool forwardEmits(const clang::Stmt* statement) const;   // any primal statement or push
  bool backwardEmits(const clang::Stmt* statement) const;  // any adjoint statement

  // What else the tape planner (TapePlan.cpp) asks while the plan grows.
  // The C89 counter whose exit value this loop leaves for code after it (LoopCounters.h), when a
  // sweep needs that value; else null. The forward sweep then runs the loop over the variable itself.
  const clang::VarDecl* exitCounterKept(const clang::ForStmt* loop) const;
  static bool isConditionalLoop(const clang::Stmt* statement);  // while and do loops

  // What the adjoint of a parallel loop (ParallelLoopAdjoint.h) asks of the sweeps of its body.
  const TapePlan& plan() const { return plan_; }
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

  // Whether the code calls the OpenMP runtime beyond the primal's calls (per-thread copies).
  bool needsOmpHelpers() const { return regions_.needsOmpHelpers(); }

  // A region whose threads run statements of their own (TeamRegion.h) runs as one team in each
  // sweep: whether its code is being emitted, and whether each of its threads owns `variable`.
  bool insideTeam() const { return team_.inside(); }
  bool teamOwns(const clang::VarDecl* variable) const { return team_.owns(variable); }
  bool teamReduces(const clang::VarDecl* variable) { return team_.reduces(variable); }

  // What the directives' sweeps (RegionPhases.h, TeamRegion.h, ExclusiveUpdates.h) ask of the
  // statement walk: the variable a statement kills (an assignment, ++ or --, its target in `lhs`),
  // and the sweeps of a compound statement (scope: its locals' scope ends there, with their pushes).
  const clang::VarDecl* killed(const clang::Stmt* statement, const clang::Expr** lhs) const;
  void forwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope);
  // localsLive: the scope's locals are already computed (a recomputed iteration): no pops.
  void backwardCompound(const clang::CompoundStmt* compound, CodeWriter& out, bool scope, bool localsLive = false);

 private:
  // The directive's sweep, by the class that owns its concern.
  void forwardDirective(const clang::OMPExecutableDirective* directive, CodeWriter& out);
  void backwardDirective(const clang::OMPExecutableDirective* directive, CodeWriter& out);

  void recomputeValues(const clang::CompoundStmt* compound, CodeWriter& out, bool localsLive, bool declarations);
  c::ExprRef initialValue(const clang::VarDecl* var) const;
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

  AdjointContext& context_;
  const TapePlan& plan_;
  TapeReads reads_;
  RegionSweeps regions_;
  TeamSweeps team_;
  // The parallel loop whose backward iteration is being built (backwardIterationOf): it says how
  // each adjoint increment is emitted. Null elsewhere: every increment is plain.
  ParallelLoopAdjoint* parallelLoop_ = nullptr;
};

}  // namespace adrace::ad
