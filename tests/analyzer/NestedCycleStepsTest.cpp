// A sequential loop of steps inside another (docs/check.md, "Parallel regions"): read as part of the
// outer cycle when every barrier of the outer body is inside the inner loop and the inner body has
// no break or continue of its own; any other nesting stays unsupported.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace {

std::string sweeps(const std::string& first, const std::string& between, const std::string& after) {
  return R"(
    void f(int n, int nstep, int nsweep, double *restrict u, double *restrict w) {
      int step, sweep, i;
      #pragma omp parallel private(step, sweep, i)
      {
        for (step = 0; step < nstep; step++) {
          for (sweep = 0; sweep < nsweep; sweep++) {
            #pragma omp for )" +
         first + R"(
            for (i = 1; i < n - 1; i++) w[i] = 0.5 * (u[i - 1] + u[i + 1]);
)" + between +
         R"(
            #pragma omp for
            for (i = 1; i < n - 1; i++) u[i] = w[i];
          }
)" + after +
         R"(
        }
      }
    })";
}

TEST(NestedCycleSteps, SweepsInsideTimeStepsAreOrderedByTheirBarriers) {
  CheckedSnippet checked = checkSnippet(sweeps("", "", ""));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(NestedCycleSteps, NowaitInTheInnerLoopRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(sweeps("nowait", "", ""));
  EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
}

TEST(NestedCycleSteps, WhatFollowsTheInnerLoopMeetsWhatPrecedesIt) {
  // The master's write of u[0] has no barrier after it: it meets the read of u[0] at the start of
  // the next step (and of its own step when the inner loop runs no sweep).
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, int nstep, int nsweep, double *restrict u, double *restrict w) {
      int step, sweep, i;
      #pragma omp parallel private(step, sweep, i)
      {
        for (step = 0; step < nstep; step++) {
          w[0] = u[0];
          for (sweep = 0; sweep < nsweep; sweep++) {
            #pragma omp for
            for (i = 1; i < n; i++) w[i] = u[i];
          }
          #pragma omp master
          u[0] = 1.0;
        }
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "u")) << describe(checked.findings);
}

TEST(NestedCycleSteps, BarrierOutsideTheInnerLoopIsNotModelled) {
  CheckedSnippet checked = checkSnippet(sweeps("", "", "#pragma omp barrier"));
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
}

TEST(NestedCycleSteps, BreakOfTheInnerLoopIsNotModelled) {
  CheckedSnippet checked = checkSnippet(sweeps("", "if (u[0] > 1.0) break;", ""));
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
}

}  // namespace
}  // namespace adrace::analyzer::testing
