// The adjoint of one parallel loop (docs/design.md [TOMS-AD] §3.2.2 and §4.3, [FormAD] §4.2): both
// sweeps run the loop as `omp parallel` over one static schedule (adrace_static_chunk), the backward
// sweep running each thread's chunk in reverse, so that the thread that pushed a value pops it
// (forwards when it pops nothing); schedule(dynamic) is recorded in the forward sweep and replayed
// backwards. Scoping: private -> private adjoint, firstprivate -> reduction(+) of the adjoint,
// reduction(+) -> the adjoint only read, shared arrays per verdict: plain, per-thread heap copies
// summed afterwards (kept by the runtime between calls; thread 0 increments the adjoint itself), a gather
// (GatherAdjoint.h), or `omp atomic` on exactly the guarded increments (never on a plain read or reset).
//
// The sweeps (Sweeps.h) build one for each parallel loop they meet, in each sweep (never for
// --strategy serial, which runs the loop as the sequential code it is). It owns what holds for that
// loop only (which variables are per thread, which adjoints are reduced or gathered) and emits the
// loop's scaffolding; the statements of its body are emitted by the sweeps, which ask it, while they
// build its backward iteration, how each adjoint increment is emitted: taken by the gather, atomic
// (and why), or plain.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/CodeWriter.h"
#include "ad/GatherAdjoint.h"
#include "ad/SmallAdjointArrays.h"
#include "ad/StatementAdjoint.h"
#include "ad/TapePlan.h"

#include <clang/AST/Stmt.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adrace::ad {

class Sweeps;

// The context's variable for one of the analyzer's (matched by name and declaration position).
const VariableInfo* modelVariable(const AdjointContext& context, const analyzer::Variable& variable);
// Whether `decl` is declared inside the loop, or is a C89 counter each loop header declares (LoopCounters.h).
bool declaredInside(const AdjointContext& context, const ParallelLoop& loop, const clang::VarDecl* decl);
// The loop of an omp (parallel) for with no per-thread variable declared outside it (private,
// firstprivate, lastprivate): its iterations may run in any order, in both sweeps.
bool independentIterations(const AdjointContext& context, const clang::ForStmt* loop);

class ParallelLoopAdjoint {
 public:
  // The sweeps emit the statements of the loop's body (it asks them through the part of Sweeps.h
  // that says so): one class walks statements, this one the loop around them.
  ParallelLoopAdjoint(Sweeps& sweeps, AdjointContext& context, const ParallelLoop& loop);

  void forward(CodeWriter& out);
  void backward(CodeWriter& out);
  // Whether the code calls the OpenMP runtime beyond the primal's calls (per-thread copies).
  bool needsOmpHelpers() const { return needsOmpHelpers_; }

  // How the sweeps emit an adjoint increment of the backward iteration (Sweeps::emitIncrements).
  // Whether a gather takes it instead (GatherAdjoint::takes); `out` is where it would be emitted.
  bool gathers(const Increment& increment, const CodeWriter& out);
  // Why it must be atomic (the comment printed above it), or nothing when it is plain.
  std::optional<std::string> atomicReason(const Increment& increment) const;
  // The sweeps write the backward iteration of the sequential `loop` (in this loop's body) into
  // `body`: when it is the innermost loop of the gather's box, its body is where every point of the
  // box runs the increments a gather takes.
  void enterBackwardIteration(const clang::ForStmt* loop, const CodeWriter& body);
  // Whether each thread has its own `variable` (a clause's private copy, or a body local).
  bool perThread(const clang::VarDecl* variable) const { return scope_.perThread.count(variable) > 0; }

 private:
  // Per-thread variables of the loop (clause private/firstprivate/reduction, body locals) and how
  // the adjoints of the others are summed.
  struct LoopScope {
    std::set<const clang::VarDecl*> perThread;
    std::set<const clang::VarDecl*> reductionCopies;  // adjoint is this thread's heap copy
    std::set<const clang::VarDecl*> reductionClause;  // adjoint in reduction(+:) clause
    std::set<const clang::VarDecl*> gathered;         // adjoint written as a gather (GatherAdjoint.h)
  };
  LoopScope scopeOf();
  // Per-thread copies of one adjoint array (the reduction variant of docs/design.md [FormAD] §7): the runtime's buffer,
  // typed as the adjoint's elements, and this thread's slice declared with the adjoint's shape.
  struct ReductionCopy {
    const VariableInfo* info = nullptr;
    c::ExprRef extent;       // element count
    c::Type element;         // the adjoint's element type
    c::Type perThread;       // the type of this thread's copy: `float (*)[M]`, `double *`
    std::string copies;      // the buffer's name
    std::string stride;      // the size_t holding the elements between two threads' copies (whole cache lines)
    std::string total;       // the adjoint itself, as thread 0 increments it (its copy shadows the name)
    bool container = false;  // a std::vector<double>& adjoint: its elements are x_b.data()
    // A small array (SmallAdjointArrays.h): no heap copy; the body increments a local array named as
    // the adjoint, which each thread adds to the adjoint after its iterations.
    std::optional<LocalSums> small;
  };
  std::optional<ReductionCopy> reductionCopy(const VariableInfo& info);

  // The phases of backward, in order: what it emits is decided (read..., build...) before any of it
  // is written. A phase that returns false has recorded why the loop is unsupported, and nothing is
  // emitted.
  struct Backward;
  bool readBackwardShape(Backward& b);
  bool readBackwardClauses(Backward& b);
  bool readThreadCopies(Backward& b);
  bool buildBackwardIteration(Backward& b);
  bool prepareGather(Backward& b);
  void buildGatheredIteration(Backward& b, CodeWriter& gatheredBody);
  void fallBackFromGather(Backward& b);
  void dropGatheredOnly(Backward& b, CodeWriter& gatheredBody);
  void describeAdjoints(const Backward& b, CodeWriter& out);
  // How the increments of one adjoint array are emitted, as the comment above the loop says.
  std::string adjointIncrements(const analyzer::ArrayVerdict& verdict, const VariableInfo& info,
                                const clang::ForStmt& stmt) const;
  void declareTripCount(const Backward& b, CodeWriter& out);
  void saveLastPrivateAdjoints(Backward& b, CodeWriter& out);
  void declareThreadCopies(const Backward& b, CodeWriter& out);
  void openBackwardRegion(const Backward& b, CodeWriter& out);
  void closeBackwardRegion(const Backward& b, CodeWriter& out);
  void beginThread(Backward& b, CodeWriter& out);
  void openThreadCopies(const Backward& b, CodeWriter& out);
  void runBackwardIterations(Backward& b, CodeWriter& out);
  void sumThreadCopies(const Backward& b, CodeWriter& out);
  // Clause-private values (declared outside the loop) the backward sweep reads.
  std::vector<const clang::VarDecl*> carriedValues() const;
  // `#pragma omp for schedule(kind[, chunk])` as the primal loop schedules it.
  c::Directive scheduledFor() const;
  // Identifiers a gather term may read at a shifted iteration (GatherAdjoint's invariantNames).
  std::set<std::string> gatherInvariants() const;
  // The scalars a gather term may recompute at its shifted iteration (GatherAdjoint's bodyLocals).
  std::set<const clang::VarDecl*> gatherBodyLocals() const;
  bool teamAlike(const analyzer::Variable& variable, const VariableInfo& info) const;

  bool memberProvenShared(const clang::Expr* leaf) const;
  // atomicReason for an increment through a pointer alias of `array` (PointerAliases.h).
  std::optional<std::string> aliasAtomicReason(const Increment& increment, const clang::VarDecl* array) const;
  bool aliasesFollowed(const clang::VarDecl* array) const;
  // Whether every reference to `variable` in the loop is variable[counter] (its own element only).
  bool onlyOwnElement(const std::string& variable) const;

  Sweeps& sweeps_;
  AdjointContext& context_;
  const TapePlan& plan_;  // the sweeps'
  const ParallelLoop& loop_;
  LoopScope scope_;
  GatherAdjoint* gather_ = nullptr;  // takes the increments of gathered arrays while the backward iteration is built
  int gatherRoot_ = -1;              // the writer list (CodeWriter::id) of that backward iteration's root
  // The innermost loop of a perfect nest the gather ranges over: its body's root is gatherRoot_.
  const clang::ForStmt* gatherInnermost_ = nullptr;
  bool needsOmpHelpers_ = false;
};

}  // namespace adrace::ad
