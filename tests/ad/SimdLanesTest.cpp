// Unit tests of the simd lanes (ad/SimdLanes.h): the backward loop of the innermost loop of a
// parallel loop's perfect nest, and a gather's interior loop over its targets, get `#pragma omp simd`
// when every lane writes its own elements
// (one injective index per written array, locals of its own); a second element of a written array,
// a sum every lane adds to, an atomic, or a loop that is not the nest's innermost keep the plain loop.
#include "GeneratedAdjoint.h"

namespace adrace::ad {
namespace simd_lanes_test {

using testing::contains;

// One row sweep per j: the parallel loop over rows, the inner loop over the points of a row.
std::string rows(const std::string& body) {
  return "void rows(int ny, int nx, const double *c, const double *u, double *out, const double *s)\n"
         "{\n"
         "#pragma omp parallel for\n"
         "    for (int j = 1; j < ny - 1; j++)\n"
         "        for (int i = 1; i < nx - 1; i++) {\n"
         "            long p = (long)j * nx + i;\n" +
         body +
         "        }\n"
         "}\n";
}

// Whether `#pragma omp simd` governs a loop whose header begins with `header`.
bool simdOver(const std::string& code, const std::string& header) {
  for (size_t pragma = code.find("#pragma omp simd\n"); pragma != std::string::npos;
       pragma = code.find("#pragma omp simd\n", pragma + 1)) {
    size_t loop = code.find_first_not_of(' ', pragma + 17);
    if (code.compare(loop, header.size(), header) == 0) return true;
  }
  return false;
}
bool simdOverI(const std::string& code) { return simdOver(code, "for (int i = (nx - 1) - 1; i >= 1; i--)"); }

TEST(SimdLanes, EveryLaneWritesItsOwnElements) {
  std::string code = testing::generatedAdjoint(
      rows("            out[p] = c[p] * (u[(long)(j - 1) * nx + i] - 2.0 * u[p] + u[(long)(j + 1) * nx + i]);\n"),
      "rows", {"c", "u", "out"});
  // u_b is a gather (rows j - 1 and j + 1 belong to other iterations); the backward iterations write
  // c_b[p] and out_b[p], p = (long)j * nx + i
  EXPECT_TRUE(contains(code, "u_b: a gather")) << code;
  EXPECT_TRUE(simdOverI(code)) << code;
  EXPECT_TRUE(contains(code, "c_b[p] += out_b[p] * ")) << code;
  // the gather's interior rows: no term needs a guard, each lane stores u_b of its own target
  EXPECT_TRUE(simdOver(code, "for (int ti = 1; ti < nx - 1; ti++) {\n" + std::string(24, ' ') + "long p_at = "))
      << code;
  size_t pragmas = 0;
  for (size_t at = code.find("omp simd"); at != std::string::npos; at = code.find("omp simd", at + 1)) ++pragmas;
  EXPECT_EQ(pragmas, 2u) << code;  // the boundary rows' loop guards its terms
}

TEST(SimdLanes, TwoElementsOfOneWrittenArrayAreNot) {
  // within a row, u_b is shared (proven) and each lane increments u_b[p - 1], u_b[p] and u_b[p + 1]:
  // its neighbours' elements
  std::string code = testing::generatedAdjoint(
      rows("            out[p] = c[p] * (u[p - 1] - 2.0 * u[p] + u[p + 1]);\n"), "rows", {"c", "u", "out"});
  EXPECT_TRUE(contains(code, "u_b[p + 1] += c[p] * out_b[p];")) << code;
  EXPECT_FALSE(contains(code, "omp simd")) << code;
}

TEST(SimdLanes, ASumEveryLaneAddsToIsNot) {
  // s[j] is the same element in every lane: its increments go to one local sum (InvariantIncrements.h)
  std::string code = testing::generatedAdjoint(rows("            out[p] = s[j] * u[p];\n"), "rows", {"s", "u", "out"});
  EXPECT_TRUE(contains(code, "s_b_sum")) << code;
  EXPECT_FALSE(contains(code, "omp simd")) << code;
}

TEST(SimdLanes, AtomicIncrementsAreNot) {
  std::string code = testing::generatedAdjoint(rows("            out[p] = c[p] * u[p];\n"), "rows", {"c", "u", "out"},
                                               Strategy::Atomic);
  EXPECT_TRUE(contains(code, "omp atomic")) << code;
  EXPECT_FALSE(contains(code, "omp simd")) << code;
}

TEST(SimdLanes, ALoopBesideOtherStatementsIsNot) {
  // the loop over r is not a loop of the perfect nest: the iteration over i holds more than it
  std::string source =
      "void taps(int n, const double *w, const double *x, double *y)\n"
      "{\n"
      "#pragma omp parallel for\n"
      "    for (int i = 3; i < n - 3; i++) {\n"
      "        double acc = 0.0;\n"
      "        for (int r = 0; r < 7; r++)\n"
      "            acc += w[r] * x[i + r - 3];\n"
      "        y[i] = acc;\n"
      "    }\n"
      "}\n";
  std::string code = testing::generatedAdjoint(source, "taps", {"w", "x", "y"}, Strategy::FormAD, {{"w", "7"}});
  EXPECT_FALSE(simdOver(code, "for (int r")) << code;
  EXPECT_FALSE(simdOver(code, "for (adrace_k")) << code;
  // the one pragma is that of the taps' sums in lanes (LaneSums.h), over strips of the thread's chunk
  size_t pragmas = 0;
  for (size_t at = code.find("omp simd"); at != std::string::npos; at = code.find("omp simd", at + 1)) ++pragmas;
  EXPECT_EQ(pragmas, 1u) << code;
  EXPECT_TRUE(simdOver(code, "for (int adrace_l = 0;")) << code;
}

}  // namespace simd_lanes_test
}  // namespace adrace::ad
