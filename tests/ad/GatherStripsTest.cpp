// Unit tests of a one-dimensional gather's interior in strips (ad/GatherStrips.cpp): a body-local
// adjoint that the interior targets read at several shifted iterations, and whose recomputation costs
// more than a load, is computed once per iteration of a strip into a buffer that the strip's targets
// read; the targets near the ends still recompute it under their range tests. The gradients of the
// kernels it changes are checked by the corpus tests (tests/ad/kernels.txt: fir_equalizer,
// squared_filter, lsq_objective, helper_calls, region_phases).
#include "GeneratedAdjoint.h"

#include <regex>

namespace adrace::ad {
namespace gather_strips_test {

using testing::contains;

// A filter of taps -W..W whose output is scaled per channel: `scale` is the factor of acc in out[i].
std::string equaliser(const std::string& scale, const std::string& taps = "-W; k <= W") {
  return "#define W 2\n"
         "void filter(int n, const double *w, const double *gain, const double *in, double *out)\n"
         "{\n"
         "#pragma omp parallel for schedule(static)\n"
         "    for (int i = W; i < n - W; i++) {\n"
         "        double acc = 0.0;\n"
         "        for (int k = " +
         taps +
         "; k++)\n"
         "            acc += w[k + W] * in[i + k];\n"
         "        out[i] = " +
         scale +
         " * acc;\n"
         "    }\n"
         "}\n";
}

std::string generate(const std::string& source) {
  return testing::generatedAdjoint(source, "filter", {"w", "in", "out"}, Strategy::FormAD, {{"in", "n"}, {"out", "n"}});
}

TEST(GatherStrips, ACostlyAdjointIsComputedOncePerIterationOfTheStrip) {
  std::string code = generate(equaliser("gain[i % 4]"));
  EXPECT_TRUE(contains(code, "in_b: a gather over its targets")) << code;
  // the strips are the worksharing loop's iterations; the buffer holds the strip widened by the taps
  EXPECT_TRUE(contains(code,
                       "for (int adrace_strip = adrace_interior_begin; adrace_strip < adrace_interior_end; "
                       "adrace_strip += 1024) {"))
      << code;
  EXPECT_TRUE(contains(code, "int adrace_strip_first = adrace_strip - 2; /* the first iteration its targets read */"))
      << code;
  EXPECT_TRUE(contains(code,
                       "double acc_b_strip[1028]; /* acc_b at the strip's iterations: each target reads it "
                       "at 5 of them */"))
      << code;
  // filled over the primal loop's counter, as the backward iteration computes acc_b
  EXPECT_TRUE(contains(code, "for (int i = adrace_strip_first; i < adrace_strip_end + 2; i++) {")) << code;
  EXPECT_TRUE(contains(code, "acc_b_strip[i - adrace_strip_first] = gain[i % 4] * out_b[i];")) << code;
  // the strip's targets read the buffer at the shifted iteration j - k
  EXPECT_TRUE(contains(code, "double acc_b_at = acc_b_strip[j - k - adrace_strip_first];")) << code;
  EXPECT_TRUE(contains(code, "for (int j = adrace_strip; j < adrace_strip_end; j++) {")) << code;
  // the targets near the ends recompute it (their shifted iterations may lie outside the loop)
  EXPECT_TRUE(contains(code, "= gain[(j - k) % 4] * out_b[j - k];")) << code;
}

// Offsets 0..2 only: the strip reads the iterations j - 2 .. j.
TEST(GatherStrips, OneSidedTapsWidenTheBufferOnOneSide) {
  std::string code = generate(equaliser("gain[i % 4]", "0; k <= W"));
  EXPECT_TRUE(contains(code, "int adrace_strip_first = adrace_strip - 2;")) << code;
  EXPECT_TRUE(contains(code, "double acc_b_strip[1026];")) << code;
  EXPECT_TRUE(contains(code, "for (int i = adrace_strip_first; i < adrace_strip_end; i++) {")) << code;
}

// acc_b = out_b[i] (a load) or 2.0 * out_b[i] (a load and a multiply): a buffer would cost as
// much as it saves, so the targets read out_b themselves.
TEST(GatherStrips, AnAdjointThatCostsALoadIsRecomputed) {
  for (const std::string& scale : {std::string("1.0"), std::string("2.0")}) {
    std::string code = generate(equaliser(scale));
    EXPECT_TRUE(contains(code, "in_b: a gather over its targets")) << code;
    EXPECT_FALSE(contains(code, "adrace_strip")) << code;
    EXPECT_TRUE(std::regex_search(code, std::regex("acc_b_at = .*out_b\\[j - k\\];"))) << code;
  }
}

// Each target reads the adjoint at one iteration only: nothing to share.
TEST(GatherStrips, AnAdjointReadAtOneIterationIsRecomputed) {
  std::string code = testing::generatedAdjoint(
      "void scale(int n, const double *g, const double *u, double *v)\n"
      "{\n"
      "#pragma omp parallel for schedule(static)\n"
      "    for (int i = 1; i < n; i++) {\n"
      "        double d = u[i] * u[i];\n"
      "        v[i] = g[i % 3] * g[i % 5] * d + u[i - 1];\n"
      "    }\n"
      "}\n",
      "scale", {"u", "v"}, Strategy::FormAD, {{"u", "n"}, {"v", "n"}});
  EXPECT_TRUE(contains(code, "u_b: a gather over its targets")) << code;
  EXPECT_FALSE(contains(code, "adrace_strip")) << code;
  EXPECT_TRUE(contains(code, "g[j % 3] * g[j % 5]")) << code;
}

}  // namespace gather_strips_test
}  // namespace adrace::ad
