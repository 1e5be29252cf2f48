#include "analyzer/frontend/KnownFunctions.h"

#include "analyzer/frontend/ClangSource.h"

#include <set>
#include <string>

namespace adrace::analyzer {

namespace {

const std::set<std::string>& outputFunctions() {
  static const std::set<std::string> names = {"printf", "puts", "putchar", "fprintf", "fputs", "fputc", "fflush"};
  return names;
}

}  // namespace

bool touchesNoUserMemory(const clang::CallExpr* call) {
  static const std::set<std::string> known = {
      // math.h (double, float and long double forms), stdlib's abs
      "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "exp", "exp2", "expm1", "log",
      "log2", "log10", "log1p", "sqrt", "cbrt", "pow", "hypot", "fabs", "fmin", "fmax", "fmod", "floor", "ceil",
      "round", "trunc", "rint", "lround", "copysign", "erf", "erfc", "abs", "labs", "sinf", "cosf", "tanf", "atanf",
      "atan2f", "expf", "logf", "log10f", "sqrtf", "powf", "fabsf", "fminf", "fmaxf", "floorf", "ceilf", "fmodf",
      "sinl", "cosl", "expl", "logl", "sqrtl", "powl", "fabsl", "isnan", "isinf", "isfinite",
      // OpenMP queries, and lock routines (they touch only the lock, which the check models as a protection)
      "omp_get_thread_num", "omp_get_num_threads", "omp_get_max_threads", "omp_get_num_procs", "omp_in_parallel",
      "omp_get_wtime", "omp_get_wtick", "omp_get_level", "omp_get_team_num", "omp_get_num_teams",
      "omp_set_lock", "omp_unset_lock", "omp_set_nest_lock", "omp_unset_nest_lock", "omp_test_lock",
      "omp_test_nest_lock"};
  if (!call->getDirectCallee()) return false;
  std::string name = calleeName(call);
  return known.count(name) || outputFunctions().count(name);
}

bool isOutputFunction(const clang::CallExpr* call) {
  return call->getDirectCallee() && outputFunctions().count(calleeName(call));
}

}  // namespace adrace::analyzer
