// Unit tests of the adjoint generator on control flow and data: branches, loops whose trip count is
// taped (while, break, early return), C89 loop counters, loop headers as the analyzer reads them,
// pointer locals, struct members, and the constructs it refuses with their location.
#include "GeneratedAdjoint.h"

#include <string>

namespace adrace::ad {
namespace adjoint_control_flow_test {

using testing::contains;
using testing::generate;
using testing::Generated;

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
  EXPECT_FALSE(contains(g.code, "adrace_pop_int()) {")) << g.code;                 // no flag: k survives the branch
  EXPECT_TRUE(contains(g.code, "int k = c[i];\n        if (k > 0) {")) << g.code;  // recomputed from c
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
    p++;
    y[0] = p[0];
}
)",
                               "f", {"x", "y"});
  EXPECT_TRUE(pointer.code.empty());
  EXPECT_TRUE(contains(pointer.error,
                       ":4:5: error: unsupported: local pointer 'p': pointer arithmetic on 'p' after its declaration"))
      << pointer.error;
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
  EXPECT_TRUE(contains(
      g.code, "if (skip[i]) {\n            y_b[i] = 0.0;\n        } else {\n            x_b[i] += 2.0 * y_b[i];"))
      << g.code;
}

TEST(AdjointGenerator, PointerLocalsAreArraysAtAnOffset) {
  Generated g = generate(R"(void f(int n, int m, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        const double *row = x + (long)i * m;
        double *dst = &y[i * m];
        for (int j = 0; j < m; j++)
            dst[j] = row[j] * row[j];
    }
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "double *row_b = x_b + (long)i * m;")) << g.code;
  EXPECT_TRUE(contains(g.code, "double *dst_b = &y_b[i * m];")) << g.code;
  // `for (int i ...)` keeps i steady: the analysis follows row into x and proves the rows apart
  EXPECT_TRUE(contains(g.code, "/* x_b: shared: proven race-free */")) << g.code;
  EXPECT_TRUE(contains(g.code, "                    row_b[j] += ")) << g.code;
  EXPECT_FALSE(contains(g.code, "at an offset: not proven")) << g.code;
}

TEST(AdjointGenerator, PointerLocalsThatChangeOrEscapeAreRefused) {
  auto refusal = [](const std::string& body) {
    return generate("void g(double *p);\nvoid f(int n, double *x, double *y)\n{\n" + body + "}\n", "f", {"x", "y"})
        .error;
  };
  EXPECT_TRUE(contains(refusal("    double *p = x + 1;\n    p += 2;\n    p[0] = 2.0 * p[1];\n"),
                       ":5:5: error: unsupported: local pointer 'p': pointer arithmetic on 'p' after its declaration"));
  EXPECT_TRUE(contains(refusal("    double *p = x;\n    p = y;\n    p[0] = 1.0;\n"),
                       "unsupported: local pointer 'p': pointer 'p' is assigned twice"));
  // A call to a function outside the file is refused before the pointer is looked at.
  EXPECT_TRUE(contains(refusal("    double *p = x + n;\n    g(p);\n"), ":5:5: error: unsupported: call to 'g'"));
  EXPECT_TRUE(contains(refusal("    double *p = n > 0 ? x : y;\n    p[0] = 1.0;\n"),
                       "unsupported: local pointer 'p': its initialiser is not one array at an integer offset"));
}

TEST(AdjointGenerator, UnsupportedControlAndOpenMP) {
  EXPECT_TRUE(contains(generate(R"(void f(int n, double *x)
{
    switch (n) { case 1: x[0] = 0.0; }
}
)",
                                "f", {"x"})
                           .error,
                       ":3:5: error: unsupported: a switch statement"));
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
                       ":5:9: error: unsupported: every thread of the parallel region writes 'x', which the "
                       "threads share"));
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
        if (x[i] > 1.0) return;
        x[i] = 2.0 * x[i];
    }
}
)",
                                "f", {"x"})
                           .error,
                       ":4:25: error: unsupported: return statement"));
  // A break that does not end a branch at the top level of the loop body (here: inside a nested if
  // whose own branch goes on) is refused rather than guessed.
  EXPECT_TRUE(contains(generate(R"(void f(int n, double *x)
{
    int i = 0;
    while (i < n) {
        if (x[i] > 0.0) {
            if (x[i] > 1.0) break;
            x[i] = 0.5 * x[i];
        }
        i++;
    }
}
)",
                                "f", {"x"})
                           .error,
                       ":6:29: error: unsupported: break (only in sequential loops"));
  EXPECT_TRUE(contains(generate(R"(struct v { double x; };
void f(struct v a, double *y)
{
    y[0] = a.x;
}
)",
                                "f", {"a", "y"})
                           .error,
                       "unsupported: --active a: a struct parameter passed by value"));
}

TEST(AdjointGenerator, WhileLoopTapesItsTripCount) {
  Generated g = generate(R"(void f(int n, const double *x, double *y)
{
    int i = 0;
    while (i < n) {
        if (x[i] > 10.0)
            break;
        y[0] = y[0] * x[i];
        i++;
    }
}
)",
                         "f", {"x", "y"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "while (!adrace_exit && i < n) {\n            adrace_iterations++;")) << g.code;
  EXPECT_TRUE(contains(g.code, "adrace_exit = 1;")) << g.code;
  EXPECT_TRUE(contains(g.code, "adrace_push_long(adrace_iterations);")) << g.code;
  EXPECT_TRUE(contains(
      g.code, "for (long adrace_iterations = adrace_pop_long(); adrace_iterations > 0; adrace_iterations--) {"))
      << g.code;
}

// A for loop that a break may leave: the forward sweep counts its iterations, the backward sweep
// runs that many from the counter's first value on (not the header's trip count).
TEST(AdjointGenerator, ForLoopWithBreakPopsItsTripCount) {
  Generated g = generate(R"(void f(int n, const int *stop, double *x)
{
    for (int i = 0; i < n; i++) {
        if (stop[i]) break;
        x[i] = x[i] * x[i];
    }
}
)",
                         "f", {"x"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "for (int i = 0; !adrace_exit && i < n; i++) {\n            adrace_iterations++;"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "long adrace_trip = adrace_pop_long();")) << g.code;
}

TEST(AdjointGenerator, EarlyReturnSkipsTheRestOfBothSweeps) {
  Generated g = generate(R"(void f(int n, const double *x, double *y)
{
    if (n <= 0)
        return;
    y[0] = x[0] * x[1];
}
)",
                         "f", {"x", "y"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "if (!(n <= 0)) {\n        x_b[0] += y_b[0] * x[1];")) << g.code;
}

TEST(AdjointGenerator, StructMembersHaveAdjointsOfTheSameStruct) {
  Generated g = generate(R"(struct particle { double x, v; int alive; };
void f(int n, double dt, struct particle *p)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        if (!p[i].alive)
            continue;
        p[i].x += dt * p[i].v;
    }
}
)",
                         "f", {"dt", "p"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "void f_b(int n, double dt, double *dt_b, struct particle *p, struct particle *p_b)"))
      << g.code;
  EXPECT_TRUE(contains(g.code,
                       "double adj = p_b[i].x;\n                        *dt_b += adj * p[i].v;\n"
                       "                        p_b[i].v += dt * adj;"))
      << g.code;
  EXPECT_FALSE(contains(g.code, "omp atomic")) << g.code;  // each iteration touches its own element
}

// C89 counters: declared before the loops and assigned in the for-init. Used
// only inside the loops that assign them, they are declared in each generated header instead.
TEST(AdjointGenerator, C89CountersAreDeclaredInTheGeneratedHeaders) {
  const char* source = R"(void rows(int n, int m, const double *a, double *b)
{
    int i, j;
#pragma omp parallel for private(j)
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            b[i] += a[i * m + j] * a[i * m + j];
}
)";
  Generated generated = generate(source, "rows", {"a", "b"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "int i = (int)adrace_begin;")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "for (int j = m - 1; j >= 0; j--)")) << generated.code;
  EXPECT_FALSE(contains(generated.code, "int j = 0;")) << generated.code;  // no region copy of private(j)
  EXPECT_FALSE(contains(generated.code, "int i, j")) << generated.code;
}

// A counter read after its loop keeps the loop's exit value, in both sweeps: the forward sweep runs
// the loop over the variable (saving what it overwrites), the backward sweep restores it after the
// loop's adjoint.
TEST(AdjointGenerator, C89CountersReadAfterTheLoopKeepTheExitValue) {
  const char* source = R"(void f(int n, const double *x, double *y)
{
    int i;
    for (i = 0; i < n; i++)
        y[i] = 2.0 * x[i];
    y[0] += x[i - 1] * x[i - 1];
}
)";
  Generated generated = generate(source, "f", {"x", "y"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "for (i = 0; i < n; i++)")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "x_b[i - 1] += ")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "for (int i = n - 1; i >= 0; i--)")) << generated.code;
}

// Loop headers are read by the analyzer (analyzer/frontend/LoopHeader.h): a sequential loop bounded
// twice (a blocked loop's last block) runs back from the smaller bound, and the steps the analyzer
// reads (`i = i - s`, `i = s + i`) are counted like `i -= s` and `i += s`.
TEST(AdjointGenerator, LoopHeadersAsTheAnalyzerReadsThem) {
  Generated blocked = generate(R"(#define BLOCK 8
void f(int n, int lo, const double *x, double *y)
{
    int j;
    for (j = lo; j < lo + BLOCK && j < n; j++)
        y[j] = x[j] * x[j];
}
)",
                               "f", {"x", "y"});
  ASSERT_EQ(blocked.error, "");
  EXPECT_TRUE(contains(blocked.code, "for (int j = ((lo + BLOCK) < n ? (lo + BLOCK) : n) - 1; j >= lo; j--)"))
      << blocked.code;
  Generated steps = generate(R"(void f(int n, const double *x, double *y)
{
    int i;
    for (i = n - 1; i >= 0; i = i - 2)
        y[i] = x[i] * x[i];
    for (i = 0; i < n; i = 3 + i)
        y[i] += x[i] * x[i];
}
)",
                             "f", {"x", "y"});
  ASSERT_EQ(steps.error, "");
  EXPECT_TRUE(contains(steps.code, "long adrace_trip = adrace_trip_count(n - 1, 0, -2, ADRACE_GE);")) << steps.code;
  EXPECT_TRUE(contains(steps.code, "long adrace_trip = adrace_trip_count(0, n, 3, ADRACE_LT);")) << steps.code;
  // `i < a || i < b` is no header the analyzer reads: refused at the loop, with the analyzer's reason.
  EXPECT_TRUE(contains(generate(R"(void f(int n, int m, const double *x, double *y)
{
    for (int i = 0; i < n || i < m; i++)
        y[i] = x[i];
}
)",
                                "f", {"x", "y"})
                           .error,
                       ":3:5: error: unsupported: loop condition is not a comparison of the counter with a bound (i < "
                       "n, or i < a && i < b)"));
}

TEST(AdjointGenerator, C89CountersTheAdjointCannotPlaceAreRefused) {
  const char* notLastprivate = R"(void f(int n, const double *x, double *y)
{
    int i;
#pragma omp parallel for
    for (i = 0; i < n; i++)
        y[i] = x[i] * x[i];
    y[0] += x[i - 1];
}
)";
  EXPECT_TRUE(
      contains(generate(notLastprivate, "f", {"x", "y"}).error,
               ":7:15: error: unsupported: counter 'i' of the parallel loop at line 4:1 used outside it: without "
               "lastprivate(i)"));
  const char* readAfterInner = R"(void f(int n, const double *x, double *y)
{
    int i, j;
#pragma omp parallel for private(j)
    for (i = 0; i < n; i++) {
        for (j = 0; j < 3; j++)
            y[i] += x[i] * x[i];
        y[i] *= x[j];
    }
}
)";
  EXPECT_TRUE(contains(generate(readAfterInner, "f", {"x", "y"}).error,
                       ":8:19: error: unsupported: loop counter 'j' used after its loop inside a parallel loop"));
  const char* dynamicLastprivate = R"(void f(int n, const double *x, double *y)
{
    int i;
#pragma omp parallel for lastprivate(i) schedule(dynamic)
    for (i = 0; i < n; i++)
        y[i] = x[i] * x[i];
    y[0] += x[i - 1] * x[i - 1];
}
)";
  EXPECT_TRUE(contains(generate(dynamicLastprivate, "f", {"x", "y"}).error,
                       ":4:1: error: unsupported: lastprivate counter 'i' with a dynamic schedule"));
  const char* sharedInner = R"(void f(int n, const double *x, double *y)
{
    int i, j;
#pragma omp parallel for
    for (i = 0; i < n; i++)
        for (j = 0; j < 4; j++)
            y[i] += x[i] * j;
}
)";
  EXPECT_TRUE(contains(generate(sharedInner, "f", {"x", "y"}).error,
                       ":4:1: error: unsupported: loop counter 'j' is shared by the threads of this parallel loop"));
  const char* parameter = R"(void f(int n, const double *x, double *y)
{
    for (n = 0; n < 4; n++)
        y[n] = x[n] * x[n];
}
)";
  EXPECT_TRUE(contains(generate(parameter, "f", {"x", "y"}).error,
                       ":3:10: error: unsupported: loop counter 'n' must be a local"));
}

}  // namespace adjoint_control_flow_test
}  // namespace adrace::ad
