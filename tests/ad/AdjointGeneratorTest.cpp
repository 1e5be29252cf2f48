// Unit tests of the adjoint generator: the supported subset, the derivative rules, save-on-kill,
// the parallel-loop shapes per strategy, and "unsupported" diagnostics instead of wrong code.
#include "GeneratedAdjoint.h"

#include <string>

namespace adrace::ad {
namespace {

using testing::generate;
using testing::Generated;

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
  EXPECT_TRUE(contains(
      g.code, "void gather_b(int n, double a, double *a_b, const double *x, double *x_b, double *y, double *y_b)"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "#include \"adrace/runtime.h\""));
}

// The scatter form of kGather's adjoint (--no-gather): what the guards protect.
Generated scatter(Strategy strategy = Strategy::FormAD, std::map<std::string, std::string> extents = {},
                  analyzer::GuardPolicy guard = analyzer::GuardPolicy::Auto) {
  return generate(kGather, "gather", {"x", "y"}, strategy, std::move(extents), guard, false);
}

TEST(AdjointGenerator, LinearStatementsNeedNoForwardSweep) {
  Generated g = scatter();
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "forward sweep")) << g.code;
  EXPECT_FALSE(contains(g.code, "adrace_push")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[i - 1] += a * y_b[i];")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[i + 1] += y_b[i];")) << g.code;
  EXPECT_TRUE(contains(g.code, "y_b[i] = 0.0;")) << g.code;
}

TEST(AdjointGenerator, FormadGuardsExactlyTheUnprovenIncrements) {
  Generated g = scatter();
  ASSERT_TRUE(g.error.empty()) << g.error;
  // x_b increments are guarded, with the unproven pair named; the reset of y_b is plain.
  EXPECT_TRUE(contains(g.code, "/* x_b[i - 1] vs x_b[i' + 1]: not proven */\n")) << g.code;
  EXPECT_TRUE(contains(g.code, "#pragma omp atomic\n                x_b[i - 1] += a * y_b[i];")) << g.code;
  EXPECT_FALSE(contains(g.code, "#pragma omp atomic\n                y_b[i] = 0.0;")) << g.code;
  EXPECT_TRUE(contains(g.code, "adrace_static_chunk_here"));
  EXPECT_TRUE(contains(g.code, "for (adrace_k = adrace_begin; adrace_k < adrace_end; adrace_k++, i++)"));
}

TEST(AdjointGenerator, FormadWritesStencilReadsAsAGather) {
  // x is read at i - 1 and i + 1: its adjoint sums, for each target j, the terms of the iterations
  // j + 1 and j - 1, with plain stores; the targets near the ends are guarded by the primal range.
  Generated g = generate(kGather, "gather", {"x", "y"}, Strategy::FormAD, {{"x", "n"}});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code,
                       "for (int j = adrace_interior_begin; j < adrace_interior_end; j++) {\n"
                       "                x_b[j] += a * y_b[j + 1] + y_b[j - 1];"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "if (j + 1 >= 1 && j + 1 < n - 1) {\n                        x_b[j] += a * y_b[j + 1];"))
      << g.code;
  EXPECT_FALSE(contains(g.code, "omp atomic")) << g.code;
  EXPECT_FALSE(contains(g.code, "x_b_copies")) << g.code;
  // The gather runs before the backward iterations that consume y_b, with the omp for's barrier between.
  EXPECT_LT(g.code.find("x_b[j] +="), g.code.find("y_b[i] = 0.0;")) << g.code;
  EXPECT_TRUE(contains(g.code, "#pragma omp for schedule(static)\n")) << g.code;
}

// A term reads an initialised local of the body (the smoothed value's adjoint reads smooth): the
// gather recomputes it at the shifted iteration under a fresh name instead of guarding x_b.
TEST(AdjointGenerator, GatherRecomputesAnInitialisedLocalAtTheShiftedIteration) {
  Generated g = generate(R"(double misfit(int n, const double *x, const double *d)
{
    double s = 0.0;
#pragma omp parallel for reduction(+:s)
    for (int i = 1; i < n - 1; i++) {
        double smooth = x[i - 1] + x[i] + x[i + 1];
        s += (smooth - d[i]) * (smooth - d[i]);
    }
    return s;
}
)",
                         "misfit", {"x", "d"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "omp atomic")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b as a gather")) << g.code;
  // the iteration i = j (of the three that read x[j]) recomputes its smooth, then smooth's adjoint
  EXPECT_TRUE(contains(g.code,
                       "double smooth_at2 = x[j - 1] + x[j] + x[j + 1];\n"
                       "                double smooth_b_at2 = s_b * (smooth_at2 - d[j]) + (smooth_at2 - d[j]) * s_b;"))
      << g.code;
}

TEST(AdjointGenerator, ReductionStrategyUsesHeapCopies) {
  Generated g = generate(kGather, "gather", {"x", "y"}, Strategy::Reduction, {{"x", "n"}});
  ASSERT_TRUE(g.error.empty()) << g.error;
  // The runtime keeps the copies between calls; the summation leaves them zero for the next call.
  // Each thread's copy starts a cache line of its own: the stride is n rounded up to whole lines.
  EXPECT_TRUE(contains(g.code, "size_t x_b_stride = adrace_reduction_stride(n, sizeof(double));")) << g.code;
  EXPECT_TRUE(contains(g.code, "double *x_b_copies = adrace_reduction_copies(0, adrace_threads * x_b_stride);"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "double *x_b = x_b_copies + (size_t)omp_get_thread_num() * x_b_stride;")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "x_b[adrace_e] += x_b_copies[(size_t)adrace_t * x_b_stride + (size_t)adrace_e];\n"
                       "                    x_b_copies[(size_t)adrace_t * x_b_stride + (size_t)adrace_e] = 0.0;"))
      << g.code;
  EXPECT_FALSE(contains(g.code, "free(")) << g.code;
  EXPECT_FALSE(contains(g.code, "omp atomic"));
}

TEST(AdjointGenerator, GuardPolicyPicksTheProtectionOfWhatIsNotProven) {
  // x is only read and its extent is known: auto gives per-thread copies, atomic the guards.
  Generated automatic = scatter(Strategy::FormAD, {{"x", "n"}});
  ASSERT_TRUE(automatic.error.empty()) << automatic.error;
  EXPECT_TRUE(contains(automatic.code, "x_b_copies")) << automatic.code;
  EXPECT_FALSE(contains(automatic.code, "omp atomic")) << automatic.code;
  Generated atomic = scatter(Strategy::FormAD, {{"x", "n"}}, analyzer::GuardPolicy::Atomic);
  ASSERT_TRUE(atomic.error.empty()) << atomic.error;
  EXPECT_FALSE(contains(atomic.code, "x_b_copies")) << atomic.code;
  EXPECT_TRUE(contains(atomic.code, "#pragma omp atomic\n                x_b[i - 1] += a * y_b[i];")) << atomic.code;
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
  EXPECT_TRUE(contains(g.code, "for (int i = 1; i < n - 1; i++) {")) << g.code;  // no tape: the primal's order
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

TEST(AdjointGenerator, ChunksRunBackwardsOnlyToPopTheTape) {
  // In both sweeps the counter is an induction variable of the thread's chunk (not rebuilt from
  // adrace_k). Without a tape the backward sweep runs the chunk forwards, as the primal does...
  Generated linear = generate(kGather, "gather", {"x", "y"});
  ASSERT_TRUE(linear.error.empty()) << linear.error;
  EXPECT_TRUE(contains(linear.code,
                       "int i = (int)(1 + adrace_begin);\n"
                       "            for (adrace_k = adrace_begin; adrace_k < adrace_end; adrace_k++, i++) {\n"))
      << linear.code;
  // ...with one, backwards: the counter starts one step past the chunk and steps back first thing.
  Generated taped = generate(R"(void f(int n, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i += 3)
        y[i] = x[i] * y[i];
}
)",
                             "f", {"x", "y"});
  ASSERT_TRUE(taped.error.empty()) << taped.error;
  EXPECT_TRUE(contains(taped.code,
                       "int i = (int)(adrace_begin * 3);\n"
                       "            for (adrace_k = adrace_begin; adrace_k < adrace_end; adrace_k++, i += 3) {\n"
                       "                adrace_push_double(y[i]);\n"))
      << taped.code;
  EXPECT_TRUE(contains(taped.code,
                       "int i = (int)(adrace_end * 3);\n"
                       "            for (adrace_k = adrace_end - 1; adrace_k >= adrace_begin; adrace_k--) {\n"
                       "                i -= 3;\n                y[i] = adrace_pop_double();\n"))
      << taped.code;
}

TEST(AdjointGenerator, PerThreadVariablesKeepTheReverseOrder) {
  // No tape, but `in` carries a value from one iteration of a thread to its next (docs/design.md [Enzyme] figure 6):
  // the backward sweep must run each chunk backwards for in_b to flow the other way.
  Generated g = generate(R"(void f(int n, double *out, double in)
{
#pragma omp parallel for firstprivate(in) schedule(static)
    for (int i = 0; i < n; i++) {
        out[i] = in;
        in = 0.0;
    }
}
)",
                         "f", {"out", "in"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "adrace_push")) << g.code;
  EXPECT_TRUE(contains(g.code, "for (adrace_k = adrace_end - 1; adrace_k >= adrace_begin; adrace_k--) {")) << g.code;
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
  EXPECT_TRUE(contains(g.code, "x_b[4] += x[4] >= 0.0 ? y_b[0] : -y_b[0];")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[5] += x[5] >= x[6] ? y_b[0] : 0.0;")) << g.code;
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
  EXPECT_FALSE(contains(g.code, "adrace_pop_int()) {")) << g.code;                 // no flag: k survives the branch
  EXPECT_TRUE(contains(g.code, "int k = c[i];\n        if (k > 0) {")) << g.code;  // recomputed from c
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

TEST(AdjointGenerator, ReturnedValueGetsResultAdjointLast) {
  // Tapenade's convention: the result's adjoint is the last parameter, by value, named afresh when
  // result_b is taken; `return expr;` seeds expr with it.
  Generated g = generate(R"(float f(int n, const float *x, float result_b)
{
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return result_b * s;
}
)",
                         "f", {"x"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "void f_b(int n, const float *x, float *x_b, float result_b, float result_b2)"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "float s_b = 0.0f;")) << g.code;
  EXPECT_TRUE(contains(g.code, "s_b += result_b * result_b2;")) << g.code;
}

TEST(AdjointGenerator, FloatMathDerivativesStayInFloat) {
  Generated g = generate(R"(#include <math.h>
void f(int n, const float *x, float *y)
{
    for (int i = 0; i < n; i++)
        y[i] = sqrtf(x[i]) + sinf(x[i]) + (x[i] > 0.5f ? x[i] : 0.0f);
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "y_b[i] / (2.0f * sqrtf(x[i]))")) << g.code;
  EXPECT_TRUE(contains(g.code, "y_b[i] * cosf(x[i])")) << g.code;
  EXPECT_TRUE(contains(g.code, "(x[i] > 0.5f ? y_b[i] : 0.0f)")) << g.code;
  EXPECT_FALSE(contains(g.code, "cos(")) << g.code;
}

TEST(AdjointGenerator, ValueHelperIsInlinedAndMacroOverItIsNotPrinted) {
  // TWICE_SQ expands to a call of sq: printed as the macro's name, the generated file would call a
  // function it does not define; the inlined expression is printed instead.
  Generated g = generate(R"(static inline double sq(double v) { return v * v; }
#define TWICE_SQ (2.0 * sq(x[i]))
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = TWICE_SQ;
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  const std::string body = g.code.substr(g.code.find("void f_b("));  // the prelude repeats the #define
  EXPECT_FALSE(contains(body, "sq(")) << g.code;
  EXPECT_FALSE(contains(body, "TWICE_SQ")) << g.code;
  EXPECT_TRUE(contains(body, "x_b[i] += 2.0 * y_b[i] * x[i] + x[i] * (2.0 * y_b[i]);")) << g.code;
}

// Function-like macros are written as the author called them when the call means its expansion:
// each argument a whole sub-expression (converted, so renamed like any other), a body that names no
// variable. Otherwise (a pasted argument, a body reading nx, a macro over a helper that is inlined)
// the expansion is printed.
TEST(AdjointGenerator, FunctionLikeMacroCallsAreKeptWhenTheyMeanTheirExpansion) {
  Generated g = generate(R"(static inline double sq(double v) { return v * v; }
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define CUBE(x) ((x) * (x) * (x))
#define LIT(x) x##f
#define AT(j, i) ((j) * nx + (i))
#define SQ_OF(v) sq(v)
void f(int n, int nx, const double *x, double *y)
{
    int i;
    for (i = 0; i < MIN(n, 4 * nx); i++)
        y[i] = CUBE(x[AT(0, i)] /* left */) * x[i] * LIT(0.5) + SQ_OF(x[i]);
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  const std::string body = g.code.substr(g.code.find("void f_b("));  // the prelude repeats the #defines
  EXPECT_TRUE(contains(body, "MIN(n, 4 * nx)")) << g.code;
  EXPECT_TRUE(contains(body, "CUBE(x[0 * nx + i])")) << g.code;  // the partial of x[i]
  EXPECT_FALSE(contains(body, "AT(")) << g.code;
  EXPECT_FALSE(contains(body, "LIT(")) << g.code;
  EXPECT_TRUE(contains(body, "0.5f")) << g.code;
  EXPECT_FALSE(contains(body, "SQ_OF(")) << g.code;
  EXPECT_FALSE(contains(body, "sq(")) << g.code;
}

// A void helper called as a statement is inlined as a block: pointer parameters bound to `&x` are x,
// a struct pointer bound to `&p[i]` gives p[i].m, its locals get names no variable of f has, and a
// value parameter is a copy of the argument (here the helper overwrites what it was passed).
TEST(AdjointGenerator, VoidHelperIsInlinedAsABlock) {
  Generated g = generate(R"(struct body { double x, v; };
static void pull(const struct body *b, double k, double *f)
{
    double t = k * b->x;
    *f = -t;
}
static void scale(double s, double *out) { s = 2.0 * s; *out = s * s; }
void f(int n, double k, struct body *p, double *e)
{
    double t = 0.0;
    for (int i = 0; i < n; i++) {
        double force;
        pull(&p[i], k, &force);
        p[i].v += force;
        t += p[i].v;
        scale(e[i], &e[i]);
    }
    e[0] += t;
}
)",
                         "f", {"k", "p", "e"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "double k2 = k;")) << g.code;
  EXPECT_TRUE(contains(g.code, "double t2 = k2 * p[i].x;")) << g.code;
  EXPECT_TRUE(contains(g.code, "force = -t2;")) << g.code;
  EXPECT_TRUE(contains(g.code, "double s = e[i];")) << g.code;
  EXPECT_TRUE(contains(g.code, "s = 2.0 * s;")) << g.code;
  EXPECT_TRUE(contains(g.code, "e[i] = s * s;")) << g.code;
  EXPECT_FALSE(contains(g.code, "pull(")) << g.code;
  EXPECT_FALSE(contains(g.code, "->")) << g.code;
}

// A void helper's loop (LULESH's CollectDomainNodesToElemNodes: a constant-trip loop gathering an
// element's nodes into a local array) is inlined as the loop it is, its C89 counter renamed like any
// helper local; the backward sweep runs it in reverse and scatters the local array's adjoint.
TEST(AdjointGenerator, VoidHelperLoopIsInlinedAsALoop) {
  Generated g = generate(R"(#define NC 3 /* nodes per element */
static void gather(const double *field, const int *nodes, double local[NC])
{
    int c;
    for (c = 0; c < NC; ++c) {
        int g = nodes[c];
        local[c] = field[g];
    }
}
void f(int n, const int *conn, const double *u, double *v)
{
    int i;
#pragma omp parallel for firstprivate(n)
    for (i = 0; i < n; i++) {
        double w[NC];
        int c;
        gather(u, &conn[NC * i], w);
        v[i] = 0.0;
        for (c = 0; c < NC; c++)
            v[i] += w[c] * w[c];
    }
}
)",
                         "f", {"u", "v"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "gather(")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "for (int c2 = 0; c2 < NC; ++c2) {\n"
                       "                        int g = conn[NC * i + c2];\n"
                       "                        w[c2] = u[g];"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "for (int c2 = NC - 1; c2 >= 0; c2--) {")) << g.code;
  EXPECT_TRUE(contains(g.code, "u_b[g] += w_b[c2];")) << g.code;
}

// A helper with statements before its `return` (LULESH's CalcElemVolume), called in an expression,
// is evaluated first as a statement: its body inlined as a void helper's, its final `return e;`
// written to a new local that the expression reads. Calls in one statement are hoisted in
// evaluation order (arguments first), helpers calling helpers recursively, and the declarators of
// one declaration one after another.
TEST(AdjointGenerator, ValueHelperWithStatementsIsEvaluatedBeforeItsStatement) {
  Generated g = generate(R"(#define C0 0.5
static inline double bump(double v)
{
    double t;
    t = v * v;
    return C0 * t; /* C0 t */
}
static double both(double a, double b)
{
    double ta = bump(a), tb = bump(b);
    return ta + tb;
}
void f(int n, const double *x, double *y)
{
    int i;
#pragma omp parallel for firstprivate(n)
    for (i = 0; i < n; i++) {
        double s = both(x[i], x[i + 1]);
        y[i] = s * bump(bump(x[i]));
    }
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "bump(")) << g.code;
  EXPECT_FALSE(contains(g.code, "both(")) << g.code;
  // both's body: its first declarator's call, then the declaration, then the second's
  EXPECT_TRUE(contains(g.code,
                       "bump_value = C0 * t;\n"
                       "                    }\n"
                       "                    double ta = bump_value;\n"
                       "                    double bump_value2 = 0;"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "both_value = ta + tb;")) << g.code;
  EXPECT_TRUE(contains(g.code, "double s = both_value;")) << g.code;
  // the inner call of bump(bump(x[i])) first: the outer one's argument is its value
  const size_t inner = g.code.find("double v3 = x[i];"), outer = g.code.find("double v4 = bump_value3;");
  ASSERT_NE(inner, std::string::npos) << g.code;
  ASSERT_NE(outer, std::string::npos) << g.code;
  EXPECT_LT(inner, outer) << g.code;
  EXPECT_TRUE(contains(g.code, "s_b += y_b[i] * bump_value4;")) << g.code;
  EXPECT_TRUE(contains(g.code, "bump_value3_b += v4_b;")) << g.code;
}

// A branch or loop body that is one statement calling such a helper becomes a block, where the
// call is evaluated first: only on the branch that makes it (`if (c) y = f(x); else y = -f(-x);`).
TEST(AdjointGenerator, ValueHelperWithStatementsInAnUnbracedBranch) {
  Generated g = generate(R"(static double cube(double v) { double s = v * v; s = s * v; return s; }
void f(int n, const double *x, double *y)
{
    int i;
#pragma omp parallel for
    for (i = 0; i < n; i++)
        if (x[i] > 0.0) y[i] = cube(x[i]); else y[i] = -cube(-x[i]);
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "cube(")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "if (x[i] > 0.0) {\n"
                       "                    {\n"
                       "                        double v = x[i];"))
      << g.code;
  EXPECT_TRUE(contains(g.code,
                       "} else {\n"
                       "                    {\n"
                       "                        double v2 = -x[i];"))
      << g.code;
  EXPECT_TRUE(contains(g.code,
                       "cube_value2_b -= y_b[i];\n"
                       "                    y_b[i] = 0.0;"))
      << g.code;
}

// In the statement of an OpenMP construct inside a region (here `single`, unbraced), which Clang keeps
// in a CapturedStmt: a block of the hoisted call and the statement replaces it there.
TEST(AdjointGenerator, ValueHelperWithStatementsInASingle) {
  Generated g = generate(R"(static double cube(double v) { double s = v * v; s = s * v; return s; }
void f(int n, double a, const double *x, double *y)
{
    double c;
#pragma omp parallel firstprivate(n)
    {
#pragma omp single
        c = cube(a);
#pragma omp for
        for (int i = 0; i < n; i++)
            y[i] = c * x[i];
    }
}
)",
                         "f", {"a", "x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "cube(")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "cube_value = s;\n"
                       "            adrace_push_double(s);\n"
                       "        }\n"
                       "        adrace_push_double(c);\n"
                       "        c = cube_value;"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "cube_value_b += c_b;")) << g.code;
}

// Where the hoisted call would run where C does not run it (an arm of ?:, the right of && or ||),
// or where no statement can run before it (a condition, a loop header), it is refused.
TEST(AdjointGenerator, ValueHelperWithStatementsWhereItCannotBeHoistedIsRefused) {
  const char* helper = "static double cube(double v) { double s = v * v; return s * v; }\n";
  auto refusal = [&](const std::string& body) {
    return generate(std::string(helper) + "void f(int n, const double *x, double *y)\n{\n" + body + "}\n", "f",
                    {"x", "y"})
        .error;
  };
  EXPECT_TRUE(contains(refusal("    for (int i = 0; i < n; i++)\n        y[i] = x[i] > 0.0 ? cube(x[i]) : 0.0;\n"),
                       ":5:29: error: unsupported: call to helper 'cube', whose body has statements before its "
                       "`return`, in an arm of ?:"));
  EXPECT_TRUE(
      contains(refusal("    for (int i = 0; i < n; i++)\n        if (x[i] > 0.0 && cube(x[i]) < 1.0) y[i] = 0.0;\n"),
               ":5:27: error: unsupported: call to helper 'cube', whose body has statements before its `return`, in a "
               "condition"));
  EXPECT_TRUE(contains(refusal("    for (int i = 0; cube(x[i]) < 1.0; i++)\n        y[i] = 0.0;\n"),
                       ":4:21: error: unsupported: call to helper 'cube'"));
  EXPECT_TRUE(contains(refusal("    for (int i = 0; i < n; i++)\n        y[i] = (x[i] > 0.0 || cube(x[i]) > 1.0);\n"),
                       ":5:31: error: unsupported: call to helper 'cube', whose body has statements before its "
                       "`return`, in the right operand of ||"));
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

// Accessors returning a pointer, as LULESH reaches its Domain's fields: `*out(mesh, e) = ...` writes
// the element the accessor's `return &m->m_out[e];` names, and a pointer local set from one
// (`nodes = conn(mesh, e)`, `&m->m_conn[2 * e]`) is substituted by the field's elements, so the
// analysis and the derivative rules see `mesh->m_conn[2 * e + 1]` as if written in place.
TEST(AdjointGenerator, AccessorReturningAPointerIsAnElementOfTheField) {
  Generated g = generate(R"(typedef struct Mesh { double *m_u; double *m_out; int *m_conn; int m_n; } Mesh;
static inline double u(const Mesh *m, int n) { return m->m_u[n]; }
static inline const int *conn(const Mesh *m, int e) { return &m->m_conn[2 * e]; }
static inline double *out(Mesh *m, int e) { return &m->m_out[e]; }
void f(Mesh *mesh)
{
    int n = mesh->m_n;
#pragma omp parallel for firstprivate(n)
    for (int e = 0; e < n; e++) {
        const int *const nodes = conn(mesh, e);
        *out(mesh, e) = u(mesh, nodes[0]) * u(mesh, /* second node */ nodes[1]);
    }
}
)",
                         "f", {"mesh"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "nodes")) << g.code;
  EXPECT_TRUE(contains(g.code, "mesh->m_out[e] = mesh->m_u[mesh->m_conn[2 * e]] * mesh->m_u[mesh->m_conn[2 * e + 1]];"))
      << g.code;
  EXPECT_TRUE(contains(g.code,
                       "double adj = mesh_b->m_out[e];\n"
                       "                    mesh_b->m_out[e] = 0.0;"))
      << g.code;
  EXPECT_TRUE(
      contains(g.code,
               "#pragma omp atomic\n"
               "                    mesh_b->m_u[mesh->m_conn[2 * e + 1]] += mesh->m_u[mesh->m_conn[2 * e]] * adj;"))
      << g.code;
}

// A field pointer whose offset changes while it is in scope is not substituted: PointerAliases
// refuses it with its reason (it points into a field, not a parameter's array).
TEST(AdjointGenerator, FieldPointerWithAMovingOffsetIsRefused) {
  Generated g = generate(R"(typedef struct Mesh { double *m_u; int m_n; } Mesh;
void f(Mesh *mesh, double *y)
{
    int k = 0;
    const double *p = &mesh->m_u[k];
    k = 1;
    y[0] = p[0] * mesh->m_u[k];
}
)",
                         "f", {"mesh", "y"});
  EXPECT_TRUE(contains(g.error, ":5:19: error: unsupported: local pointer 'p'")) << g.error << g.code;
}

TEST(AdjointGenerator, VoidHelpersThatCannotBeInlinedAreRefused) {
  const char* recursive = R"(static void down(double *v, int k) { *v *= 0.5; if (k > 0) down(v, k - 1); }
void f(int n, double *y)
{
    for (int i = 0; i < n; i++) down(&y[i], 3);
}
)";
  EXPECT_TRUE(
      contains(generate(recursive, "f", {"y"}).error, ":4:33: error: unsupported: call to 'down', which is recursive"));
  const char* local_array = R"(static void fill(double *v) { double w[2] = {1.0, 2.0}; *v = w[0] * *v; }
void f(int n, double *y)
{
    for (int i = 0; i < n; i++) fill(&y[i]);
}
)";
  EXPECT_TRUE(contains(generate(local_array, "f", {"y"}).error,
                       ":1:31: error: unsupported: a declaration other than of scalars in the body of helper 'fill'"));
}

TEST(AdjointGenerator, FileScopeReadsAreDeclaredInTheAdjointsFile) {
  Generated g = generate(R"(const double weight = 0.75;
static const double offset = 0.125;
double gain;
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = gain * (weight * x[i] + offset) * x[i];
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(
      contains(g.code, "extern const double weight;\nstatic const double offset = 0.125;\nextern double gain;\n"))
      << g.code;
}

TEST(AdjointGenerator, PrintStaysInForwardSweepOnly) {
  Generated g = generate(R"(#include <stdio.h>
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = 3.0 * x[i];
    printf("%g\n", y[0]);
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  size_t print = g.code.find("printf(\"%g\\n\", y[0]);");
  ASSERT_NE(print, std::string::npos) << g.code;
  EXPECT_EQ(g.code.find("printf(", print + 1), std::string::npos) << g.code;  // once
  EXPECT_LT(g.code.find("y[i] = 3.0 * x[i];"), print) << g.code;              // with the primal's values
  EXPECT_LT(print, g.code.find("/* backward sweep */")) << g.code;
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

TEST(AdjointGenerator, CollapseRebuildsCountersFromOneFlatIndex) {
  Generated g = generate(R"(void f(int n, int m, const double *x, double *y)
{
#pragma omp parallel for collapse(2)
    for (int i = 0; i < n; i++)
        for (int j = m - 1; j >= 0; j -= 2)
            y[i * m + j] = x[i * m + j] * x[i * m + j];
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "long adrace_trip_j = adrace_trip_count(m - 1, 0, -2, ADRACE_GE);")) << g.code;
  EXPECT_TRUE(contains(g.code, "long adrace_trip = adrace_trip_count(0, n, 1, ADRACE_LT) * adrace_trip_j;")) << g.code;
  // The logical iterations are divided out of the flat index after a jump, and the innermost one
  // stepped between neighbouring iterations (a thread's static chunk, either way).
  EXPECT_TRUE(contains(g.code, "adrace_at_i = adrace_k / adrace_trip_j;")) << g.code;
  EXPECT_TRUE(contains(g.code, "adrace_at_j = adrace_k % adrace_trip_j;")) << g.code;
  EXPECT_TRUE(contains(g.code, "if (adrace_k == adrace_at + 1 && adrace_at_j + 1 < adrace_trip_j) {")) << g.code;
  EXPECT_TRUE(contains(g.code, "} else if (adrace_k == adrace_at - 1 && adrace_at_j > 0) {")) << g.code;
  EXPECT_TRUE(contains(g.code, "int i = (int)adrace_at_i;")) << g.code;
  EXPECT_TRUE(contains(g.code, "int j = (int)(m - 1 - adrace_at_j * 2);")) << g.code;
}

TEST(AdjointGenerator, CollapseOfANonRectangularNestIsRefused) {
  // OpenMP 5.0 allows no inner bound that reads an outer counter; the flat index could not rebuild it.
  EXPECT_TRUE(
      contains(generate(R"(void f(int n, double *x)
{
#pragma omp parallel for collapse(2)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            x[i * n + j] = 2.0 * x[i * n + j];
}
)",
                        "f", {"x"})
                   .error,
               ":5:9: error: unsupported: collapse(2) over a non-rectangular nest: the header of the loop over 'j' "
               "reads the counter 'i' of an enclosing collapsed loop"));
  EXPECT_TRUE(
      contains(generate(R"(void f(int n, double *x)
{
    int i, j;
#pragma omp parallel for collapse(2) lastprivate(i)
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            x[i * n + j] = 2.0 * x[i * n + j];
    x[0] = i;
}
)",
                        "f", {"x"})
                   .error,
               ":5:5: error: unsupported: counter 'i' of a collapsed loop is read after the nest (its exit value)"));
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
                       "unsupported: struct parameter 'a' passed by value"));
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

TEST(AdjointGenerator, RegionRunsAsPhasesWithoutNowait) {
  Generated g = generate(R"(void f(int n, const double *x, double *y, double *s)
{
#pragma omp parallel
    {
#pragma omp for nowait
        for (int i = 0; i < n; i++)
            y[i] = x[i] * x[i];
#pragma omp barrier
#pragma omp single
        *s = y[0];
#pragma omp for
        for (int i = 0; i < n; i++)
            y[i] = y[i] + *s;
    }
}
)",
                         "f", {"x", "y", "s"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "nowait")) << g.code;
  EXPECT_FALSE(contains(g.code, "barrier")) << g.code;
  // The single's adjoint runs once, on the initial thread, between the two loops' regions.
  size_t second = g.code.find("backward sweep of the parallel loop at line 11");
  size_t single = g.code.find("y_b[0] += *s_b;");
  size_t first = g.code.find("backward sweep of the parallel loop at line 5");
  ASSERT_NE(single, std::string::npos) << g.code;
  EXPECT_LT(second, single);
  EXPECT_LT(single, first);
  EXPECT_FALSE(contains(g.code, "omp master")) << g.code;
}

TEST(AdjointGenerator, RegionCodeThatEveryThreadRunsIsRefused) {
  const char* perThread = R"(int omp_get_thread_num(void);
void f(int n, const double *x, double *partial)
{
#pragma omp parallel
    {
        double mine = 0.0;
#pragma omp for
        for (int i = 0; i < n; i++)
            mine += x[i];
        partial[omp_get_thread_num()] = mine;
    }
}
)";
  EXPECT_TRUE(contains(generate(perThread, "f", {"x", "partial"}).error,
                       ":10:17: error: unsupported: the value of omp_get_thread_num() in the subscript of an "
                       "active array"));
  const char* privateInSingle = R"(void f(int n, const double *x, double *y)
{
    double t;
#pragma omp parallel private(t)
    {
#pragma omp single
        { t = x[0]; y[0] = t; }
#pragma omp for
        for (int i = 1; i < n; i++) { t = x[i]; y[i] = t * t; }
    }
}
)";
  EXPECT_TRUE(
      contains(generate(privateInSingle, "f", {"x", "y"}).error,
               ":7:11: error: unsupported: region-local variable 't' (private to each thread of the region) used in "
               "a single or master block"));
  const char* copyprivate = R"(void f(int n, const double *x, double *y)
{
    double t;
#pragma omp parallel private(t)
    {
#pragma omp single copyprivate(t)
        t = x[0];
#pragma omp for
        for (int i = 0; i < n; i++) y[i] = t * x[i];
    }
}
)";
  EXPECT_TRUE(
      contains(generate(copyprivate, "f", {"x", "y"}).error, "unsupported: OpenMP clause 'copyprivate' on single"));
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

// `simd`: a `parallel for simd` is a parallel loop and an `omp simd` loop in a body
// a sequential one, in both sweeps (running the iterations in order is a valid execution of simd,
// and the tape needs that order); simd clauses with data sharing are refused.
TEST(AdjointGenerator, SimdLoopsRunInOrder) {
  const char* source = R"(void f(int n, int m, const double *x, double *y)
{
    int i, j;
#pragma omp parallel for simd
    for (i = 0; i < n; i++)
        y[i] = x[i] * x[i];
#pragma omp parallel for private(j)
    for (i = 0; i < n; i++) {
#pragma omp simd safelen(8)
        for (j = 0; j < m; j++)
            y[i] += x[i * m + j] * y[i];
    }
}
)";
  Generated generated = generate(source, "f", {"x", "y"});
  ASSERT_EQ(generated.error, "");
  EXPECT_FALSE(contains(generated.code, "simd")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "for (int j = m - 1; j >= 0; j--)")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "adrace_push_double(y[i]);")) << generated.code;
  const char* reduction = R"(void f(int n, const double *x, double *y)
{
    int i;
#pragma omp parallel for
    for (i = 0; i < n; i++) {
        double s = 0.0;
#pragma omp simd reduction(+: s)
        for (int j = 0; j < 4; j++)
            s += x[i] * j;
        y[i] = s;
    }
}
)";
  EXPECT_TRUE(contains(generate(reduction, "f", {"x", "y"}).error,
                       ":7:18: error: unsupported: clause 'reduction' on omp simd"));
}

// File-scope variables: the primal's declared extern in the adjoint's file, an active one's adjoint
// defined there with the same type (the caller reaches it by name).
TEST(AdjointGenerator, FileScopeVariablesAreExternAndActiveOnesGetFileScopeAdjoints) {
  Generated g = generate(R"(#define N 16
double field[N][N];
const double coef = 0.5;
int n = N;
void smooth(void)
{
    int i, j;
#pragma omp parallel for private(j)
    for (i = 1; i < n - 1; i++)
        for (j = 0; j < n; j++)
            field[i][j] = coef * (field[i][j] + field[i][j]);
}
)",
                         "smooth", {"field"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code,
                       "extern double field[N][N];\ndouble field_b[N][N]; /* the adjoint of field */\n"
                       "extern const double coef;\nextern int n;\n\nvoid smooth_b(void)\n"))
      << g.code;
  const char* internal = R"(static double hidden[8];
void f(double *x)
{
    for (int i = 0; i < 8; i++) x[i] = hidden[i] * x[i];
}
)";
  EXPECT_TRUE(
      contains(generate(internal, "f", {"x"}).error,
               ":4:40: error: unsupported: static file-scope variable 'hidden': the adjoint's file cannot reach it"));
  const char* constant = R"(const double scale = 2.0;
void f(double *x)
{
    for (int i = 0; i < 8; i++) x[i] = scale * x[i];
}
)";
  EXPECT_TRUE(contains(generate(constant, "f", {"x", "scale"}).error,
                       ":4:40: error: unsupported: --active scale: a const variable has no derivative"));
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
  EXPECT_TRUE(contains(generate(source, "f", {"out", "in"}).error,
                       "firstprivate variable 'in' written in a loop with schedule(static, chunk)"));
}

TEST(AdjointGenerator, UnknownFunctionOrParameter) {
  EXPECT_TRUE(contains(generate(kGather, "nothere", {"x"}).error, "no function 'nothere'"));
  EXPECT_TRUE(contains(generate(kGather, "gather", {"z"}).error,
                       "--active z: no such parameter, nor a file-scope variable the function uses"));
  EXPECT_TRUE(contains(generate(kGather, "gather", {"n"}).error, "--active n: not a floating-point parameter"));
}

}  // namespace
}  // namespace adrace::ad
