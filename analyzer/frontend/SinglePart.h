// One part of the work a `single` sets running, in the order its thread creates it: its own
// statements, a task (or a stretch of one), a taskloop, or a wait that ends the parts before it.
// TaskSequences.h and SingleTimeline.h describe a single so, and RegionTaskSteps makes each part a
// step of the region that runs after the parts finished when it starts (RegionStep::after).
#pragma once

#include "analyzer/model/RegionModel.h"

#include <clang/AST/StmtOpenMP.h>

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct SinglePart {
  enum class Kind { Statements, Task, Taskloop, Barrier };
  Kind kind = Kind::Statements;
  std::vector<const clang::Stmt*> statements;  // Statements: the single's own; Task: the task's body
  const clang::OMPTaskDirective* task = nullptr;
  const clang::OMPLoopDirective* taskloop = nullptr;  // Taskloop
  // The step's construct: Single, Task; for a Barrier, the wait: TaskCreation, Taskwait, EndOfTaskgroup.
  StepConstruct construct = StepConstruct::Single;
  // Task: `depend(mutexinoutset: x)` shared with another task of its stretch: the two never run at
  // the same time, as if under `critical(mutexinoutset: x)`.
  std::string exclusion;
  const clang::Stmt* at = nullptr;
  std::vector<size_t> after;  // the parts finished before it starts (all of them, not only the latest)
  // Task: a descendant its creator does not wait for outlives the taskwaits after it, up to this
  // part (the end of a taskgroup around its creator), or parts.size() for the single's barrier.
  std::optional<size_t> outlivesUntil;
  // In a called function (CalledTaskSequences.h): after a return that may end it first.
  bool conditional = false;
};

}  // namespace adrace::analyzer
