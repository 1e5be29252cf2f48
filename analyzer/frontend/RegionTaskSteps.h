// The tasks of a parallel region that the region model places as steps: a sequence of tasks
// created one by one in a single (TaskSequences.h) and a taskloop in a single (TaskloopInSingle.h).
#pragma once

#include "analyzer/frontend/RegionAccesses.h"
#include "analyzer/frontend/RegionBuildState.h"
#include "analyzer/frontend/TaskSequences.h"
#include "analyzer/frontend/TaskloopInSingle.h"

namespace adrace::analyzer::region {

class RegionStepBuilder;

class TaskSteps {
 public:
  TaskSteps(RegionBuildState& state, RegionAccessCollector& accesses, RegionStepBuilder& steps)
      : state_(state), accesses_(accesses), steps_(steps) {}

  // Lets the parent map lead into and out of the bodies of the region's tasks.
  void seeIntoTasks();
  void addTaskSequenceSteps(const std::vector<TaskSequencePart>& parts, const clang::Stmt* single, size_t index);
  void addTaskloopSteps(const TaskloopInSingle& shape, const clang::OMPSingleDirective& single, size_t index);

 private:
  RegionStep singleThreadStep(const std::vector<const clang::Stmt*>& statements, size_t index);

  RegionBuildState& state_;
  RegionAccessCollector& accesses_;
  RegionStepBuilder& steps_;
};

}  // namespace adrace::analyzer::region
