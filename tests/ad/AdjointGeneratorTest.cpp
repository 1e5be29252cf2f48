// Unit tests of the adjoint generator on parallel loops: the strategies (formad, atomic, reduction,
// serial), the guards of what is not proven, the gather form, chunks run backwards, collapse, regions
// run as phases, simd, and the errors of the command itself (AdjointTapeTest.cpp, AdjointCallsTest.cpp
// and AdjointControlFlowTest.cpp test the rest of the generator).
#include "GeneratedAdjoint.h"

#include <string>

namespace adrace::ad {
namespace adjoint_generator_test {

using testing::contains;
using testing::generate;
using testing::Generated;

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
  // a target near the ends: the iteration i = j (of the three that read x[j]) recomputes its smooth,
  // then smooth's adjoint
  EXPECT_TRUE(
      contains(g.code,
               "double smooth_at2 = x[j - 1] + x[j] + x[j + 1];\n"
               "                        double smooth_b_at5 = s_b * (smooth_at2 - d[j]) + (smooth_at2 - d[j]) * s_b;"))
      << g.code;
  // the interior: each iteration's smooth and smooth_b once per strip (ad/GatherStrips.cpp), read by
  // the three targets that need it
  EXPECT_TRUE(contains(g.code,
                       "double smooth_at4 = x[i - 1] + x[i] + x[i + 1];\n"
                       "                    smooth_b_strip[i - adrace_strip_first] = s_b * (smooth_at4 - d[i]) + "
                       "(smooth_at4 - d[i]) * s_b;"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[j] += smooth_b_at + smooth_b_at2 + smooth_b_at3;")) << g.code;
}

// A reduction clause's operator as the analysis reads it (analyzer::reductionOperator): `+` is
// differentiated; any other only on a value no active output reads (ad/PassiveReductions.h), else
// refused where its value is read.
TEST(AdjointGenerator, ReductionsOtherThanASumAreRefusedWhereTheirValueIsActive) {
  const std::string sum = R"(double total(int n, const double *x)
{
    double s = 0.0;
#pragma omp parallel for reduction(+: s)
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}
)";
  EXPECT_TRUE(generate(sum, "total", {"x"}).error.empty());
  std::string product = sum;
  product.replace(product.find("reduction(+"), 11, "reduction(*");
  product.replace(product.find("s += "), 5, "s *= ");
  EXPECT_TRUE(contains(generate(product, "total", {"x"}).error,
                       ":7:12: error: unsupported: reduction operator other than + on 's', whose value may reach an "
                       "active output"))
      << generate(product, "total", {"x"}).error;
}

// reduction(+: sum) on a value each iteration starts afresh (Rodinia backprop's layer-forward loop,
// `sum = 0.0;` then `sum += ...`): each thread's copy would need an adjoint of its own, which the
// shared sum_b every thread reads is not; refused where it is assigned. Updates `s = s + e` are sums.
TEST(AdjointGenerator, AReductionVariableTheLoopOverwritesIsRefused) {
  const std::string layer = R"(void layer(int n1, int n2, const float *l1, const float *conn, float *l2)
{
    float sum = 0.0f;
    int j, k;
#pragma omp parallel for private(k) reduction(+: sum)
    for (j = 0; j < n2; j++) {
        sum = 0.0f;
        for (k = 0; k < n1; k++)
            sum += conn[k * n2 + j] * l1[k];
        l2[j] = sum * sum;
    }
}
)";
  Generated refused = generate(layer, "layer", {"l1", "conn", "l2"});
  EXPECT_TRUE(contains(refused.error, ":7:9: error: unsupported: reduction variable 'sum' assigned in the loop"))
      << refused.error;
  std::string accumulated = layer;  // `sum = sum + e`, a sum's update, and no reset
  accumulated.replace(accumulated.find("        sum = 0.0f;\n"), 20, "");
  accumulated.replace(accumulated.find("sum += "), 7, "sum = sum + ");
  accumulated.replace(accumulated.find("l2[j] = sum * sum;"), 18, "l2[j] = l1[j];");
  EXPECT_TRUE(generate(accumulated, "layer", {"l1", "conn", "l2"}).error.empty())
      << generate(accumulated, "layer", {"l1", "conn", "l2"}).error;
}

TEST(AdjointGenerator, AMaxReductionOnlyReportedIsPassive) {
  // The sweep's largest change goes to a passive output: neither it nor `d`, which only feeds it,
  // has an adjoint, and the loop's adjoint is that of y alone.
  const std::string sweep = R"(#include <math.h>
void sweep(int n, const double *x, double *y, double *change)
{
    double worst = 0.0;
#pragma omp parallel for reduction(max: worst)
    for (int i = 0; i < n; i++) {
        y[i] = 2.0 * x[i] * x[i];
        double d = fabs(y[i] - x[i]);
        if (d > worst) worst = d;
    }
    *change = worst;
}
)";
  Generated g = generate(sweep, "sweep", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "worst")) << g.code;
  EXPECT_FALSE(contains(g.code, "d_b")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[i] += 2.0 * (y_b[i] * x[i]) + 2.0 * x[i] * y_b[i];")) << g.code;
  // The same value written to an active output is refused where it is read.
  std::string active = sweep;
  active.replace(active.find("double *change"), 14, "double *z");
  active.replace(active.find("*change = worst"), 15, "*z = worst");
  EXPECT_TRUE(contains(generate(active, "sweep", {"x", "y", "z"}).error,
                       ":11:10: error: unsupported: reduction operator other than + on 'worst'"))
      << generate(active, "sweep", {"x", "y", "z"}).error;
}

TEST(AdjointGenerator, ChainedAssignmentsAreSplitOtherAssignmentsInExpressionsRefused) {
  const std::string chain = R"(void fill(int n, const double *x, double *a, double *b)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        a[i] = b[i] = 3.0 * x[i];
}
)";
  Generated g = generate(chain, "fill", {"x", "a", "b"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  // b[i] = 3.0 * x[i]; a[i] = b[i]; reversed: a's adjoint flows into b's, then into x's.
  EXPECT_TRUE(
      contains(g.code, "b_b[i] += a_b[i];\n                a_b[i] = 0.0;\n                x_b[i] += 3.0 * b_b[i];"))
      << g.code;
  std::string nested = chain;
  nested.replace(nested.find("a[i] = b[i] = 3.0 * x[i]"), 24, "a[i] = (b[i] = x[i]) * 3.0");
  EXPECT_TRUE(contains(generate(nested, "fill", {"x", "a", "b"}).error,
                       ":5:17: error: unsupported: assignment or comma inside an expression"))
      << generate(nested, "fill", {"x", "a", "b"}).error;
}

// A chain among the function's own statements, as Rodinia's hotspot3D sets its coefficients
// (`ce = cw = stepDivCap / Rx;` before the region), is split as one in a loop is.
TEST(AdjointGenerator, ChainedAssignmentsOfTheFunctionBodyAreSplit) {
  Generated g = generate(R"(void stencil(int n, float rx, float dt, const float *t, float *out)
{
    float ce, cw;
    int i;
    ce = cw = dt / rx;
#pragma omp parallel for
    for (i = 1; i < n - 1; i++)
        out[i] = ce * t[i - 1] + cw * t[i + 1];
}
)",
                         "stencil", {"dt", "t", "out"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "    cw = dt / rx;\n    ce = cw;\n")) << g.code;
  // reversed: ce's adjoint flows into cw's, then into dt's
  EXPECT_TRUE(contains(g.code, "    cw_b += ce_b;\n    ce_b = 0.0;\n    *dt_b += cw_b / rx;\n")) << g.code;
}

TEST(AdjointGenerator, ReductionStrategyUsesHeapCopies) {
  Generated g = generate(kGather, "gather", {"x", "y"}, Strategy::Reduction, {{"x", "n"}});
  ASSERT_TRUE(g.error.empty()) << g.error;
  // The runtime keeps the copies between calls; the summation leaves them zero for the next call.
  // Each thread's copy starts a cache line of its own: the stride is n rounded up to whole lines.
  EXPECT_TRUE(contains(g.code, "size_t x_b_stride = adrace_reduction_stride(n, sizeof(double));")) << g.code;
  // Thread 0 increments x_b itself: a copy for each other thread, summed into x_b after the barrier
  // that ends thread 0's increments; a team of one thread has nothing to sum.
  EXPECT_TRUE(contains(g.code, "double *x_b_copies = adrace_reduction_copies(0, (adrace_threads - 1) * x_b_stride);"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "double *x_b_total = x_b;")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "double *x_b = omp_get_thread_num() == 0 ? x_b_total : x_b_copies + "
                       "(size_t)(omp_get_thread_num() - 1) * x_b_stride;"))
      << g.code;
  EXPECT_TRUE(contains(g.code,
                       "if (omp_get_num_threads() > 1) {\n"
                       "#pragma omp barrier\n"))
      << g.code;
  EXPECT_TRUE(
      contains(g.code,
               "for (int adrace_t = 1; adrace_t < omp_get_num_threads(); adrace_t++) {\n"
               "                        x_b[adrace_e] += x_b_copies[(size_t)(adrace_t - 1) * x_b_stride + "
               "(size_t)adrace_e];\n"
               "                        x_b_copies[(size_t)(adrace_t - 1) * x_b_stride + (size_t)adrace_e] = 0.0;"))
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
  // The backward iterations (no tape: forwards) run the thread's chunk row by row: the outer counter
  // once per row, the innermost stepped along with the flat index, from the chunk's first iteration
  // in the row to its last (ad/CollapsedRows.h).
  EXPECT_TRUE(contains(g.code, "if (adrace_begin < adrace_end) {")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "for (long adrace_row = adrace_begin / adrace_trip_j; adrace_row * adrace_trip_j < "
                       "adrace_end; adrace_row++) {"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "int i = (int)adrace_row;")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "long adrace_row_begin = adrace_row_first > adrace_begin ? adrace_row_first : "
                       "adrace_begin;"))
      << g.code;
  EXPECT_TRUE(contains(g.code,
                       "long adrace_row_end = adrace_row_first + adrace_trip_j < adrace_end ? "
                       "adrace_row_first + adrace_trip_j : adrace_end;"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "int j = (int)((m - 1) + (adrace_row_begin - adrace_row_first) * (-2));")) << g.code;
  EXPECT_TRUE(contains(g.code, "for (adrace_k = adrace_row_begin; adrace_k < adrace_row_end; adrace_k++, j -= 2) {"))
      << g.code;
  EXPECT_FALSE(contains(g.code, "adrace_k / adrace_trip_j")) << g.code;
}

TEST(AdjointGenerator, CollapseWithATapeStepsPositionsForwardsAndRowsBackwards) {
  Generated g = generate(R"(void f(int n, int m, double *x)
{
#pragma omp parallel for collapse(2)
    for (int i = 0; i < n; i++)
        for (int j = m - 1; j >= 0; j -= 2)
            x[i * m + j] = x[i * m + j] * x[i * m + j];
}
)",
                         "f", {"x"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  // The forward sweep divides the logical iterations out of the flat index after a jump and steps
  // the innermost one between neighbouring iterations.
  EXPECT_TRUE(contains(g.code, "adrace_at_i = adrace_k / adrace_trip_j;")) << g.code;
  EXPECT_TRUE(contains(g.code, "adrace_at_j = adrace_k % adrace_trip_j;")) << g.code;
  EXPECT_TRUE(contains(g.code, "if (adrace_k == adrace_at + 1 && adrace_at_j + 1 < adrace_trip_j) {")) << g.code;
  EXPECT_TRUE(contains(g.code, "int j = (int)(m - 1 - adrace_at_j * 2);")) << g.code;
  // The backward sweep pops in the reverse flat order: the last row first, each from its end, the
  // counter starting one step past the row's last iteration and stepped back at the top.
  EXPECT_TRUE(contains(g.code,
                       "for (long adrace_row = (adrace_end - 1) / adrace_trip_j; (adrace_row + 1) * "
                       "adrace_trip_j > adrace_begin; adrace_row--) {"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "int j = (int)((m - 1) + (adrace_row_end - adrace_row_first) * (-2));")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "for (adrace_k = adrace_row_end - 1; adrace_k >= adrace_row_begin; adrace_k--) {\n"
                       "                        j += 2;\n"
                       "                        x[i * m + j] = adrace_pop_double();"))
      << g.code;
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
        partial[omp_get_thread_num() + 1] = mine;  /* not the thread's own element (ad/ThreadSlots.h) */
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
  // A simd reduction run in order is the body's own updates: the loop is kept without its pragma.
  Generated summed = generate(reduction, "f", {"x", "y"});
  ASSERT_TRUE(summed.error.empty()) << summed.error;
  EXPECT_TRUE(contains(summed.code, "for (int j = 4 - 1; j >= 0; j--) {\n                    x_b_sum += s_b * j;"))
      << summed.code;
  EXPECT_FALSE(contains(summed.code, "omp simd")) << summed.code;
  std::string privateCopy = reduction;
  privateCopy.replace(privateCopy.find("reduction(+: s)"), 15, "private(s)");
  EXPECT_TRUE(contains(generate(privateCopy, "f", {"x", "y"}).error,
                       ":7:18: error: unsupported: clause 'private' on omp simd"));
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

}  // namespace adjoint_generator_test
}  // namespace adrace::ad
