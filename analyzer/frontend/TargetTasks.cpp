#include "analyzer/frontend/TargetTasks.h"

#include "analyzer/frontend/DirectiveConstructs.h"
#include "analyzer/frontend/MainFileFunctions.h"
#include "analyzer/frontend/VariableDependences.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <optional>
#include <set>

namespace adrace::analyzer {

namespace {

// The clauses of a target nowait the window reads or that change nothing it models: map copies are
// the same memory (TargetTasks.h), private copies are the target's own, depend orders it with the
// window's other target tasks (orderByDependences), the rest shape the device's teams and threads.
// Any other (if, defaultmap, in_reduction, lastprivate, linear, ...) is not modelled: if(false)
// makes it undeferred.
const char* unmodelledTargetClause(const clang::OMPExecutableDirective& target) {
  for (const clang::OMPClause* clause : target.clauses()) {
    switch (clause->getClauseKind()) {
      case llvm::omp::OMPC_map:
      case llvm::omp::OMPC_depend:
      case llvm::omp::OMPC_nowait:
      case llvm::omp::OMPC_collapse:
      case llvm::omp::OMPC_schedule:
      case llvm::omp::OMPC_dist_schedule:
      case llvm::omp::OMPC_num_teams:
      case llvm::omp::OMPC_thread_limit:
      case llvm::omp::OMPC_num_threads:
      case llvm::omp::OMPC_private:
      case llvm::omp::OMPC_firstprivate:
      case llvm::omp::OMPC_reduction:
      case llvm::omp::OMPC_device:
      case llvm::omp::OMPC_simdlen:
      case llvm::omp::OMPC_safelen: continue;
      default: return llvm::omp::getOpenMPClauseName(clause->getClauseKind()).data();
    }
  }
  return nullptr;
}

bool holdsDirective(const clang::Stmt* statement) {
  if (!statement) return false;
  if (llvm::isa<clang::OMPExecutableDirective>(statement)) return true;
  for (const clang::Stmt* child : statement->children())
    if (holdsDirective(child)) return true;
  return false;
}

// A host statement of the window that may leave it before the taskwait: a return (outside `main`,
// where the program's end waits too), a goto, or a break/continue of a loop around the window.
struct EarlyExitFinder : clang::RecursiveASTVisitor<EarlyExitFinder> {
  bool inMain = false;
  int loops = 0;  // loops and switches inside the statement, which own their break/continue
  const clang::Stmt* found = nullptr;
  bool TraverseForStmt(clang::ForStmt* s) {
    return nested([&] { return RecursiveASTVisitor::TraverseForStmt(s); });
  }
  bool TraverseWhileStmt(clang::WhileStmt* s) {
    return nested([&] { return RecursiveASTVisitor::TraverseWhileStmt(s); });
  }
  bool TraverseDoStmt(clang::DoStmt* s) {
    return nested([&] { return RecursiveASTVisitor::TraverseDoStmt(s); });
  }
  bool TraverseSwitchStmt(clang::SwitchStmt* s) {
    return nested([&] { return RecursiveASTVisitor::TraverseSwitchStmt(s); });
  }
  template <typename F>
  bool nested(F traverse) {
    ++loops;
    bool result = traverse();
    --loops;
    return result;
  }
  bool VisitReturnStmt(clang::ReturnStmt* s) { return note(inMain ? nullptr : s); }
  bool VisitGotoStmt(clang::GotoStmt* s) { return note(s); }
  bool VisitBreakStmt(clang::BreakStmt* s) { return note(loops == 0 ? s : nullptr); }
  bool VisitContinueStmt(clang::ContinueStmt* s) { return note(loops == 0 ? s : nullptr); }
  bool note(const clang::Stmt* s) {
    if (s && !found) found = s;
    return true;
  }
};

class WindowFinder : public MainFileFunctionVisitor<WindowFinder> {
 public:
  explicit WindowFinder(clang::ASTContext& context) : MainFileFunctionVisitor(context.getSourceManager()) {}

  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
    const clang::FunctionDecl* function = currentFunction();
    if (!function || !isTargetNowait(*directive) || placed_.count(directive)) return true;
    TargetTaskWindow window = windowFrom(*directive, *function);
    if (window.targets.empty()) window.targets.push_back(directive);
    for (const clang::OMPExecutableDirective* target : window.targets) placed_.insert(target);
    windows.push_back(std::move(window));
    return true;
  }

  std::vector<TargetTaskWindow> windows;

 private:
  TargetTaskWindow windowFrom(const clang::OMPExecutableDirective& first, const clang::FunctionDecl& function) {
    TargetTaskWindow window;
    window.function = &function;
    clang::ParentMap parents(function.getBody());
    const clang::Stmt* parent = parents.getParent(&first);
    for (const clang::Stmt* up = parent; up; up = parents.getParent(up))
      if (llvm::isa<clang::OMPExecutableDirective>(up) || llvm::isa<clang::CapturedStmt>(up)) {
        window.whyNot = "a target nowait inside another OpenMP construct";
        return window;
      }
    window.block = llvm::dyn_cast_or_null<clang::CompoundStmt>(parent);
    if (!window.block) {
      window.whyNot = "a target nowait that is not a statement of a block";
      return window;
    }
    bool inMain = function.isMain();
    bool started = false;
    for (const clang::Stmt* statement : window.block->body()) {
      if (statement == &first) started = true;
      if (!started) continue;
      auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement);
      if (directive && llvm::isa<clang::OMPTaskwaitDirective>(directive) && directive->clauses().empty()) {
        window.end = directive;
        break;
      }
      window.statements.push_back(statement);
      if (directive && isTargetNowait(*directive)) {
        window.targets.push_back(directive);
        if (!isModelledTargetTask(*directive)) {
          window.whyNot = "a target nowait that is neither a combined target loop nor a target of sequential code";
          return window;
        }
        if (const char* clause = unmodelledTargetClause(*directive)) {
          window.whyNot = std::string("a target nowait with a ") + clause + " clause";
          return window;
        }
        continue;
      }
      if (holdsDirective(statement)) {
        window.whyNot = "OpenMP constructs on the host while a target nowait task runs";
        return window;
      }
      EarlyExitFinder exits;
      exits.inMain = inMain && window.block == function.getBody();
      exits.TraverseStmt(const_cast<clang::Stmt*>(statement));
      if (exits.found) {
        window.whyNot = "a host statement that may leave the block while a target nowait task runs";
        return window;
      }
    }
    if (!window.end && !(inMain && window.block == function.getBody()))
      window.whyNot = "a target nowait task with no taskwait after it in its block, which may outlive the block";
    if (window.whyNot.empty()) orderByDependences(window);
    return window;
  }

  // The target tasks of the window are siblings (the host's statements hold no other construct):
  // each is ordered after the earlier ones its depend items make it depend on, transitively.
  static void orderByDependences(TargetTaskWindow& window) {
    size_t n = window.targets.size();
    std::vector<std::vector<VariableDependence>> items;
    for (const clang::OMPExecutableDirective* target : window.targets) {
      std::string reason;
      std::optional<std::vector<VariableDependence>> dependences = variableDependencesOf(*target, reason);
      if (!dependences) {
        window.whyNot = "a target nowait with " + reason;
        return;
      }
      items.push_back(*dependences);
    }
    std::vector<std::vector<bool>> ordered(n, std::vector<bool>(n, false));
    for (size_t j = 0; j < n; ++j)
      for (size_t i = 0; i < j; ++i) {
        std::string exclusion;
        DependenceRelation relation = relationOf(items[i], items[j], exclusion);
        if (relation == DependenceRelation::Exclusive) {
          window.whyNot = "target nowait tasks with " + exclusion;
          return;
        }
        ordered[i][j] = relation == DependenceRelation::Ordered;
      }
    // Transitively: i before m before j.
    for (size_t j = 0; j < n; ++j)
      for (size_t m = 0; m < j; ++m)
        if (ordered[m][j])
          for (size_t i = 0; i < m; ++i)
            if (ordered[i][m]) ordered[i][j] = true;
    window.orderedAfter.assign(n, {});
    for (size_t j = 0; j < n; ++j)
      for (size_t i = 0; i < j; ++i)
        if (ordered[i][j]) window.orderedAfter[j].push_back(i);
  }

  std::set<const clang::OMPExecutableDirective*> placed_;
};

struct VariableUses : clang::RecursiveASTVisitor<VariableUses> {
  std::set<const clang::VarDecl*> named;
  bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
    if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl())) named.insert(variable);
    return true;
  }
};

const clang::VarDecl* clauseVariable(const clang::Expr* item) {
  auto* use = item ? llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts()) : nullptr;
  return use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
}

// The scalars `target` has a copy of: private and firstprivate (Clang lists the implicit ones as
// clauses too) and its loops' counters, unless a map or reduction clause names them as well.
std::set<const clang::VarDecl*> targetCopies(const clang::OMPExecutableDirective& target) {
  std::set<const clang::VarDecl*> copies, mapped;
  for (const auto* clause : target.getClausesOfKind<clang::OMPPrivateClause>())
    for (const clang::Expr* item : clause->varlists()) copies.insert(clauseVariable(item));
  for (const auto* clause : target.getClausesOfKind<clang::OMPFirstprivateClause>())
    for (const clang::Expr* item : clause->varlists()) copies.insert(clauseVariable(item));
  if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(&target))
    for (const clang::Expr* counter : loop->counters()) copies.insert(clauseVariable(counter));
  for (const auto* clause : target.getClausesOfKind<clang::OMPMapClause>())
    for (const clang::Expr* item : clause->varlists()) mapped.insert(clauseVariable(item));
  for (const auto* clause : target.getClausesOfKind<clang::OMPReductionClause>())
    for (const clang::Expr* item : clause->varlists()) mapped.insert(clauseVariable(item));
  std::set<const clang::VarDecl*> result;
  for (const clang::VarDecl* variable : copies)
    if (variable && !mapped.count(variable) && !variable->getType()->isArrayType() &&
        !variable->getType()->isPointerType())
      result.insert(variable);
  return result;
}

}  // namespace

std::map<const clang::VarDecl*, bool> sharedWithTargets(const TargetTaskWindow& window) {
  std::map<const clang::VarDecl*, bool> result;
  for (const clang::Stmt* statement : window.statements) {
    VariableUses uses;
    uses.TraverseStmt(const_cast<clang::Stmt*>(statement));
    auto* target = llvm::dyn_cast<clang::OMPExecutableDirective>(statement);
    bool isTarget = target && isTargetNowait(*target);
    std::set<const clang::VarDecl*> copies = isTarget ? targetCopies(*target) : std::set<const clang::VarDecl*>{};
    for (const clang::VarDecl* variable : uses.named) {
      bool& shared = result[variable];
      shared = shared || (isTarget && !copies.count(variable));
    }
  }
  return result;
}

bool isTargetNowait(const clang::OMPExecutableDirective& directive) {
  return beginsWithTarget(directive.getDirectiveKind()) && directive.hasClausesOfKind<clang::OMPNowaitClause>();
}

bool isModelledTargetTask(const clang::OMPExecutableDirective& directive) {
  if (llvm::isa<clang::OMPTargetParallelForDirective>(directive) ||
      llvm::isa<clang::OMPTargetParallelForSimdDirective>(directive) ||
      llvm::isa<clang::OMPTargetTeamsDistributeDirective>(directive) ||
      llvm::isa<clang::OMPTargetTeamsDistributeParallelForDirective>(directive) ||
      llvm::isa<clang::OMPTargetTeamsDistributeParallelForSimdDirective>(directive))
    return true;
  return llvm::isa<clang::OMPTargetDirective>(directive) &&
         !holdsDirective(directive.getInnermostCapturedStmt()->getCapturedStmt());
}

std::vector<TargetTaskWindow> findTargetTaskWindows(clang::ASTContext& context) {
  WindowFinder finder(context);
  finder.TraverseDecl(context.getTranslationUnitDecl());
  return std::move(finder.windows);
}

}  // namespace adrace::analyzer
