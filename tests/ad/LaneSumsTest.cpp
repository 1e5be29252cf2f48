// Unit tests of the lane sums (ad/LaneSums.h): a thread's local sums of a small adjoint array get a
// row per vector lane, and the thread's iterations run 8 at a time under `#pragma omp simd`, each
// lane adding into its own row; the rows are added to the sums, then the rest of the chunk runs as
// before. A dynamic schedule (no chunk of the thread's own) or sums of two dimensions keep the plain
// loop.
#include "GeneratedAdjoint.h"

#include <regex>

namespace adrace::ad {
namespace lane_sums_test {

using testing::contains;

// A filter of taps over -2 .. 2, its loop scheduled as given.
std::string filter(const std::string& schedule, const std::string& extra = "") {
  return "void filter(int n, const double w[5], const double *x, double *y)\n"
         "{\n"
         "#pragma omp parallel for " +
         schedule +
         "\n"
         "    for (int i = 2; i < n - 2; i++) {\n"
         "        double s = 0.0;\n"
         "        for (int k = -2; k <= 2; k++)\n"
         "            s += w[k + 2] * x[i + k];\n"
         "        y[i] = s;\n" +
         extra +
         "    }\n"
         "}\n";
}

TEST(LaneSums, TheTapsAreSummedPerLane) {
  std::string code = testing::generatedAdjoint(filter("schedule(static)"), "filter", {"w", "x", "y"});
  EXPECT_TRUE(contains(code, "double w_b_lanes[5][8] = {{0}};")) << code;
  EXPECT_TRUE(
      contains(code, "for (adrace_k = adrace_begin; adrace_k + 8 <= adrace_end; adrace_k += 8, i_strip += 8) {"))
      << code;
  EXPECT_TRUE(std::regex_search(
      code, std::regex("#pragma omp simd\\n\\s*for \\(int adrace_l = 0; adrace_l < 8; adrace_l\\+\\+\\) \\{")))
      << code;
  // lane l's counter: the strip's, an induction variable, plus l (affine: vector loads, not gathers)
  EXPECT_TRUE(contains(code, "int i_strip = (int)(2 + adrace_begin);")) << code;
  EXPECT_TRUE(contains(code, "int i = i_strip + adrace_l;")) << code;
  EXPECT_TRUE(contains(code, "w_b_lanes[k + 2][adrace_l] += s_b * x[i + k];")) << code;
  EXPECT_TRUE(contains(code, "w_b[adrace_e] += w_b_lanes[adrace_e][adrace_l];")) << code;
  // the rest of the chunk, from where the strips stopped, into the thread's sums as before
  EXPECT_TRUE(contains(code, "int i = (int)(2 + adrace_k);")) << code;
  EXPECT_TRUE(contains(code, "for (; adrace_k < adrace_end; adrace_k++, i++) {")) << code;
  EXPECT_TRUE(contains(code, "w_b[k + 2] += s_b * x[i + k];")) << code;
}

TEST(LaneSums, ADynamicScheduleKeepsOneLoop) {
  // the iterations are handed out at run time: no chunk of the thread's own to strip
  std::string code = testing::generatedAdjoint(filter("schedule(dynamic)"), "filter", {"w", "x", "y"});
  EXPECT_TRUE(contains(code, "double w_b[5] = {0};")) << code;
  EXPECT_FALSE(contains(code, "w_b_lanes")) << code;
  EXPECT_FALSE(contains(code, "omp simd")) << code;
}

TEST(LaneSums, TwoDimensionalSumsKeepOneLoop) {
  // a row per lane is written for one-dimensional sums only
  std::string source =
      "void filter(int n, const double w[2][3], const double *x, double *y)\n"
      "{\n"
      "#pragma omp parallel for schedule(static)\n"
      "    for (int i = 0; i < n; i++) {\n"
      "        double s = 0.0;\n"
      "        for (int a = 0; a < 2; a++)\n"
      "            for (int b = 0; b < 3; b++)\n"
      "                s += w[a][b] * x[i];\n"
      "        y[i] = s;\n"
      "    }\n"
      "}\n";
  std::string code = testing::generatedAdjoint(source, "filter", {"w", "x", "y"});
  EXPECT_TRUE(contains(code, "double w_b[2][3] = {0};")) << code;
  EXPECT_FALSE(contains(code, "w_b_lanes")) << code;
}

}  // namespace lane_sums_test
}  // namespace adrace::ad
