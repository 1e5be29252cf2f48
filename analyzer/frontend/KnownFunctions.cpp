#include "analyzer/frontend/KnownFunctions.h"

#include "analyzer/frontend/ClangSource.h"

#include <set>
#include <string>

namespace adrace::analyzer {

bool touchesNoUserMemory(const clang::CallExpr* call) {
  static const std::set<std::string> known = {
      "sin", "cos", "tan", "exp", "log", "sqrt", "pow", "fabs", "fmin", "fmax", "tanh", "abs", "floor", "ceil",
      "atan", "atan2", "sinf", "cosf", "expf", "logf", "sqrtf", "powf", "fabsf", "printf",
      "omp_get_thread_num", "omp_get_num_threads", "omp_get_max_threads", "omp_get_num_procs", "omp_in_parallel",
      "omp_get_wtime", "omp_set_lock", "omp_unset_lock", "omp_set_nest_lock", "omp_unset_nest_lock"};
  return call->getDirectCallee() && known.count(calleeName(call));
}

}  // namespace adrace::analyzer
