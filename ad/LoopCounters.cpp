#include "ad/LoopCounters.h"

#include "ad/ForHeader.h"
#include "analyzer/frontend/LoopModelBuilder.h"

#include <clang/AST/OpenMPClause.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/StmtOpenMP.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace adrace::ad {
namespace {

// Whether `counter` is named in a lastprivate clause of `directive`.
bool isLastprivate(const clang::OMPLoopDirective& directive, const clang::VarDecl* counter) {
  for (const auto* clause : directive.getClausesOfKind<clang::OMPLastprivateClause>())
    for (const clang::Expr* item : clause->varlists())
      if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts()); ref && ref->getDecl() == counter)
        return true;
  return false;
}

// One for loop that assigns a counter declared before it, and where it stands.
struct AssigningLoop {
  const clang::ForStmt* loop = nullptr;
  const clang::OMPLoopDirective* directive = nullptr;  // the parallel loop this is, if any
  bool insideParallel = false;                         // nested in a parallel loop or region
};

// Walks the function body as the sweeps see it: OpenMP directives through their associated
// statement (not their clauses, whose `private(i)` is no use of i's value, nor the captured
// statement's implicit capture expressions), for loops with their counters in scope.
class CounterUses {
 public:
  void walk(const clang::Stmt* statement) {
    if (!statement) return;
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) {
      if (!directive->hasAssociatedStmt()) return;
      const clang::OMPLoopDirective* saved = directive_;
      if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(directive)) directive_ = loop;
      ++parallelDepth_;
      walk(directive->getRawStmt());
      --parallelDepth_;
      directive_ = saved;
      return;
    }
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) {
      const clang::VarDecl* counter = loopCounter(loop);
      bool assigned = counter && !llvm::isa<clang::DeclStmt>(loop->getInit());
      const clang::OMPLoopDirective* directive =
          directive_ && analyzer::associatedLoops(*directive_).front() == loop ? directive_ : nullptr;
      if (assigned) {
        loops[counter].push_back({loop, directive, parallelDepth_ > (directive ? 1 : 0)});
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

  std::map<const clang::VarDecl*, std::vector<AssigningLoop>> loops;   // per counter, its assigning loops
  std::map<const clang::VarDecl*, clang::SourceLocation> usedOutside;  // first use outside them

 private:
  std::vector<const clang::VarDecl*> enclosing_;        // counters of the assigning loops around the statement
  const clang::OMPLoopDirective* directive_ = nullptr;  // the loop directive being walked
  int parallelDepth_ = 0;
};

// Whether the statement after the loop, in its block, assigns the counter a value that does not
// read it (`for (j = 1; j < m; j++) ...; j = 0;`): the loop's exit value is dead, and the counter
// is an ordinary variable of the code around the loop.
bool exitValueDead(const clang::ParentMap& parents, const clang::ForStmt* loop, const clang::VarDecl* counter) {
  auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(parents.getParent(loop));
  if (!block) return false;
  const clang::Stmt* const* at = std::find(block->body_begin(), block->body_end(), loop);
  if (at == block->body_end() || at + 1 == block->body_end()) return false;
  auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(*(at + 1));
  if (!assignment || assignment->getOpcode() != clang::BO_Assign) return false;
  auto* target = llvm::dyn_cast<clang::DeclRefExpr>(assignment->getLHS()->IgnoreParenImpCasts());
  std::set<const clang::VarDecl*> read;
  collectVariables(assignment->getRHS(), read);
  return target && target->getDecl() == counter && !read.count(counter);
}

std::string lineAndColumn(const AdjointContext& context, clang::SourceLocation at) {
  analyzer::SourcePosition position = context.position(at);
  return "line " + std::to_string(position.line) + ":" + std::to_string(position.column);
}

}  // namespace

void findLoopCounters(AdjointContext& context) {
  CounterUses uses;
  uses.walk(context.function.getBody());
  clang::ParentMap parents(const_cast<clang::Stmt*>(context.function.getBody()));
  for (const auto& [counter, loops] : uses.loops) {
    auto outside = uses.usedOutside.find(counter);
    if (outside == uses.usedOutside.end()) {
      context.loopOwnedCounters.insert(counter);
      continue;
    }
    const std::string name = counter->getNameAsString();
    bool dead = true;
    for (const AssigningLoop& loop : loops)
      dead = dead && !loop.directive && exitValueDead(parents, loop.loop, counter);
    if (dead) continue;
    for (const AssigningLoop& loop : loops) {
      if (loop.insideParallel) {
        context.unsupported(outside->second, "loop counter '" + name +
                                                 "' used after its loop inside a parallel loop (at " +
                                                 lineAndColumn(context, loop.loop->getBeginLoc()) + ")");
        return;
      }
      if (loop.directive && !isLastprivate(*loop.directive, counter)) {
        context.unsupported(outside->second, "counter '" + name + "' of the parallel loop at " +
                                                 lineAndColumn(context, loop.directive->getBeginLoc()) +
                                                 " used outside it: without lastprivate(" + name +
                                                 ") OpenMP leaves its value after the loop unspecified");
        return;
      }
    }
    context.exitValueCounters.insert(counter);
  }
}

}  // namespace adrace::ad
