// A clause the check does not read makes its construct "cannot check", naming the clause
// (check/ClauseCoverage.h); the clauses it reads or that cannot change a race leave it checked.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace {

bool cannotCheckNaming(const CheckedSnippet& checked, const std::string& clause) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported &&
        finding.message.find("'" + clause + "' clause") != std::string::npos)
      return true;
  return false;
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

}  // namespace
}  // namespace adrace::analyzer::testing
