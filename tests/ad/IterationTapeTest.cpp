// Unit tests of the per-iteration tape (ad/IterationTape.h): a body-local scalar that a gather's term
// reads at a shifted iteration is stored at its iteration's own slot when the schedule is static and
// the stored value is provably the one the backward iteration reads; elsewhere the gather refuses
// and the increments keep their guards.
#include "GeneratedAdjoint.h"

#include <regex>

namespace adrace::ad {
namespace iteration_tape_test {

using testing::contains;

// A filter whose output squares the filtered sum; `schedule` is the loop's clause, `tail` what the
// body does with s after the inner loop.
std::string squaredFilter(const std::string& schedule, const std::string& tail = "        out[i] = s * s;\n") {
  return "#define W 2\n"
         "void filter(int n, const double *w, const double *in, double *out)\n"
         "{\n"
         "#pragma omp parallel for " +
         schedule +
         "\n"
         "    for (int i = W; i < n - W; i++) {\n"
         "        double s = 0.0;\n"
         "        for (int k = -W; k <= W; k++)\n"
         "            s += w[k + W] * in[i + k];\n" +
         tail +
         "    }\n"
         "}\n";
}

std::string generate(const std::string& source) {
  return testing::generatedAdjoint(source, "filter", {"w", "in", "out"}, Strategy::FormAD, {{"in", "n"}});
}

// Whether some increment of in_b is guarded by `omp atomic` (the pragma on the line before it).
bool atomicOnInput(const std::string& code) {
  return std::regex_search(code, std::regex("#pragma omp atomic\\s*\\n\\s*in_b\\["));
}

TEST(IterationTape, StaticScheduleTapesTheSumAndGathersTheInput) {
  std::string code = generate(squaredFilter("schedule(static)"));
  EXPECT_TRUE(contains(code, "double *s_tape = adrace_iteration_tape(0, (size_t)adrace_trip);")) << code;
  // filled by a worksharing loop (its barrier orders it before the gather), one slot per iteration
  EXPECT_TRUE(contains(code, "for (long adrace_k = 0; adrace_k < adrace_trip; adrace_k++) {")) << code;
  EXPECT_TRUE(contains(code, "s_tape[adrace_k] = s;")) << code;
  // the gather reads s at the shifted iteration j - k, whose slot is (j - k) - W
  EXPECT_TRUE(std::regex_search(code, std::regex("s_tape\\[j - k - W\\]"))) << code;
  EXPECT_TRUE(contains(code, "in_b: a gather over its targets")) << code;
  EXPECT_FALSE(atomicOnInput(code)) << code;
  // the backward iterations read s from their slots instead of running the inner loop again
  EXPECT_TRUE(contains(code, "double s = s_tape[adrace_k];")) << code;
  EXPECT_EQ(code.find("forward sweep, recomputed"), std::string::npos) << code;
}

// The backward iterations need e = exp(s) as well, which they compute (a call is not recomputed in
// their adjoint statements) and the tape does not hold: they keep their recomputed forward sweep,
// while the gather reads s from the tape and recomputes e at the shifted iteration.
TEST(IterationTape, BackwardIterationsThatNeedMoreKeepTheirForwardSweep) {
  std::string code = generate("#include <math.h>\n" + squaredFilter("schedule(static)",
                                                                    "        double e = exp(s);\n"
                                                                    "        out[i] = e * e;\n"));
  EXPECT_TRUE(contains(code, "s_tape[adrace_k] = s;")) << code;
  EXPECT_TRUE(contains(code, "double e_at = exp(s_tape[j - k - W]);")) << code;
  EXPECT_FALSE(contains(code, "double s = s_tape[adrace_k];")) << code;
  EXPECT_TRUE(contains(code, "forward sweep, recomputed")) << code;
  EXPECT_FALSE(atomicOnInput(code)) << code;
}

TEST(IterationTape, DefaultScheduleIsStaticToo) {
  std::string code = generate(squaredFilter(""));
  EXPECT_TRUE(contains(code, "s_tape[adrace_k] = s;")) << code;
  EXPECT_FALSE(atomicOnInput(code)) << code;
}

TEST(IterationTape, DynamicScheduleKeepsTheAtomics) {
  std::string code = generate(squaredFilter("schedule(dynamic)"));
  EXPECT_FALSE(contains(code, "s_tape")) << code;
  EXPECT_TRUE(contains(code, "which a shifted iteration does not have")) << code;
  EXPECT_TRUE(atomicOnInput(code)) << code;
}

// The backward sweep of `t = s * s` reads s before `s = 2.0 * s` overwrites it: that kill saves s,
// so no single value per iteration is the one every adjoint statement reads.
TEST(IterationTape, ScalarWhoseOverwrittenValueIsSavedIsNotTaped) {
  std::string code = generate(squaredFilter("schedule(static)",
                                            "        double t = s * s;\n"
                                            "        s = 2.0 * s;\n"
                                            "        out[i] = t + s * s;\n"));
  EXPECT_FALSE(contains(code, "s_tape")) << code;
  EXPECT_TRUE(contains(code, "adrace_push_double(s);")) << code;
  EXPECT_FALSE(contains(code, "in_b: a gather")) << code;
  EXPECT_TRUE(contains(code, "in_b: per-thread copies (reduction)")) << code;  // --guard auto: in's extent is known
}

}  // namespace iteration_tape_test
}  // namespace adrace::ad
