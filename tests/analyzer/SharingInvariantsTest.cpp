// No false "definite" from the way a loop is written (docs/check.md, "What a definite race means"): orphaned
// worksharing, values the same on every thread, min/max bounds written with ?:, `&&` conditions,
// and omp_get_thread_num() as one value per thread.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace sharing_invariants_test {

std::vector<RaceFinding> definiteFindings(const CheckedSnippet& checked) {
  std::vector<RaceFinding> result;
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Definite) result.push_back(finding);
  return result;
}

TEST(OrphanedWorksharing, FunctionLocalsArePrivateToEachThread) {
  LoopModel loop = onlyLoop(R"(
    static double shared_total;
    void scale_rows(int n, int m, double a[n][m]) {
      int i, j; double t; static double last;
      #pragma omp for
      for (i = 0; i < n; i++) for (j = 0; j < m; j++) { t = a[i][j]; a[i][j] = 0.5 * t; last = t; shared_total += t; }
    })");
  EXPECT_EQ(variable(loop, "j").sharing, Sharing::Private);
  EXPECT_EQ(variable(loop, "t").sharing, Sharing::Private);
  EXPECT_NE(variable(loop, "t").sharingReason.find("orphaned"), std::string::npos) << variable(loop, "t").sharingReason;
  EXPECT_EQ(variable(loop, "m").sharing, Sharing::Private);
  // Static locals and file-scope variables are shared by the team (OpenMP 5.2, 5.1.1).
  EXPECT_EQ(variable(loop, "last").sharing, Sharing::Shared);
  EXPECT_EQ(variable(loop, "shared_total").sharing, Sharing::Shared);
}

TEST(OrphanedWorksharing, NoRaceOnLocalsButOnStaticAndGlobal) {
  CheckedSnippet checked = checkSnippet(R"(
    double total;
    static void scale_rows(int n, int m, double a[n][m]) {
      int i, j; double t; static double last;
      #pragma omp for
      for (i = 0; i < n; i++) for (j = 0; j < m; j++) { t = a[i][j]; a[i][j] = 0.5 * t; last = t; total += t; }
    }
    void run(int n, int m, double a[n][m]) {
      #pragma omp parallel
      scale_rows(n, m, a);
    })");
  EXPECT_FALSE(reportsRaceOn(checked, "t")) << describe(checked.findings);
  EXPECT_FALSE(reportsRaceOn(checked, "j")) << describe(checked.findings);
  EXPECT_FALSE(reportsRaceOn(checked, "a")) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "last")) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "total")) << describe(checked.findings);
}

TEST(OrphanedWorksharing, SimdAloneSharesTheFunctionsLocals) {
  // `omp simd` is not worksharing: its lanes run in one thread and share t.
  LoopModel loop = onlyLoop(R"(
    void f(int n, double *a) {
      double t;
      #pragma omp simd
      for (int i = 0; i < n; i++) { t = a[i]; a[i] = t * t; }
    })");
  EXPECT_EQ(variable(loop, "t").sharing, Sharing::Shared);
}

TEST(SameValueOnEveryThread, FirstprivateScalarIsOneValueInBothIterations) {
  CheckedSnippet checked = checkSnippet(R"(
    void shift(int n, int off, float *a) {
      #pragma omp parallel for firstprivate(off)
      for (int i = 0; i < n; i++) a[i + off] = 2.0f * a[i + off];
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(SameValueOnEveryThread, FirstprivateRowLengthGivesNoDefiniteRace) {
  // i * cols + j is nonlinear: Z3 may not decide it, but it must not find cols != cols'.
  CheckedSnippet checked = checkSnippet(R"(
    void fill_rows(int rows, int cols, float *a) {
      int i, j;
      #pragma omp parallel for private(j) firstprivate(cols)
      for (i = 0; i < rows; i++)
        for (j = 0; j < cols; j++) a[i * cols + j] = (float)(i + j);
    })");
  EXPECT_TRUE(definiteFindings(checked).empty()) << describe(checked.findings);
}

TEST(SameValueOnEveryThread, FirstprivateWrittenInTheLoopIsNot) {
  // k carries the previous iteration's value on each thread: two threads' k differ.
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, int k, double *a) {
      #pragma omp parallel for firstprivate(k)
      for (int i = 0; i < n; i++) { a[k] = i; k = k + 1; }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "a")) << describe(checked.findings);
}

TEST(SameValueOnEveryThread, OrphanedParameterOffset) {
  // off is each thread's own copy of the same argument; a points to the same array on every thread.
  CheckedSnippet checked = checkSnippet(R"(
    void fill(int n, int off, float *a) {
      int i;
      #pragma omp for
      for (i = 0; i < n; i++) a[i + off] = 1.0f;
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(SameValueOnEveryThread, OrphanedPointerParameterStillRaces) {
  CheckedSnippet checked = checkSnippet(R"(
    void shift(int n, float *a) {
      int i;
      #pragma omp for
      for (i = 0; i < n - 1; i++) a[i] = a[i + 1];
    })");
  std::vector<RaceFinding> definite = definiteFindings(checked);
  ASSERT_FALSE(definite.empty()) << describe(checked.findings);
  EXPECT_EQ(definite[0].variable, "a");
}

// Row lengths read from a mesh struct, the way solvers write them.
std::string meshSweep(const std::string& rowLength) {
  return R"(
    typedef struct { int nx, ny; double *restrict u, *restrict v; } grid_t;
    grid_t grids[4];
    static int row_of(const grid_t *g) { return g->nx; }
    void sweep(grid_t *g, int k) {
      int i, j;
      int nx = )" +
         rowLength + R"(;
      #pragma omp for
      for (j = 1; j < g->ny - 1; j++)
        for (i = 1; i < nx - 1; i++)
          g->v[j * nx + i] = 0.5 * (g->u[j * nx + i - 1] + g->u[j * nx + i + 1]);
    })";
}

TEST(SameValueOnEveryThread, ALocalInitialisedFromAStructMemberIsOneValue) {
  for (const char* rowLength : {"g->nx", "grids[k].nx", "(*g).nx + 0"}) {
    CheckedSnippet checked = checkSnippet(meshSweep(rowLength));
    EXPECT_TRUE(checked.findings.empty()) << rowLength << ": " << describe(checked.findings);
  }
  // A member read in the index itself, and a local declared in the loop body.
  CheckedSnippet direct = checkSnippet(R"(
    typedef struct { int nx; double *restrict u; } mesh_t;
    void f(mesh_t *m, int ny) {
      int i, j;
      #pragma omp parallel for private(i)
      for (j = 0; j < ny; j++) {
        const int nx = m->nx;
        for (i = 0; i < m->nx; i++) m->u[j * nx + i] = 1.0;
      }
    })");
  EXPECT_TRUE(direct.findings.empty()) << describe(direct.findings);
}

TEST(SameValueOnEveryThread, AValueTheModelDoesNotKnowGivesNoDefiniteRace) {
  // row_of(g) is a call the index translator does not follow into: nx is unknown, and a race that
  // needs nx to differ between iterations is only possible.
  CheckedSnippet checked = checkSnippet(meshSweep("row_of(g)"));
  EXPECT_TRUE(definiteFindings(checked).empty()) << describe(checked.findings);
  // Assigned in the function, the local is no longer the same on every thread.
  std::string reassigned = meshSweep("g->nx");
  reassigned.replace(reassigned.find("#pragma omp for"), 15, "nx += 0;\n#pragma omp for");
  EXPECT_TRUE(definiteFindings(checkSnippet(reassigned)).empty());
  // A race that only needs the inner loop to run (nx >= 1) still needs a value of nx the model does
  // not know: it is possible, and names nx (docs/check.md, "What a definite race means").
  std::string shifted = meshSweep("row_of(g)");
  shifted.replace(shifted.find("g->v[j * nx + i] ="), 18, "g->v[0 * nx + i] =");
  CheckedSnippet racing = checkSnippet(shifted);
  EXPECT_TRUE(definiteFindings(racing).empty()) << describe(racing.findings);
  EXPECT_TRUE(reportsRaceOn(racing, "g->v")) << describe(racing.findings);
  EXPECT_NE(describe(racing.findings).find("if nx can take such values"), std::string::npos)
      << describe(racing.findings);
  // With nx known, the same race is definite.
  std::string known = meshSweep("g->nx");
  known.replace(known.find("g->v[j * nx + i] ="), 18, "g->v[0 * nx + i] =");
  EXPECT_FALSE(definiteFindings(checkSnippet(known)).empty()) << describe(checkSnippet(known).findings);
}

TEST(MinMaxBounds, BlockedLoopWithTernaryUpperBoundIsRaceFree) {
  CheckedSnippet checked = checkSnippet(R"(
    #define BL 64
    void blocked_scale(int n, double *v) {
      int blk, i, s, e;
      int nblk = (n + BL - 1) / BL;
      #pragma omp parallel for private(i, s, e)
      for (blk = 0; blk < nblk; blk++) {
        s = blk * BL;
        e = (blk + 1) * BL > n ? n : (blk + 1) * BL; /* last block is short */
        for (i = s; i < e; i++) v[i] = 2.0 * v[i];
      }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(MinMaxBounds, TernaryInTheInnerConditionIsABound) {
  CheckedSnippet checked = checkSnippet(R"(
    #define BL 32
    void blocked_scale(int n, double *v) {
      #pragma omp parallel for
      for (int blk = 0; blk < n / BL + 1; blk++)
        for (int i = blk * BL; i < ((blk + 1) * BL < n ? (blk + 1) * BL : n); i++) v[i] = 2.0 * v[i];
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(MinMaxBounds, OffByOneBlockStillRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(R"(
    #define BL 64
    void blocked_scale(int n, double *v) {
      int blk, i, s, e;
      #pragma omp parallel for private(i, s, e)
      for (blk = 0; blk < n / BL; blk++) {
        s = blk * BL;
        e = (blk + 1) * BL > n ? n : (blk + 1) * BL;
        for (i = s; i <= e; i++) v[i] = 2.0 * v[i];
      }
    })");
  std::vector<RaceFinding> definite = definiteFindings(checked);
  ASSERT_FALSE(definite.empty()) << describe(checked.findings);
  EXPECT_EQ(definite[0].variable, "v");
}

TEST(Conditions, AndConditionAndAnInitialisedBoundLimitTheInnerCounter) {
  CheckedSnippet checked = checkSnippet(R"(
    #define W 2
    void mark(int n, int *grid) {
      int x, y;
      int count_ones = W;
      #pragma omp parallel for private(y)
      for (x = 0; x < n; x++)
        for (y = 0; y < n && y < count_ones; y++) grid[x * W + y] = 1;
    })");
  // count_ones is shared and never written: its value is its initialisation... only if modelled.
  EXPECT_TRUE(definiteFindings(checked).empty()) << describe(checked.findings);
}

TEST(ThreadNumber, SlotPerThreadIsRaceFree) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    void partial_sums(int n, const double *a, double *partial) {
      #pragma omp parallel
      {
        int i;
        int tid = omp_get_thread_num();
        #pragma omp for
        for (i = 0; i < n; i++) partial[tid] += a[i];
      }
    })");
  EXPECT_FALSE(reportsRaceOn(checked, "partial")) << describe(checked.findings);
}

TEST(ThreadNumber, SharedSlotRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    void partial_sums(int n, const double *a, double *partial) {
      #pragma omp parallel
      {
        int i;
        int tid = omp_get_thread_num();
        #pragma omp for
        for (i = 0; i < n; i++) partial[tid / 2] += a[i];
      }
    })");
  std::vector<RaceFinding> definite = definiteFindings(checked);
  ASSERT_FALSE(definite.empty()) << describe(checked.findings);
  EXPECT_EQ(definite[0].variable, "partial");
}

TEST(ThreadNumber, CallInsideTheLoopIsOneValuePerThread) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    void count(int n, int *hits) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) hits[omp_get_thread_num()] += 1;
    })");
  EXPECT_FALSE(reportsRaceOn(checked, "hits")) << describe(checked.findings);
}

TEST(ThreadNumber, SimdLanesOfOneThreadStillRace) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    void count(int n, int *hits) {
      #pragma omp simd
      for (int i = 0; i < n; i++) hits[omp_get_thread_num()] += 1;
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "hits")) << describe(checked.findings);
}

TEST(ThreadNumber, RegionLocalWrittenTwiceGivesNoFact) {
  // tid is reassigned before the loop: its entry value is not the initialisation's.
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    void f(int n, double *partial) {
      #pragma omp parallel
      {
        int tid = omp_get_thread_num();
        tid = 0;
        #pragma omp for
        for (int i = 0; i < n; i++) partial[tid] += 1.0;
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "partial")) << describe(checked.findings);
}

}  // namespace sharing_invariants_test
}  // namespace adrace::analyzer::testing
