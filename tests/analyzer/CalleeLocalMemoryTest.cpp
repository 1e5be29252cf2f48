// Local pointers of called functions (docs/check.md, "Calls"): a pointer that holds one address
// (CalleeLocalPointers.h) is followed as the memory it names, a block the call allocates for itself
// (CallOwnedMemory.h) is the call's own; any other local pointer stays unsupported. And an element
// of an array of structs read as a whole is read field by field (WholeStructAccesses.cpp).
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace callee_local_memory_test {

bool unsupportedSays(const CheckedSnippet& checked, const std::string& text) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported && finding.message.find(text) != std::string::npos) return true;
  return false;
}

TEST(CalleeLocalMemory, RowPointerOfAParameterIsThatRow) {
  CheckedSnippet checked = checkSnippet(R"(
    static void scale_row(double *a, int n, int i) {
      double *row = &a[i * n];
      int k;
      for (k = 0; k < n; k++) row[k] = 2.0 * row[k];
    }
    void f(int m, int n, double *a) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m; i++) scale_row(a, n, i);
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(CalleeLocalMemory, RowPointerPastItsRowRaces) {
  CheckedSnippet checked = checkSnippet(R"(
    static void scale_row(double *a, int n, int i) {
      double *row = a + i * n;
      int k;
      for (k = 0; k <= n; k++) row[k] = 2.0 * row[k];
    }
    void f(int m, int n, double *a) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m; i++) scale_row(a, n, i);
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "a")) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
}

TEST(CalleeLocalMemory, PointerSetToTwoAddressesStaysUnsupported) {
  CheckedSnippet checked = checkSnippet(R"(
    static void pick(double *a, double *b, int i, int c) {
      double *p = a;
      if (c) p = b;
      p[i] = 1.0;
    }
    void f(int m, double *a, double *b, int c) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m; i++) pick(a, b, i, c);
    })");
  EXPECT_TRUE(unsupportedSays(checked, "access through local pointer 'p'")) << describe(checked.findings);
}

TEST(CalleeLocalMemory, PointerWhoseOffsetChangesStaysUnsupported) {
  CheckedSnippet checked = checkSnippet(R"(
    static void shift(double *a, int i) {
      int off = i;
      double *p = &a[off];
      off = 0;
      p[0] = 1.0;
    }
    void f(int m, double *a) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m; i++) shift(a, i);
    })");
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
}

TEST(CalleeLocalMemory, ScratchBlockOfTheCallIsItsOwn) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <stdlib.h>
    static void fill(double *v, int n) { int k; for (k = 0; k < n; k++) v[k] = k; }
    static double work(const double *x, int n) {
      double *tmp = (double *) malloc(n * sizeof(double));
      double **rows = (double **) malloc(3 * sizeof(double *));
      double s = 0.0;
      int k;
      for (k = 0; k < 3; k++) rows[k] = (double *) malloc(n * sizeof(double));
      fill(rows[1], n);
      for (k = 0; k < n; k++) { tmp[k] = x[k] + rows[1][k]; s += tmp[k]; }
      for (k = 0; k < 3; k++) free(rows[k]);
      free(rows);
      free(tmp);
      return s;
    }
    void f(int m, int n, const double *x, double *out) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m; i++) out[i] = work(x, n);
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(CalleeLocalMemory, ScratchBlockThatEscapesIsNotOwn) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <stdlib.h>
    double *last;
    static void work(int n) {
      double *tmp = (double *) malloc(n * sizeof(double));
      tmp[0] = 1.0;
      last = tmp;
    }
    void f(int m, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m; i++) work(n);
    })");
  EXPECT_TRUE(anyUnsupported(checked) || reportsRaceOn(checked, "last")) << describe(checked.findings);
  EXPECT_FALSE(checked.findings.empty());
}

TEST(CalleeLocalMemory, ForeignPointerStoredInTheBlockIsNotOwn) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <stdlib.h>
    static void work(double *shared, int i) {
      double **rows = (double **) malloc(2 * sizeof(double *));
      rows[0] = shared;
      rows[0][0] = i;
      free(rows);
    }
    void f(int m, double *shared) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m; i++) work(shared, i);
    })");
  EXPECT_TRUE(unsupportedSays(checked, "access through local pointer 'rows'")) << describe(checked.findings);
}

TEST(CalleeLocalMemory, LocalPointerPassedDeeperIsNotDropped) {
  CheckedSnippet checked = checkSnippet(R"(
    static void put(double *w, int j) { w[j] = 1.0; }
    static void pass(double *a, int c) {
      double *p = a;
      if (c) p = a + 1;
      put(p, 0);
    }
    void f(int m, double *a, int c) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m; i++) pass(a, c);
    })");
  EXPECT_TRUE(unsupportedSays(checked, "pointer 'p' local to 'pass'")) << describe(checked.findings);
}

TEST(CalleeLocalMemory, ElementPassedByValueReadsEveryField) {
  const char* code = R"(
    typedef struct { double *cells; int n; double scale; } Tile;
    static void fill(Tile t, double v) { t.cells[0] = v * t.scale; }
    void f(int m, Tile *tiles) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < m - 1; i++) {
        tiles[NEXT].scale = 0.5;
        fill(tiles[i], 1.0);
      }
    })";
  std::string own = std::string("#define NEXT i\n") + code;
  std::string next = std::string("#define NEXT i + 1\n") + code;
  CheckedSnippet clean = checkSnippet(own);
  EXPECT_TRUE(clean.findings.empty()) << describe(clean.findings);
  CheckedSnippet racy = checkSnippet(next);
  EXPECT_TRUE(reportsRaceOn(racy, "tiles[].scale", true)) << describe(racy.findings);
  EXPECT_FALSE(anyUnsupported(racy)) << describe(racy.findings);
}

}  // namespace callee_local_memory_test
}  // namespace adrace::analyzer::testing
