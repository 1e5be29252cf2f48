// The steps of a parallel region (RegionStep), from its top-level statements in order: plain
// statements, single, master/masked, critical, atomic, worksharing loops, barriers, sections, blocks
// and if/else arms holding barriers, sequential loops around steps; calls to functions with OpenMP
// constructs (RegionCalleeSteps.h) and tasks (RegionTaskSteps.h) through their own builders.
#pragma once

#include "analyzer/frontend/RegionAccesses.h"
#include "analyzer/frontend/RegionBuildState.h"
#include "analyzer/frontend/RegionCalleeSteps.h"
#include "analyzer/frontend/RegionTaskSteps.h"
#include "analyzer/frontend/RegionValues.h"

namespace adrace::analyzer::region {

class RegionStepBuilder {
 public:
  RegionStepBuilder(RegionBuildState& state, RegionValues& values, RegionAccessCollector& accesses)
      : state_(state),
        values_(values),
        accesses_(accesses),
        callees_(state, values, accesses, *this),
        tasks_(state, values, accesses, *this) {}

  // The step (or steps) of the region's top-level statement `index` (or a statement standing for it).
  void addStep(const clang::Stmt* statement, size_t index);
  // Whether the region is only `single`, whose loop creates the tasks of a TaskLoopSite.
  bool onlyTaskLoopOfRegion(const clang::OMPSingleDirective& single) const;
  void addBarrierStep(const clang::Stmt* at);
  void addLoopStep(const clang::OMPLoopDirective& loop, size_t index, const clang::FunctionDecl* orphanedIn = nullptr);
  void addSectionSteps(const clang::Stmt* sections, size_t index, bool nowait);
  void addLeagueSizeBound(const clang::OMPExecutableDirective& teams);
  void addTeamSizeBound(const clang::OMPExecutableDirective& parallel);
  void findSpinWaits();
  TaskSteps& tasks() { return tasks_; }

 private:
  // Records a recognised flag wait in the model, or limits the region with `whyNot` at `at`.
  void addFlagWait(std::optional<FlagWait>& wait, const clang::Stmt* at, std::string whyNot);
  bool addArmSteps(const std::vector<const clang::Stmt*>& statements, size_t index);
  void addBranchSteps(const clang::IfStmt& branch, size_t index);
  void addCycleSteps(const clang::Stmt& loop, size_t index);
  void addStatementsStep(const clang::Stmt* statement, size_t index, Executor executor, StepConstruct construct,
                         bool nowait = false);
  void addReductionCombination(const clang::OMPLoopDirective& loop, RegionStep& step);
  void bindLoopNames(RegionStep& step);

  RegionBuildState& state_;
  RegionValues& values_;
  RegionAccessCollector& accesses_;
  CalleeSteps callees_;
  TaskSteps tasks_;
  int cycles_ = 0;             // sequential loops around steps, so far (nested ones included)
  int cycleDepth_ = 0;         // sequential loops of steps around the step being added
  int conditionalBlocks_ = 0;  // `if (c) { ...; barrier; ... }` blocks, so far
};

}  // namespace adrace::analyzer::region
