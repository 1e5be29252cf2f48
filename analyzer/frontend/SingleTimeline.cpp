#include "analyzer/frontend/SingleTimeline.h"

#include "analyzer/frontend/TaskLoops.h"
#include "analyzer/frontend/TaskSequences.h"
#include "analyzer/frontend/TaskloopInSingle.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <set>

namespace adrace::analyzer {
namespace {

// Walks the single's statements in the order its thread runs them.
class TimelineBuilder {
 public:
  TimelineBuilder(const clang::OMPExecutableDirective& region, clang::ASTContext& context,
                  std::vector<SinglePart>& parts, std::string& reason)
      : region_(region), context_(context), parts_(parts), reason_(reason) {}

  bool add(const std::vector<const clang::Stmt*>& statements) {
    for (const clang::Stmt* statement : statements) {
      if (llvm::isa<clang::NullStmt>(statement)) continue;
      if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
        if (!add({block->body_begin(), block->body_end()})) return false;
        continue;
      }
      if (auto* group = llvm::dyn_cast<clang::OMPTaskgroupDirective>(statement)) {
        if (!addTaskgroup(*group)) return false;
        continue;
      }
      if (auto* wait = llvm::dyn_cast<clang::OMPTaskwaitDirective>(statement)) {
        if (!wait->clauses().empty()) return refuse("a clause on a taskwait");
        // A taskwait waits for the children of the single's task: its tasks and its taskloops' tasks.
        closeRun();
        done_.insert(done_.end(), running_.begin(), running_.end());
        running_.clear();
        continue;
      }
      if (auto* task = llvm::dyn_cast<clang::OMPTaskDirective>(statement)) {
        if (!addTask(*task)) return false;
        continue;
      }
      if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement);
          directive && isTaskloop(*directive)) {
        if (!addTaskloop(*llvm::cast<clang::OMPLoopDirective>(directive))) return false;
        continue;
      }
      if (containsDirective(statement))
        return refuse(
            "an OpenMP directive in a single that creates tasks, other than task, taskloop, taskwait "
            "and taskgroup");
      run_.push_back(statement);
    }
    return true;
  }

  void finish() { closeRun(); }
  bool createsTasks() const { return createsTasks_; }

 private:
  bool refuse(const std::string& why) {
    reason_ = why;
    return false;
  }

  // The single's statements since the last task or wait: one part, after everything finished so far.
  void closeRun() {
    if (run_.empty()) return;
    SinglePart part;
    part.statements = run_;
    part.at = run_.front();
    part.after = done_;
    done_.push_back(parts_.size());
    parts_.push_back(std::move(part));
    run_.clear();
  }

  // The end of a taskgroup waits for the tasks created in it (and their descendants, which tasks
  // here do not create); those created before it go on running.
  bool addTaskgroup(const clang::OMPTaskgroupDirective& group) {
    if (!group.clauses().empty()) return refuse("a clause on a taskgroup");
    closeRun();
    std::set<size_t> before(running_.begin(), running_.end());
    if (!add(statementsOf(group.getAssociatedStmt()))) return false;
    closeRun();
    std::vector<size_t> still;
    for (size_t part : running_) (before.count(part) ? still : done_).push_back(part);
    running_ = std::move(still);
    return true;
  }

  bool addTask(const clang::OMPTaskDirective& task) {
    if (task.hasClausesOfKind<clang::OMPDependClause>())
      return refuse("a depend clause on a task in a single that also holds taskloops or statements between tasks");
    // if(false) makes the task undeferred: its creator waits for it, which a race would need to know.
    if (task.hasClausesOfKind<clang::OMPIfClause>())
      return refuse("an if clause on a task beside a taskloop or a statement between tasks");
    const clang::Stmt* body = task.getInnermostCapturedStmt()->getCapturedStmt();
    if (nestedDirective(body))
      return refuse("an OpenMP directive inside a task other than atomic and critical, beside a taskloop");
    if (!taskOfSingleModelled(task, region_, context_, reason_)) return false;
    closeRun();
    SinglePart part;
    part.kind = SinglePart::Kind::Task;
    part.construct = StepConstruct::Task;
    part.statements = {body};
    part.task = &task;
    part.at = &task;
    part.after = done_;
    running_.push_back(parts_.size());
    parts_.push_back(std::move(part));
    createsTasks_ = true;
    return true;
  }

  // Without nogroup the taskloop's implicit taskgroup ends its tasks before the single goes on.
  bool addTaskloop(const clang::OMPLoopDirective& taskloop) {
    if (const char* clause = unmodelledTaskloopClause(taskloop))
      return refuse(std::string("clause ") + clause + " on the taskloop");
    if (taskloop.hasClausesOfKind<clang::OMPNogroupClause>() && taskloop.hasClausesOfKind<clang::OMPIfClause>())
      return refuse(
          "an if clause on a nogroup taskloop beside other taskloops or tasks (undeferred, its tasks end "
          "before the single goes on)");
    closeRun();
    SinglePart part;
    part.kind = SinglePart::Kind::Taskloop;
    part.taskloop = &taskloop;
    part.at = &taskloop;
    part.after = done_;
    (taskloop.hasClausesOfKind<clang::OMPNogroupClause>() ? running_ : done_).push_back(parts_.size());
    parts_.push_back(std::move(part));
    createsTasks_ = true;
    return true;
  }

  const clang::OMPExecutableDirective& region_;
  clang::ASTContext& context_;
  std::vector<SinglePart>& parts_;
  std::string& reason_;
  std::vector<size_t> done_;     // the parts finished where the single's thread is now
  std::vector<size_t> running_;  // its tasks and nogroup taskloops not waited for yet
  std::vector<const clang::Stmt*> run_;
  bool createsTasks_ = false;
};

}  // namespace

bool findSingleTimeline(const clang::OMPSingleDirective& single, const clang::OMPExecutableDirective& region,
                        clang::ASTContext& context, std::vector<SinglePart>& parts, std::string& reason) {
  parts.clear();
  std::string why;
  TimelineBuilder builder(region, context, parts, why);
  bool shaped = builder.add(statementsOf(single.getAssociatedStmt()));
  builder.finish();
  if (!builder.createsTasks() && shaped) return false;  // no task: an ordinary single
  if (!shaped) {
    reason = why;
    return false;
  }
  if (!llvm::isa<clang::OMPParallelDirective>(region)) {
    reason = "tasks created by a single of a region other than `parallel`";
    return false;
  }
  if (single.hasClausesOfKind<clang::OMPNowaitClause>()) {
    reason = "tasks created in `single nowait` run concurrently with what the other threads do next";
    return false;
  }
  return true;
}

bool inSingleTimeline(const clang::OMPExecutableDirective& directive, const clang::OMPExecutableDirective* region,
                      clang::ASTContext& context) {
  if (!region) return false;
  for (const clang::Stmt* statement : statementsOf(region->getInnermostCapturedStmt()->getCapturedStmt())) {
    auto* single = llvm::dyn_cast<clang::OMPSingleDirective>(statement);
    if (!single) continue;
    std::vector<SinglePart> parts;
    std::string reason;
    if (!findSingleTimeline(*single, *region, context, parts, reason)) continue;
    for (const SinglePart& part : parts)
      if (part.task == &directive || part.taskloop == &directive) return true;
    // A taskgroup of the single: every directive in it is a part, or the single was refused.
    if (llvm::isa<clang::OMPTaskgroupDirective>(directive)) {
      const clang::SourceManager& sources = context.getSourceManager();
      clang::SourceRange range = single->getSourceRange();
      const clang::Stmt* block = single->getAssociatedStmt();
      if (!sources.isBeforeInTranslationUnit(directive.getBeginLoc(), range.getBegin()) &&
          !sources.isBeforeInTranslationUnit(block->getEndLoc(), directive.getBeginLoc()))
        return true;
    }
  }
  return false;
}

}  // namespace adrace::analyzer
