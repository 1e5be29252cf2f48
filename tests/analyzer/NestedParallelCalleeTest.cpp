// A parallel region nested in a function that a parallel loop calls (NestedParallelInCallee.h): its
// body is the calling iteration's code, so races between two calling iterations are found through
// it; what would mean something else on the nested team (thread queries, other constructs,
// privatised shared variables) stays "cannot check", saying so.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace nested_parallel_callee_test {

const char* kCaller = R"(
    void f(int m, int n, double *u, const double *v) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m; i++) row_update(u, v, n, i);
    })";

CheckedSnippet checkCallee(const std::string& callee) { return checkSnippet(callee + kCaller); }

TEST(NestedParallelCallee, OwnRowPerCallIsRaceFree) {
  CheckedSnippet checked = checkCallee(R"(
    static void row_update(double *u, const double *v, int n, int i) {
      int k;
      #pragma omp parallel for
      for (k = 0; k < n; k++) u[i * n + k] = 2.0 * v[i * n + k];
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(NestedParallelCallee, RowWithoutItsOffsetRaces) {
  CheckedSnippet checked = checkCallee(R"(
    static void row_update(double *u, const double *v, int n, int i) {
      int k;
      #pragma omp parallel for
      for (k = 0; k < n; k++) u[k] = 2.0 * v[i * n + k];
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "u")) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
}

TEST(NestedParallelCallee, PlainRegionWritingASharedScalarRaces) {
  CheckedSnippet checked = checkCallee(R"(
    double last;
    static void row_update(double *u, const double *v, int n, int i) {
      #pragma omp parallel num_threads(2)
      {
        #pragma omp critical
        u[i * n] = v[i * n];
      }
      last = v[i * n];
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "last", true)) << describe(checked.findings);
  EXPECT_FALSE(reportsRaceOn(checked, "u")) << describe(checked.findings);
}

TEST(NestedParallelCallee, ScratchBlockCapturedByTheRegionStaysTheCallsOwn) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <stdlib.h>
    static void row_update(double *u, const double *v, int n, int i) {
      double *tmp = (double *) malloc(n * sizeof(double));
      int k;
      #pragma omp parallel for
      for (k = 0; k < n; k++) tmp[k] = v[i * n + k];
      for (k = 0; k < n; k++) u[i * n + k] = tmp[k];
      free(tmp);
    })" + std::string(kCaller));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(NestedParallelCallee, ThreadQueryOfTheNestedTeamIsNotModelled) {
  CheckedSnippet checked = checkCallee(R"(
    #include <omp.h>
    static void row_update(double *u, const double *v, int n, int i) {
      #pragma omp parallel
      {
        int t = omp_get_thread_num();
        if (t == 0) u[i * n] = v[i * n];
      }
    })");
  EXPECT_TRUE(unsupportedSaying(checked,
                                "'omp_get_thread_num' (whose value is the nested team's) inside a 'parallel' "
                                "region nested in called function 'row_update'"))
      << describe(checked.findings);
}

TEST(NestedParallelCallee, PrivatisedFileScopeVariableIsNotModelled) {
  CheckedSnippet checked = checkCallee(R"(
    double scratch;
    static void row_update(double *u, const double *v, int n, int i) {
      int k;
      #pragma omp parallel for private(scratch)
      for (k = 0; k < n; k++) { scratch = v[i * n + k]; u[i * n + k] = scratch; }
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "clause 'private' on 'scratch'")) << describe(checked.findings);
}

TEST(NestedParallelCallee, WorksharingInsideTheNestedRegionIsNotModelled) {
  CheckedSnippet checked = checkCallee(R"(
    static void row_update(double *u, const double *v, int n, int i) {
      int k;
      #pragma omp parallel
      {
        #pragma omp for
        for (k = 0; k < n; k++) u[i * n + k] = v[i * n + k];
      }
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "OpenMP construct 'for' inside a 'parallel' region nested in"))
      << describe(checked.findings);
}

}  // namespace nested_parallel_callee_test
}  // namespace adrace::analyzer::testing
