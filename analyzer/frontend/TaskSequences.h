// A sequence of tasks created by a `single` at the start of a phase of a parallel region:
//   #pragma omp single { S0; task T1; task T2; ...; S1; taskwait; S2; task T3; ... }
// The tasks of one stretch between taskwaits run concurrently with each other and with the
// single's statements after them (S1); `depend` clauses order some of them; statements before them
// (S0) and after a taskwait (S2) are ordered. While the single runs the other threads only wait at
// its barrier (executing tasks), so the region model can say all this with its own vocabulary:
// each task a step of one thread, S1 a step of one thread, a barrier wherever everything before is
// finished before everything after (a taskwait, the creation of the first task), and each task's
// dependences as the steps it runs after (RegionStep::after). The end of a `taskgroup` is such a
// wait for the tasks created in it, when none created before it is still running. A task may
// create tasks and wait for them at the top of its body: its statements between those are parts of
// their own, in order, and a child it does not wait for may run past the single's taskwaits (which
// wait for children only) to the end of a taskgroup around it or the single's barrier
// (RegionStep::outlivesUntil). Dependences on plain variables, between the single's own tasks,
// only; anything else stays unsupported.
#pragma once

#include "analyzer/frontend/CalledTaskSequences.h"
#include "analyzer/model/RegionModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct TaskSequencePart {
  enum class Kind { Statements, Task, Barrier };
  Kind kind = Kind::Statements;
  std::vector<const clang::Stmt*> statements;  // Statements: the single's own; Task: the task's body
  const clang::OMPTaskDirective* task = nullptr;
  StepConstruct construct = StepConstruct::Single;  // Task, Single; a barrier: TaskCreation, Taskwait, EndOfTaskgroup
  // Task: `depend(mutexinoutset: x)` shared with another task of its stretch: the two never run at
  // the same time, as if under `critical(mutexinoutset: x)`.
  std::string exclusion;
  const clang::Stmt* at = nullptr;
  std::vector<size_t> after;  // Task: the parts finished before it starts (transitively)
  // Task: a descendant its creator does not wait for outlives the taskwaits after it, up to this
  // part (the end of a taskgroup around its creator), or parts.size() for the single's barrier.
  std::optional<size_t> outlivesUntil;
  // In a called function (CalledTaskSequences.h): after a return that may end it first.
  bool conditional = false;
};

// The parts of `single` (a statement directly in `region`) when it creates tasks the model covers;
// otherwise false and `reason` says why (or `parts` empty: the single creates no task).
bool findTaskSequence(const clang::OMPSingleDirective& single, const clang::OMPExecutableDirective& region,
                      clang::ASTContext& context, std::vector<TaskSequencePart>& parts, std::string& reason);

// The parts of the sequence of tasks `called`, the function `single` calls (CalledTaskSequences.h):
// the call's arguments, read first, the function's statements and tasks, then the write of the
// call's result; otherwise false and `reason` says why.
bool findCalledTaskSequence(const clang::OMPSingleDirective& single, const clang::OMPExecutableDirective& region,
                            clang::ASTContext& context, const CalledTaskSequence& called,
                            std::vector<TaskSequencePart>& parts, std::string& reason);

// Whether the region model sees all of `task`, created directly in a single of `region`: its clauses,
// the directives in its body, and its data sharing against the region's (SingleTimeline.h asks).
bool taskOfSingleModelled(const clang::OMPTaskDirective& task, const clang::OMPExecutableDirective& region,
                          clang::ASTContext& context, std::string& reason);

// Whether `directive` is one of the tasks, or taskgroups, of such a sequence in `region`.
bool inTaskSequence(const clang::OMPExecutableDirective& directive, const clang::OMPExecutableDirective* region,
                    clang::ASTContext& context, std::string& reason);

}  // namespace adrace::analyzer
