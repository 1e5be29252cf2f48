#include "analyzer/frontend/TaskLoops.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ClauseCoverage.h"
#include "analyzer/frontend/TaskDependences.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <vector>

namespace adrace::analyzer {

bool containsDirective(const clang::Stmt* statement) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool found = false;
    bool VisitOMPExecutableDirective(clang::OMPExecutableDirective*) { return !(found = true); }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(statement));
  return finder.found;
}

const clang::Stmt* nestedDirective(const clang::Stmt* body) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::Stmt* found = nullptr;
    bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
      if (llvm::isa<clang::OMPAtomicDirective>(directive) || llvm::isa<clang::OMPCriticalDirective>(directive))
        return true;
      found = directive;
      return false;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(body));
  return finder.found;
}

std::vector<const clang::Stmt*> statementsOf(const clang::Stmt* block) {
  while (auto* captured = llvm::dyn_cast_or_null<clang::CapturedStmt>(block)) block = captured->getCapturedStmt();
  std::vector<const clang::Stmt*> statements;
  if (auto* compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(block)) {
    for (const clang::Stmt* statement : compound->body()) statements.push_back(statement);
  } else if (block) {
    statements.push_back(block);
  }
  return statements;
}

namespace {

// Whether `inner` lies in `outer`.
bool within(const clang::Stmt* outer, const clang::Stmt* inner, const clang::SourceManager& sources) {
  clang::SourceRange range = wholeRangeOf(outer);
  return !sources.isBeforeInTranslationUnit(inner->getBeginLoc(), range.getBegin()) &&
         !sources.isBeforeInTranslationUnit(range.getEnd(), inner->getEndLoc());
}

// The task's clauses that do not change which accesses may meet (if, final, untied, priority,
// mergeable only change when or where a task runs), and the data-sharing ones the loop model reads.
const char* unmodelledClause(const clang::OMPTaskDirective& task) {
  for (const clang::OMPClause* clause : task.clauses()) {
    switch (clause->getClauseKind()) {
      case llvm::omp::OMPC_firstprivate:
      case llvm::omp::OMPC_shared:
      case llvm::omp::OMPC_private:
      case llvm::omp::OMPC_if:
      case llvm::omp::OMPC_final:
      case llvm::omp::OMPC_untied:
      case llvm::omp::OMPC_priority:
      case llvm::omp::OMPC_mergeable: break;
      case llvm::omp::OMPC_default: {
        auto kind = llvm::cast<clang::OMPDefaultClause>(clause)->getDefaultKind();
        if (kind != llvm::omp::OMP_DEFAULT_none && kind != llvm::omp::OMP_DEFAULT_shared) return "default";
        break;
      }
      case llvm::omp::OMPC_depend: break;  // read by TaskDependences
      default: return "this";
    }
  }
  return nullptr;
}

// The counter the generating loop's init statement sets: `i = 0` or `int i = 0`.
const clang::VarDecl* counterOf(const clang::ForStmt& loop) {
  if (auto* declaration = llvm::dyn_cast_or_null<clang::DeclStmt>(loop.getInit()))
    return declaration->isSingleDecl() ? llvm::dyn_cast<clang::VarDecl>(declaration->getSingleDecl()) : nullptr;
  if (auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(loop.getInit()))
    if (assignment->getOpcode() == clang::BO_Assign) return variableOf(assignment->getLHS());
  return nullptr;
}

template <typename Clause>
bool listedIn(const clang::OMPExecutableDirective& directive, const clang::VarDecl* variable) {
  for (const auto* clause : directive.getClausesOfKind<Clause>())
    for (const clang::Expr* item : clause->varlists())
      if (variableOf(item) == variable) return true;
  return false;
}

// Whether the task has its own copy of `variable` (private, firstprivate; implicitly, a variable
// private in the enclosing context: OpenMP 5.2 5.1.1) rather than sharing it.
bool ownCopy(const clang::OMPTaskDirective& task, const clang::OMPExecutableDirective& region,
             const clang::VarDecl* variable) {
  if (listedIn<clang::OMPFirstprivateClause>(task, variable) || listedIn<clang::OMPPrivateClause>(task, variable))
    return true;
  if (listedIn<clang::OMPSharedClause>(task, variable)) return false;
  for (const auto* clause : task.getClausesOfKind<clang::OMPDefaultClause>())
    if (clause->getDefaultKind() == llvm::omp::OMP_DEFAULT_shared) return false;
  if (listedIn<clang::OMPPrivateClause>(region, variable) || listedIn<clang::OMPFirstprivateClause>(region, variable))
    return true;
  // The body's whole range: a directive's own range ends with its pragma line.
  clang::SourceRange body = wholeRangeOf(region.getInnermostCapturedStmt()->getCapturedStmt());
  const clang::SourceManager& sources = variable->getASTContext().getSourceManager();
  return sources.isBeforeInTranslationUnit(body.getBegin(), variable->getLocation()) &&
         sources.isBeforeInTranslationUnit(variable->getLocation(), body.getEnd());
}

template <typename Clause>
void addListed(const clang::OMPTaskDirective& task, std::vector<const clang::VarDecl*>& variables) {
  for (const auto* clause : task.getClausesOfKind<Clause>())
    for (const clang::Expr* item : clause->varlists())
      if (const clang::VarDecl* variable = variableOf(item)) variables.push_back(variable);
}

bool defaultShared(const clang::OMPTaskDirective& task) {
  for (const auto* clause : task.getClausesOfKind<clang::OMPDefaultClause>())
    if (clause->getDefaultKind() == llvm::omp::OMP_DEFAULT_shared) return true;
  return false;
}

// Whether the task's body names `variable`.
bool uses(const clang::OMPTaskDirective& task, const clang::VarDecl* variable) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::VarDecl* variable = nullptr;
    bool found = false;
    bool VisitDeclRefExpr(clang::DeclRefExpr* reference) { return !(found |= reference->getDecl() == variable); }
  } finder;
  finder.variable = variable;
  finder.TraverseStmt(const_cast<clang::Stmt*>(task.getInnermostCapturedStmt()->getCapturedStmt()));
  return finder.found;
}

// The model has one data sharing for the loop's tasks, the first task's: what another task uses as
// shared where the first has its own copy (or the other way round) is not modelled. Its name, or "".
std::string sharedDifferently(const std::vector<const clang::OMPTaskDirective*>& tasks,
                              const clang::OMPExecutableDirective& region) {
  std::vector<const clang::VarDecl*> listed;
  for (const clang::OMPTaskDirective* task : tasks) {
    if (defaultShared(*task) != defaultShared(*tasks.front())) return "default(shared)";
    addListed<clang::OMPPrivateClause>(*task, listed);
    addListed<clang::OMPFirstprivateClause>(*task, listed);
    addListed<clang::OMPSharedClause>(*task, listed);
  }
  for (const clang::VarDecl* variable : listed)
    for (const clang::OMPTaskDirective* task : tasks)
      if (uses(*task, variable) && ownCopy(*task, region, variable) != ownCopy(*tasks.front(), region, variable))
        return variable->getName().str();
  return "";
}

}  // namespace

bool findTaskLoop(const clang::OMPTaskDirective& task, const clang::OMPExecutableDirective* region,
                  const clang::FunctionDecl* function, clang::ASTContext& context, TaskLoopSite& site,
                  std::string& reason) {
  const clang::SourceManager& sources = context.getSourceManager();
  if (!region || !llvm::isa<clang::OMPParallelDirective>(region)) {
    reason = "a task outside a parallel region of its own function";
    return false;
  }
  const clang::OMPSingleDirective* single = nullptr;
  for (const clang::Stmt* statement : statementsOf(region->getInnermostCapturedStmt()->getCapturedStmt()))
    if (auto* candidate = llvm::dyn_cast<clang::OMPSingleDirective>(statement);
        candidate && within(candidate, &task, sources))
      single = candidate;
  if (!single) {
    reason = "a task that is not created by a loop in a `single` directly inside the parallel region";
    return false;
  }
  if (single->hasClausesOfKind<clang::OMPNowaitClause>()) {
    reason = "tasks created in `single nowait` run concurrently with what the other threads do next";
    return false;
  }
  std::vector<const clang::Stmt*> inSingle = statementsOf(single->getAssociatedStmt());
  size_t position = inSingle.size();
  const clang::ForStmt* generator = nullptr;
  for (size_t k = 0; k < inSingle.size(); ++k)
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(inSingle[k]); loop && within(loop, &task, sources)) {
      generator = loop;
      position = k;
    }
  std::vector<const clang::Stmt*> inLoop =
      generator ? statementsOf(generator->getBody()) : std::vector<const clang::Stmt*>{};
  std::vector<const clang::OMPTaskDirective*> tasks;
  for (const clang::Stmt* statement : inLoop)
    if (auto* created = llvm::dyn_cast<clang::OMPTaskDirective>(statement)) tasks.push_back(created);
  if (std::find(tasks.begin(), tasks.end(), &task) == tasks.end()) {
    reason = "a task that is not created directly in the body of a `for` at the top of the `single`";
    return false;
  }
  for (const clang::Stmt* statement : inLoop)
    if (!llvm::isa<clang::OMPTaskDirective>(statement) && !llvm::isa<clang::DeclStmt>(statement) &&
        !llvm::isa<clang::NullStmt>(statement)) {
      reason = "statements beside the tasks in the loop that creates them";
      return false;
    }
  for (size_t k = position + 1; k < inSingle.size(); ++k) {
    if (llvm::isa<clang::NullStmt>(inSingle[k])) continue;
    if (llvm::isa<clang::OMPTaskwaitDirective>(inSingle[k])) break;
    reason = "statements after the loop that creates tasks, before any taskwait, run concurrently with the tasks";
    return false;
  }
  clang::SourceRange loopBody = generator->getBody()->getSourceRange();
  for (const clang::OMPTaskDirective* created : tasks) {
    if (const char* clause = unmodelledClause(*created)) {
      reason = std::string(clause) + " clause on a task";
      return false;
    }
    if (std::optional<std::string> serialising = serialisingClause(*created, context)) {
      reason = *serialising;
      return false;
    }
    if (!dependencesModelled(*created, reason)) return false;
    if (nestedDirective(created->getInnermostCapturedStmt()->getCapturedStmt())) {
      reason = "an OpenMP directive inside a task";
      return false;
    }
    // A local of the loop body shared with the task may be gone when the task runs.
    for (const auto* clause : created->getClausesOfKind<clang::OMPSharedClause>())
      for (const clang::Expr* item : clause->varlists())
        if (const clang::VarDecl* variable = variableOf(item);
            variable && sources.isBeforeInTranslationUnit(loopBody.getBegin(), variable->getLocation()) &&
            sources.isBeforeInTranslationUnit(variable->getLocation(), loopBody.getEnd())) {
          reason = "a local of the loop body shared with the task";
          return false;
        }
  }
  if (std::string variable = sharedDifferently(tasks, *region); !variable.empty()) {
    reason = "tasks of one loop that share " + variable + " differently";
    return false;
  }
  if (!counterOf(*generator)) {
    reason = "a loop creating tasks whose counter is not set in its header";
    return false;
  }
  site = {generator, tasks.front(), tasks, region, function};
  return true;
}

const clang::VarDecl* sharedGeneratorCounter(const TaskLoopSite& site) {
  const clang::VarDecl* counter = counterOf(*site.generator);
  if (!counter) return nullptr;
  const clang::OMPTaskDirective& task = *site.task;
  if (listedIn<clang::OMPSharedClause>(task, counter)) return counter;
  if (listedIn<clang::OMPFirstprivateClause>(task, counter) || listedIn<clang::OMPPrivateClause>(task, counter))
    return nullptr;
  bool defaultShared = false;
  for (const auto* clause : task.getClausesOfKind<clang::OMPDefaultClause>())
    defaultShared |= clause->getDefaultKind() == llvm::omp::OMP_DEFAULT_shared;
  if (defaultShared) return counter;
  // Implicitly: shared in the task when it is shared in the enclosing context, the parallel region.
  const clang::OMPExecutableDirective& region = *site.region;
  if (listedIn<clang::OMPPrivateClause>(region, counter) || listedIn<clang::OMPFirstprivateClause>(region, counter))
    return nullptr;
  const clang::Stmt* body = region.getInnermostCapturedStmt()->getCapturedStmt();
  const clang::SourceManager& sources = counter->getASTContext().getSourceManager();
  bool declaredInRegion = sources.isBeforeInTranslationUnit(body->getBeginLoc(), counter->getLocation()) &&
                          sources.isBeforeInTranslationUnit(counter->getLocation(), body->getEndLoc());
  return declaredInRegion ? nullptr : counter;
}

}  // namespace adrace::analyzer
