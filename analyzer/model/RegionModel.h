// The clang-free model of one `#pragma omp parallel` region (not a combined `parallel for`): its
// statements in order, grouped into steps by who executes them, with the barriers between them,
// so that the race check can tell which accesses of different threads no barrier separates.
// A `teams` region without `distribute` is modelled the same way with teams for threads: every team
// runs the whole body concurrently with the others, and nothing synchronises two teams.
#pragma once

#include "analyzer/model/LoopModel.h"
#include "smt/CrossDomainQuery.h"

#include <map>
#include <string>
#include <vector>

namespace adrace::analyzer {

// Who executes a step of a region.
enum class Executor {
  EveryThread,   // plain statements, critical and atomic blocks: each thread of the team
  OneThread,     // `single`: one thread, whichever gets there first
  MasterThread,  // `master`, or `masked` without a filter: thread 0
  Worksharing,   // `for`: the iterations are divided among the threads
};

// An access made by a step. For a worksharing loop only its shared scalars are listed here
// (its array references, with indices in its own counters, are in its LoopModel).
struct RegionAccess {
  Reference reference;                 // variable, kind, element, protection, source span
  std::vector<smt::Condition> guards;  // what holds where it executes: branch conditions, inner loop ranges
  bool guardUnknown = false;           // under a condition the IR cannot say: it may never execute
  bool valueUnknown = false;           // an index uses a private variable whose value is not modelled
  std::string approximated;            // a loop around it modelled only in part, and how: a race is possible
  // Flag waits of the region that order (RegionModel::flagWaits, by index): the access precedes the
  // release of the flag in its thread, follows the acquire of the waiting loop, or is the flag's write.
  std::vector<int> flagReleases, flagAcquires, flagWrites;
};

// A thread that waits in a loop until another thread sets a flag (frontend/FlagWaits.h): what the
// writer does before the release happens before what the waiter does after the acquire, when the
// flag's write is made by no more threads than the waiter's exit needs writes (check/RegionCheck
// proves it).
struct FlagWaitModel {
  std::string flag;
  SourcePosition waitAt;  // the waiting loop
  bool orders = false;    // a release write read by an acquire
  std::string why;        // when it does not: what is missing
  // The writes of the flag the waiter's exit needs: the flag orders when at most this many threads
  // make its write (one, for a flag set once; V, for a counter the waiter waits to reach V).
  std::int64_t writesNeeded = 1;
};

// What made a step: the construct around its statements, the loop's directive, or the wait that a
// barrier step stands for.
enum class StepConstruct {
  Statement,  // plain statements of every thread
  Single,     // a single's statements, or the barrier at its end
  Master,
  Masked,
  Section,
  Critical,
  Atomic,
  Task,          // a task's statements
  Loop,          // a worksharing loop or taskloop: RegionStep::loopDirective
  Barrier,       // a barrier, written or implied
  TaskCreation,  // the creation of a single's first task: what came before it is finished
  Taskwait,
  EndOfTaskgroup,
};

struct RegionStep {
  enum class Kind { Statements, Loop, Barrier };
  Kind kind = Kind::Statements;
  Executor executor = Executor::EveryThread;
  StepConstruct construct = StepConstruct::Statement;
  Directive loopDirective;  // StepConstruct::Loop: {For}, {For, Simd}, {Taskloop}, ...
  SourcePosition at;
  std::vector<RegionAccess> accesses;
  int loop = -1;  // Kind::Loop: index of the loop's model among the file's loops
  // Kind::Loop, a loop of a called function read at its call: the region's name of each pointer
  // parameter its model names ("p" -> "u" for `f(u)`), so that its references meet the other steps'.
  std::map<std::string, std::string> regionNames;
  // Kind::Loop, a loop of a called function read at its call: its bounds may read what the call
  // passes, which another call of the function may give other values, under the same names.
  bool boundsFromCall = false;
  bool nowait = false;           // a loop or single without the implicit barrier at its end
  bool scheduleWritten = false;  // a loop with a schedule clause (without one the schedule is the implementation's)
  // The sequential loop of the region whose body holds the step (`for (t = 0; t < steps; t++) { omp for
  // ...; omp for ...; }`), numbered from 0; -1 outside one. A cycle's steps are consecutive and run
  // once per iteration: the steps before its first barrier meet those after its last barrier of the
  // previous iteration.
  int cycle = -1;
  // The sequential loops of steps nested in that loop whose bodies hold the step, outermost first,
  // numbered as cycles are (`for (m ...) { for (i ...) { omp for ...; } omp for ...; }`: the steps of
  // the i loop are in cycle m's number and, here, in the i loop's). Each is a cycle of its own, its
  // steps consecutive, inside the one around it.
  std::vector<int> innerCycles;
  // A step of a cycle that may `break` out of it (every thread in the same iteration): what runs
  // in its phase up to it then meets what follows the loop; `continue`: meets the next iteration's
  // first phase.
  bool leavesCycle = false;
  bool restartsCycle = false;
  // The `if (c) { ...; barrier; ... }` block of the region that holds the step, numbered from 0; -1
  // outside one. Its steps are consecutive. Every thread or none runs it: when none does, the steps
  // just before it and just after it are not separated by its barrier.
  int conditionalBlock = -1;
  // The `else` arm of `if (c) { ... } else { ... }` is a conditional block too, run exactly when the
  // block of the `then` arm (this number) is not; -1 for any other step.
  int alternativeTo = -1;
  // Steps of the same phase that finish before this one starts, though no barrier lies between
  // them: the tasks a task depends on, the creating thread's statements before a taskloop.
  std::vector<size_t> after;
  // A task that may outlive the barriers after it (a grandchild, which a taskwait does not wait
  // for): the barrier step that ends it; -1 when the next barrier does.
  int outlivesUntil = -1;
};
// As the messages name a step's construct: "statement", "single", "task", "for", "taskloop", "barrier",
// "task creation", "taskwait", "end of taskgroup", ...
std::string stepConstructName(const RegionStep& step);

// What runs a region's statements concurrently: the threads of a `parallel` region's team, or the
// teams of a `teams` region's league (each team's initial thread, numbered by omp_get_team_num()).
enum class RegionUnits { Threads, Teams };

struct RegionModel {
  int id = 0;  // 0-based, in source order within its file
  RegionUnits units = RegionUnits::Threads;
  Directive directive{Construct::Parallel};  // {Parallel}, {Parallel, Sections}, {Teams}, {Target, Teams}
  std::string function;
  SourcePosition pragmaAt;
  // Region-wide facts on every thread: thread numbers, and private variables' single definitions
  // (`tid == omp_get_thread_num()`), which loops inside the region may use too.
  std::vector<smt::Condition> facts;
  std::vector<std::string> unknownValues;  // private integers whose value the model does not know
  // The variables the headers of the region's sequential loops of steps write (`m` of `for (m = 0;
  // m < 3; m++) { omp for ...; }`): a worksharing loop's model takes such a counter as one value on
  // every thread, which two steps meeting only in different iterations of the loop do not share.
  std::vector<std::string> cycleCounters;
  std::vector<RegionStep> steps;
  std::vector<FlagWaitModel> flagWaits;
  std::vector<Limitation> limitations;  // what the model leaves out: the region is reported unsupported
  // Not a parallel region: sequential code of one host thread beside the target nowait tasks it
  // starts, up to the taskwait (frontend/TargetTasks.h); the units are then the device's threads and the host.
  bool hostWithTargetTasks = false;
};

// Symbols for the thread that executes an access and the team size, named as the calls that read
// them (no C identifier can collide with them).
inline constexpr const char* kThreadNumber = "omp_get_thread_num()";
inline constexpr const char* kTeamSize = "omp_get_num_threads()";
smt::ExprRef threadNumber();  // the thread domain's counter: one value per thread, primed on a second side
smt::ExprRef teamSize();      // shared
// The team's thread numbers as a loop domain: omp_get_thread_num() in [0, omp_get_num_threads()).
smt::LoopDomain threadDomain();

// The same for the teams of a league: omp_get_team_num() in [0, omp_get_num_teams()).
inline constexpr const char* kTeamNumber = "omp_get_team_num()";
inline constexpr const char* kLeagueSize = "omp_get_num_teams()";

// The symbols of a region's units: thread number and team size, or team number and league size.
smt::ExprRef unitNumber(RegionUnits units);
smt::ExprRef unitCount(RegionUnits units);
smt::LoopDomain unitDomain(RegionUnits units);
const char* unitNumberName(RegionUnits units);  // kThreadNumber or kTeamNumber
const char* unitWord(RegionUnits units);        // "thread" or "team"
const char* regionWord(RegionUnits units);      // "parallel region" or "teams region"

}  // namespace adrace::analyzer
