// Calls to functions of the translation unit inside a loop (docs/check.md, Loops): their accesses are
// followed with the call's arguments; pure helpers and known library functions leave the loop
// checkable; unknown externals and recursion stay unsafe, naming the callee.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace callee_accesses_test {

bool hasUnsupported(const CheckedSnippet& checked, const std::string& text) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported && finding.message.find(text) != std::string::npos) return true;
  return false;
}

std::vector<RaceFinding> racesOn(const CheckedSnippet& checked, const std::string& variable) {
  std::vector<RaceFinding> result;
  for (const RaceFinding& finding : checked.findings)
    if (finding.variable == variable && finding.certainty != Certainty::Unsupported) result.push_back(finding);
  return result;
}

TEST(CalleeAccesses, PureStaticInlineHelperKeepsTheLoopCheckable) {
  CheckedSnippet checked = checkSnippet(R"(
    static inline double sq(double x) { double t = x; return t * t; }
    static int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }
    void f(int n, double *restrict b, const double *restrict a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) b[i] = sq(a[i]) + clampi(i, 0, 3);
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

// The loop body only reads the global total; the helper it calls adds to it under a critical section.
TEST(CalleeAccesses, AGlobalReadInTheBodyRacesWithItsWritesInACallee) {
  const std::string code = R"(
    double total;
    static void add(double v) {
      #pragma omp critical
      total += v;
    }
    void f(const double *x, double *y, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n; i++) {
        add(x[i]);
        %s;
      }
    })";
  CheckedSnippet unprotected = checkSnippet(fillIn(code, {"y[i] = total"}));
  EXPECT_TRUE(reportsRaceOn(unprotected, "total", true)) << describe(unprotected.findings);
  CheckedSnippet protectedRead = checkSnippet(fillIn(code, {"\n#pragma omp critical\n y[i] = total;"}));
  EXPECT_TRUE(protectedRead.findings.empty()) << describe(protectedRead.findings);
}

TEST(CalleeAccesses, SetterWritesAtTheArgumentsIndex) {
  CheckedSnippet checked = checkSnippet(R"(
    static void set(double *v, int k, double x) { v[k] = x; }
    void f(int n, double *v) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) set(v, 2 * i, 1.0);
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, ShiftedSetterRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(R"(
    static void set(double *v, int k, double x) { v[k] = x; }
    static double get(const double *v, int k) { return v[k]; }
    void f(int n, double *v) {
      #pragma omp parallel for
      for (int i = 0; i < n - 1; i++) set(v, i, get(v, i + 1));
    })");
  std::vector<RaceFinding> races = racesOn(checked, "v");
  ASSERT_FALSE(races.empty()) << describe(checked.findings);
  EXPECT_EQ(races[0].certainty, Certainty::Definite) << describe(checked.findings);
  EXPECT_NE(races[0].message.find("in 'set'"), std::string::npos) << races[0].message;
}

TEST(CalleeAccesses, NestedHelpersFollowTheArguments) {
  CheckedSnippet checked = checkSnippet(R"(
    static void put(double *w, int j, double x) { w[j] = x; }
    static void put_first(double *v, int row, int m, double x) { put(v, row * m, x); }
    void f(int n, int m, double *v) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) put_first(v, i, 4, 0.0);
    })");
  // put writes v[row * m] = v[4 * i]: distinct per i.
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, GlobalCounterInAHelperRaces) {
  CheckedSnippet checked = checkSnippet(R"(
    int calls;
    static double count_and_scale(double x) { calls++; return 2.0 * x; }
    void f(int n, double *restrict b, const double *restrict a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) b[i] = count_and_scale(a[i]);
    })");
  EXPECT_FALSE(racesOn(checked, "calls").empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, ConditionalWriteInACalleeIsOnlyPossible) {
  CheckedSnippet checked = checkSnippet(R"(
    static void mark(int *flags, int k, int x) { if (x > 3) flags[k] = 1; }
    void f(int n, int *flags, const int *data) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) mark(flags, 0, data[i]);
    })");
  std::vector<RaceFinding> races = racesOn(checked, "flags");
  ASSERT_FALSE(races.empty()) << describe(checked.findings);
  for (const RaceFinding& race : races) EXPECT_EQ(race.certainty, Certainty::Possible) << race.message;
}

TEST(CalleeAccesses, ScalarPassedByAddress) {
  CheckedSnippet checked = checkSnippet(R"(
    static void add_to(double *acc, double x) { *acc += x; }
    double f(int n, const double *a) {
      double s = 0.0;
      #pragma omp parallel for
      for (int i = 0; i < n; i++) add_to(&s, a[i]);
      return s;
    })");
  EXPECT_FALSE(racesOn(checked, "s").empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, ExternalFunctionStaysUnsafeNamingIt) {
  CheckedSnippet checked = checkSnippet(R"(
    void update(double *v, int k);
    void f(int n, double *v) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) update(v, i);
    })");
  EXPECT_TRUE(hasUnsupported(checked, "'update'")) << describe(checked.findings);
}

TEST(CalleeAccesses, RecursionStaysUnsafeNamingIt) {
  CheckedSnippet checked = checkSnippet(R"(
    static int depth(int *v, int k) { if (k <= 0) return 0; v[k] = 1; return depth(v, k - 1); }
    void f(int n, int *v) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) depth(v, i);
    })");
  EXPECT_TRUE(hasUnsupported(checked, "recursive call to 'depth'")) << describe(checked.findings);
}

TEST(CalleeAccesses, PrintfIsANoteNotARace) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <stdio.h>
    #include <math.h>
    void f(int n, double *restrict b, const double *restrict a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) { b[i] = sqrt(a[i]); printf("%d\n", i); }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  bool noted = false;
  for (const Limitation& limitation : checked.models.loops.at(0).limitations)
    noted = noted || (!limitation.unsafe && limitation.message.find("printf") != std::string::npos);
  EXPECT_TRUE(noted);
}

// Rodinia kmeans: a helper reads a point through a row of a 2-D array, `nearest(feature[i], ...)`.
// Which elements it reads is not followed, but reads of an array nobody writes cannot race.
const char* kRowArgument = R"(
  #define NPOINTS 2000
  #define NFEATURES 4
  static float feature[NPOINTS][NFEATURES];
  static int membership[NPOINTS];
  static float dist2(const float *pt, int nf) {
    int j;
    float d = 0.0f;
    for (j = 0; j < nf; j++) d += pt[j] * pt[j];
    return d;
  }
  static void scale(float *pt, int nf) {
    int j;
    for (j = 0; j < nf; j++) pt[j] = 0.5f * pt[j];
  }
  void assign(int n) {
    int i;
  #pragma omp parallel for
    for (i = 0; i < n; i++) {
      %s;
    }
  })";

std::string rowArgument(const std::string& statement) { return fillIn(kRowArgument, {statement}); }

TEST(CalleeAccesses, ReadsThroughARowArgumentOfAnArrayNobodyWrites) {
  CheckedSnippet checked = checkSnippet(rowArgument("membership[i] = dist2(feature[i], NFEATURES) > 1.0f"));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, WritesThroughAnElementAddressAreComparedWithEveryAccess) {
  CheckedSnippet checked = checkSnippet(rowArgument("scale(&feature[0][0], NFEATURES)"));
  EXPECT_TRUE(reportsRaceOn(checked, "feature")) << describe(checked.findings);
  checked = checkSnippet(rowArgument("scale(feature[i] + 1, 2); membership[i] = dist2(*(feature + 1), 1) > 0.0f"));
  EXPECT_TRUE(reportsRaceOn(checked, "feature")) << describe(checked.findings);
}

// A row of an array of pointers is followed as the check takes `rows[i][j]` written in the loop:
// row i of `rows` (distinct rows), its elements counted from the row's start.
TEST(CalleeAccesses, ARowOfAnArrayOfPointersIsThatRow) {
  const char* code = R"(
    static void scale(float *pt, int nf) { int j; for (j = 0; j < nf; j++) pt[j] *= 0.5f; }
    void f(int n, float **rows) {
      int i;
    #pragma omp parallel for
      for (i = 0; i < n; i++) scale(rows[%s], 4);
    })";
  CheckedSnippet own = checkSnippet(fillIn(code, {"i"}));
  EXPECT_TRUE(own.findings.empty()) << describe(own.findings);
  CheckedSnippet shared = checkSnippet(fillIn(code, {"i / 2"}));
  EXPECT_TRUE(reportsRaceOn(shared, "rows")) << describe(shared.findings);
}

// `f(&u[i][1])`, `f(x + i * n)`: the callee's subscripts count from the address.
TEST(CalleeAccesses, AnAddressInsideAnArrayOffsetsTheCalleesSubscripts) {
  const char* code = R"(
    #define NX 64
    static double u[NX][NX], x[NX * NX];
    static void pair(double *p) { p[0] = 1.0; p[1] = 2.0; }
    void f(int n) {
      int i;
    #pragma omp parallel for
      for (i = 0; i < n; i++) pair(%s);
    })";
  for (const char* own : {"&u[i][1]", "u[i] + 2", "x + 2 * i", "&x[2 * i]", "&x[NX * i + 1]"}) {
    CheckedSnippet checked = checkSnippet(fillIn(code, {own}));
    EXPECT_TRUE(checked.findings.empty()) << own << ": " << describe(checked.findings);
  }
  // p[1] of iteration i is p[0] of iteration i + 1: a definite race.
  CheckedSnippet overlapping = checkSnippet(fillIn(code, {"x + i"}));
  EXPECT_TRUE(reportsRaceOn(overlapping, "x", true)) << describe(overlapping.findings);
  CheckedSnippet sameRow = checkSnippet(fillIn(code, {"&u[i / 2][0]"}));
  EXPECT_TRUE(reportsRaceOn(sameRow, "u", true)) << describe(sameRow.findings);
}

// An index computed by a one-line helper is that helper's expression of the arguments.
const char* kIndexHelper = R"(
  #define LEN 1001
  int count[2 * LEN + 1];
  static inline int cell_of(int i) { return %s; }
  static int shifted(int i, int by) { return cell_of(i) + by; }
  void tally(void) {
    int i;
  #pragma omp parallel for
    for (i = 0; i < LEN; i++)
      count[shifted(i, /* no shift */ 0)]++;
  })";

std::string indexHelper(const std::string& body) { return fillIn(kIndexHelper, {body}); }

TEST(CalleeAccesses, AnIndexHelperIsItsReturnedExpression) {
  CheckedSnippet checked = checkSnippet(indexHelper("2 * i + 1"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, AnIndexHelperThatFoldsIterationsRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(indexHelper("i / 2"));
  EXPECT_TRUE(reportsRaceOn(checked, "count", true)) << describe(checked.findings);
}

TEST(CalleeAccesses, ARecursiveIndexHelperIsNotTranslated) {
  CheckedSnippet checked = checkSnippet(indexHelper("cell_of(i) + 1"));
  EXPECT_FALSE(checked.findings.empty());
  for (const RaceFinding& finding : checked.findings) EXPECT_NE(finding.certainty, Certainty::Definite);
}

// A helper that works on one block with loops of its own (Rodinia nw): its counters range over
// the block the arguments name, so blocks of one anti-diagonal are told apart.
const char* kBlockHelper = R"(
  #define BS 16
  #define NB 12
  #define DIM (NB * BS + 1)
  static int score[DIM][DIM], reference[DIM][DIM];
  static void process_block(int bx, int by) {
    int i, j;
    for (i = 1 + by * BS; i <= (by + 1) * BS; i++)
      for (j = 1 + bx * BS; j <= (bx + 1) * BS; j++)
        score[i][j] = score[i - 1][j - 1] + reference[i][j] + score[%s][j - 1];
  }
  void diagonal(int d) {
    int bx;
  #pragma omp parallel for schedule(static)
    for (bx = 0; bx <= d; bx++)
      process_block(bx, d - bx);
  })";

std::string blockHelper(const std::string& row) { return fillIn(kBlockHelper, {row}); }

TEST(CalleeAccesses, LoopsOfAHelperRangeOverTheBlockItsArgumentsName) {
  CheckedSnippet checked = checkSnippet(blockHelper("i"));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  ASSERT_EQ(checked.models.loops.size(), 1u);
  int calleeContexts = 0;
  for (const Context& context : checked.models.loops[0].contexts)
    calleeContexts += context.kind == ContextKind::CalleeInnerLoopBody && context.description == "process_block";
  EXPECT_EQ(calleeContexts, 2);
}

// Reading the row below reaches, from the block's last row, into the first row of the block below
// and to the left, (bx - 1, by + 1): on the same anti-diagonal, written by another thread.
TEST(CalleeAccesses, AHelperReadingIntoANeighbourBlockRaces) {
  CheckedSnippet checked = checkSnippet(blockHelper("i + 1"));
  EXPECT_TRUE(reportsRaceOn(checked, "score")) << describe(checked.findings);
}

// A helper loop that runs no iteration constrains only the accesses inside it: the write beside
// the call still races.
TEST(CalleeAccesses, AnEmptyHelperLoopLeavesTheOtherAccessesAlone) {
  CheckedSnippet checked = checkSnippet(R"(
    double a[100], last;
    static void fill(double *v, int m) { int k; for (k = 0; k < m; k++) v[k] = 0.0; }
    void f(int n) {
      int i;
    #pragma omp parallel for
      for (i = 0; i < n; i++) {
        fill(a, 0);
        last = i;
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "last", true)) << describe(checked.findings);
}

}  // namespace callee_accesses_test
}  // namespace adrace::analyzer::testing
