#include "ad/LoopCounters.h"

#include "ad/ForHeader.h"

#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <vector>

namespace adrace::ad {
namespace {

// Walks the function body as the sweeps see it: OpenMP directives through their associated
// statement (not their clauses, whose `private(i)` is no use of i's value, nor the captured
// statement's implicit capture expressions), for loops with their counters in scope.
class CounterUses {
 public:
  void walk(const clang::Stmt* statement) {
    if (!statement) return;
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) {
      if (directive->hasAssociatedStmt()) walk(directive->getInnermostCapturedStmt()->getCapturedStmt());
      return;
    }
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) {
      const clang::VarDecl* counter = loopCounter(loop);
      bool assigned = counter && !llvm::isa<clang::DeclStmt>(loop->getInit());
      if (assigned) {
        assignedCounters.insert(counter);
        enclosing_.push_back(counter);
      }
      for (const clang::Stmt* child : loop->children()) walk(child);
      if (assigned) enclosing_.pop_back();
      return;
    }
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(statement))
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
        if (std::find(enclosing_.begin(), enclosing_.end(), var) == enclosing_.end() && !usedOutside.count(var))
          usedOutside[var] = ref->getLocation();
    for (const clang::Stmt* child : statement->children()) walk(child);
  }

  std::set<const clang::VarDecl*> assignedCounters;                    // counters of `for (i = ...; ...)`
  std::map<const clang::VarDecl*, clang::SourceLocation> usedOutside;  // first use outside such loops

 private:
  std::vector<const clang::VarDecl*> enclosing_;  // counters of the assigning loops around the statement
};

}  // namespace

void findLoopOwnedCounters(AdjointContext& context) {
  CounterUses uses;
  uses.walk(context.function.getBody());
  for (const clang::VarDecl* counter : uses.assignedCounters) {
    auto outside = uses.usedOutside.find(counter);
    if (outside == uses.usedOutside.end()) {
      context.loopOwnedCounters.insert(counter);
      continue;
    }
    context.unsupported(outside->second, "loop counter '" + counter->getNameAsString() +
                                             "' used outside the for loops that assign it in their header (its value after a "
                                             "loop is not modelled)");
    return;
  }
}

}  // namespace adrace::ad
