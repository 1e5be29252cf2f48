// The clause model: explicit clauses, the enclosing region's clauses, C's implicit rules.
#include "ParseSnippet.h"

namespace adrace::analyzer::testing {
namespace data_sharing_test {

TEST(DataSharing, ExplicitClausesOnParallelFor) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, double *a, double *b, double t, double s, double l, double u) {
      int i;
      #pragma omp parallel for private(t) firstprivate(u) lastprivate(l) reduction(+:s) shared(a)
      for (i = 0; i < n; i++) { t = a[i]; a[i] = t + u; l = t; s += b[i]; }
    })");
  EXPECT_EQ(variable(loop, "i").sharing, Sharing::LoopCounter);
  EXPECT_EQ(variable(loop, "t").sharing, Sharing::Private);
  EXPECT_EQ(variable(loop, "u").sharing, Sharing::FirstPrivate);
  EXPECT_EQ(variable(loop, "l").sharing, Sharing::LastPrivate);
  EXPECT_EQ(variable(loop, "s").sharing, Sharing::Reduction);
  EXPECT_EQ(variable(loop, "s").reductionOperator, "+");
  EXPECT_EQ(variable(loop, "a").sharing, Sharing::Shared);
  EXPECT_EQ(variable(loop, "a").sharingReason, "clause shared(a)");
  EXPECT_EQ(variable(loop, "b").sharing, Sharing::Shared);
  EXPECT_EQ(variable(loop, "b").sharingReason, "implicit rule: shared");
}

TEST(DataSharing, ImplicitRules) {
  LoopModel loop = onlyLoop(R"(
    int g;
    #pragma omp threadprivate(g)
    void f(int n, double *a) {
      int j = 0;
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        double t = a[i];
        for (j = 0; j < 2; j++) t += g;
        a[i] = t;
      }
    })");
  EXPECT_EQ(variable(loop, "i").sharing, Sharing::LoopCounter);
  EXPECT_EQ(variable(loop, "t").sharing, Sharing::Private);
  EXPECT_EQ(variable(loop, "t").sharingReason, "declared in the loop body");
  EXPECT_EQ(variable(loop, "g").sharing, Sharing::ThreadPrivate);
  // C, unlike Fortran, does not privatise an inner sequential loop's counter.
  EXPECT_EQ(variable(loop, "j").sharing, Sharing::Shared);
  EXPECT_EQ(variable(loop, "n").sharing, Sharing::Shared);
}

TEST(DataSharing, WorksharingLoopInsideParallelRegion) {
  ParsedSnippet parsed = parseSnippet(R"(
    void f(int n, double *a, double *b, double w) {
      #pragma omp parallel firstprivate(w)
      {
        double scale = 2.0 * w;
        #pragma omp for schedule(dynamic, 4) nowait
        for (int i = 0; i < n; i++) a[i] = scale * b[i];
        #pragma omp for private(w)
        for (int i = 0; i < n; i++) { w = a[i]; b[i] = w; }
      }
    })");
  ASSERT_EQ(parsed.loops.size(), 2u);
  const LoopModel& first = parsed.loops[0];
  EXPECT_EQ(first.directive, Directive{Construct::For});
  EXPECT_EQ(first.schedule, Schedule::Dynamic);
  EXPECT_EQ(first.scheduleChunk, "4");
  EXPECT_TRUE(first.nowait);
  EXPECT_EQ(variable(first, "scale").sharing, Sharing::Private);
  EXPECT_EQ(variable(first, "scale").sharingReason, "declared in the enclosing parallel region");
  // The loop's own clause wins over the region's.
  EXPECT_EQ(variable(parsed.loops[1], "w").sharing, Sharing::Private);
}

TEST(DataSharing, LoopHeaderForms) {
  ParsedSnippet parsed = parseSnippet(R"(
    #define STEP 20
    void f(int n, double *a) {
      int i;
      #pragma omp parallel for
      for (i = n - 1; i >= 0; i--) a[i] = 0;
      #pragma omp parallel for
      for (i = 2; i < n; i += STEP) a[i] = 0;
      #pragma omp parallel for collapse(2)
      for (int r = 0; r < n; r++)
        for (int c = 0; c <= r; c = c + 2) a[r * n + c] = 0;
    })");
  ASSERT_EQ(parsed.loops.size(), 3u);
  const auto& down = parsed.loops[0].dimensions.at(0).domain;
  EXPECT_EQ(smt::toString(down.first), "n - 1");
  EXPECT_EQ(down.comparison, smt::Comparison::GreaterEqual);
  EXPECT_EQ(smt::toString(down.step), "-1");
  EXPECT_EQ(smt::toString(parsed.loops[1].dimensions.at(0).domain.step), "20");
  ASSERT_EQ(parsed.loops[2].dimensions.size(), 2u);
  EXPECT_EQ(parsed.loops[2].dimensions[1].domain.counter, "c");
  EXPECT_EQ(variable(parsed.loops[2], "c").sharing, Sharing::LoopCounter);
  EXPECT_EQ(smt::toString(parsed.loops[2].dimensions[1].domain.step), "2");
}

TEST(DataSharing, NonCanonicalLoopIsAnError) {
  ParsedSnippet parsed = parseSnippet(R"(
    void f(int n, double *a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) a[i] = 1;
      #pragma omp task
      { a[0] = 2; }
    })");
  ASSERT_EQ(parsed.diagnostics.size(), 1u);
  EXPECT_NE(parsed.diagnostics[0].message.find("unsupported OpenMP construct: task"), std::string::npos);
  EXPECT_EQ(parsed.diagnostics[0].at.line, 5u);
}

}  // namespace data_sharing_test
}  // namespace adrace::analyzer::testing
