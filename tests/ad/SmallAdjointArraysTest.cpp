// Unit tests of the small adjoint arrays (ad/SmallAdjointArrays.h): an adjoint array of known,
// small extent that a parallel loop's iterations all increment is summed in a thread-local array
// and added to the adjoint once, an atomic per element after the thread's iterations (no heap copy,
// no barrier); anything not proven small keeps the heap copies or atomics.
#include "GeneratedAdjoint.h"

#include <regex>

namespace adrace::ad {
namespace small_adjoint_arrays_test {

using testing::contains;

std::string generate(const std::string& source, const std::vector<std::string>& active,
                     Strategy strategy = Strategy::FormAD, std::map<std::string, std::string> extents = {},
                     analyzer::GuardPolicy guard = analyzer::GuardPolicy::Auto) {
  return testing::generatedAdjoint(source, "filter", active, strategy, std::move(extents), guard);
}

// Whether some increment of w_b is guarded by `omp atomic` (the pragma on the line before it).
bool atomicOnTaps(const std::string& code) {
  return std::regex_search(code, std::regex("#pragma omp atomic\\s*\\n\\s*w_b\\["));
}

// The body of a filter of taps over -2 .. 2, with the taps' declaration and their subscript as given.
std::string filter(const std::string& taps, const std::string& tap, const std::string& extra = "") {
  return "void filter(int n, " + taps +
         ", const double *x, double *y)\n"
         "{\n"
         "#pragma omp parallel for schedule(static)\n"
         "    for (int i = 2; i < n - 2; i++) {\n"
         "        double s = 0.0;\n"
         "        for (int k = -2; k <= 2; k++) {\n"
         "            s += " +
         tap + " * x[i + k];\n" + extra +
         "        }\n"
         "        y[i] = s;\n"
         "    }\n"
         "}\n";
}

TEST(SmallAdjointArrays, DeclaredConstantExtentIsSummedLocally) {
  std::string code = generate(filter("const double w[5]", "w[k + 2]"), {"w", "x", "y"});
  EXPECT_TRUE(contains(code, "double *w_b_total = w_b;")) << code;
  EXPECT_TRUE(contains(code, "double w_b[5] = {0};")) << code;
  EXPECT_TRUE(contains(code, "w_b[k + 2] += s_b * x[i + k];")) << code;
  EXPECT_TRUE(std::regex_search(code, std::regex("#pragma omp atomic\\s*\\n\\s*w_b_total\\[adrace_e\\] \\+= "
                                                 "w_b\\[adrace_e\\];")))
      << code;
  EXPECT_FALSE(atomicOnTaps(code)) << code;  // none in the iterations
  // no heap copies, and nothing to wait for before the region's end
  EXPECT_FALSE(contains(code, "adrace_reduction_copies")) << code;
  EXPECT_FALSE(contains(code, "#pragma omp barrier")) << code;
}

TEST(SmallAdjointArrays, ExtentFromTheInnerLoopBounds) {
  // A bare pointer, no --extent: its subscripts k + 2 span 0 .. 4, so 5 elements (and the per-thread
  // copies get that extent instead of a refusal or atomics).
  std::string code = generate(filter("const double *w", "w[k + 2]"), {"w", "x", "y"});
  EXPECT_TRUE(contains(code, "double w_b[5] = {0};")) << code;
  EXPECT_TRUE(contains(code, "for (long adrace_e = 0; adrace_e < 5; adrace_e++)")) << code;
  EXPECT_FALSE(atomicOnTaps(code)) << code;
  // The reduction strategy too, which otherwise needs --extent w=... for the copies.
  code =
      generate(filter("const double *w", "w[k + 2]"), {"w", "x", "y"}, Strategy::Reduction, {{"x", "n"}, {"y", "n"}});
  EXPECT_TRUE(contains(code, "double w_b[5] = {0};")) << code;
}

TEST(SmallAdjointArrays, CountingDownAndTimesAConstant) {
  std::string source =
      "void filter(int n, const double *w, const double *x, double *y)\n"
      "{\n"
      "#pragma omp parallel for\n"
      "    for (int i = 0; i < n; i++) {\n"
      "        int k;\n"
      "        double s = 0.0;\n"
      "        for (k = 3; k > 0; k--)\n"
      "            s += w[2 * k - 1] * x[i];\n"
      "        y[i] = s;\n"
      "    }\n"
      "}\n";
  std::string code = generate(source, {"w", "x", "y"});
  EXPECT_TRUE(contains(code, "double w_b[6] = {0};")) << code;  // 2k - 1 over k = 1 .. 3: 1 .. 5
}

TEST(SmallAdjointArrays, NegativeIndexIsNotSmall) {
  // w[k] over k = -2 .. 2 (a pointer into the middle of the taps): no count from 0, so no local array.
  std::string code = generate(filter("const double *w", "w[k]"), {"w", "x", "y"});
  EXPECT_FALSE(contains(code, "w_b_total")) << code;
  EXPECT_TRUE(atomicOnTaps(code)) << code;
}

TEST(SmallAdjointArrays, AUseThatIsNotASubscriptIsNotSmall) {
  std::string code = generate(filter("const double *w", "w[k + 2]", "            s += *w;\n"), {"w", "x", "y"});
  EXPECT_FALSE(contains(code, "w_b_total")) << code;
  EXPECT_TRUE(contains(code, "#pragma omp atomic")) << code;
}

TEST(SmallAdjointArrays, TheRangesOfTwoCountersAdd) {
  std::string code =
      generate(filter("const double *w", "w[k + 2]", "            for (int j = 0; j < 3; j++) s += w[k + 2 + j];\n"),
               {"w", "x", "y"});
  EXPECT_TRUE(contains(code, "double w_b[7] = {0};")) << code;  // k + 2 + j over 0 .. 4 + 2
}

TEST(SmallAdjointArrays, ABoundThatIsNotAConstantIsNotSmall) {
  std::string source =
      "void filter(int n, int taps, const double *w, const double *x, double *y)\n"
      "{\n"
      "#pragma omp parallel for\n"
      "    for (int i = 0; i < n; i++) {\n"
      "        double s = 0.0;\n"
      "        for (int k = 0; k < taps; k++)\n"
      "            s += w[k] * x[i];\n"
      "        y[i] = s;\n"
      "    }\n"
      "}\n";
  std::string code = generate(source, {"w", "x", "y"});
  EXPECT_FALSE(contains(code, "w_b_total")) << code;
}

TEST(SmallAdjointArrays, LargeDeclaredArrayKeepsTheHeapCopy) {
  std::string code = generate(filter("const double w[65]", "w[k + 2]"), {"w", "x", "y"});
  EXPECT_TRUE(contains(code,
                       "double *w_b = omp_get_thread_num() == 0 ? w_b_total : w_b_copies + "
                       "(size_t)(omp_get_thread_num() - 1) * w_b_stride;"))
      << code;
  EXPECT_FALSE(contains(code, "double w_b[65] = {0};")) << code;  // no local sums
}

TEST(SmallAdjointArrays, ASmallAndALargeArrayInOneLoop) {
  // v's 65 elements keep their heap copies, summed after a barrier; w's 5 go to w_b with atomics
  // before it, and take no slot of the copies' buffers.
  std::string code =
      generate(filter("const double w[5], const double v[65]", "w[k + 2] * v[k + 2]"), {"w", "v", "x", "y"});
  EXPECT_TRUE(contains(code, "double w_b[5] = {0};")) << code;
  EXPECT_TRUE(contains(code, "double *v_b_copies = adrace_reduction_copies(0, (adrace_threads - 1) * v_b_stride);"))
      << code;
  EXPECT_TRUE(contains(code, "w_b_total[adrace_e] += w_b[adrace_e];")) << code;
  EXPECT_TRUE(contains(code, "v_b[adrace_e] += v_b_copies[")) << code;
  EXPECT_LT(code.find("w_b_total[adrace_e] +="), code.find("#pragma omp barrier")) << code;
  EXPECT_FALSE(contains(code, "w_b_copies")) << code;
}

TEST(SmallAdjointArrays, TwoDimensionalDeclaredArrayIsSummedThroughItsElements) {
  std::string source =
      "void filter(int n, const double w[2][3], const double *x, double *y)\n"
      "{\n"
      "#pragma omp parallel for\n"
      "    for (int i = 0; i < n; i++) {\n"
      "        double s = 0.0;\n"
      "        for (int a = 0; a < 2; a++)\n"
      "            for (int b = 0; b < 3; b++)\n"
      "                s += w[a][b] * x[i];\n"
      "        y[i] = s;\n"
      "    }\n"
      "}\n";
  std::string code = generate(source, {"w", "x", "y"});
  EXPECT_TRUE(contains(code, "double w_b[2][3] = {0};")) << code;
  EXPECT_TRUE(contains(code, "double (*w_b_total)[3] = w_b;")) << code;
  EXPECT_TRUE(contains(code, "((double *)w_b_total)[adrace_e] += ((double *)w_b)[adrace_e];")) << code;
}

TEST(SmallAdjointArrays, GuardAtomicKeepsItsAtomics) {
  std::string code = generate(filter("const double *w", "w[k + 2]"), {"w", "x", "y"}, Strategy::FormAD, {},
                              analyzer::GuardPolicy::Atomic);
  EXPECT_FALSE(contains(code, "w_b_total")) << code;
  EXPECT_TRUE(atomicOnTaps(code)) << code;
}

}  // namespace small_adjoint_arrays_test
}  // namespace adrace::ad
