// Gathers of families of terms read with one subscript per counter of a nest, in[i + a][j + b]
// (GatherAnalysis.h, smt::proveNestedFamilyShift), and the reasons each that is not one stays guarded.
#include "ParseSnippet.h"
#include "LoopVerdicts.h"
#include "analyzer/verdicts/LoopAnalysis.h"

namespace adrace::analyzer::testing {
namespace nested_family_gather_test {

// A 3x3 filter over rows `double (*)[nx]`, its tap read through `TAP` (replaced by each test).
std::string filter(const std::string& tap) {
  return R"(
    #define R 1
    void blur(int ny, int nx, const double w[3][3], const double (*in)[nx], double (*out)[nx]) {
      int i, j, a, b;
    #pragma omp parallel for private(j, a, b)
      for (i = 2; i < ny - 2; i++)
        for (j = 2; j < nx - 2; j++) {
          double acc = 0.0;
          for (a = -R; a <= R; a++)
            for (b = -R; b <= R; b++)
              acc += w[a + R][b + R] * )" +
         tap + R"(;
          out[i][j] = acc;
        }
    })";
}

TEST(NestedFamilyGather, TapsWithASubscriptPerCounterAreAFamilyOverTheNest) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(filter("in[i + a][j + b - 1]")), activeArrays({"w", "in", "out"}));
  const ArrayVerdict& in = verdictOf(analysis, "in");
  ASSERT_TRUE(in.gather && in.gather->applies) << (in.gather ? in.gather->reason : "");
  EXPECT_FALSE(in.gather->linearised);
  ASSERT_EQ(in.gather->terms.size(), 1u);
  const GatherTerm& taps = in.gather->terms.front();
  EXPECT_EQ(taps.offsets, (std::vector<std::int64_t>{0, -1}));
  ASSERT_EQ(taps.inner.size(), 2u);
  EXPECT_EQ(taps.inner[0].counter, "a");
  EXPECT_EQ(taps.inner[0].dimension, 0u);
  EXPECT_EQ(taps.inner[1].counter, "b");
  EXPECT_EQ(taps.inner[1].dimension, 1u);
  EXPECT_NE(in.gather->reason.find("each inner counter shifting one subscript"), std::string::npos)
      << in.gather->reason;
}

TEST(NestedFamilyGather, TransposedTapsShiftTheOtherCounters) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(filter("in[i + b][j + a]")), activeArrays({"w", "in", "out"}));
  const ArrayVerdict& in = verdictOf(analysis, "in");
  ASSERT_TRUE(in.gather && in.gather->applies) << (in.gather ? in.gather->reason : "");
  const GatherTerm& taps = in.gather->terms.front();
  EXPECT_EQ(taps.inner[0].dimension, 1u);  // a shifts j
  EXPECT_EQ(taps.inner[1].dimension, 0u);  // b shifts i
}

TEST(NestedFamilyGather, TwoInnerCountersMayShiftOneSubscript) {
  // the point (i, j, a, b) still maps one-to-one onto (target, a, b): target (ti, tj) takes the
  // iteration (ti - a - b, tj)
  LoopAnalysis analysis = analyzeLoop(onlyLoop(filter("in[i + a + b][j]")), activeArrays({"w", "in", "out"}));
  const ArrayVerdict& in = verdictOf(analysis, "in");
  ASSERT_TRUE(in.gather && in.gather->applies) << (in.gather ? in.gather->reason : "");
  const GatherTerm& taps = in.gather->terms.front();
  EXPECT_EQ(taps.inner[0].dimension, 0u);
  EXPECT_EQ(taps.inner[1].dimension, 0u);
}

std::string refusalOf(const std::string& tap) {
  LoopAnalysis analysis = analyzeLoop(onlyLoop(filter(tap)), activeArrays({"w", "in", "out"}));
  const ArrayVerdict& in = verdictOf(analysis, "in");
  if (!in.gather) return "<not asked>";
  EXPECT_FALSE(in.gather->applies) << tap;
  return in.gather->reason;
}

TEST(NestedFamilyGather, TapsThatAreNotOneShiftPerSubscriptAreNoGather) {
  // an inner counter no subscript reads (its terms would each reach the same targets)
  EXPECT_NE(refusalOf("in[i + a][j]").find("no subscript reads the inner counter b"), std::string::npos);
  // an inner counter in both subscripts
  EXPECT_NE(refusalOf("in[i + a][j + a + b]").find("in a second subscript"), std::string::npos);
  // an inner counter with a coefficient of 2
  EXPECT_NE(refusalOf("in[i + a][j + 2 * b]").find("coefficient other than 1"), std::string::npos);
  // a subscript that is not its counter plus shifts
  EXPECT_NE(refusalOf("in[j + a][i + b]").find("is not i plus inner counters"), std::string::npos);
}

}  // namespace nested_family_gather_test
}  // namespace adrace::analyzer::testing
