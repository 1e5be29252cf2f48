// Unit tests of the invariant increments (ad/InvariantIncrements.h): increments of one adjoint
// element that every backward iteration of a sequential loop updates are summed in a local and added
// once after the loop; an element that changes with the iteration, several elements of one array, or
// a guarded increment stay as they are.
#include "GeneratedAdjoint.h"

namespace adrace::ad {
namespace invariant_increments_test {

using testing::contains;

// The nodal forces of an element loop, as in LULESH: out[8 * e + k] = s[e] * b[k] for the 8 nodes k.
std::string forces(const std::string& stress) {
  return "void forces(int n, const double *s, const double *b, double *out)\n"
         "{\n"
         "#pragma omp parallel for\n"
         "    for (int e = 0; e < n; e++)\n"
         "        for (int k = 0; k < 8; k++)\n"
         "            out[8 * e + k] = -(" +
         stress +
         " * b[k]);\n"
         "}\n";
}

TEST(InvariantIncrements, TheElementOfTheOuterIterationIsSummedLocally) {
  for (Strategy strategy : {Strategy::FormAD, Strategy::Serial}) {
    std::string code = testing::generatedAdjoint(forces("s[e]"), "forces", {"s", "out"}, strategy);
    EXPECT_TRUE(contains(code, "double s_b_sum = 0.0;\n")) << code;
    EXPECT_TRUE(contains(code, "s_b_sum -= out_b[8 * e + k] * b[k];")) << code;
    EXPECT_TRUE(contains(code, "s_b[e] += s_b_sum;")) << code;
    // declared before the loop over k, added after it
    EXPECT_LT(code.find("double s_b_sum"), code.find("for (int k")) << code;
    EXPECT_GT(code.find("s_b[e] += s_b_sum;"), code.find("s_b_sum -= ")) << code;
  }
}

TEST(InvariantIncrements, AnElementThatMovesWithTheCounterIsNot) {
  std::string code = testing::generatedAdjoint(forces("s[e + k]"), "forces", {"s", "out"}, Strategy::Serial);
  EXPECT_FALSE(contains(code, "_sum")) << code;
  EXPECT_TRUE(contains(code, "s_b[e + k] -= out_b[8 * e + k] * b[k];")) << code;
}

TEST(InvariantIncrements, TwoElementsOfOneArrayAreNot) {
  std::string code = testing::generatedAdjoint(forces("(s[e] + s[e + 1])"), "forces", {"s", "out"}, Strategy::Serial);
  EXPECT_FALSE(contains(code, "s_b_sum")) << code;
}

TEST(InvariantIncrements, AnIndexTheIterationWritesIsNot) {
  std::string source =
      "void forces(int n, const int *map, const double *s, double *out)\n"
      "{\n"
      "    for (int e = 0; e < n; e++)\n"
      "        for (int k = 0; k < 8; k++) {\n"
      "            int m = map[8 * e + k];\n"
      "            out[8 * e + k] = s[m] * s[m];\n"
      "        }\n"
      "}\n";
  std::string code = testing::generatedAdjoint(source, "forces", {"s", "out"}, Strategy::Serial);
  EXPECT_FALSE(contains(code, "s_b_sum")) << code;
}

TEST(InvariantIncrements, AnArrayAPointerLocalReachesIsNot) {
  // se aliases s at e: its adjoint se_b reaches the element s_b[e] that a sum would hold back.
  std::string source =
      "void forces(int n, const double *s, const double *b, double *out)\n"
      "{\n"
      "    for (int e = 0; e < n; e++) {\n"
      "        const double *se = s + e;\n"
      "        for (int k = 0; k < 8; k++)\n"
      "            out[8 * e + k] = s[e] * b[k] + se[0];\n"
      "    }\n"
      "}\n";
  std::string code = testing::generatedAdjoint(source, "forces", {"s", "out"}, Strategy::Serial);
  EXPECT_TRUE(contains(code, "s_b[e] += out_b[8 * e + k] * b[k];")) << code;
  EXPECT_FALSE(contains(code, "s_b_sum")) << code;
  EXPECT_FALSE(contains(code, "se_b_sum")) << code;
}

TEST(InvariantIncrements, GuardedIncrementsAreNot) {
  std::string code = testing::generatedAdjoint(forces("s[e]"), "forces", {"s", "out"}, Strategy::Atomic);
  EXPECT_FALSE(contains(code, "s_b_sum")) << code;
  EXPECT_TRUE(contains(code, "#pragma omp atomic")) << code;
}

}  // namespace invariant_increments_test
}  // namespace adrace::ad
