// The tasks of a parallel region that the region model places as steps: a sequence of tasks
// created one by one in a single (TaskSequences.h), or in the function the single calls
// (CalledTaskSequences.h), a taskloop in a single (TaskloopInSingle.h), and taskloops and tasks
// mixed with a single's statements (SingleTimeline.h).
#pragma once

#include "analyzer/frontend/RegionAccesses.h"
#include "analyzer/frontend/CalledTaskSequences.h"
#include "analyzer/frontend/RegionBuildState.h"
#include "analyzer/frontend/RegionValues.h"
#include "analyzer/frontend/SingleTimeline.h"
#include "analyzer/frontend/TargetTasks.h"
#include "analyzer/frontend/TaskSequences.h"
#include "analyzer/frontend/TaskloopInSingle.h"

namespace adrace::analyzer::region {

class RegionStepBuilder;

class TaskSteps {
 public:
  TaskSteps(RegionBuildState& state, RegionValues& values, RegionAccessCollector& accesses, RegionStepBuilder& steps)
      : state_(state), values_(values), accesses_(accesses), steps_(steps) {}

  // Lets the parent map lead into and out of the bodies of the region's tasks.
  void seeIntoTasks(const clang::Stmt* within);
  void addTaskSequenceSteps(const std::vector<SinglePart>& parts, const clang::Stmt* single, size_t index);
  // The sequence of the function `called` calls, read with the callee's names bound at the call.
  void addCalledTaskSequenceSteps(const CalledTaskSequence& called, const std::vector<SinglePart>& parts,
                                  const clang::Stmt* single, size_t index);
  void addTaskloopSteps(const TaskloopInSingle& shape, const clang::OMPSingleDirective& single, size_t index);
  void addTimelineSteps(const std::vector<SinglePart>& parts, const clang::OMPSingleDirective& single, size_t index);
  // A window of target nowait tasks (TargetTasks.h): the host's statements on one thread in order,
  // each target's iterations shared out as a loop's (or a target's body, one task) from its
  // creation to the taskwait that ends the window.
  void addTargetTaskSteps(const TargetTaskWindow& window);

 private:
  RegionStep singleThreadStep(const std::vector<const clang::Stmt*>& statements, size_t index);

  RegionBuildState& state_;
  RegionValues& values_;
  RegionAccessCollector& accesses_;
  RegionStepBuilder& steps_;
  const clang::FunctionDecl* callee_ = nullptr;  // while reading a called sequence
};

}  // namespace adrace::analyzer::region
