// `taskloop` as OpenMP programs use it: one thread of a parallel region creates the tasks
// (`#pragma omp single` holding only the taskloop), the others take them from the single's
// barrier. Every iteration may then run on any thread, at the same time as any other iteration
// and as what the other threads do before the barrier — as the iterations of an `omp for` whose
// schedule is unknown. The taskloop's implicit taskgroup and the single's barrier end them. With
// `nogroup`, `single nowait` or a taskloop beside other statements the tasks outlive that shape:
// those stay unsupported, with the reason.
#pragma once

#include <clang/AST/StmtOpenMP.h>

#include <string>

namespace adrace::analyzer {

// The taskloop (or taskloop simd) that is all `single` holds, when it has the shape above; else
// null, and `reason` says why (empty when the single holds no taskloop at all).
const clang::OMPLoopDirective* taskloopOfSingle(const clang::OMPSingleDirective& single, std::string& reason);

bool isTaskloop(const clang::OMPExecutableDirective& directive);

}  // namespace adrace::analyzer
