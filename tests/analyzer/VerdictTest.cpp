// The FormAD verdicts on small loops: knowledge, questions, per-reference guards, witnesses.
#include "ParseSnippet.h"
#include "LoopVerdicts.h"
#include "analyzer/verdicts/LoopAnalysis.h"

#include <set>

namespace adrace::analyzer::testing {
namespace verdict_test {

LoopAnalysis analyze(const std::string& code, AnalysisOptions options = {}) {
  return analyzeLoop(onlyLoop(code), options);
}

TEST(Verdicts, FormAdFigure2IndirectCopy) {
  LoopAnalysis analysis = analyze(R"(
    void f(int n, const int *c, double *x, double *y) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) y[c[i]] = x[c[i] + 7];
    })");
  EXPECT_EQ(verdictOf(analysis, "x").verdict, Verdict::Shared);
  EXPECT_EQ(verdictOf(analysis, "y").verdict, Verdict::Shared);
  EXPECT_TRUE(analysis.inconsistencies.empty());
}

TEST(Verdicts, IndirectGatherIsGuardedWithAWitness) {
  LoopAnalysis analysis = analyze(R"(
    void f(int n, const int *c, double *x, double *y) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) y[i] = x[c[i]];
    })");
  const ArrayVerdict& x = verdictOf(analysis, "x");
  EXPECT_FALSE(x.proven);
  EXPECT_EQ(x.verdict, Verdict::Atomic) << "extent of a pointer parameter is unknown";
  ASSERT_EQ(x.unproven.size(), 1u);
  EXPECT_EQ(x.unproven[0].answer.status, smt::Coincidence::Status::Overlap);
  EXPECT_TRUE(x.unproven[0].answer.throughArrayRead);
  bool sawCounters = false;
  for (const auto& [symbol, value] : x.unproven[0].answer.witness) sawCounters |= symbol == "i'";
  EXPECT_TRUE(sawCounters);
  EXPECT_EQ(verdictOf(analysis, "y").verdict, Verdict::Shared);
}

TEST(Verdicts, ExtentHintAllowsAReduction) {
  AnalysisOptions options;
  options.extents["x"] = "m";
  LoopAnalysis analysis = analyze(R"(
    void f(int n, const int *c, double *x, double *y) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) y[i] = x[c[i]];
    })",
                                  options);
  EXPECT_EQ(verdictOf(analysis, "x").verdict, Verdict::Reduction);
  options.guard = GuardPolicy::Atomic;
  EXPECT_EQ(analyze(R"(
    void f(int n, const int *c, double *x, double *y) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) y[i] = x[c[i]];
    })",
                    options)
                .arrays.back()
                .verdict,
            Verdict::Atomic);
}

TEST(Verdicts, CompactStencilNeedsNoGuard) {
  LoopAnalysis analysis = analyze(R"(
    void f(int n, int offset, double wl, double wc, double wr, double *unew, const double *uold) {
      #pragma omp parallel for
      for (int i = 2 + offset; i < n - 1; i += 2) {
        unew[i] += wl * uold[i - 1];
        unew[i] += wc * uold[i];
        unew[i - 1] += wr * uold[i];
      }
    }
  )",
                                  [] {
                                    AnalysisOptions o;
                                    o.activity.active = {"unew", "uold"};
                                    return o;
                                  }());
  EXPECT_EQ(verdictOf(analysis, "uold").verdict, Verdict::Shared);
  EXPECT_EQ(verdictOf(analysis, "unew").verdict, Verdict::Shared);
  EXPECT_TRUE(verdictOf(analysis, "unew").adjointWrites.empty()) << "the adjoint only reads unew_b";
}

TEST(Verdicts, GatherStencilGuardsExactlyTheConflictingIncrements) {
  LoopAnalysis analysis = analyze(R"(
    void f(int n, double a, double b, double c, double *unew, double uold[n]) {
      #pragma omp parallel for
      for (int i = 1; i < n - 1; i++) unew[i] = a * uold[i - 1] + b * uold[i] + c * uold[i + 1];
    })",
                                  [] {
                                    AnalysisOptions o;
                                    o.activity.active = {"unew", "uold"};
                                    return o;
                                  }());
  const ArrayVerdict& uold = verdictOf(analysis, "uold");
  EXPECT_EQ(uold.verdict, Verdict::Reduction) << "read-only in the primal, extent declared";
  EXPECT_EQ(uold.extent, "(n)");
  EXPECT_EQ(uold.guardedReferences.size(), 3u);
  EXPECT_EQ(verdictOf(analysis, "unew").verdict, Verdict::Shared);
}

TEST(Verdicts, PerReferenceVerdicts) {
  // x[i] never meets another iteration's increments (they stay below n), x[n + i % 2] does.
  LoopAnalysis analysis = analyze(R"(
    void f(int n, double *x, double *y) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) y[i] = x[i] * x[n + i % 2];
    })");
  const ArrayVerdict& x = verdictOf(analysis, "x");
  ASSERT_EQ(x.adjointWrites.size(), 2u);
  ASSERT_EQ(x.guardedReferences.size(), 1u);
  EXPECT_EQ(x.guardedReferences[0], x.adjointWrites[1]);
  ASSERT_EQ(x.unproven.size(), 1u);
  LoopAnalysis separate = analyze(R"(
    void f(int n, const int *c, double *x, double *y, double *z) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) { y[i] = x[2 * i + 1]; z[c[i]] = x[2 * i]; }
    })");
  const ArrayVerdict& xs = verdictOf(separate, "x");
  EXPECT_TRUE(xs.proven) << "odd and even elements, different iterations: all disjoint";
}

TEST(Verdicts, KnowledgeFromTheSameBranchOnly) {
  // Green-Gauss: grad's increments inside `if (i != j)` give knowledge for dv's increments there.
  LoopAnalysis analysis = analyze(R"(
    void f(int lo, int hi, const int *e2n, const double *dv, const double *sij, double *grad) {
      #pragma omp parallel for
      for (int ie = lo; ie < hi; ie++) {
        int i = e2n[2 * ie];
        int j = e2n[2 * ie + 1];
        if (i != j) {
          double f = 0.5 * (dv[i] + dv[j]);
          grad[i] += f * sij[ie];
          grad[j] -= f * sij[ie];
        }
      }
    })");
  EXPECT_EQ(verdictOf(analysis, "dv").verdict, Verdict::Shared);
  EXPECT_EQ(verdictOf(analysis, "sij").verdict, Verdict::Shared);
  EXPECT_EQ(verdictOf(analysis, "grad").verdict, Verdict::Shared);
  // The same reads outside the branch have no knowledge to lean on.
  LoopAnalysis outside = analyze(R"(
    void f(int lo, int hi, const int *e2n, const double *dv, double *grad, double *out) {
      #pragma omp parallel for
      for (int ie = lo; ie < hi; ie++) {
        int i = e2n[2 * ie];
        int j = e2n[2 * ie + 1];
        out[ie] = dv[i];
        if (i != j) { grad[i] += 1.0; grad[j] -= 1.0; }
      }
    })");
  EXPECT_FALSE(verdictOf(outside, "dv").proven);
}

TEST(Verdicts, SiblingInnerLoopsEachBringTheirOwnBounds) {
  // Row r's two passes over its own row: pr[c] and pr[b] are in two inner loops, and only each
  // loop's bounds (0 <= c, b < cols) keep them inside row r. Asked with their common context alone,
  // Z3 put b' at -1 in row r' = r + 1 and guarded both.
  LoopAnalysis analysis = analyze(R"(
    void f(int rows, int cols, const double *z, double *p) {
      #pragma omp parallel for
      for (int r = 0; r < rows; r++) {
        double *pr = p + (long)r * cols;
        for (int c = 0; c < cols; c++) pr[c] = 2.0 * z[c];
        for (int b = 0; b < cols; b++) pr[b] *= 0.5;
      }
    })");
  const ArrayVerdict& p = verdictOf(analysis, "p");
  EXPECT_TRUE(p.proven);
  EXPECT_EQ(p.verdict, Verdict::Shared);
  // z[c] is read by every row: its adjoint increments do meet, and stay guarded.
  EXPECT_FALSE(verdictOf(analysis, "z").proven);
}

TEST(Verdicts, UnknownCallMakesEveryWrittenAdjointGuarded) {
  LoopAnalysis analysis = analyze(R"(
    void touch(double *);
    void f(int n, double *x, double *y) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) { y[i] = x[i]; touch(x); }
    })");
  const ArrayVerdict& x = verdictOf(analysis, "x");
  EXPECT_FALSE(x.proven);
  EXPECT_NE(x.unproven.back().reason.find("touch"), std::string::npos);
}

TEST(Verdicts, ScalarsFollowTheirSharing) {
  LoopAnalysis analysis = analyze(R"(
    void f(int n, double in, double s, double w, double *x, double *out) {
      #pragma omp parallel for firstprivate(in) reduction(+:s)
      for (int i = 0; i < n; i++) { out[i] = in * w; in = 0; s += x[i] * x[i]; }
    })");
  EXPECT_EQ(verdictOf(analysis, "in").verdict, Verdict::Reduction);
  EXPECT_EQ(verdictOf(analysis, "s").verdict, Verdict::FirstPrivate);
  EXPECT_EQ(verdictOf(analysis, "w").verdict, Verdict::Reduction) << "a shared scalar read by all iterations";
  EXPECT_EQ(verdictOf(analysis, "x").verdict, Verdict::Shared);
}

TEST(Verdicts, ARacingPrimalGivesNoKnowledgeToUse) {
  // k is private but always 3: "a[k] differs across iterations" contradicts k == 3 on both, so
  // the primal races on a[3] and nothing it implies may be trusted.
  LoopAnalysis analysis = analyze(R"(
    void f(int n, int m, double *a, double *b) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        int k = 3;
        a[k] = b[i];
        if (i < m) a[k + 1] = b[i];
      }
    })");
  ASSERT_FALSE(analysis.inconsistencies.empty());
  std::set<int> contexts;
  for (const Inconsistency& inconsistency : analysis.inconsistencies) {
    EXPECT_EQ(inconsistency.first, -1);
    contexts.insert(inconsistency.context);
  }
  EXPECT_TRUE(contexts.count(0)) << "the root context's own knowledge is contradictory";
  EXPECT_EQ(contexts.size(), 2u) << "and so is the branch's, which inherits it";
  const ArrayVerdict& b = verdictOf(analysis, "b");
  EXPECT_FALSE(b.proven) << "b_b[i] would be proven by the loop's arithmetic, but the primal is broken";
  EXPECT_FALSE(analysis.notes.empty());
}

TEST(Verdicts, StatisticsAreFilled) {
  LoopAnalysis analysis = analyze(R"(
    void f(int n, const int *c, double *x, double *y) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) y[c[i]] = x[c[i] + 7];
    })");
  EXPECT_GT(analysis.statistics.queries, 0u);
  EXPECT_GT(analysis.statistics.assertions, 0u);
  EXPECT_EQ(analysis.statistics.uniqueExpressions, 3u);  // [c[i]], [c[i] + 7], [i]
  EXPECT_EQ(analysis.statistics.linesOfCode, 1u);
  EXPECT_GE(analysis.statistics.totalMilliseconds, analysis.statistics.z3Milliseconds);
}

}  // namespace verdict_test
}  // namespace adrace::analyzer::testing
