// Gather-form adjoints (GatherAnalysis.h): which guarded arrays may be transposed into a gather
// over their targets, and the reason for each that may not.
#include "ParseSnippet.h"
#include "LoopVerdicts.h"
#include "analyzer/verdicts/LoopAnalysis.h"

namespace adrace::analyzer::testing {
namespace gather_analysis_test {

// The offsets of the gather's terms, in reference order; empty (with the reason printed) when no gather.
std::vector<std::vector<std::int64_t>> gatherOffsets(const ArrayVerdict& verdict) {
  std::vector<std::vector<std::int64_t>> offsets;
  if (!verdict.gather) {
    ADD_FAILURE() << verdict.array << ": no gather question was asked (verdict " << verdictName(verdict.verdict) << ")";
    return offsets;
  }
  if (!verdict.gather->applies) return offsets;
  for (const GatherTerm& term : verdict.gather->terms) offsets.push_back(term.offsets);
  return offsets;
}

std::string refusal(const ArrayVerdict& verdict) {
  if (!verdict.gather) return "<not asked>";
  EXPECT_FALSE(verdict.gather->applies) << verdict.gather->reason;
  return verdict.gather->reason;
}

using Offsets = std::vector<std::vector<std::int64_t>>;

TEST(GatherAnalysis, ThreePointStencilWithC89CounterMacroAndComment) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define HALO 1
    void step(int n, double a, double b, double c, const double *uold, double *unew) {
      int i;
    #pragma omp parallel for firstprivate(a, b, c) schedule(static)
      for (i = HALO; i < n - HALO; i++)
        unew[i] = a * uold[i - HALO] + b * uold[i /* centre */] + c * uold[i + 1];
    })"),
                                      activeArrays({"uold", "unew"}));
  const ArrayVerdict& uold = verdictOf(analysis, "uold");
  EXPECT_EQ(uold.verdict, Verdict::Atomic) << "the guard stays the verdict, for consumers without gathers";
  EXPECT_EQ(gatherOffsets(uold), (Offsets{{-1}, {0}, {1}})) << (uold.gather ? uold.gather->reason : "");
  EXPECT_FALSE(verdictOf(analysis, "unew").gather) << "a shared verdict needs no gather";
}

TEST(GatherAnalysis, ReductionReadingANeighbour) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    double lag1(int n, const float *x) {
      double s = 0.0;
      int i;
    #pragma omp parallel for reduction(+ : s)
      for (i = 1; i < n; i++)
        s += x[i] * x[i - 1];
      return s;
    })"),
                                      activeArrays({"x", "s"}));
  EXPECT_EQ(gatherOffsets(verdictOf(analysis, "x")), (Offsets{{0}, {-1}}));
}

TEST(GatherAnalysis, FivePointStencilOverACollapsedNest) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void laplace(int ny, int nx, float r, const float u[ny][nx], float unew[ny][nx]) {
    #pragma omp parallel for collapse(2) firstprivate(r)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          unew[j][i] = u[j][i] + r * (u[j][i + 1] + u[j][i - 1] + u[j + 1][i] + u[j - 1][i] - 4.0f * u[j][i]);
    })"),
                                      activeArrays({"u", "unew"}));
  EXPECT_EQ(gatherOffsets(verdictOf(analysis, "u")), (Offsets{{0, 0}, {0, 1}, {0, -1}, {1, 0}, {-1, 0}, {0, 0}}));
}

TEST(GatherAnalysis, SevenPointStencilOverThreeCollapsedC89Counters) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define N 64
    void heat(double c0, double c1, double u[N][N][N], double v[N][N][N]) {
      int i, j, k;
    #pragma omp parallel for collapse(3)
      for (k = 1; k < N - 1; k++)
        for (j = 1; j < N - 1; j++)
          for (i = 1; i <= N - 2; i++)
            v[k][j][i] = c0 * u[k][j][i] + c1 * (u[k][j][i - 1] + u[k][j][i + 1] + u[k][j - 1][i] +
                                                 u[k][j + 1][i] + u[k - 1][j][i] + u[k + 1][j][i]);
    })"),
                                      activeArrays({"u", "v"}));
  Offsets offsets = gatherOffsets(verdictOf(analysis, "u"));
  ASSERT_EQ(offsets.size(), 7u);
  EXPECT_EQ(offsets[6], (std::vector<std::int64_t>{1, 0, 0}));
}

TEST(GatherAnalysis, ArrayTheLoopWritesIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void ghost(int n, double *x, double *y) {
    #pragma omp parallel for
      for (int i = 1; i < n - 1; i++) {
        y[i] = x[i - 1] + x[i + 1];
        x[n + 4 + i] = 0.0;   /* clears a ghost zone past the read range */
      }
    })"),
                                      activeArrays({"x", "y"}));
  EXPECT_NE(refusal(verdictOf(analysis, "x")).find("the loop writes x"), std::string::npos);
}

TEST(GatherAnalysis, NonUnitStrideIndexIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void restrict_(int n, const double *fine, double *coarse) {
    #pragma omp parallel for
      for (int i = 1; i < n; i++)
        coarse[i] = 0.25 * fine[2 * i - 1] + 0.5 * fine[2 * i] + 0.25 * fine[2 * i + 1];
    })"),
                                      activeArrays({"fine", "coarse"}));
  EXPECT_NE(refusal(verdictOf(analysis, "fine")).find("coefficient 2, not 1"), std::string::npos);
}

TEST(GatherAnalysis, IndexThroughAnIndirectionIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void pick(int n, const int *c, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = 0; i < n; i++) y[i] = x[c[i]];
    })"),
                                      activeArrays({"x", "y"}));
  EXPECT_NE(refusal(verdictOf(analysis, "x")).find("indirection"), std::string::npos);
}

TEST(GatherAnalysis, CoefficientReadFromAWrittenArrayIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void relax(int n, double *w, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = 1; i < n - 1; i++) {
        y[i] = w[i] * (x[i - 1] + x[i + 1]);
        w[i] = 0.5 * w[i];
      }
    })"),
                                      activeArrays({"x", "y"}));
  EXPECT_NE(refusal(verdictOf(analysis, "x")).find("the loop writes w and reads w[i]"), std::string::npos);
}

TEST(GatherAnalysis, OffsetFromAVariableIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void wide(int n, int k, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = k; i < n - k; i++) y[i] = x[i - k] + x[i + k];
    })"),
                                      activeArrays({"x", "y"}));
  EXPECT_NE(refusal(verdictOf(analysis, "x")).find("depends on k"), std::string::npos);
}

TEST(GatherAnalysis, SteppingByTwoIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void odd(int n, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = 1; i < n - 1; i += 2) y[i] = x[i - 1] + x[i + 1] + x[i + 2];
    })"),
                                      activeArrays({"x", "y"}));
  EXPECT_NE(refusal(verdictOf(analysis, "x")).find("does not step by 1"), std::string::npos);
}

TEST(GatherAnalysis, EveryReadUnderABranchIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void every_third(int n, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = 1; i < n - 1; i++)
        if (i % 3) y[i] = x[i - 1] + x[i + 1];
    })"),
                                      activeArrays({"x", "y"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("every read of x is under a branch"), std::string::npos) << why;
}

// HotSpot-style edges: the cell stands in for a missing neighbour, through ?: and through an
// if/else that assigns a C89 private once on each arm. The reads under branches are terms (their
// conditions guard them at the shifted iteration); the branch `if (r == 0)` pins the parallel
// counter, so no two iterations meet there, and the primal knowledge is not contradictory.
TEST(GatherAnalysis, BoundaryBranchesAreGuardedTerms) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define NC 16
    void edges(int nr, const float t[][NC], float out[][NC]) {
      int r, c;
      float north;
    #pragma omp parallel for private(c, north)
      for (r = 0; r < nr; r++)
        for (c = 0; c < NC; c++) {
          float west = c > 0 ? t[r][c - 1] : t[r][c];
          if (r == 0) north = t[r][c];
          else north = t[r - 1][c];
          out[r][c] = west + north - 2.0f * t[r][c];
        }
    })"),
                                      activeArrays({"t", "out"}));
  const ArrayVerdict& t = verdictOf(analysis, "t");
  EXPECT_EQ(gatherOffsets(t), (Offsets{{0, -1}, {0, 0}, {0, 0}, {-1, 0}, {0, 0}}))
      << (t.gather ? t.gather->reason : "");
  EXPECT_TRUE(analysis.notes.empty()) << analysis.notes.front();
}

TEST(GatherAnalysis, ScalarAssignedOnOneArmOnlyIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void half(int n, const double *x, double *y) {
      int i;
      double w = 0.0;
    #pragma omp parallel for private(w)
      for (i = 1; i < n; i++) {
        if (i > 3) w = x[i - 1];
        y[i] = x[i] + w;
      }
    })"),
                                      activeArrays({"x", "y"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("per-iteration value w"), std::string::npos) << why;
}

TEST(GatherAnalysis, TemporaryOnTheRootIsRecomputedAtTheShiftedIteration) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void square(int n, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = 1; i < n - 1; i++) {
        double t = x[i - 1] + x[i + 1];
        y[i] = t * t;
      }
    })"),
                                      activeArrays({"x", "y"}));
  const ArrayVerdict& x = verdictOf(analysis, "x");
  ASSERT_TRUE(x.gather.has_value());
  EXPECT_TRUE(x.gather->applies) << x.gather->reason;
}

TEST(GatherAnalysis, TemporaryAssignedAgainIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void square(int n, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = 1; i < n - 1; i++) {
        double t = x[i - 1];
        t = t + x[i + 1];
        y[i] = t * t;
      }
    })"),
                                      activeArrays({"x", "y"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("per-iteration value t and it is assigned after its declaration"), std::string::npos) << why;
}

TEST(GatherAnalysis, TemporaryDeclaredUnderABranchIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void clipped(int n, const double *x, double *y, double *z) {
    #pragma omp parallel for
      for (int i = 1; i < n - 1; i++) {
        y[i] = x[i - 1] + x[i + 1];
        if (i > 2) {
          double t = 2.0 * i;
          z[i] = t;
        }
      }
    })"),
                                      activeArrays({"x", "y", "z"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("per-iteration value t and it is declared in a branch"), std::string::npos) << why;
}

TEST(GatherAnalysis, ReadInAnInnerLoopIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define R 3
    void conv(int n, const double *w, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = R; i < n - R; i++) {
        for (int r = -R; r <= R; r++) y[i] += w[r + R] * x[i + r];
      }
    })"),
                                      activeArrays({"x", "y"}));
  EXPECT_FALSE(refusal(verdictOf(analysis, "x")).empty());
}

// corpus/conv1d's shape as a C89 code writes it: an inner loop over the taps, whose reads of x are a
// family of terms, one per tap.
TEST(GatherAnalysis, ConvolutionTapsAreAFamilyOfTermsOverTheInnerRange) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define R 2
    #define WIDTH (2 * R + 1)
    void blur(int n, const float w[WIDTH], const float *x, float *y) {
      int i, r;
      float acc;
    #pragma omp parallel for private(r, acc) firstprivate(n) schedule(static)
      for (i = R; i < n - R; i++) {
        acc = 0.0f;
        for (r = -R; r <= R; r++)
          acc += w[r + R] * x[i + r /* tap */];
        y[i] = acc;
      }
    })"),
                                      activeArrays({"w", "x", "y"}));
  const ArrayVerdict& x = verdictOf(analysis, "x");
  ASSERT_TRUE(x.gather && x.gather->applies) << (x.gather ? x.gather->reason : "");
  ASSERT_EQ(x.gather->terms.size(), 1u);
  const GatherTerm& taps = x.gather->terms.front();
  EXPECT_EQ(taps.offsets, std::vector<std::int64_t>{0});
  ASSERT_EQ(taps.inner.size(), 1u);
  EXPECT_EQ(taps.inner[0].counter, "r");
  EXPECT_EQ(taps.inner[0].first, -2);
  EXPECT_EQ(taps.inner[0].last, 2);
  EXPECT_EQ(taps.inner[0].dimension, 0u);
  EXPECT_NE(x.gather->reason.find("one per r in [-2, 2]"), std::string::npos) << x.gather->reason;
  std::string why = refusal(verdictOf(analysis, "w"));
  EXPECT_NE(why.find("subscript is not i + r"), std::string::npos) << why;
}

// A read on the root beside the family, a shifted family (x[i + r + 1]), a loop that counts down
// with `>`, and an accumulator declared in the body.
TEST(GatherAnalysis, FamilyBesideARootReadCountingDown) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define HALF 1
    void sharpen(int n, double k, const double *x, double *y) {
    #pragma omp parallel for firstprivate(k)
      for (int i = HALF; i < n - HALF - 1; i++) {
        double s = 0.0;
        for (int r = HALF; r > -HALF - 1; r--)
          s -= x[i + r + 1];
        y[i] = k * x[i] + s;
      }
    })"),
                                      activeArrays({"x", "y"}));
  const ArrayVerdict& x = verdictOf(analysis, "x");
  ASSERT_TRUE(x.gather && x.gather->applies) << (x.gather ? x.gather->reason : "");
  ASSERT_EQ(x.gather->terms.size(), 2u);
  ASSERT_EQ(x.gather->terms[0].inner.size(), 1u);
  EXPECT_EQ(x.gather->terms[0].inner[0].counter, "r");
  EXPECT_EQ(x.gather->terms[0].offsets, std::vector<std::int64_t>{1});
  EXPECT_EQ(x.gather->terms[0].inner[0].first, -1);
  EXPECT_EQ(x.gather->terms[0].inner[0].last, 1);
  EXPECT_TRUE(x.gather->terms[1].inner.empty());
}

TEST(GatherAnalysis, InnerRangeThatIsNotConstantIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void conv(int n, int half, const double *w, const double *x, double *y) {
      int i, r;
      double acc;
    #pragma omp parallel for private(r, acc)
      for (i = 8; i < n - 8; i++) {
        acc = 0.0;
        for (r = -half; r <= half; r++) acc += w[r + half] * x[i + r];
        y[i] = acc;
      }
    })"),
                                      activeArrays({"x", "y"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("does not run over a range of constants"), std::string::npos) << why;
}

TEST(GatherAnalysis, InnerLoopWritingASharedArrayIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define R 3
    void conv(int n, const double *w, const double *x, double *y, double *taps) {
    #pragma omp parallel for
      for (int i = R; i < n - R; i++) {
        double acc = 0.0;
        for (int r = -R; r <= R; r++) {
          taps[i * (2 * R + 1) + r + R] = w[r + R] * x[i + r]; /* kept for a later pass */
          acc += w[r + R] * x[i + r];
        }
        y[i] = acc;
      }
    })"),
                                      activeArrays({"x", "y", "taps"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("does not only accumulate into locals: it assigns taps["), std::string::npos) << why;
}

TEST(GatherAnalysis, InnerStepOfTwoIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define R 4
    void even_taps(int n, const float *w, const float *x, float *y) {
    #pragma omp parallel for
      for (int i = R; i < n - R; i++) {
        float acc = 0.0f;
        for (int r = -R; r <= R; r += 2) acc += w[r + R] * x[i + r];
        y[i] = acc;
      }
    })"),
                                      activeArrays({"x", "y"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("does not step by +1 or -1"), std::string::npos) << why;
}

TEST(GatherAnalysis, AccumulatorAssignedInTheInnerLoopIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define R 3
    void last_tap(int n, const double *w, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = R; i < n - R; i++) {
        double acc = 0.0;
        for (int r = -R; r <= R; r++) acc = acc * 0.5 + w[r + R] * x[i + r];
        y[i] = acc;
      }
    })"),
                                      activeArrays({"x", "y"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("it assigns acc with ="), std::string::npos) << why;
}

TEST(GatherAnalysis, AccumulatorReadBeforeTheInnerLoopIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define R 3
    void biased(int n, const double *w, const double *x, double *y, double *z) {
    #pragma omp parallel for
      for (int i = R; i < n - R; i++) {
        double acc = x[i];
        z[i] = acc * acc;
        for (int r = -R; r <= R; r++) acc += w[r + R] * x[i + r];
        y[i] = acc;
      }
    })"),
                                      activeArrays({"x", "y", "z"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("acc is used before the inner loop"), std::string::npos) << why;
}

TEST(GatherAnalysis, PerfectNestOfC89LoopsGathersOverEveryCounter) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define NJ 64
    void conv(int ni, int nj, float A[][NJ], float B[][NJ]) {
      int i, j;
      float c1, c2;
      c1 = +0.2f; c2 = -0.3f;
    #pragma omp parallel for private(j)
      for (i = 1; i < ni - 1; ++i)
        for (j = 1; j < nj - 1; ++j) {
          B[i][j] = c1 * A[(i - 1)][(j - 1)] + c2 * A[(i + 1)][(j /* centre */ + 0)];
        }
    })"),
                                      activeArrays({"A", "B"}));
  EXPECT_EQ(gatherOffsets(verdictOf(analysis, "A")), (Offsets{{-1, -1}, {1, 0}}));
}

TEST(GatherAnalysis, ThreeLoopNestUnderAParallelLoopOnTheOutermost) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void smooth(int nz, int ny, int nx, const double u[nz][ny][nx], double v[nz][ny][nx]) {
    #pragma omp parallel for
      for (int k = 1; k < nz - 1; k++) {
        for (int j = 1; j < ny - 1; j++) {
          for (int i = 1; i < nx - 1; i++)
            v[k][j][i] = u[k - 1][j][i] + u[k][j + 1][i] + u[k][j][i - 1];
        }
      }
    })"),
                                      activeArrays({"u", "v"}));
  EXPECT_EQ(gatherOffsets(verdictOf(analysis, "u")), (Offsets{{-1, 0, 0}, {0, 1, 0}, {0, 0, -1}}));
}

TEST(GatherAnalysis, TriangularInnerLoopIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void lower(int n, const double a[n][n], double b[n][n]) {
      int i, j;
    #pragma omp parallel for private(j)
      for (i = 1; i < n; i++)
        for (j = 1; j < i; j++) b[i][j] = a[i - 1][j - 1] + a[i][j];
    })"),
                                      activeArrays({"a", "b"}));
  std::string why = refusal(verdictOf(analysis, "a"));
  EXPECT_NE(why.find("not rectangular"), std::string::npos) << why;
}

TEST(GatherAnalysis, InnerLoopABreakMayEndIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void until_negative(int n, int m, const double a[n][m], double b[n][m]) {
    #pragma omp parallel for
      for (int i = 1; i < n; i++)
        for (int j = 1; j < m; j++) {
          b[i][j] = a[i - 1][j - 1] + a[i][j];
          if (b[i][j] < 0.0) break;
        }
    })"),
                                      activeArrays({"a", "b"}));
  std::string why = refusal(verdictOf(analysis, "a"));
  EXPECT_NE(why.find("inner loop body"), std::string::npos) << why;
}

TEST(GatherAnalysis, StatementBesideTheInnerLoopIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void rows(int n, int m, const double a[n][m], double b[n][m], double *c) {
    #pragma omp parallel for
      for (int i = 1; i < n; i++) {
        for (int j = 1; j < m; j++) b[i][j] = a[i - 1][j - 1];
        c[i] = a[i][0];
      }
    })"),
                                      activeArrays({"a", "b", "c"}));
  EXPECT_FALSE(refusal(verdictOf(analysis, "a")).empty());
}

// corpus/stencil3d7's shape: C89 counters, an index macro, private scalars assigned in the body.
TEST(GatherAnalysis, LinearisedSevenPointStencilWithAssignedPrivates) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define IDX(k, j, i) (((long)(k) * ny + (j)) * nx + (i))
    void heat(int nz, int ny, int nx, const double *c, const double *u, double *unew) {
      int i, j, k;
      long p;
      double lap;
    #pragma omp parallel for private(j, i, p, lap) schedule(static)
      for (k = 1; k < nz - 1; k++)
        for (j = 1; j < ny - 1; j++)
          for (i = 1; i < nx - 1; i++) {
            p = IDX(k, j, i);
            lap = u[IDX(k, j, i - 1)] + u[IDX(k, j + 1, i)] /* y */ + u[IDX(k - 1, j, i)] - 3.0 * u[p];
            unew[p] = u[p] + c[p] * lap;
          }
    })"),
                                      activeArrays({"c", "u", "unew"}));
  const ArrayVerdict& u = verdictOf(analysis, "u");
  EXPECT_EQ(gatherOffsets(u), (Offsets{{0, 0, -1}, {0, 1, 0}, {-1, 0, 0}, {0, 0, 0}, {0, 0, 0}}));
  ASSERT_TRUE(u.gather.has_value());
  EXPECT_TRUE(u.gather->linearised);
}

TEST(GatherAnalysis, PrivateAssignedTwiceIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void twice(int n, int m, const double *u, double *v) {
      int i, j;
      double t;
    #pragma omp parallel for private(j, t)
      for (i = 1; i < n - 1; i++)
        for (j = 1; j < m - 1; j++) {
          t = u[i * m + j - 1];
          t = t + u[(i + 1) * m + j];
          v[i * m + j] = t;
        }
    })"),
                                      activeArrays({"u", "v"}));
  std::string why = refusal(verdictOf(analysis, "u"));
  EXPECT_NE(why.find("not assigned exactly once"), std::string::npos) << why;
}

TEST(GatherAnalysis, LinearisedIndexWithTwoCountersOfOneStrideIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void diagonal(int n, int m, const double *u, double *v) {
    #pragma omp parallel for
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < m - 1; j++) v[i * m + j] = u[i + j - 1] + u[i + j + 1];
    })"),
                                      activeArrays({"u", "v"}));
  std::string why = refusal(verdictOf(analysis, "u"));
  EXPECT_NE(why.find("ambiguous"), std::string::npos) << why;
}

// The row width a macro: both strides are constants (37 and 1), so the constant part -38 of
// u[(j - 1) * NX + i - 1] splits as one row and one column back, not 38 columns.
TEST(GatherAnalysis, LinearisedIndexWithMacroRowWidth) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define NX 37
    void heat(int ny, float dt, const float *u, float *v) {
      int i, j;
    #pragma omp parallel for collapse(2) private(i, j) firstprivate(dt)
      for (j = 1; j < ny - 1; j++)
        for (i = 1; i < NX - 1; i++)
          v[j * NX + i] = u[j * NX + i] + dt * (u[(j - 1) * NX + i - 1] /* corner */ + u[(j + 1) * NX + i - 1]);
    })"),
                                      activeArrays({"u", "v"}));
  const ArrayVerdict& u = verdictOf(analysis, "u");
  EXPECT_EQ(gatherOffsets(u), (Offsets{{0, 0}, {-1, -1}, {1, -1}}));
  ASSERT_TRUE(u.gather.has_value());
  EXPECT_TRUE(u.gather->linearised);
}

// Offsets as wide as a row: the split (1, -18) of +19 is what the nearest quotient gives, but the
// targets' box then spans more than a row and Z3 finds two targets naming one element.
TEST(GatherAnalysis, LinearisedOffsetWiderThanHalfARowIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define NX 37
    void far(int ny, const double *u, double *v) {
    #pragma omp parallel for
      for (int j = 1; j < ny - 1; j++)
        for (int i = 0; i < NX; i++) v[j * NX + i] = u[j * NX + i] + u[j * NX + i + 19];
    })"),
                                      activeArrays({"u", "v"}));
  std::string why = refusal(verdictOf(analysis, "u"));
  EXPECT_NE(why.find("same element"), std::string::npos) << why;
}

// A 2-D filter as image codes write it: C89 counters, a private accumulator set on the root, the
// taps' offsets from a nest of two inner loops, rows through an index macro. Each inner counter
// shifts the counter of the box whose stride it has (a: the rows, b: the columns), and Z3 proves the
// read exact and the layout one-to-one over the targets the taps reach.
TEST(GatherAnalysis, FilterTapsFromTwoInnerLoopsAreAFamilyOverTheNest) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define R 1
    #define IDX(i, j, ld) ((i) * (ld) + (j))
    void filter(int ny, int nx, const double *w, const double *in, double *out) {
      int i, j, a, b;
      double acc;
    #pragma omp parallel for private(j, a, b, acc)
      for (i = R; i < ny - R; i++)
        for (j = R; j < nx - R; j++) {
          acc = 0.0;
          for (a = -R; a <= R; a++)
            for (b = -R; b <= R; b++)
              acc += w[IDX(a + R, b + R, 2 * R + 1)] * in[IDX(i + a, j + b, nx)];
          out[IDX(i, j, nx)] = acc;
        }
    })"),
                                      activeArrays({"w", "in", "out"}));
  const ArrayVerdict& in = verdictOf(analysis, "in");
  ASSERT_TRUE(in.gather && in.gather->applies) << (in.gather ? in.gather->reason : "");
  EXPECT_TRUE(in.gather->linearised);
  ASSERT_EQ(in.gather->terms.size(), 1u);
  const GatherTerm& taps = in.gather->terms.front();
  EXPECT_EQ(taps.offsets, (std::vector<std::int64_t>{0, 0}));
  ASSERT_EQ(taps.inner.size(), 2u);
  EXPECT_EQ(taps.inner[0].counter, "a");
  EXPECT_EQ(taps.inner[0].dimension, 0u);
  EXPECT_EQ(taps.inner[1].counter, "b");
  EXPECT_EQ(taps.inner[1].dimension, 1u);
  EXPECT_EQ(taps.inner[1].first, -1);
  EXPECT_EQ(taps.inner[1].last, 1);
  EXPECT_NE(in.gather->reason.find("a nest of inner loops"), std::string::npos) << in.gather->reason;
}

// Taps wider than the margin the columns leave: j + b wraps into the neighbouring row, so two
// targets of the gather name one element, and Z3 finds them.
TEST(GatherAnalysis, FilterTapsPastTheRowIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    #define NX 37
    void smear(int ny, const double *in, double *out) {
    #pragma omp parallel for
      for (int i = 1; i < ny - 1; i++)
        for (int j = 0; j < NX; j++) {
          double acc = 0.0;
          for (int a = -1; a <= 1; a++)
            for (int b = -2; b <= 2; b++) acc += in[(i + a) * NX + j + b];
          out[i * NX + j] = acc;
        }
    })"),
                                      activeArrays({"in", "out"}));
  std::string why = refusal(verdictOf(analysis, "in"));
  EXPECT_NE(why.find("same element"), std::string::npos) << why;
}

TEST(GatherAnalysis, TwoInnerCountersOfOneStrideIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void blur(int ny, int nx, const double *in, double *out) {
    #pragma omp parallel for
      for (int i = 1; i < ny - 1; i++)
        for (int j = 2; j < nx - 2; j++) {
          double acc = 0.0;
          for (int a = -1; a <= 1; a++)
            for (int b = -1; b <= 1; b++)
              for (int c = 0; c <= 1; c++) acc += in[(i + a) * nx + j + b + c];
          out[i * nx + j] = acc;
        }
    })"),
                                      activeArrays({"in", "out"}));
  std::string why = refusal(verdictOf(analysis, "in"));
  EXPECT_NE(why.find("inner counters' strides? two counters have the stride 1"), std::string::npos) << why;
}

TEST(GatherAnalysis, InnerCounterWithAStrideOfNoCounterIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void pairs(int ny, int nx, const double *in, double *out) {
    #pragma omp parallel for
      for (int i = 1; i < ny - 1; i++)
        for (int j = 2; j < nx - 2; j++) {
          double acc = 0.0;
          for (int a = -1; a <= 1; a++)
            for (int b = 0; b <= 1; b++) acc += in[(i + a) * nx + j + 2 * b];
          out[i * nx + j] = acc;
        }
    })"),
                                      activeArrays({"in", "out"}));
  std::string why = refusal(verdictOf(analysis, "in"));
  EXPECT_NE(why.find("which no counter of the nest has"), std::string::npos) << why;
}

TEST(GatherAnalysis, NestOfInnerLoopsInALoopOfOneCounterIsNoGather) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void twice(int n, const double *x, double *y) {
    #pragma omp parallel for
      for (int i = 4; i < n - 4; i++) {
        double acc = 0.0;
        for (int a = -1; a <= 1; a++)
          for (int b = -1; b <= 1; b++) acc += x[i + a + b];
        y[i] = acc;
      }
    })"),
                                      activeArrays({"x", "y"}));
  std::string why = refusal(verdictOf(analysis, "x"));
  EXPECT_NE(why.find("in a loop of one counter"), std::string::npos) << why;
}

TEST(GatherAnalysis, NoGatherOptionAsksNothing) {
  AnalysisOptions options = activeArrays({"uold", "unew"});
  options.gather = false;
  LoopAnalysis analysis = analyzeLoop(onlyLoop(R"(
    void step(int n, const double *uold, double *unew) {
    #pragma omp parallel for
      for (int i = 1; i < n - 1; i++) unew[i] = uold[i - 1] + uold[i + 1];
    })"),
                                      options);
  EXPECT_EQ(verdictOf(analysis, "uold").verdict, Verdict::Atomic);
  EXPECT_FALSE(verdictOf(analysis, "uold").gather);
}

}  // namespace gather_analysis_test
}  // namespace adrace::analyzer::testing
