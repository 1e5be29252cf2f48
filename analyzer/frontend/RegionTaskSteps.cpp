#include "analyzer/frontend/RegionTaskSteps.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/RegionSteps.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::analyzer::region {

// The parts of a single that creates a sequence of tasks (TaskSequences.h): each task a step of
// one thread, the single's own statements a step of one thread, barriers where the tasks before
// are finished; the single's own barrier at the end.
void TaskSteps::addTaskSequenceSteps(const std::vector<SinglePart>& parts, const clang::Stmt* single, size_t index) {
  std::vector<size_t> stepOfPart;
  // In a called function: the locals its tasks share, all of which its own statements see.
  std::set<const clang::VarDecl*> sharedLocals;
  for (const SinglePart& part : parts)
    if (callee_ && part.task)
      for (const clang::VarDecl* variable : sharedLocalsOf(*part.task, *callee_)) sharedLocals.insert(variable);
  for (const SinglePart& part : parts) {
    stepOfPart.push_back(state_.model.steps.size());
    state_.taskSharedLocals = part.task && callee_ ? sharedLocalsOf(*part.task, *callee_) : sharedLocals;
    if (part.kind == SinglePart::Kind::Barrier) {
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
        // After a return that may end the called function first: it may not run.
        access.guardUnknown |= part.conditional;
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
  state_.taskSharedLocals.clear();
  stepOfPart.push_back(state_.model.steps.size());  // parts.size(): the single's barrier
  steps_.addBarrierStep(single);
  state_.model.steps.back().construct = StepConstruct::Single;
  for (size_t part = 0; part < parts.size(); ++part)
    if (parts[part].outlivesUntil)
      state_.model.steps[stepOfPart[part]].outlivesUntil = stepOfPart[*parts[part].outlivesUntil];
}

// A sequence of tasks in the function the single calls (CalledTaskSequences.h): its parts are read
// as if written in the single, the callee's names bound at the call (as CalleeSteps binds them).
void TaskSteps::addCalledTaskSequenceSteps(const CalledTaskSequence& called, const std::vector<SinglePart>& parts,
                                           const clang::Stmt* single, size_t index) {
  std::string whyNot;
  std::optional<InlinedCall> inlined = state_.bindCall(*called.call, whyNot);
  if (!inlined) return state_.limit(whyNot, called.call);
  const clang::Stmt* body = called.callee->getBody();
  state_.enterCall(std::move(*inlined));
  seeIntoTasks(body);
  std::vector<const clang::VarDecl*> bound = values_.bindCalleeVariables(*state_.inlined, index);
  callee_ = called.callee;
  addTaskSequenceSteps(parts, single, index);
  callee_ = nullptr;
  for (const clang::VarDecl* variable : bound) state_.translator->unbindCalleeCounter(variable);
  state_.leaveCall();
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
  state_.model.steps.back().construct = StepConstruct::Single;
}

// The parts of a single's timeline (SingleTimeline.h): its statements and tasks, steps of one
// thread; its taskloops, shared out as a loop's iterations; each after the parts finished when it
// starts; then the single's barrier, which ends everything.
void TaskSteps::addTimelineSteps(const std::vector<SinglePart>& parts, const clang::OMPSingleDirective& single,
                                 size_t index) {
  std::vector<size_t> stepOfPart;
  for (const SinglePart& part : parts) {
    stepOfPart.push_back(state_.model.steps.size());
    if (part.kind == SinglePart::Kind::Taskloop) {
      steps_.addLoopStep(*part.taskloop, index);
    } else {
      state_.model.steps.push_back(singleThreadStep(part.statements, index));
      if (part.task) {
        state_.model.steps.back().construct = part.construct;
        state_.model.steps.back().at = positionOf(part.task->getBeginLoc(), state_.sources);
      }
    }
    RegionStep& step = state_.model.steps.back();
    step.nowait = true;
    for (size_t earlier : part.after) step.after.push_back(stepOfPart[earlier]);
  }
  steps_.addBarrierStep(&single);
  state_.model.steps.back().construct = StepConstruct::Single;
}

// The host's statements run one after the other, each after the steps of the host before it; a
// target task starts after them too, and after the target tasks it depends on; nothing but the
// taskwait ends it (OpenMP 5.2, 13.8).
void TaskSteps::addTargetTaskSteps(const TargetTaskWindow& window) {
  std::vector<size_t> host;         // the host's steps so far
  std::vector<size_t> targetSteps;  // per target of the window, its step
  for (size_t index = 0; index < window.statements.size(); ++index) {
    const clang::Stmt* statement = window.statements[index];
    auto* target = llvm::dyn_cast<clang::OMPExecutableDirective>(statement);
    size_t at = state_.model.steps.size();
    if (target && isTargetNowait(*target)) {
      targetSteps.push_back(at);
      if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(target)) {
        steps_.addLoopStep(*loop, index);
      } else {
        const clang::CapturedStmt* captured = target->getInnermostCapturedStmt();
        auto* body = const_cast<clang::Stmt*>(captured->getCapturedStmt());
        state_.parents.addStmt(body);
        state_.parents.setParent(body, captured);
        state_.model.steps.push_back(singleThreadStep({body}, index));
        state_.model.steps.back().construct = StepConstruct::Task;
        state_.model.steps.back().at = positionOf(target->getBeginLoc(), state_.sources);
      }
    } else {
      state_.model.steps.push_back(singleThreadStep({statement}, index));
      state_.model.steps.back().construct = StepConstruct::Statement;
    }
    RegionStep& step = state_.model.steps.back();
    step.nowait = true;
    step.after = host;
    if (!target || !isTargetNowait(*target)) {
      host.push_back(at);
      continue;
    }
    // A target that depends on earlier ones starts after they end (TargetTaskWindow::orderedAfter).
    size_t targetIndex = targetSteps.size() - 1;
    if (targetIndex < window.orderedAfter.size())
      for (size_t earlier : window.orderedAfter[targetIndex]) step.after.push_back(targetSteps[earlier]);
  }
  if (!window.end) return;  // the end of `main`: nothing of the window's follows
  steps_.addBarrierStep(window.end);
  state_.model.steps.back().construct = StepConstruct::Taskwait;
}

// Statements of a single, run by its one thread without a barrier after them.
RegionStep TaskSteps::singleThreadStep(const std::vector<const clang::Stmt*>& statements, size_t index) {
  RegionStep step;
  step.kind = RegionStep::Kind::Statements;
  step.executor = Executor::OneThread;
  step.construct = StepConstruct::Single;
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
void TaskSteps::seeIntoTasks(const clang::Stmt* within) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::vector<const clang::OMPTaskDirective*> tasks;
    bool VisitOMPTaskDirective(clang::OMPTaskDirective* task) {
      tasks.push_back(task);
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(within));
  for (const clang::OMPTaskDirective* task : finder.tasks) {
    const clang::CapturedStmt* captured = task->getInnermostCapturedStmt();
    auto* taskBody = const_cast<clang::Stmt*>(captured->getCapturedStmt());
    state_.parents.addStmt(taskBody);
    state_.parents.setParent(taskBody, captured);
  }
}

}  // namespace adrace::analyzer::region
