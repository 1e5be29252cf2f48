#include "analyzer/frontend/TaskSequences.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ClauseCoverage.h"
#include "analyzer/frontend/RegionStepShapes.h"
#include "analyzer/frontend/TaskLoops.h"
#include "analyzer/frontend/VariableDependences.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace adrace::analyzer {
namespace {

using Dependence = VariableDependence;

bool declaredWithin(const clang::VarDecl* variable, const clang::Stmt* statement, const clang::SourceManager& sources) {
  clang::SourceRange range = wholeRangeOf(statement);
  return sources.isBeforeInTranslationUnit(range.getBegin(), variable->getLocation()) &&
         sources.isBeforeInTranslationUnit(variable->getLocation(), range.getEnd());
}

// In a called function, a task that names a local another task shares, without sharing it itself,
// takes its own copy when it is created: a read of the shared local the model does not place.
const clang::VarDecl* copiedSharedLocal(const std::vector<SinglePart>& parts, const clang::FunctionDecl& callee) {
  std::set<const clang::VarDecl*> shared;
  for (const SinglePart& part : parts)
    if (part.task)
      for (const clang::VarDecl* variable : sharedLocalsOf(*part.task, callee)) shared.insert(variable);
  struct Names : clang::RecursiveASTVisitor<Names> {
    const clang::OMPTaskDirective* root = nullptr;
    std::set<const clang::VarDecl*> names;
    bool TraverseOMPTaskDirective(clang::OMPTaskDirective* task) {
      return task != root || clang::RecursiveASTVisitor<Names>::TraverseOMPTaskDirective(task);
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl())) names.insert(variable);
      return true;
    }
  };
  for (const SinglePart& part : parts) {
    if (!part.task) continue;
    std::set<const clang::VarDecl*> own = sharedLocalsOf(*part.task, callee);
    Names names;
    names.root = part.task;
    names.TraverseStmt(const_cast<clang::OMPTaskDirective*>(part.task));
    for (const clang::VarDecl* variable : names.names)
      if (shared.count(variable) && !own.count(variable)) return variable;
  }
  return nullptr;
}

bool declaredWithin(const clang::VarDecl* variable, const clang::FunctionDecl* function,
                    const clang::SourceManager& sources) {
  clang::SourceRange range = function->getSourceRange();
  return sources.isBeforeInTranslationUnit(range.getBegin(), variable->getLocation()) &&
         sources.isBeforeInTranslationUnit(variable->getLocation(), range.getEnd());
}

template <typename Clause>
bool namedByClause(const clang::OMPExecutableDirective& directive, const clang::VarDecl* variable) {
  for (const auto* clause : directive.getClausesOfKind<Clause>())
    for (const clang::Expr* item : clause->varlists())
      if (variableOf(item) == variable) return true;
  return false;
}

// What the region model cannot see in a task of the sequence: nested directives other than atomic
// and critical, default(shared), a variable private to the single's thread that the task shares
// (the region model takes it for private), any clause besides data sharing, if/final/untied/
// priority/mergeable and depend.
bool taskModelled(const clang::OMPTaskDirective& task, const clang::OMPExecutableDirective& region,
                  const clang::FunctionDecl* callee, const clang::ASTContext& context, std::string& reason) {
  const clang::SourceManager& sources = context.getSourceManager();
  if (std::optional<std::string> serialising = serialisingClause(task, context)) {
    reason = *serialising;
    return false;
  }
  for (const clang::OMPClause* clause : task.clauses()) {
    switch (clause->getClauseKind()) {
      case llvm::omp::OMPC_firstprivate:
      case llvm::omp::OMPC_shared:
      case llvm::omp::OMPC_private:
      case llvm::omp::OMPC_if:
      case llvm::omp::OMPC_final:
      case llvm::omp::OMPC_untied:
      case llvm::omp::OMPC_priority:
      case llvm::omp::OMPC_mergeable:
      case llvm::omp::OMPC_depend: break;
      case llvm::omp::OMPC_default:
        if (llvm::cast<clang::OMPDefaultClause>(clause)->getDefaultKind() == llvm::omp::OMP_DEFAULT_none) break;
        reason = "a default clause other than default(none) on a task created outside a loop";
        return false;
      default: reason = "a clause on a task that is not modelled"; return false;
    }
  }
  // Child tasks and taskwaits at the top of the body (TaskSequences.h); any other directive but
  // atomic and critical is not followed.
  for (const clang::Stmt* statement : statementsOf(task.getInnermostCapturedStmt()->getCapturedStmt())) {
    if (llvm::isa<clang::OMPTaskwaitDirective>(statement)) continue;
    if (auto* child = llvm::dyn_cast<clang::OMPTaskDirective>(statement)) {
      if (child->hasClausesOfKind<clang::OMPDependClause>()) {
        reason = "a depend clause on a task created inside a task";
        return false;
      }
      if (!taskModelled(*child, region, callee, context, reason)) return false;
      continue;
    }
    if (nestedDirective(statement)) {
      reason = "an OpenMP directive inside a task other than task, taskwait, atomic and critical";
      return false;
    }
  }
  const clang::Stmt* regionBody = region.getInnermostCapturedStmt()->getCapturedStmt();
  // In a called function, its automatic variables are the activation's own (CalledTaskSequences.h).
  auto calleeOwns = [&](const clang::VarDecl* variable) {
    return callee && !variable->hasGlobalStorage() && declaredWithin(variable, callee, sources);
  };
  for (const auto* clause : task.getClausesOfKind<clang::OMPSharedClause>())
    for (const clang::Expr* item : clause->varlists()) {
      const clang::VarDecl* variable = variableOf(item);
      if (variable && calleeOwns(variable)) {
        clang::QualType type = variable->getType();
        if (type->isArithmeticType() && !type->isReferenceType()) continue;  // a shared local of the activation
        reason = "a task sharing '" + variable->getName().str() +
                 "', a local of the called function that is not a plain number";
        return false;
      }
      if (variable &&
          (declaredWithin(variable, regionBody, sources) || namedByClause<clang::OMPPrivateClause>(region, variable) ||
           namedByClause<clang::OMPFirstprivateClause>(region, variable))) {
        reason = "a task sharing '" + variable->getName().str() + "', which is private to the thread that creates it";
        return false;
      }
    }
  // A task's own copy of a variable shared in the region: the region model would take its accesses
  // for accesses of the shared original.
  for (const auto* clause : task.getClausesOfKind<clang::OMPFirstprivateClause>())
    for (const clang::Expr* item : clause->varlists())
      if (const clang::VarDecl* variable = variableOf(item);
          variable && !declaredWithin(variable, regionBody, sources) && !calleeOwns(variable)) {
        reason = "firstprivate(" + variable->getName().str() + ") on a task, shared in the parallel region";
        return false;
      }
  for (const auto* clause : task.getClausesOfKind<clang::OMPPrivateClause>())
    for (const clang::Expr* item : clause->varlists())
      if (const clang::VarDecl* variable = variableOf(item);
          variable && !declaredWithin(variable, regionBody, sources) && !calleeOwns(variable)) {
        reason = "private(" + variable->getName().str() + ") on a task, shared in the parallel region";
        return false;
      }
  return true;
}

// Whether the single starts a phase of the region: nothing before it but declarations without
// initialisers, or a barrier right before it. Then no other thread runs anything concurrently with
// it, which the barriers the sequence puts between its parts rely on.
bool startsPhase(const clang::OMPSingleDirective& single, const clang::OMPExecutableDirective& region) {
  const clang::Stmt* previous = nullptr;
  for (const clang::Stmt* statement : statementsOf(region.getInnermostCapturedStmt()->getCapturedStmt())) {
    if (statement == &single) return !previous || llvm::isa<clang::OMPBarrierDirective>(previous);
    if (llvm::isa<clang::NullStmt>(statement)) continue;
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
      bool initialises = false;
      for (const clang::Decl* decl : declaration->decls())
        if (auto* variable = llvm::dyn_cast<clang::VarDecl>(decl)) initialises |= variable->hasInit();
      if (!initialises) continue;
    }
    previous = statement;
  }
  return false;
}

bool waitsForTasks(const clang::Stmt* statement) {
  return llvm::isa<clang::OMPTaskwaitDirective>(statement) || llvm::isa<clang::OMPTaskgroupDirective>(statement);
}

// Whether a task of `flat` has not been waited for at its end.
bool tasksOutstanding(const std::vector<const clang::Stmt*>& flat) {
  for (auto statement = flat.rbegin(); statement != flat.rend(); ++statement) {
    if (waitsForTasks(*statement)) return false;
    if (llvm::isa<clang::OMPTaskDirective>(*statement)) return true;
  }
  return false;
}

// The end of a `taskgroup` waits for the tasks created in it, as a taskwait would: the single's
// statements with each taskgroup replaced by its block and then the taskgroup itself, which marks
// that wait (and plain blocks by their statements). `group` gets, for each of them, the index in
// `flat` of the innermost taskgroup around it (its end waits for their descendants too), or -1.
// Only where no task created before the taskgroup is still running when it starts (its end does
// not wait for those): otherwise, and with clauses (task_reduction), false.
bool flattenTaskgroups(const std::vector<const clang::Stmt*>& statements, std::vector<const clang::Stmt*>& flat,
                       std::vector<int>& group, std::string& reason) {
  for (const clang::Stmt* statement : statements) {
    if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
      if (!flattenTaskgroups({block->body_begin(), block->body_end()}, flat, group, reason)) return false;
      continue;
    }
    auto* taskgroup = llvm::dyn_cast<clang::OMPTaskgroupDirective>(statement);
    if (!taskgroup) {
      flat.push_back(statement);
      group.push_back(-1);
      continue;
    }
    if (tasksOutstanding(flat)) {
      reason = "a taskgroup after tasks that are still running (its end does not wait for them)";
      return false;
    }
    if (!taskgroup->clauses().empty()) {
      reason = "a clause on a taskgroup";
      return false;
    }
    size_t first = flat.size();
    if (!flattenTaskgroups(statementsOf(taskgroup->getAssociatedStmt()), flat, group, reason)) return false;
    for (size_t k = first; k < flat.size(); ++k)
      if (group[k] < 0) group[k] = static_cast<int>(flat.size());
    flat.push_back(taskgroup);
    group.push_back(-1);
  }
  return true;
}

// Appends the parts of `task` and of the tasks it creates: its own statements, one part per stretch
// between the children it creates and the taskwaits it makes, each after the ones before; each
// child after the stretches before its creation. Returns the parts finished when the task is
// (its stretches and the children it waited for); the children it did not wait for may outlive it,
// and their parts go to `outliving`.
std::vector<size_t> addTaskParts(const clang::OMPTaskDirective& task, const std::vector<size_t>& after,
                                 const std::string& exclusion, std::vector<SinglePart>& parts,
                                 std::vector<size_t>& outliving) {
  const clang::Stmt* body = task.getInnermostCapturedStmt()->getCapturedStmt();
  std::vector<const clang::Stmt*> statements = statementsOf(body);
  bool createsTasks = std::any_of(statements.begin(), statements.end(), [](const clang::Stmt* statement) {
    return llvm::isa<clang::OMPTaskDirective>(statement) || llvm::isa<clang::OMPTaskwaitDirective>(statement);
  });
  if (!createsTasks) statements = {body};
  std::vector<size_t> done;     // its stretches, and the children it waited for
  std::vector<size_t> running;  // the parts of children not waited for yet
  std::vector<const clang::Stmt*> stretch;
  auto closeStretch = [&] {
    if (stretch.empty()) return;
    SinglePart part{SinglePart::Kind::Task, stretch, &task, nullptr, StepConstruct::Task, exclusion, &task, after, {}};
    part.after.insert(part.after.end(), done.begin(), done.end());
    done.push_back(parts.size());
    parts.push_back(std::move(part));
    stretch.clear();
  };
  for (const clang::Stmt* statement : statements) {
    if (auto* child = llvm::dyn_cast<clang::OMPTaskDirective>(statement)) {
      closeStretch();
      std::vector<size_t> childAfter = after;
      childAfter.insert(childAfter.end(), done.begin(), done.end());
      std::vector<size_t> childDone = addTaskParts(*child, childAfter, "", parts, outliving);
      running.insert(running.end(), childDone.begin(), childDone.end());
    } else if (llvm::isa<clang::OMPTaskwaitDirective>(statement)) {
      closeStretch();
      done.insert(done.end(), running.begin(), running.end());
      running.clear();
    } else if (!llvm::isa<clang::NullStmt>(statement)) {
      stretch.push_back(statement);
    }
  }
  closeStretch();
  outliving.insert(outliving.end(), running.begin(), running.end());
  return done;
}

// The parts of the sequence `body` (the single's statements, or those of the function it calls),
// those made of statements in `conditional` marked so (SinglePart::conditional).
bool sequenceOf(const std::vector<const clang::Stmt*>& body, const clang::OMPSingleDirective& single,
                const clang::OMPExecutableDirective& region, const clang::FunctionDecl* callee,
                const std::set<const clang::Stmt*>& conditional, clang::ASTContext& context,
                std::vector<SinglePart>& parts, std::string& reason) {
  parts.clear();
  std::vector<const clang::Stmt*> statements;
  std::vector<int> group;
  std::string notFlat;
  bool flat = flattenTaskgroups(body, statements, group, notFlat);
  auto anyConditional = [&](const std::vector<const clang::Stmt*>& some) {
    return std::any_of(some.begin(), some.end(), [&](const clang::Stmt* s) { return conditional.count(s) > 0; });
  };
  bool createsTasks = false;
  for (const clang::Stmt* statement : statements) createsTasks |= llvm::isa<clang::OMPTaskDirective>(statement);
  if (!createsTasks) return false;
  if (!flat) {
    reason = notFlat;
    return false;
  }
  if (!llvm::isa<clang::OMPParallelDirective>(region) || single.hasClausesOfKind<clang::OMPNowaitClause>() ||
      !startsPhase(single, region)) {
    reason =
        "tasks created by a single that does not start a phase of the parallel region (something before it "
        "without a barrier, or nowait)";
    return false;
  }

  // Stretches between taskwaits: statements before the first task, the tasks, statements after.
  // Descendants a task does not wait for outlive the taskwaits of the single: they run until the end
  // of the innermost taskgroup around the task that created them (its index in `statements`), or
  // to the single's barrier.
  std::vector<std::pair<size_t, int>> outlivingUntil;  // part, end
  std::map<int, size_t> partOfStatement;               // the barrier part of a taskwait or taskgroup end
  size_t k = 0;
  while (k < statements.size()) {
    std::vector<const clang::Stmt*> before, after;
    std::vector<const clang::OMPTaskDirective*> tasks;
    std::vector<int> taskGroup;
    for (; k < statements.size() && !waitsForTasks(statements[k]); ++k) {
      const clang::Stmt* statement = statements[k];
      if (auto* task = llvm::dyn_cast<clang::OMPTaskDirective>(statement)) {
        if (!after.empty()) {
          reason = "a statement between two tasks of the single";
          return false;
        }
        if (!taskModelled(*task, region, callee, context, reason)) return false;
        tasks.push_back(task);
        taskGroup.push_back(group[k]);
        continue;
      }
      if (llvm::isa<clang::NullStmt>(statement)) continue;
      if (containsDirective(statement)) {
        reason = "an OpenMP directive in a single that creates tasks, other than task and taskwait";
        return false;
      }
      (tasks.empty() ? before : after).push_back(statement);
    }
    const clang::Stmt* taskwait = k < statements.size() ? statements[k] : nullptr;
    int waitAt = static_cast<int>(k);
    ++k;

    if (!before.empty()) {
      parts.push_back(
          {SinglePart::Kind::Statements, before, nullptr, nullptr, StepConstruct::Single, "", before.front(), {}, {}});
      parts.back().conditional = anyConditional(before);
      if (!tasks.empty())
        parts.push_back(
            {SinglePart::Kind::Barrier, {}, nullptr, nullptr, StepConstruct::TaskCreation, "", tasks.front(), {}, {}});
    }
    // Each task in the order of creation, with the tasks it depends on, directly or through others.
    std::vector<std::vector<Dependence>> dependences;
    for (const clang::OMPTaskDirective* task : tasks) {
      std::optional<std::vector<Dependence>> items = variableDependencesOf(*task, reason);
      if (!items) return false;
      dependences.push_back(*items);
    }
    size_t n = tasks.size();
    std::vector<std::vector<DependenceRelation>> relation(n,
                                                          std::vector<DependenceRelation>(n, DependenceRelation::None));
    std::vector<std::string> exclusion(n);
    for (size_t j = 0; j < n; ++j)
      for (size_t i = 0; i < j; ++i) {
        std::string name;
        relation[i][j] = relationOf(dependences[i], dependences[j], name);
        if (relation[i][j] == DependenceRelation::Exclusive) {
          for (size_t side : {i, j}) {
            if (!exclusion[side].empty() && exclusion[side] != name) {
              reason = "a task in mutexinoutset with tasks on different variables";
              return false;
            }
            exclusion[side] = name;
          }
        }
      }
    // Ordered transitively.
    for (size_t j = 0; j < n; ++j)
      for (size_t m = 0; m < j; ++m)
        if (relation[m][j] == DependenceRelation::Ordered)
          for (size_t i = 0; i < m; ++i)
            if (relation[i][m] == DependenceRelation::Ordered) relation[i][j] = DependenceRelation::Ordered;
    std::vector<std::vector<size_t>> doneWithTask(n);  // the parts finished when the task is
    for (size_t j = 0; j < n; ++j) {
      std::vector<size_t> after;
      for (size_t i = 0; i < j; ++i)
        if (relation[i][j] == DependenceRelation::Ordered)
          after.insert(after.end(), doneWithTask[i].begin(), doneWithTask[i].end());
      std::vector<size_t> outliving;
      size_t first = parts.size();
      doneWithTask[j] = addTaskParts(*tasks[j], after, exclusion[j], parts, outliving);
      for (size_t part = first; part < parts.size(); ++part) parts[part].conditional = conditional.count(tasks[j]) > 0;
      for (size_t part : outliving) outlivingUntil.push_back({part, taskGroup[j]});
    }
    // The creating thread goes on at once: no dependence orders its statements after the tasks.
    if (!after.empty())
      parts.push_back(
          {SinglePart::Kind::Statements, after, nullptr, nullptr, StepConstruct::Single, "", after.front(), {}, {}});
    parts.back().conditional = anyConditional(after);
    if (taskwait) {
      partOfStatement[waitAt] = parts.size();
      parts.push_back(
          {SinglePart::Kind::Barrier,
           {},
           nullptr,
           nullptr,
           llvm::isa<clang::OMPTaskgroupDirective>(taskwait) ? StepConstruct::EndOfTaskgroup : StepConstruct::Taskwait,
           "",
           taskwait,
           {},
           {}});
    }
  }
  for (const auto& [part, end] : outlivingUntil) {
    size_t until = end < 0 ? parts.size() : partOfStatement.at(end);
    // Ended by the first barrier after it anyway: nothing outlives.
    bool barrierBefore = false;
    for (size_t between = part + 1; between < until; ++between)
      barrierBefore |= parts[between].kind == SinglePart::Kind::Barrier;
    if (barrierBefore) parts[part].outlivesUntil = until;
  }
  return true;
}

}  // namespace

bool findTaskSequence(const clang::OMPSingleDirective& single, const clang::OMPExecutableDirective& region,
                      clang::ASTContext& context, std::vector<SinglePart>& parts, std::string& reason) {
  return sequenceOf(statementsOf(single.getAssociatedStmt()), single, region, nullptr, {}, context, parts, reason);
}

bool findCalledTaskSequence(const clang::OMPSingleDirective& single, const clang::OMPExecutableDirective& region,
                            clang::ASTContext& context, const CalledTaskSequence& called,
                            std::vector<SinglePart>& parts, std::string& reason) {
  // The arguments, read by the single's thread before the call; an address `&x` is no access.
  std::vector<const clang::Stmt*> statements;
  for (const clang::Expr* argument : called.call->arguments()) {
    auto* address = llvm::dyn_cast<clang::UnaryOperator>(argument->IgnoreParenImpCasts());
    if (!address || address->getOpcode() != clang::UO_AddrOf || !variableOf(address->getSubExpr()))
      statements.push_back(argument);
  }
  // A return before the end makes what follows it conditional; a goto is not followed.
  const auto* body = llvm::cast<clang::CompoundStmt>(called.callee->getBody());
  const clang::Stmt* exit = region::earlyExitIn(*body);
  if (exit && llvm::isa<clang::GotoStmt>(exit)) {
    reason = "a goto in function '" + called.callee->getNameAsString() + "', which creates tasks";
    return false;
  }
  const clang::SourceManager& sources = context.getSourceManager();
  std::set<const clang::Stmt*> conditional;
  bool returned = false;
  for (const clang::Stmt* statement : body->body()) {
    if (returned) conditional.insert(statement);
    statements.push_back(statement);
    clang::SourceRange range = wholeRangeOf(statement);
    returned |= exit && !sources.isBeforeInTranslationUnit(exit->getBeginLoc(), range.getBegin()) &&
                !sources.isBeforeInTranslationUnit(range.getEnd(), exit->getBeginLoc());
  }
  // The caller's `v = f(...)` writes v when f returns, on the single's thread.
  if (called.result) statements.push_back(called.result);
  if (!sequenceOf(statements, single, region, called.callee, conditional, context, parts, reason)) return false;
  if (const clang::VarDecl* copied = copiedSharedLocal(parts, *called.callee)) {
    reason = "a task taking its own copy of '" + copied->getName().str() +
             "', which another task shares (the copy is read when the task is created)";
    return false;
  }
  return true;
}

bool taskOfSingleModelled(const clang::OMPTaskDirective& task, const clang::OMPExecutableDirective& region,
                          clang::ASTContext& context, std::string& reason) {
  return taskModelled(task, region, nullptr, context, reason);
}

bool inTaskSequence(const clang::OMPExecutableDirective& directive, const clang::OMPExecutableDirective* region,
                    clang::ASTContext& context, std::string& reason) {
  if (!region) return false;
  for (const clang::Stmt* statement : statementsOf(region->getInnermostCapturedStmt()->getCapturedStmt())) {
    auto* single = llvm::dyn_cast<clang::OMPSingleDirective>(statement);
    if (!single) continue;
    std::vector<const clang::Stmt*> inside;
    std::vector<int> group;
    flattenTaskgroups(statementsOf(single->getAssociatedStmt()), inside, group, reason);
    // The tasks created by the single's tasks, at the top of their bodies, at any depth.
    for (size_t k = 0; k < inside.size(); ++k)
      if (auto* task = llvm::dyn_cast<clang::OMPTaskDirective>(inside[k]))
        for (const clang::Stmt* statement : statementsOf(task->getInnermostCapturedStmt()->getCapturedStmt()))
          if (llvm::isa<clang::OMPTaskDirective>(statement)) inside.push_back(statement);
    if (std::find(inside.begin(), inside.end(), &directive) == inside.end()) continue;
    std::vector<SinglePart> parts;
    return findTaskSequence(*single, *region, context, parts, reason);
  }
  return false;
}

}  // namespace adrace::analyzer
