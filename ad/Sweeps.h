// The two sweeps of the adjoint of one function body: the forward sweep (the primal, pruned to
// what the backward sweep needs, with save-on-kill pushes) and the backward sweep (statement
// adjoints in reverse order, pops restoring killed values). The tape plan (TapePlan.h), a value
// the sweeps take, decides what is needed; parallel loops are emitted by ParallelLoopAdjoint.cpp; the supported subset is
// checked by SupportCheck.cpp before anything is emitted.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"
#include "ad/ForHeader.h"
#include "ad/GatherAdjoint.h"
#include "ad/StatementAdjoint.h"
#include "ad/TapePlan.h"

#include <clang/AST/Stmt.h>

#include <functional>
#include <map>
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
  bool pushesOnKill(const clang::VarDecl* variable) const;
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
  // Whether the forward sweep saves the value such a loop overwrites, and the backward sweep
  // restores it after the loop's adjoint (restoreCounter).
  bool restoresCounter(const clang::ForStmt* loop) const;
  void restoreCounter(const clang::ForStmt* loop, CodeWriter& out) const;
  // The loop of an omp (parallel) for with no per-thread variable declared outside it (private,
  // firstprivate, lastprivate): its iterations may run in any order, in both sweeps.
  bool independentIterations(const clang::ForStmt* loop) const;
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

 public:
  // ParallelLoopAdjoint.cpp
  void forwardParallel(const clang::OMPExecutableDirective* directive, CodeWriter& out);
  void backwardParallel(const clang::OMPExecutableDirective* directive, CodeWriter& out);
  std::vector<const clang::OMPLoopDirective*> parallelLoops(const clang::OMPExecutableDirective* directive) const;
  // What a parallel region runs, in order, as the sweeps run it: its worksharing loops (each an
  // OMPLoopDirective, given a parallel region of its own in both sweeps) and the bodies of its
  // `single` and `master` blocks (run once, between them). Barriers and `nowait` leave no phase: a
  // region per loop synchronises at least as much (RegionPhases.cpp).
  std::vector<const clang::Stmt*> regionPhases(const clang::OMPExecutableDirective* directive) const;
  // A single or master body that asks the OpenMP runtime about its team: it runs in a team of its own.
  bool asksTheTeam(const clang::Stmt* onceBody) const;
  void onceBlock(const clang::Stmt* body, CodeWriter& out, const std::function<void(CodeWriter&)>& emit);
  // Why one adjoint increment in the current parallel loop must be atomic (the comment printed
  // above it), or nothing when it is plain; aliasAtomicReason for an increment through a pointer alias.
  std::optional<std::string> atomicReason(const Increment& increment) const;
  bool memberProvenShared(const clang::Expr* leaf) const;
  std::optional<std::string> aliasAtomicReason(const Increment& increment, const clang::VarDecl* array) const;
  bool aliasesFollowed(const ParallelLoop& loop, const clang::VarDecl* array) const;
  // Whether every reference to `variable` in the loop is variable[counter] (its own element only).
  bool onlyOwnElement(const ParallelLoop& loop, const std::string& variable) const;

  // Per-thread variables of the loop being emitted (clause private/firstprivate/reduction, body locals).
  struct LoopScope {
    const ParallelLoop* loop = nullptr;
    std::set<const clang::VarDecl*> perThread;
    std::set<const clang::VarDecl*> reductionCopies;   // adjoint is this thread's heap copy
    std::set<const clang::VarDecl*> reductionClause;   // adjoint in reduction(+:) clause
    std::set<const clang::VarDecl*> gathered;          // adjoint written as a gather (GatherAdjoint.h)
  };

 private:
  void forwardParallelLoop(const ParallelLoop& loop, CodeWriter& out);
  // `#pragma omp for schedule(kind[, chunk])` as the primal loop schedules it.
  c::Directive scheduledFor(const ParallelLoop& loop) const;
  // `long adrace_k, adrace_begin, adrace_end;` and this thread's static chunk of adrace_trip.
  static c::StmtList staticChunk();
  // Whether this thread's chunk holds the sequentially last iteration.
  static c::ExprRef ranLastIteration();
  void backwardParallelLoop(const ParallelLoop& loop, CodeWriter& out);
  LoopScope scopeOf(const ParallelLoop& loop);
  // Per-thread copies of one adjoint array (seed 004's reduction): the runtime's buffer, typed as
  // the adjoint's elements, and this thread's slice declared with the adjoint's shape.
  struct ReductionCopy {
    const VariableInfo* info = nullptr;
    c::ExprRef extent;    // element count
    c::Type element;      // the adjoint's element type
    c::Type perThread;    // the type of this thread's copy: `float (*)[M]`, `double *`
    std::string copies;   // the buffer's name
  };
  std::optional<ReductionCopy> reductionCopy(const ParallelLoop& loop, const VariableInfo& info);
  std::vector<const clang::VarDecl*> carriedValues(const ParallelLoop& loop) const;
  const VariableInfo* modelVariable(const analyzer::Variable& variable) const;
  bool declaredInside(const ParallelLoop& loop, const clang::VarDecl* decl) const;

  AdjointContext& context_;
  const TapePlan& plan_;
  const LoopScope* current_ = nullptr;
  GatherAdjoint* gather_ = nullptr;  // takes the increments of gathered arrays while a loop's backward sweep is built
  int gatherRoot_ = -1;  // the writer list (CodeWriter::id) of that backward iteration's root
  // The innermost loop of a perfect nest the gather ranges over: its body's root is gatherRoot_.
  const clang::ForStmt* gatherInnermost_ = nullptr;
  // Identifiers a gather term may read at a shifted iteration of `loop` (GatherAdjoint's invariantNames).
  std::set<std::string> gatherInvariants(const ParallelLoop& loop) const;
  bool needsOmpHelpers_ = false;

 public:
  bool needsOmpHelpers() const { return needsOmpHelpers_; }
};

}  // namespace adrace::ad
