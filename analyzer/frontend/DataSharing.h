// OpenMP data-sharing of every variable a loop uses: its clauses (and the enclosing parallel
// region's), then C's implicit rules. docs/design.md [TOMS-AD] §3.2 gives each clause's meaning for the adjoint.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace adrace::analyzer {

// The operator a reduction clause names, as C writes it: "+", "*", "max" (Clang's name of `+` is "operator+").
std::string reductionOperator(const clang::OMPReductionClause& clause);

class DataSharing {
 public:
  struct Entry {
    Sharing sharing = Sharing::Shared;
    std::string reason;
    std::string reductionOperator;
    std::string name;  // unique within the loop (a shadowing declaration gets a suffix)
    // Each thread has its own copy, but every copy holds the same value when the loop starts:
    // firstprivate copies of one original, threadprivate copies filled by copyin, parameters of a
    // function that contains an orphaned worksharing loop (the team calls it with the same
    // arguments, as the loop's bounds must be the same on every thread), integer locals of the
    // region or function initialised from such values and from shared memory (`int nx = g->nx;`)
    // and never assigned after.
    bool sameValueAtEntry = false;
    // Private to each thread because it is a local of the function whose orphaned worksharing
    // loop this is, or of the enclosing parallel region: its value at entry comes from the
    // statements before the loop (see entryDefinition).
    bool localOfRegion = false;
  };

  // `loop` is the worksharing directive; `region` the enclosing `omp parallel` (null for a combined
  // `parallel for` and for an orphaned `omp for`); `function` the function containing the loop;
  // `counters` the associated loops' counters; `body` the innermost loop body.
  DataSharing(const clang::OMPExecutableDirective& loop, const clang::OMPExecutableDirective* region,
              const clang::FunctionDecl* function, const std::vector<const clang::VarDecl*>& counters,
              const clang::Stmt& body, clang::ASTContext& context);

  // The scalars the loop body assigns: a per-thread copy the loop writes carries the previous
  // iteration's value into the next one, so it is no longer the same on every thread. Call before
  // the first `of`.
  void noteWrittenInLoop(const std::set<const clang::VarDecl*>& scalars) { writtenInLoop_ = scalars; }

  // Decides `variable`'s sharing as a clause would, before its first `of`: what a construct's
  // clauses do not say, such as which variables only the host touches beside a target nowait
  // task (TargetTasks.h).
  void assume(const clang::VarDecl* variable, Sharing sharing, std::string reason) {
    explicit_[variable] = {sharing, std::move(reason), {}, {}};
  }

  const Entry& of(const clang::VarDecl* variable);
  // The symbol scope of the variable's value: at `instance` 0 (its value when the loop starts) a
  // per-thread copy that every thread starts with the same value is one symbol for both threads.
  smt::Scope scopeOf(const clang::VarDecl* variable, int instance = 0);
  // Whether the directive is an orphaned worksharing loop (OpenMP 5.2, 1.2.2): `omp for` with no
  // parallel region around it in its own function; it binds to the region of whoever calls it.
  bool orphaned() const { return orphaned_; }
  bool isCounter(const clang::VarDecl* variable) const { return counters_.count(variable) > 0; }
  bool isDeclaredInBody(const clang::VarDecl* variable) const { return declaredInBody_.count(variable) > 0; }
  // Every variable resolved so far, in first-use order.
  const std::vector<const clang::VarDecl*>& variables() const { return order_; }

 private:
  void readClauses(const clang::OMPExecutableDirective& directive, bool isRegion);
  void findStepCounters(const clang::OMPExecutableDirective& loop, const clang::OMPExecutableDirective& region);
  bool sameOnEveryThread(const clang::Expr* expression) const;
  bool initialisedAlikeOnEveryThread(const clang::VarDecl* variable);
  Entry resolve(const clang::VarDecl* variable) const;
  std::string uniqueName(const clang::VarDecl* variable);

  std::map<const clang::VarDecl*, Entry> explicit_;
  std::set<const clang::VarDecl*> counters_;
  std::set<const clang::VarDecl*> declaredInBody_;
  std::set<const clang::VarDecl*> declaredInRegion_;
  std::set<const clang::VarDecl*> copiedIn_;
  std::set<const clang::VarDecl*> writtenInLoop_;
  std::set<const clang::VarDecl*> stepCounters_;
  const clang::Stmt* enclosingBody_ = nullptr;   // the region's or the orphaned function's body
  std::set<const clang::VarDecl*> askingAlike_;  // initialisedAlikeOnEveryThread in progress
  bool orphaned_ = false;
  bool taskDefaultShared_ = false;
  std::map<const clang::VarDecl*, Entry> resolved_;
  std::vector<const clang::VarDecl*> order_;
  std::map<std::string, int> namesTaken_;
};

}  // namespace adrace::analyzer
