#include "analyzer/frontend/RegionTaskSteps.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/RegionSteps.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::analyzer::region {

// The parts of a single that creates a sequence of tasks (TaskSequences.h): each task a step of
// one thread, the single's own statements a step of one thread, barriers where the tasks before
// are finished; the single's own barrier at the end.
void TaskSteps::addTaskSequenceSteps(const std::vector<TaskSequencePart>& parts, const clang::Stmt* single,
                                     size_t index) {
  std::vector<size_t> stepOfPart;
  for (const TaskSequencePart& part : parts) {
    stepOfPart.push_back(state_.model.steps.size());
    if (part.kind == TaskSequencePart::Kind::Barrier) {
      RegionStep barrier;
      barrier.kind = RegionStep::Kind::Barrier;
      barrier.construct = part.construct;
      barrier.at = positionOf(part.at->getBeginLoc(), state_.sources);
      state_.model.steps.push_back(barrier);
      continue;
    }
    RegionStep step;
    step.kind = RegionStep::Kind::Statements;
    step.executor = Executor::OneThread;
    step.construct = part.construct;
    step.at = positionOf(part.at->getBeginLoc(), state_.sources);
    step.nowait = true;
    for (size_t earlier : part.after) step.after.push_back(stepOfPart[earlier]);
    for (const clang::Stmt* statement : part.statements)
      for (RegionAccess& access :
           accesses_.collect(statement, {state_.sharing.get(), state_.translator.get(), false, index, state_.body})) {
        if (!part.exclusion.empty()) {
          if (access.reference.protection != Protection::None)
            state_.limit("atomic or critical inside a task with depend(mutexinoutset) is not modelled", part.at);
          access.reference.protection = Protection::Critical;
          access.reference.exclusionName = part.exclusion;
        }
        step.accesses.push_back(std::move(access));
      }
    state_.model.steps.push_back(std::move(step));
  }
  stepOfPart.push_back(state_.model.steps.size());  // parts.size(): the single's barrier
  steps_.addBarrierStep(single);
  state_.model.steps.back().construct = "single";
  for (size_t part = 0; part < parts.size(); ++part)
    if (parts[part].outlivesUntil)
      state_.model.steps[stepOfPart[part]].outlivesUntil = stepOfPart[*parts[part].outlivesUntil];
}

// A taskloop in a single (TaskloopInSingle.h): the single's statements before it, on the single's
// thread; the iterations, shared out as a loop's, after those; the statements after it, after the
// iterations too unless nogroup; then the single's barrier, which ends everything.
void TaskSteps::addTaskloopSteps(const TaskloopInSingle& shape, const clang::OMPSingleDirective& single, size_t index) {
  std::vector<size_t> singleThread;  // the single's thread's steps so far
  if (!shape.before.empty()) {
    singleThread.push_back(state_.model.steps.size());
    state_.model.steps.push_back(singleThreadStep(shape.before, index));
  }
  size_t loop = state_.model.steps.size();
  steps_.addLoopStep(*shape.taskloop, index);
  state_.model.steps[loop].nowait = true;
  state_.model.steps[loop].after = singleThread;
  if (!shape.after.empty()) {
    RegionStep step = singleThreadStep(shape.after, index);
    step.after = singleThread;
    if (!shape.nogroup) step.after.push_back(loop);
    state_.model.steps.push_back(std::move(step));
  }
  steps_.addBarrierStep(&single);
  state_.model.steps.back().construct = "single";
}

// Statements of a single, run by its one thread without a barrier after them.
RegionStep TaskSteps::singleThreadStep(const std::vector<const clang::Stmt*>& statements, size_t index) {
  RegionStep step;
  step.kind = RegionStep::Kind::Statements;
  step.executor = Executor::OneThread;
  step.construct = "single";
  step.at = positionOf(statements.front()->getBeginLoc(), state_.sources);
  step.nowait = true;
  for (const clang::Stmt* statement : statements)
    for (RegionAccess& access :
         accesses_.collect(statement, {state_.sharing.get(), state_.translator.get(), false, index, state_.body}))
      step.accesses.push_back(std::move(access));
  return step;
}

// Clang's CapturedStmt does not list its body among its children: the parent map would not lead
// from a statement in a task to the atomic or critical around it, nor out of the task.
void TaskSteps::seeIntoTasks() {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::vector<const clang::OMPTaskDirective*> tasks;
    bool VisitOMPTaskDirective(clang::OMPTaskDirective* task) {
      tasks.push_back(task);
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(state_.body));
  for (const clang::OMPTaskDirective* task : finder.tasks) {
    const clang::CapturedStmt* captured = task->getInnermostCapturedStmt();
    auto* taskBody = const_cast<clang::Stmt*>(captured->getCapturedStmt());
    state_.parents.addStmt(taskBody);
    state_.parents.setParent(taskBody, captured);
  }
}

}  // namespace adrace::analyzer::region
