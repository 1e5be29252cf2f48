// Unit tests of the adjoint generator's tape: save-on-kill (what a statement overwrites is pushed
// before and popped after its adjoint), values recomputed instead of taped, and increments of one
// adjoint element joined.
#include "GeneratedAdjoint.h"

#include <string>

namespace adrace::ad {
namespace adjoint_tape_test {

using testing::contains;
using testing::generate;
using testing::Generated;

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
  // both factors' partials, accumulated in one increment
  EXPECT_TRUE(contains(g.code, "x_b[i] += adj * x[i] * cos(x[i]) + sin(x[i]) * adj;")) << g.code;
}

TEST(AdjointGenerator, RecomputesValuesOfUnchangingInputs) {
  // a and b come from the never-written index array e, m from the never-written v: the backward
  // sweep evaluates them again (in declaration order) instead of taping them.
  Generated g = generate(R"(void f(int n, const int *e, const double *v, double *g)
{
#pragma omp parallel for
    for (int k = 0; k < n; k++) {
        int a = e[2 * k];
        int b = e[2 * k + 1];
        double m = v[a] * v[b];
        g[k] = m * m;
    }
}
)",
                         "f", {"v", "g"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "forward sweep")) << g.code;
  EXPECT_FALSE(contains(g.code, "adrace_push")) << g.code;
  EXPECT_FALSE(contains(g.code, "adrace_pop")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "int a = e[2 * k];\n                int b = e[2 * k + 1];\n"
                       "                double m = v[a] * v[b];\n                double m_b = 0.0;"))
      << g.code;
}

TEST(AdjointGenerator, TapesValuesThatChangeOrCostACall) {
  // t reads x, which the loop overwrites; s calls exp; r reads t: all three are taped.
  Generated g = generate(R"(#include <math.h>
void f(int n, const double *u, double *x)
{
    for (int i = 0; i < n; i++) {
        double t = x[i];
        double s = exp(u[i]);
        double r = 2.0 * t;
        x[i] = t * s * r;
    }
}
)",
                         "f", {"u", "x"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "adrace_push_double(t);")) << g.code;
  EXPECT_TRUE(contains(g.code, "adrace_push_double(s);")) << g.code;
  EXPECT_TRUE(contains(g.code, "adrace_push_double(r);")) << g.code;
  EXPECT_TRUE(contains(g.code, "double t = adrace_pop_double();")) << g.code;
  std::string backward = g.code.substr(g.code.find("backward sweep"));
  EXPECT_FALSE(contains(backward, "s = exp(u[i]);")) << g.code;
}

TEST(AdjointGenerator, LocalsAssignedAfterTheirDeclarationAreTaped) {
  // t's initializer reads only x, but t is divided afterwards (inside an OpenMP loop): its value at
  // the end of the body is not its initializer's, so it is pushed and popped. (The loop reads y,
  // which it writes, so its iterations are not recomputed either.) Its value before the division is
  // not saved: dividing by a passive 2.0, the adjoint reads only t_b.
  Generated g = generate(R"(void f(int n, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double t = x[i];
        t /= 2.0;
        y[i] = t * y[i];
    }
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "t /= 2.0;\n                adrace_push_double(y[i]);")) << g.code;  // not its old value
  EXPECT_TRUE(contains(g.code, "y[i] = t * y[i];\n                adrace_push_double(t);")) << g.code;  // its last
  std::string backward = g.code.substr(g.code.find("backward sweep"));
  EXPECT_TRUE(contains(backward, "double t = adrace_pop_double();")) << g.code;
  EXPECT_FALSE(contains(backward, "double t = x[i];")) << g.code;
}

TEST(AdjointGenerator, RecomputesIterationsThatReadOnlyUnchangingValues) {
  // The body reads only c, x (never written) and its own local array a: each backward iteration
  // first recomputes its forward sweep, so there is no forward sweep over the whole loop, and what
  // the iteration pushes (a's old value where a[1] is written: that statement's adjoint reads a) it
  // pops before the next iteration. a[0]'s first write saves nothing: no earlier statement reads a.
  Generated g = generate(R"(void f(int n, const int *c, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double a[2];
        a[0] = x[c[i]];
        a[1] = a[0] * a[0];
        y[i] = a[1] * a[0];
    }
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "/* forward sweep */")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "/* this iteration's forward sweep, recomputed (it reads no value that changes) */\n"
                       "                double a[2] = {0};\n"))
      << g.code;
  size_t iteration = g.code.find("this iteration's forward sweep"), adjoint = g.code.find("/* its backward sweep */");
  ASSERT_NE(adjoint, std::string::npos) << g.code;
  EXPECT_TRUE(contains(g.code.substr(iteration, adjoint - iteration), "a[1] = a[0] * a[0];")) << g.code;
  EXPECT_TRUE(contains(g.code.substr(adjoint), "a_b[0] += a[1] * y_b[i];")) << g.code;
  EXPECT_FALSE(contains(g.code.substr(adjoint), "double a[2] = adrace_pop")) << g.code;  // a is live, not popped
  EXPECT_FALSE(contains(g.code, "adrace_push_double(a[0]);")) << g.code;
  EXPECT_TRUE(contains(g.code, "adrace_push_double(a[1]);\n                a[1] = a[0] * a[0];")) << g.code;
}

TEST(AdjointGenerator, IncrementsOfOneAdjointElementJoin) {
  // Backwards, u_b[i] is incremented twice in a row: one statement. v_b[i - 1] is not joined with
  // anything (another element comes in between).
  Generated g = generate(R"(void f(int n, const double *u, double *v)
{
#pragma omp parallel for
    for (int i = 1; i < n; i += 2) {
        v[i] += 2.0 * u[i - 1];
        v[i] += 3.0 * u[i];
        v[i - 1] += 4.0 * u[i];
    }
}
)",
                         "f", {"u", "v"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(
      contains(g.code, "u_b[i] += 4.0 * v_b[i - 1] + 3.0 * v_b[i];\n                u_b[i - 1] += 2.0 * v_b[i];"))
      << g.code;
}

TEST(AdjointGenerator, IncrementsJoinAcrossOthersTheyCommuteWith) {
  // Backwards: t_b -= ..; s_b[k] -= ..; t_b += ..; s_b[k] += .. (green_gauss's shape). The second t_b
  // increment moves above the s_b one (different variables, neither reads the other) and joins the
  // first; then the s_b increments join likewise.
  Generated g = generate(R"(void f(int n, const double *s, double *v, double *g)
{
    for (int k = 0; k < n; k++) {
        double t = v[k];
        g[2 * k] += t * s[k];
        g[2 * k + 1] -= t * s[k];
    }
}
)",
                         "f", {"s", "v", "g"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code,
                       "        t_b -= g_b[2 * k + 1] * s[k] - g_b[2 * k] * s[k];\n"
                       "        s_b[k] -= t * g_b[2 * k + 1] - t * g_b[2 * k];\n"))
      << g.code;
}

TEST(AdjointGenerator, IncrementsThatReadTheAdjointStaySeparate) {
  // Backwards: x_b[0] += y_b[0], then x_b[0] += 2.0 * x_b[1] (the adjoint of x[1] += 2.0 * x[0]); the
  // second reads x_b, so joining them would be wrong if x_b[1] were x_b[0].
  Generated g = generate(R"(void f(double *x, double *y)
{
    x[1] += 2.0 * x[0];
    y[0] += x[0];
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  // (x[1] += 2.0 * x[0] reads its own array: its adjoint reads x_b[1] saved before its increments.)
  EXPECT_TRUE(contains(
      g.code, "    x_b[0] += y_b[0];\n    {\n        double adj = x_b[1];\n        x_b[0] += 2.0 * adj;\n    }\n"))
      << g.code;
}

// `v *= c` with c passive: v's adjoint is scaled and nothing reads v's old value, so v is neither
// pushed before the kill nor at the end of its block, and the backward sweep declares no copy of it
// that nothing reads (which gcc -Wall rejects as set but not used: LULESH's CalcElemVolume,
// `volume *= twelveth; return volume;`).
TEST(AdjointGenerator, ScalingByAPassiveFactorSavesNothing) {
  Generated g = generate(R"(#define TWELFTH (1.0 / 12.0)
void f(int n, const double *x, double *y)
{
    int i;
    for (i = 0; i < n; i++) {
        double volume = x[i] * x[i + 1];
        volume *= TWELFTH;
        y[i] = volume;
    }
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "adrace_push_double(volume)")) << g.code;
  EXPECT_FALSE(contains(g.code, "volume = adrace_pop_double()")) << g.code;
  EXPECT_TRUE(contains(g.code, "volume_b = adj * TWELFTH;")) << g.code;
}

// y[i] += y[i] * x[i]: x_b[i] must read y_b[i] as it was before the statement's own increment of it.
TEST(AdjointGenerator, CompoundAssignmentReadingItsTargetSavesTheSeed) {
  Generated g = generate(R"(void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] += y[i] * x[i];
}
)",
                         "f", {"x", "y"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(
      contains(g.code, "double adj = y_b[i];\n            y_b[i] += adj * x[i];\n            x_b[i] += y[i] * adj;"))
      << g.code;
}

size_t occurrences(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// gemm's shape: beta's adjoint reads c[i] before `c[i] *= beta`, which pops it just before; no other
// backward statement reads c, so the accumulations overwrite values nothing reads and save nothing.
TEST(AdjointGenerator, AccumulationsAfterAReadModifyWriteSaveNothing) {
  Generated g = generate(R"(void f(int n, int m, double beta, const double *a, double *c)
{
    for (int i = 0; i < n; i++) {
        c[i] *= beta;
        for (int k = 0; k < m; k++)
            c[i] += a[i * m + k];
    }
}
)",
                         "f", {"beta", "a", "c"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_EQ(occurrences(g.code, "adrace_push_double(c[i]);"), 1u) << g.code;
  EXPECT_EQ(occurrences(g.code, "c[i] = adrace_pop_double();"), 1u) << g.code;
  EXPECT_TRUE(contains(g.code, "*beta_b += c[i] * adj;")) << g.code;
}

// The same loop with another reader of c (the square reads the value each accumulation leaves):
// every kill saves what it overwrites, as before.
TEST(AdjointGenerator, AnotherReaderOfTheArrayKeepsEverySave) {
  Generated g = generate(R"(void f(int n, int m, double beta, const double *a, double *c, double *s)
{
    for (int i = 0; i < n; i++) {
        c[i] *= beta;
        for (int k = 0; k < m; k++) {
            c[i] += a[i * m + k];
            s[i] += c[i] * c[i];
        }
    }
}
)",
                         "f", {"beta", "a", "c", "s"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_EQ(occurrences(g.code, "adrace_push_double(c[i]);"), 2u) << g.code;
  EXPECT_EQ(occurrences(g.code, "c[i] = adrace_pop_double();"), 2u) << g.code;
}

// A read-modify-write of another element (c[i] = c[i] * c[i + 1]) is a reader like any other.
TEST(AdjointGenerator, ReadOfAnotherElementIsNotAReadModifyWrite) {
  Generated g = generate(R"(void f(int n, int m, const double *a, double *c)
{
    for (int i = 0; i < n - 1; i++) {
        c[i] = c[i] * c[i + 1];
        for (int k = 0; k < m; k++)
            c[i] += a[i * m + k];
    }
}
)",
                         "f", {"a", "c"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_EQ(occurrences(g.code, "adrace_push_double(c[i]);"), 2u) << g.code;
}

// C89: a private temporary the body assigns once on its root from inputs the function does not
// write is recomputed at the top of each backward iteration instead of taped.
TEST(AdjointGenerator, C89TemporaryIsRecomputedInTheBackwardIteration) {
  Generated g = generate(R"(void f(int n, const double *x, double *y)
{
    int i;
    double t;
#pragma omp parallel for private(t)
    for (i = 0; i < n; i++) {
        t = x[i] * x[i];
        y[i] = t * x[i];
    }
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "adrace_push")) << g.code;
  EXPECT_FALSE(contains(g.code, "adrace_pop")) << g.code;
  EXPECT_TRUE(contains(g.code, "t = x[i] * x[i];\n")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[i] += t * y_b[i];")) << g.code;
}

// C89 locals declared without a value at the top of an inner loop's body and assigned on its root
// (`float nx; ... nx = w[4 * i + j];`): the recomputed inner iteration declares each once, at its
// definition, in every strategy. (adrace crashed reading the missing initialiser, then declared
// them twice.)
TEST(AdjointGenerator, C89BlockLocalsAreDeclaredAtTheirRecomputedDefinition) {
  for (Strategy strategy : {Strategy::FormAD, Strategy::Serial}) {
    Generated g = generate(R"(void f(int n, const float *x, const float *w, float *y)
{
    int i, j;
#pragma omp parallel for private(j)
    for (i = 0; i < n; i++) {
        float acc = 0.0f;
        for (j = 0; j < 4; j++) {
            float nx, ny;
            nx = w[4 * i + j];
            ny = x[i] * nx;
            acc += nx * ny;
        }
        y[i] = acc * acc;
    }
}
)",
                           "f", {"x", "w", "y"}, strategy);
    ASSERT_TRUE(g.error.empty()) << g.error;
    EXPECT_TRUE(contains(g.code, "float nx = w[4 * i + j];")) << g.code;
    EXPECT_TRUE(contains(g.code, "float ny = x[i] * nx;")) << g.code;
    EXPECT_EQ(occurrences(g.code, "float nx "), 2u) << g.code;  // once in each sweep's inner loop
  }
}

// The same temporary read after the loop is not the loop body's alone: it stays taped.
TEST(AdjointGenerator, C89TemporaryReadAfterTheLoopIsTaped) {
  Generated g = generate(R"(void f(int n, const double *x, double *y)
{
    int i;
    double t = 0.0;
    for (i = 0; i < n; i++) {
        t = x[i] * x[i];
        y[i] = t * x[i];
    }
    y[0] += t * t;
}
)",
                         "f", {"x", "y"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "adrace_push_double(t);")) << g.code;
}

// C89: a private accumulator the body sets on its root and then sums into in an inner loop, whose
// final value the backward sweep reads (y[i] = g * acc): nothing outside the body mentions it, so
// each backward iteration runs its iteration's forward sweep again, as for a local declared in the
// body, instead of taping acc at every inner iteration and at each thread's end.
TEST(AdjointGenerator, C89AccumulatorIsAnIterationLocal) {
  Generated g = generate(R"(void f(int n, const double *w, const double *x, double *y)
{
    int i, k;
    double acc;
#pragma omp parallel for private(k, acc)
    for (i = 2; i < n - 2; i++) {
        acc = 0.0;
        for (k = -2; k <= 2; k++)
            acc += w[k + 2] * x[i + k];
        y[i] = acc * acc;
    }
}
)",
                         "f", {"w", "x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "adrace_push")) << g.code;
  EXPECT_FALSE(contains(g.code, "adrace_pop")) << g.code;
  EXPECT_TRUE(contains(g.code, "double acc;\n")) << g.code;  // each thread's, in the backward region
  EXPECT_TRUE(contains(g.code, "this iteration's forward sweep, recomputed")) << g.code;
}

// The accumulator read after the loop, or read before the body sets it, keeps its tape.
TEST(AdjointGenerator, C89AccumulatorCarriedOrReadAfterIsTaped) {
  const char* readAfter = R"(void f(int n, const double *x, double *y)
{
    int i;
    double acc = 0.0;
    for (i = 0; i < n; i++) {
        acc = x[i];
        acc *= x[i];
        y[i] = acc * acc;
    }
    y[0] += acc * acc;
}
)";
  Generated g = generate(readAfter, "f", {"x", "y"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "adrace_push_double(acc);")) << g.code;
  const char* carried = R"(void f(int n, const double *x, double *y)
{
    int i;
    double acc = 1.0;
    for (i = 0; i < n; i++) {
        y[i] = acc * x[i];
        acc = x[i] * x[i];
        y[i] += acc * acc;
    }
}
)";
  g = generate(carried, "f", {"x", "y"}, Strategy::Serial);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "adrace_push_double(acc);")) << g.code;
}

}  // namespace adjoint_tape_test
}  // namespace adrace::ad
