// `taskloop` as OpenMP programs use it: one thread of a parallel region creates the tasks
// (`#pragma omp single` holding the taskloop), the others take them from the single's barrier.
// Every iteration may then run on any thread, at the same time as any other iteration and as what
// the other threads do before the barrier — as the iterations of an `omp for` whose schedule is
// unknown. The single's own statements before the taskloop finish before its tasks start; its
// statements after it start when the taskloop's implicit taskgroup has ended them, or at once with
// `nogroup`. The single's barrier ends every task. With `single nowait`, OpenMP directives beside
// the taskloop or two taskloops in one single the tasks outlive that shape: those stay
// unsupported, with the reason.
#pragma once

#include <clang/AST/StmtOpenMP.h>

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct TaskloopInSingle {
  const clang::OMPLoopDirective* taskloop = nullptr;
  std::vector<const clang::Stmt*> before, after;  // the single's other statements, around the taskloop
  bool nogroup = false;                           // `after` runs beside the tasks
};

// The taskloop (or taskloop simd) of `single`, when it has the shape above; else nullopt, and
// `reason` says why (empty when the single holds no taskloop at all).
std::optional<TaskloopInSingle> taskloopOfSingle(const clang::OMPSingleDirective& single, std::string& reason);

bool isTaskloop(const clang::OMPExecutableDirective& directive);

// The name of a clause on `taskloop` the model does not read, or null.
const char* unmodelledTaskloopClause(const clang::OMPExecutableDirective& taskloop);

}  // namespace adrace::analyzer
