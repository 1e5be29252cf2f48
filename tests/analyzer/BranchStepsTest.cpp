// `if (c) { ... } else { ... }` in a parallel region with worksharing constructs or barriers in its
// arms (RegionStepBuilder::addBranchSteps, RegionCheck's worlds): exactly one arm runs, on every
// thread; a condition a thread may see differently is reported, not guessed.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace branch_steps_test {

const char* kSolver = R"(
  #define N 4096
  double x[N], r[N];
  double norm;
  void solve(int n, int precondition) {
    int i;
  #pragma omp parallel private(i)
    {
      if (precondition) {
  #pragma omp for%s
        for (i = 0; i < n; i++) x[i] = 0.5 * r[i];
      } else {
  #pragma omp single
        norm = 0.0;
        %s
      }
  #pragma omp for
      for (i = 0; i < n; i++) r[i] = r[i] - x[n - 1 - i];
    }
  })";

TEST(BranchSteps, EitherArmEndsInABarrier) {
  CheckedSnippet checked = checkSnippet(fillIn(kSolver, {"", ""}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
}

TEST(BranchSteps, ANowaitInOneArmRacesWithWhatFollows) {
  CheckedSnippet checked = checkSnippet(fillIn(kSolver, {" nowait", ""}));
  EXPECT_TRUE(reportsRaceOn(checked, "x", true)) << describe(checked.findings);
}

// The arms never run together: the else arm's write of x meets the then arm's loop in no world.
TEST(BranchSteps, TheTwoArmsNeverMeet) {
  CheckedSnippet checked =
      checkSnippet(fillIn(kSolver, {" nowait", "#pragma omp for\n for (i = 0; i < n; i++) x[i] = r[i];"}));
  for (const RaceFinding& finding : checked.findings)
    EXPECT_FALSE(finding.variable == "x" && finding.message.find("line 11") != std::string::npos &&
                 finding.message.find("line 20") != std::string::npos)
        << finding.message;
  EXPECT_FALSE(anyUnsupported(checked));
}

TEST(BranchSteps, AConditionAThreadMaySeeDifferentlyIsReported) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    double a[1000];
    void f(int n) {
      int i;
    #pragma omp parallel private(i)
      {
        if (omp_get_thread_num() % 2) {
    #pragma omp for
          for (i = 0; i < n; i++) a[i] = 1.0;
        } else {
    #pragma omp barrier
        }
      }
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "non-conforming")) << describe(checked.findings);
}

TEST(BranchSteps, InsideATimeStepLoop) {
  CheckedSnippet checked = checkSnippet(R"(
    #define N 1024
    double u[N], v[N];
    void sweep(int n, int steps) {
      int t, i;
    #pragma omp parallel private(t, i)
      for (t = 0; t < steps; t++) {
        if (t % 2 == 0) {
    #pragma omp for
          for (i = 1; i < n - 1; i++) v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        } else {
    #pragma omp for
          for (i = 1; i < n - 1; i++) u[i] = 0.5 * (v[i - 1] + v[i + 1]);
        }
      }
    })");
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
}

}  // namespace branch_steps_test
}  // namespace adrace::analyzer::testing
