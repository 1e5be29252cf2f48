// `target ... nowait` beside the host's statements, as `adrace check` models it
// (analyzer/frontend/TargetTasks.h): the target task runs from its creation to the taskwait,
// concurrently with the host and with the other target tasks of the window. Each race-free case
// has a twin that races; shapes the window does not model stay "cannot check", never race-free.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace target_task_check_test {

// A Jacobi-style sweep offloaded while the host prepares the next right-hand side.
const char* kSweep = R"(
  #define LEN 2048
  static double u[LEN], unew[LEN], rhs[LEN];
  static double source(int k) { return 1.0 / (1.0 + k); }
  void sweep(int steps) {
    int i, t;
    for (t = 0; t < steps; t++) {
  #pragma omp target teams distribute parallel for map(to: u) map(from: unew) nowait
      for (i = 1; i < LEN - 1; i++)
        unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
      for (i = 0; i < LEN; i++) /* host */
        %s;
  #pragma omp taskwait
      for (i = 0; i < LEN; i++) u[i] = unew[i] + rhs[i];
    }
  })";

TEST(TargetTask, HostWritingAnotherArrayIsRaceFree) {
  CheckedSnippet checked = checkSnippet(fillIn(kSweep, {"rhs[i] = source(i)"}));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  ASSERT_EQ(checked.models.regions.size(), 1u);
  EXPECT_TRUE(checked.models.regions[0].hostWithTargetTasks);
}

TEST(TargetTask, HostReadingWhatTheTargetWritesRaces) {
  CheckedSnippet checked = checkSnippet(fillIn(kSweep, {"rhs[i] = source(i) + unew[i]"}));
  EXPECT_TRUE(reportsRaceOn(checked, "unew", true)) << describe(checked.findings);
  bool advised = false;
  for (const RaceFinding& finding : checked.findings)
    advised |= finding.suggestion.find("taskwait after the target construct") != std::string::npos;
  EXPECT_TRUE(advised) << describe(checked.findings);
}

TEST(TargetTask, HostWritingWhatTheTargetReadsRaces) {
  CheckedSnippet checked = checkSnippet(fillIn(kSweep, {"u[i] = source(i)"}));
  EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << describe(checked.findings);
}

// A scalar the target does not map is its own firstprivate copy: the host may change the original.
TEST(TargetTask, HostWritingAFirstprivateScalarIsRaceFree) {
  const char* code = R"(
    double a[100];
    int main(void) {
      int i;
      double scale = 2.0;
  #pragma omp target teams distribute parallel for map(tofrom: a) nowait
      for (i = 0; i < 100; i++) a[i] = scale * a[i];
      scale = 3.0;
  #pragma omp taskwait
      return (int)(a[0] + scale);
    })";
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

// A target without a loop is one task; in `main` the program's end waits for it.
TEST(TargetTask, TargetWithoutLoopRunsAsOneTask) {
  const char* code = R"(
    double a[100], b[100];
    int main(void) {
      int i;
  #pragma omp target map(tofrom: a) nowait
      { int j; for (j = 0; j < 100; j++) a[j] = a[j] + 1.0; }
      for (i = 0; i < 100; i++) b[i] = %s;
      return 0;
    })";
  CheckedSnippet clean = checkSnippet(fillIn(code, {"2.0 * i"}));
  EXPECT_FALSE(anyUnsupported(clean)) << describe(clean.findings);
  EXPECT_TRUE(clean.findings.empty()) << describe(clean.findings);
  CheckedSnippet racy = checkSnippet(fillIn(code, {"a[i]"}));
  EXPECT_TRUE(reportsRaceOn(racy, "a")) << describe(racy.findings);
}

TEST(TargetTask, ReductionReadBeforeTheTaskwaitRaces) {
  const char* code = R"(
    double a[100];
    int main(void) {
      int i;
      double total = 0.0, seen = 0.0;
  #pragma omp target teams distribute parallel for map(to: a) map(tofrom: total) reduction(+: total) nowait
      for (i = 0; i < 100; i++) total += a[i];
      seen = total;
  #pragma omp taskwait
      return (int)(seen + total);
    })";
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(reportsRaceOn(checked, "total")) << describe(checked.findings);
}

// A host task beside a target task with depend: the window holds no host construct (host tasks
// outside a parallel region are not modelled), whatever the dependences say.
TEST(TargetTask, DependOnAHostTaskStaysUnsupported) {
  const char* code = R"(
    double a[100], b[100];
    int main(void) {
      int i;
  #pragma omp target teams distribute parallel for map(tofrom: a) depend(out: a) nowait
      for (i = 0; i < 100; i++) a[i] = 2.0 * a[i];
  #pragma omp task depend(in: a)
      for (i = 0; i < 100; i++) b[i] = a[i];
  #pragma omp taskwait
      return 0;
    })";
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(unsupportedSaying(checked, "OpenMP constructs on the host")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

// Outside `main`, a target task without a taskwait may outlive the function: its caller's
// statements are not modelled.
TEST(TargetTask, NoTaskwaitOutsideMainStaysUnsupported) {
  const char* code = R"(
    void scale(double *a, int n) {
      int i;
  #pragma omp target teams distribute parallel for map(tofrom: a[0:n]) nowait
      for (i = 0; i < n; i++) a[i] = 2.0 * a[i];
    })";
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(unsupportedSaying(checked, "may outlive the block")) << describe(checked.findings);
}

TEST(TargetTask, InsideAParallelRegionStaysUnsupported) {
  const char* code = R"(
    double a[100];
    void f(void) {
      int i;
  #pragma omp parallel
      {
  #pragma omp target teams distribute parallel for map(tofrom: a) nowait
        for (i = 0; i < 100; i++) a[i] = 2.0 * a[i];
  #pragma omp taskwait
      }
    })";
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

}  // namespace target_task_check_test
}  // namespace adrace::analyzer::testing
