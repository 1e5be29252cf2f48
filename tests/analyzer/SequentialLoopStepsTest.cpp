// A sequential loop around the worksharing constructs of one parallel region (a time-step loop:
// `#pragma omp parallel private(t)` then `for (t = 0; t < steps; t++) { omp for ...; omp for ...; }`),
// as `adrace check` models it: the body's steps repeat, so what runs after the body's last barrier
// meets what runs before its first barrier in the next step, and a loop that runs no step leaves
// what comes before it beside what comes after. Each race-free case has a twin that races.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace sequential_loop_steps_test {

// PolyBench's jacobi-2d as written: file-scope arrays, C89 counters, macro sizes.
const char* kJacobi = R"(
  #define N 200
  static double A[N][N], B[N][N];
  void jacobi_2d(int tsteps, int n) {
    int t, i, j;
  #pragma omp parallel private(t, i, j)
    for (t = 0; t < tsteps; t++) {
  #pragma omp for %s
      for (i = 1; i < n - 1; i++)
        for (j = 1; j < n - 1; j++)
          B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
  #pragma omp for %s
      for (i = 1; i < n - 1; i++)
        for (j = 1; j < n - 1; j++)
          A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
    }
  })";

std::string jacobi(const std::string& firstClauses, const std::string& secondClauses) {
  return fillIn(kJacobi, {firstClauses, secondClauses});
}

TEST(SequentialLoopSteps, SweepsSeparatedByTheirBarriersAreRaceFree) {
  CheckedSnippet checked = checkSnippet(jacobi("", ""));
  ASSERT_EQ(checked.models.regions.size(), 1u);
  const RegionModel& region = checked.models.regions[0];
  EXPECT_TRUE(region.limitations.empty());
  int loops = 0;
  for (const RegionStep& step : region.steps) {
    EXPECT_EQ(step.cycle, 0);
    loops += step.kind == RegionStep::Kind::Loop;
  }
  EXPECT_EQ(loops, 2);
  EXPECT_FALSE(anyUnsupported(checked));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(SequentialLoopSteps, NowaitOnTheFirstSweepRacesWithTheSecond) {
  CheckedSnippet checked = checkSnippet(jacobi("nowait", ""));
  EXPECT_TRUE(reportsRaceOn(checked, "B")) << describe(checked.findings);
}

// The second sweep's end has no barrier: a thread still writing A (and reading B) in step t meets
// one already reading A's neighbours (and writing B) in step t + 1.
TEST(SequentialLoopSteps, NowaitOnTheLastSweepRacesWithTheNextStep) {
  CheckedSnippet checked = checkSnippet(jacobi("", "nowait"));
  EXPECT_TRUE(reportsRaceOn(checked, "A")) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "B")) << describe(checked.findings);
}

// The step's boundary value is set by one thread before the sweeps (fdtd-2d's `ey[0][j] = fict[t]`).
const char* kBoundaryBeforeSweep = R"(
  #define NX 100
  #define NY 120
  static double ey[NX][NY], hz[NX][NY], fict[8];
  void fdtd_step(int tmax, int nx, int ny) {
    int t, i, j;
  #pragma omp parallel private(t, i, j)
    for (t = 0; t < tmax; t++) {
  #pragma omp single %s
      { ey[0][0] = fict[t]; /* the source term */ }
  #pragma omp for
      for (i = 1; i < nx; i++)
        for (j = 0; j < ny; j++)
          ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]) + 0.1 * ey[0][j];
  #pragma omp for
      for (i = 0; i < nx - 1; i++)
        for (j = 0; j < ny - 1; j++)
          hz[i][j] = hz[i][j] - 0.7 * (ey[i + 1][j] - ey[i][j]);
    }
  })";

TEST(SequentialLoopSteps, SingleBeforeTheSweepsEndsWithItsBarrier) {
  CheckedSnippet checked = checkSnippet(fillIn(kBoundaryBeforeSweep, {""}));
  EXPECT_FALSE(anyUnsupported(checked));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(SequentialLoopSteps, SingleNowaitBeforeTheSweepsRacesWithThem) {
  CheckedSnippet checked = checkSnippet(fillIn(kBoundaryBeforeSweep, {"nowait"}));
  EXPECT_TRUE(reportsRaceOn(checked, "ey")) << describe(checked.findings);
}

// A total reset before the loop and read after it by the master.
const char* kResetAroundSteps = R"(
  double u[1000], total;
  void relax(int steps, int n) {
    int t, i;
  #pragma omp parallel private(t, i)
    {
  #pragma omp single %s
      total = 0.0;
      for (t = 0; t < steps; t++) {
  #pragma omp for
        for (i = 0; i < n; i++) u[i] = 0.5 * u[i];
      }
  #pragma omp master
      total = total + u[0];
    }
  })";

// With no step run, no barrier separates the reset from the read.
TEST(SequentialLoopSteps, NoStepAtAllLeavesWhatComesBeforeBesideWhatComesAfter) {
  CheckedSnippet checked = checkSnippet(fillIn(kResetAroundSteps, {"nowait"}));
  EXPECT_TRUE(reportsRaceOn(checked, "total")) << describe(checked.findings);
}

TEST(SequentialLoopSteps, TheSinglesBarrierBeforeTheLoopSeparatesThem) {
  CheckedSnippet checked = checkSnippet(fillIn(kResetAroundSteps, {""}));
  EXPECT_FALSE(anyUnsupported(checked));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

// A counter shared by the team: every thread steps it.
TEST(SequentialLoopSteps, ASharedCounterRaces) {
  const char* code = R"(
    double u[1000];
    void relax(int steps, int n) {
      int t;
    #pragma omp parallel
      for (t = 0; t < steps; t++) {
        int i;
    #pragma omp for
        for (i = 0; i < n; i++) u[i] = 0.5 * u[i];
      }
    })";
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(reportsRaceOn(checked, "t")) << describe(checked.findings);
}

// Orphaned sweeps in helpers without pointer parameters reach the same file-scope arrays by name as
// the single beside them (a solver written as phases).
const char* kSolverPhases = R"(
  #define LEN 4000
  static double x[LEN], b[LEN], r_vec[LEN];
  static double norm2;
  static void residual(int n) {
    int i;
    double r;
  #pragma omp for reduction(+: norm2)
    for (i = 1; i < n - 1; i++) {
      r = b[i] - (2.0 * x[i] - x[i - 1] - x[i + 1]);
      r_vec[i] = r;
      norm2 += r * r;
    }
  }
  static void update(int n, double omega) {
    int i;
  #pragma omp for %s
    for (i = 1; i < n - 1; i++) x[i] += omega * 0.5 * r_vec[i];
  }
  void solve(int iters) {
    int it;
  #pragma omp parallel private(it)
    for (it = 0; it < iters; it++) {
  #pragma omp single %s
      norm2 = 0.0;
      residual(LEN);
      update(LEN, 0.8);
    }
  })";

std::string solverPhases(const std::string& singleClauses, const std::string& updateClauses) {
  return fillIn(kSolverPhases, {updateClauses, singleClauses});
}

TEST(SequentialLoopSteps, OrphanedSweepsBesideASingleAreRaceFree) {
  CheckedSnippet checked = checkSnippet(solverPhases("", ""));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

// The update may end without its barrier: the next step's single still has one, and no thread reads
// x before every thread has reached it.
TEST(SequentialLoopSteps, TheNextStepsSingleWaitsForTheUpdateWithoutItsBarrier) {
  CheckedSnippet checked = checkSnippet(solverPhases("", "nowait"));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

// Without either barrier a fast thread reads x in the next step's residual while a slow one still
// writes it in this step's update.
TEST(SequentialLoopSteps, OrphanedSweepWithoutABarrierBeforeTheNextStepRaces) {
  CheckedSnippet checked = checkSnippet(solverPhases("nowait", "nowait"));
  EXPECT_TRUE(reportsRaceOn(checked, "x")) << describe(checked.findings);
}

// A convergence test: every thread leaves the steps in the same iteration, right after reading err,
// so what follows the loop meets that read unless a barrier comes first.
std::string convergence(const std::string& afterTheLoop) {
  return R"(
    double u[1000], v[1000], err;
    void relax(int steps, int n) {
      int t, i;
    #pragma omp parallel private(t, i)
      {
        for (t = 0; t < steps; t++) {
    #pragma omp for
          for (i = 0; i < n; i++) v[i] = 0.5 * u[i];
    #pragma omp single
          err = v[0] - u[0];
          if (err < 1e-3) break;
    #pragma omp for
          for (i = 0; i < n; i++) u[i] = v[i];
        }
        )" +
         afterTheLoop + R"(
    #pragma omp single
        err = 0.0;
      }
    })";
}

TEST(SequentialLoopSteps, ABreakMeetsWhatFollowsTheLoop) {
  CheckedSnippet racy = checkSnippet(convergence(""));
  EXPECT_FALSE(anyUnsupported(racy)) << describe(racy.findings);
  EXPECT_TRUE(reportsRaceOn(racy, "err", true)) << describe(racy.findings);
  CheckedSnippet fenced = checkSnippet(convergence("\n#pragma omp barrier\n"));
  EXPECT_TRUE(fenced.findings.empty()) << describe(fenced.findings);
  EXPECT_FALSE(anyUnsupported(fenced)) << describe(fenced.findings);
}

// A continue (here in a switch) skips the rest of the step; one in an inner loop does not leave it.
TEST(SequentialLoopSteps, AContinueMeetsTheNextStep) {
  const char* code = R"(
    double u[1000];
    void relax(int steps, int n, int mode) {
      int t, i, k;
    #pragma omp parallel private(t, i, k)
      for (t = 0; t < steps; t++) {
        switch (mode) { case 1: continue; default: break; }
        for (k = 0; k < 4; k++) { if (k == mode) continue; }
    #pragma omp for
        for (i = 0; i < n; i++) u[i] = 0.5 * u[i];
      }
    })";
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  // Continuing past the barrier that would separate a write from the next step's sweep.
  auto skipping = [](const std::string& jump) {
    return R"(
      double u[1000], v[1000];
      void relax(int steps, int n, int mode) {
        int t, i;
      #pragma omp parallel private(t, i)
        {
          double seen;
          for (t = 0; t < steps; t++) {
      #pragma omp for
            for (i = 0; i < n; i++) v[i] = 0.5 * u[i];
            if (mode > 0) { seen = v[0]; )" +
           jump + R"( }
      #pragma omp barrier
      #pragma omp single
            u[0] = v[1];
          }
        }
      })";
  };
  CheckedSnippet continued = checkSnippet(skipping("continue;"));
  EXPECT_FALSE(anyUnsupported(continued)) << describe(continued.findings);
  EXPECT_TRUE(reportsRaceOn(continued, "v", true)) << describe(continued.findings);
  EXPECT_TRUE(checkSnippet(skipping("")).findings.empty());
}

// A convergence loop written with while or do: the same steps, repeated.
std::string convergenceWhile(const std::string& loopStart, const std::string& loopEnd, const std::string& clauses) {
  return R"(
    double u[1000], v[1000], err;
    void relax(int n) {
      int i;
    #pragma omp parallel private(i)
      )" +
         loopStart + R"( {
    #pragma omp for )" +
         clauses + R"(
        for (i = 1; i < n - 1; i++) v[i] = 0.5 * (u[i - 1] + u[i + 1]);
    #pragma omp for
        for (i = 1; i < n - 1; i++) u[i] = v[i];
    #pragma omp single
        err = u[1] - v[2];
      } )" +
         loopEnd + R"(
    })";
}

TEST(SequentialLoopSteps, WhileAndDoLoopsAroundTheSweeps) {
  for (auto [start, end] : {std::pair{"while (err > 1e-6)", ""}, std::pair{"do", "while (err > 1e-6);"}}) {
    CheckedSnippet checked = checkSnippet(convergenceWhile(start, end, ""));
    EXPECT_TRUE(checked.findings.empty()) << start << ": " << describe(checked.findings);
    EXPECT_FALSE(anyUnsupported(checked)) << start << ": " << describe(checked.findings);
    // The first sweep reads u while the second, no longer after a barrier, writes it.
    CheckedSnippet racy = checkSnippet(convergenceWhile(start, end, "nowait"));
    EXPECT_TRUE(reportsRaceOn(racy, "u", true)) << start << ": " << describe(racy.findings);
  }
}

// A goto out of the steps stays unsupported.
TEST(SequentialLoopSteps, AGotoOutOfTheStepsIsNotModelled) {
  CheckedSnippet checked = checkSnippet(R"(
    double u[1000];
    void relax(int steps, int n) {
      int t, i;
    #pragma omp parallel private(t, i)
      {
        for (t = 0; t < steps; t++) {
    #pragma omp for
          for (i = 0; i < n; i++) u[i] = 0.5 * u[i];
          if (u[0] < 0.0) goto done;
        }
      done:;
      }
    })");
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
}

TEST(SequentialLoopSteps, StepsWithoutABarrierAreNotModelled) {
  const char* code = R"(
    double u[1000], v[1000];
    void relax(int steps, int n) {
      int t, i;
    #pragma omp parallel private(t, i)
      for (t = 0; t < steps; t++) {
    #pragma omp for nowait
        for (i = 0; i < n; i++) v[i] = u[i];
      }
    })";
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
}

// Inside one instance of the worksharing loop every thread's step counter holds the same value, so
// the rows of plane t are told apart by i alone (double buffering by the step's parity).
const char* kDoubleBuffer = R"(
  #define N 1000
  static double plane[2][N];
  void heat(int steps, int n) {
    int t, i;
  #pragma omp parallel private(t, i)
    for (t = %s; t < steps; t++) {
  #pragma omp for
      for (i = 1; i < n - 1; i++)
        plane[(t + 1) % 2][i] = 0.5 * plane[t % 2][i] + 0.25 * (plane[t % 2][i - 1] + plane[t % 2][i + 1]);
    }
  })";

std::string doubleBuffer(const std::string& first) { return fillIn(kDoubleBuffer, {first}); }

TEST(SequentialLoopSteps, TheStepCounterIsTheSameOnEveryThreadOfOneSweep) {
  CheckedSnippet checked = checkSnippet(doubleBuffer("0"));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

// Starting from the thread number, the threads are at different steps: they read the plane others write.
TEST(SequentialLoopSteps, AStepCounterStartingFromTheThreadNumberDiffers) {
  CheckedSnippet checked = checkSnippet("#include <omp.h>\n" + doubleBuffer("omp_get_thread_num()"));
  EXPECT_TRUE(reportsRaceOn(checked, "plane")) << describe(checked.findings);
}

}  // namespace sequential_loop_steps_test
}  // namespace adrace::analyzer::testing
