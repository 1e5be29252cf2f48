// Unit tests of the adjoint generator: the supported subset, the derivative rules, save-on-kill,
// the parallel-loop shapes per strategy, and "unsupported" diagnostics instead of wrong code.
#include "ad/AdjointGenerator.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace adrace::ad {
namespace {

struct Generated {
  std::string code;
  std::string error;  // first diagnostic, formatted
};

Generated generate(const std::string& source, const std::string& function, const std::vector<std::string>& active,
                   Strategy strategy = Strategy::FormAD, std::map<std::string, std::string> extents = {}) {
  static int counter = 0;
  std::string path = ::testing::TempDir() + "adrace_ad_test_" + std::to_string(counter++) + ".c";
  std::ofstream(path) << source;
  AdjointRequest request;
  request.settings.files = {path};
  request.settings.compilerArguments = {"-std=c99"};
  request.function = function;
  request.active = active;
  request.strategy = strategy;
  request.extents = std::move(extents);
  AdjointResult result = generateAdjoint(request);
  Generated generated{result.code, ""};
  if (!result.diagnostics.empty()) generated.error = analyzer::formatDiagnostic(result.diagnostics.front());
  return generated;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const char* kGather = R"(void gather(int n, double a, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
        y[i] = a * x[i - 1] + x[i + 1];
}
)";

TEST(AdjointGenerator, StrategyNames) {
  EXPECT_EQ(parseStrategy("formad"), Strategy::FormAD);
  EXPECT_EQ(parseStrategy("atomic"), Strategy::Atomic);
  EXPECT_EQ(parseStrategy("reduction"), Strategy::Reduction);
  EXPECT_EQ(parseStrategy("serial"), Strategy::Serial);
  EXPECT_FALSE(parseStrategy("fast").has_value());
}

TEST(AdjointGenerator, TapenadeCallingConvention) {
  Generated g = generate(kGather, "gather", {"a", "x", "y"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "void gather_b(int n, double a, double *a_b, const double *x, double *x_b, double *y, double *y_b)"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "#include \"adrace/runtime.h\""));
}

TEST(AdjointGenerator, LinearStatementsNeedNoForwardSweep) {
  Generated g = generate(kGather, "gather", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "forward sweep")) << g.code;
  EXPECT_FALSE(contains(g.code, "adrace_push")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[i - 1] += a * y_b[i];")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[i + 1] += y_b[i];")) << g.code;
  EXPECT_TRUE(contains(g.code, "y_b[i] = 0.0;")) << g.code;
}

TEST(AdjointGenerator, FormadGuardsExactlyTheUnprovenIncrements) {
  Generated g = generate(kGather, "gather", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  // x_b increments are guarded, with the unproven pair named; the reset of y_b is plain.
  EXPECT_TRUE(contains(g.code, "/* x_b[i - 1] vs x_b[i' + 1]: not proven */\n")) << g.code;
  EXPECT_TRUE(contains(g.code, "#pragma omp atomic\n                x_b[i - 1] += a * y_b[i];")) << g.code;
  EXPECT_FALSE(contains(g.code, "#pragma omp atomic\n                y_b[i] = 0.0;")) << g.code;
  EXPECT_TRUE(contains(g.code, "adrace_static_chunk_here"));
  EXPECT_TRUE(contains(g.code, "for (adrace_k = adrace_end - 1; adrace_k >= adrace_begin; adrace_k--)"));
}

TEST(AdjointGenerator, ReductionStrategyUsesHeapCopies) {
  Generated g = generate(kGather, "gather", {"x", "y"}, Strategy::Reduction, {{"x", "n"}});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "double *x_b_copies = (double *)adrace_zeroed(adrace_threads * (size_t)(n), sizeof(double));"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "free(x_b_copies);"));
  EXPECT_FALSE(contains(g.code, "omp atomic"));
}

TEST(AdjointGenerator, ReductionWithoutExtentIsAnError) {
  Generated g = generate(kGather, "gather", {"x", "y"}, Strategy::Reduction);
  EXPECT_TRUE(g.code.empty());
  EXPECT_TRUE(contains(g.error, "--extent x=EXPR")) << g.error;
}

TEST(AdjointGenerator, SerialStrategyHasNoOpenMP) {
  Generated g = generate(kGather, "gather", {"x", "y"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "#pragma omp")) << g.code;
  EXPECT_TRUE(contains(g.code, "for (int i = (n - 1) - 1; i >= 1; i--)")) << g.code;
}

TEST(AdjointGenerator, NonlinearStatementsSaveOnKill) {
  Generated g = generate(R"(#include <math.h>
void f(int n, double *x)
{
    for (int i = 0; i < n; i++)
        x[i] = sin(x[i]) * x[i];
}
)",
                         "f", {"x"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "adrace_push_double(x[i]);")) << g.code;
  EXPECT_TRUE(contains(g.code, "x[i] = adrace_pop_double();")) << g.code;
  EXPECT_TRUE(contains(g.code, "double adj = x_b[i];")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[i] += (adj * x[i]) * cos(x[i]);")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[i] += sin(x[i]) * adj;")) << g.code;
}

TEST(AdjointGenerator, CallRules) {
  Generated g = generate(R"(#include <math.h>
void g(double *x, double *y)
{
    y[0] = exp(x[0]) + log(x[1]) + sqrt(x[2]) + pow(x[3], 3.0) + fabs(x[4]) + fmax(x[5], x[6]) + tanh(x[7]);
}
)",
                         "g", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "x_b[0] += y_b[0] * exp(x[0]);")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[1] += y_b[0] / x[1];")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[2] += y_b[0] / (2.0 * sqrt(x[2]));")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[3] += y_b[0] * 3.0 * pow(x[3], 3.0 - 1.0);")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[4] += (x[4] >= 0.0 ? y_b[0] : -y_b[0]);")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[5] += (x[5] >= x[6] ? y_b[0] : 0.0);")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[7] += y_b[0] * (1.0 - tanh(x[7]) * tanh(x[7]));")) << g.code;
}

TEST(AdjointGenerator, BranchesReusedWhenTheConditionSurvives) {
  Generated g = generate(R"(void h(int n, const int *c, double *x, double *y)
{
    for (int i = 0; i < n; i++) {
        int k = c[i];
        if (k > 0)
            y[i] = x[k] * x[k];
    }
}
)",
                         "h", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "adrace_pop_int()) {")) << g.code;  // no flag: k survives the branch
  EXPECT_TRUE(contains(g.code, "int k = adrace_pop_int();")) << g.code;
  EXPECT_TRUE(contains(g.code, "if (k > 0) {")) << g.code;
}

TEST(AdjointGenerator, UnsupportedCallExitsWithLocation) {
  Generated g = generate(R"(double mystery(double);
void f(int n, double *x)
{
    for (int i = 0; i < n; i++)
        x[i] = mystery(x[i]);
}
)",
                         "f", {"x"});
  EXPECT_TRUE(g.code.empty());
  EXPECT_TRUE(contains(g.error, ":5:16: error: unsupported: call to 'mystery'")) << g.error;
}

TEST(AdjointGenerator, UnsupportedGotoAndPointers) {
  Generated jump = generate(R"(void f(double *x)
{
    goto end;
    x[0] = 1.0;
end:
    ;
}
)",
                            "f", {"x"});
  EXPECT_TRUE(jump.code.empty());
  EXPECT_TRUE(contains(jump.error, ":3:5: error: unsupported: goto")) << jump.error;

  Generated pointer = generate(R"(void f(double *x, double *y)
{
    double *p = x + 1;
    y[0] = p[0];
}
)",
                               "f", {"x", "y"});
  EXPECT_TRUE(pointer.code.empty());
  EXPECT_TRUE(contains(pointer.error, "unsupported: local pointer or variable-length array 'p'")) << pointer.error;
}

TEST(AdjointGenerator, ContinueAtTheEndOfABranchBecomesAnElse) {
  Generated g = generate(R"(void f(int n, const int *skip, const double *x, double *y)
{
    for (int i = 0; i < n; i++) {
        if (skip[i]) {
            y[i] = 0.0;
            continue;
        }
        y[i] = 2.0 * x[i];
    }
}
)",
                         "f", {"x", "y"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "if (skip[i]) {\n            y_b[i] = 0.0;\n        } else {\n            x_b[i] += 2.0 * y_b[i];"))
      << g.code;
}

TEST(AdjointGenerator, UnsupportedControlAndOpenMP) {
  EXPECT_TRUE(contains(generate(R"(void f(int n, double *x)
{
    int i = 0;
    while (i < n) { x[i] = 0.0; i++; }
}
)",
                                "f", {"x"})
                           .error,
                       ":4:5: error: unsupported: statement of kind WhileStmt"));
  EXPECT_TRUE(contains(generate(R"(void f(int n, double *x)
{
    double v = 0.0;
#pragma omp parallel for lastprivate(v) schedule(dynamic)
    for (int i = 0; i < n; i++)
        v = x[i];
    x[0] = v;
}
)",
                                "f", {"x"})
                           .error,
                       "unsupported: lastprivate variable 'v' with a dynamic schedule"));
  EXPECT_TRUE(contains(generate(R"(void f(int n, double *x)
{
#pragma omp parallel
    {
        x[0] = 1.0;
#pragma omp for
        for (int i = 0; i < n; i++)
            x[i] = 2.0 * x[i];
    }
}
)",
                                "f", {"x"})
                           .error,
                       "unsupported: statement in an omp parallel region outside its omp for loops"));
  EXPECT_TRUE(contains(generate(R"(void f(int n, double *x)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp parallel for
        for (int j = 0; j < n; j++)
            x[j] = 2.0 * x[j];
    }
}
)",
                                "f", {"x"})
                           .error,
                       ":5:1: error: unsupported: nested parallel region"));
  EXPECT_TRUE(contains(generate(R"(void f(int n, double *x)
{
    for (int i = 0; i < n; i++) {
        if (x[i] > 1.0) break;
        x[i] = 2.0 * x[i];
    }
}
)",
                                "f", {"x"})
                           .error,
                       "unsupported: break or continue"));
}

TEST(AdjointGenerator, FirstprivateNeedsTheBlockSchedule) {
  const char* source = R"(void f(int n, double *out, double in)
{
#pragma omp parallel for firstprivate(in) schedule(static, 4)
    for (int i = 0; i < n; i++) {
        out[i] = in;
        in = 0.0;
    }
}
)";
  EXPECT_TRUE(contains(generate(source, "f", {"out", "in"}).error, "firstprivate variable 'in' written in a loop with schedule(static, chunk)"));
}

TEST(AdjointGenerator, UnknownFunctionOrParameter) {
  EXPECT_TRUE(contains(generate(kGather, "nothere", {"x"}).error, "no function 'nothere'"));
  EXPECT_TRUE(contains(generate(kGather, "gather", {"z"}).error, "--active z: no such parameter"));
  EXPECT_TRUE(contains(generate(kGather, "gather", {"n"}).error, "--active n: not a floating-point parameter"));
}

}  // namespace
}  // namespace adrace::ad
