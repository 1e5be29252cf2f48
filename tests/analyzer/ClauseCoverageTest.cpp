// A clause the check does not read makes its construct "cannot check", naming the clause
// (check/ClauseCoverage.h); the clauses it reads or that cannot change a race leave it checked.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace clause_coverage_test {

bool cannotCheckNaming(const CheckedSnippet& checked, const std::string& clause) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported &&
        finding.message.find("'" + clause + "' clause") != std::string::npos)
      return true;
  return false;
}

bool cannotCheckSaying(const CheckedSnippet& checked, const std::string& words) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported && finding.message.find(words) != std::string::npos) return true;
  return false;
}

// if(0) (here through a configuration macro) runs the loop on one thread and makes tasks undeferred:
// the carried dependence below is no race, so it is "cannot check", never a definite race.
TEST(ClauseCoverage, AnIfClauseAlwaysFalseIsNotCheckedAsIfConcurrent) {
  CheckedSnippet checked = checkSnippet(R"(
    #define USE_THREADS 0
    void prefix(double *a, int n)
    {
      int i;
    #pragma omp parallel for if(USE_THREADS)
      for (i = 1; i < n; i++)
        a[i] = a[i - 1] + 1.0;
    #pragma omp parallel
    #pragma omp single
      for (i = 1; i < n; i++) {
    #pragma omp task if(0) firstprivate(i)
        a[i] = a[i - 1] + 1.0;
      }
    #pragma omp parallel
    #pragma omp single
    #pragma omp taskloop if(USE_THREADS)
      for (i = 1; i < n; i++)
        a[i] = a[i - 1] + 1.0;
    })");
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
  EXPECT_TRUE(cannotCheckSaying(checked, "the construct runs on one thread")) << describe(checked.findings);
  EXPECT_TRUE(cannotCheckSaying(checked, "its tasks are undeferred")) << describe(checked.findings);
}

// A task tree under final(1): the children are included tasks, run at once by their parent.
TEST(ClauseCoverage, AFinalClauseAlwaysTrueIsNotCheckedAsIfConcurrent) {
  CheckedSnippet checked = checkSnippet(R"(
    void tree(double *a)
    {
    #pragma omp parallel
    #pragma omp single
      {
    #pragma omp task final(1)
        {
    #pragma omp task
          a[0] = 1.0;
          a[0] = 2.0;
    #pragma omp taskwait
        }
      }
    })");
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
  EXPECT_TRUE(cannotCheckSaying(checked, "final clause whose condition is always true")) << describe(checked.findings);
}

// A condition known only at run time may be true: the race of the concurrent case is definite.
TEST(ClauseCoverage, AnIfClauseDecidedAtRunTimeKeepsTheRaceDefinite) {
  CheckedSnippet checked = checkSnippet(R"(
    void prefix(double *a, int n)
    {
      int i;
    #pragma omp parallel for if(n > 1000)
      for (i = 1; i < n; i++)
        a[i] = a[i - 1] + 1.0;
    })");
  EXPECT_TRUE(hasDefinite(checked)) << describe(checked.findings);
}

// defaultmap(tofrom: scalar) shares the scalar a target region would otherwise copy to each team.
TEST(ClauseCoverage, TargetScalarsMappedByDefaultmapAreNotAssumedCopied) {
  CheckedSnippet checked = checkSnippet(R"(
    double total;
    void sum(const double *x, int n)
    {
    #pragma omp target teams distribute parallel for defaultmap(tofrom: scalar) map(to: x[0:n])
      for (int i = 0; i < n; i++)
        x[i] > 0.0 ? (void)0 : (void)0;
    })");
  EXPECT_TRUE(cannotCheckNaming(checked, "defaultmap")) << describe(checked.findings);
}

// What a real code base writes on its loops stays checked: sharing, schedules, simd lengths,
// alignment, allocation, teams and device clauses.
TEST(ClauseCoverage, ClausesThatAreReadOrHarmlessKeepTheLoopChecked) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    #define CHUNK 16
    void axpy(float *restrict y, const float *restrict x, float a, int n)
    {
      int i;
      float t;
    #pragma omp parallel for default(none) shared(x, y) firstprivate(a, n) private(t) \
            schedule(dynamic, CHUNK) num_threads(4) proc_bind(close) if(n > 1000) order(concurrent)
      for (i = 0; i < n; i++) {
        t = a * x[i];
        y[i] += t;
      }
    #pragma omp target teams distribute parallel for simd map(to: x[0:n]) map(tofrom: y[0:n]) \
            num_teams(8) thread_limit(64) dist_schedule(static) simdlen(8) aligned(x: 64)
      for (i = 0; i < n; i++)
        y[i] = y[i] + a * x[i];
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_EQ(checked.models.loops.size(), 2u);
}

}  // namespace clause_coverage_test
}  // namespace adrace::analyzer::testing
