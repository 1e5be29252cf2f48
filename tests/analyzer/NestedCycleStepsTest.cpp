// A sequential loop of steps inside another (docs/check.md, "Parallel regions"): a cycle of its own
// inside the outer one, wherever the outer body's barriers are; an inner body with a break or
// continue of its own stays unsupported.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace nested_cycle_steps_test {

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

TEST(NestedCycleSteps, BarrierOutsideTheInnerLoopSeparatesTheOuterBody) {
  CheckedSnippet checked = checkSnippet(sweeps("", "", "#pragma omp barrier"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

// NPB SP's solvers: in each factor m, a forward sweep over planes i, then the last plane apart.
std::string factors(const std::string& lastPlane) {
  return R"(
    void f(int n, double *restrict u, double *restrict w) {
      int m, i, j;
      #pragma omp parallel private(m, i, j)
      {
        for (m = 0; m < 3; m++) {
          for (i = 1; i < n; i++) {
            #pragma omp for
            for (j = 0; j < n; j++) u[i * n + j] = u[(i - 1) * n + j] + w[n - 1 - j];
          }
          #pragma omp for )" +
         lastPlane + R"(
          for (j = 0; j < n; j++) w[j] = 0.5 * u[(n - 1) * n + j];
        }
      }
    })";
}

TEST(NestedCycleSteps, StepAfterTheInnerLoopIsOrderedByItsBarrier) {
  CheckedSnippet checked = checkSnippet(factors(""));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(NestedCycleSteps, NowaitAfterTheInnerLoopMeetsTheNextFactorsFirstSweep) {
  // Without its barrier the last plane's write of w meets the first sweep of the next factor. The
  // sweep's range names the plane counter i, which differs between the two iterations that meet:
  // the race is possible (the model does not say by how much the counters differ).
  CheckedSnippet checked = checkSnippet(factors("nowait"));
  EXPECT_TRUE(reportsRaceOn(checked, "w")) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
}

TEST(NestedCycleSteps, InnerLoopThatRunsNoSweepJoinsWhatSurroundsIt) {
  // A barrier before the inner loop and one after it: when the inner loop runs no sweep, the
  // master's write before it meets the read after it only through the inner loop's absence.
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, int nsweep, double *restrict u, double *restrict w) {
      int m, s, j;
      #pragma omp parallel private(m, s, j)
      {
        for (m = 0; m < 3; m++) {
          #pragma omp master
          w[0] = 1.0;
          for (s = 0; s < nsweep; s++) {
            #pragma omp for
            for (j = 1; j < n; j++) u[j] = w[j];
          }
          u[0] = w[0];
          #pragma omp barrier
        }
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "w")) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
}

// NPB SP's lhsx: a function the region calls, without parameters, loops over lines around its
// worksharing loops on file-scope arrays.
std::string lines(const std::string& firstLoop) {
  return R"(
    #define N 64
    double cv[N], rhon[N], lhs[N][N];
    static void lhsx(void) {
      int i, j;
      for (j = 1; j < N - 1; j++) {
        #pragma omp for )" +
         firstLoop + R"(
        for (i = 0; i < N; i++) { cv[i] = 0.5 * j; rhon[i] = 1.0 + i; }
        #pragma omp for
        for (i = 1; i < N - 1; i++) lhs[i][j] = cv[i - 1] + rhon[i + 1];
      }
    }
    void solve(void) {
      #pragma omp parallel
      lhsx();
    })";
}

TEST(NestedCycleSteps, LoopOfStepsInACalledFunctionIsACycle) {
  CheckedSnippet checked = checkSnippet(lines(""));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(NestedCycleSteps, NowaitInACalledFunctionsLoopOfStepsRaces) {
  CheckedSnippet checked = checkSnippet(lines("nowait"));
  EXPECT_TRUE(reportsRaceOn(checked, "cv", true)) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
}

// The end of factor m meets the start of factor m + 1: an element both name through m is one only if
// the counter could be equal on both sides, which it is not, so the race is possible, never definite;
// and one they name through m and m + 1 is found, not hidden by taking m as one value.
std::string wrap(const std::string& write) {
  return R"(
    double rhs[3][8][32];
    void f(void) {
      #pragma omp parallel
      {
        int m, j;
        for (m = 0; m < 2; m++) {
          #pragma omp for
          for (j = 1; j < 31; j++) rhs[m][1][j] = rhs[m][0][j];
          #pragma omp for nowait
          for (j = 1; j < 31; j++) )" +
         write + R"(;
        }
      }
    })";
}

TEST(NestedCycleSteps, CounterIsNotOneValueAcrossIterations) {
  CheckedSnippet same = checkSnippet(wrap("rhs[m][2][j] = rhs[m][1][31 - j]"));
  EXPECT_TRUE(reportsRaceOn(same, "rhs")) << describe(same.findings);
  EXPECT_FALSE(hasDefinite(same)) << describe(same.findings);
  CheckedSnippet next = checkSnippet(wrap("rhs[m + 1][0][31 - j] = rhs[m][1][j]"));
  EXPECT_TRUE(reportsRaceOn(next, "rhs")) << describe(next.findings);
}

TEST(NestedCycleSteps, BreakOfTheInnerLoopIsNotModelled) {
  CheckedSnippet checked = checkSnippet(sweeps("", "if (u[0] > 1.0) break;", ""));
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
}

}  // namespace nested_cycle_steps_test
}  // namespace adrace::analyzer::testing
