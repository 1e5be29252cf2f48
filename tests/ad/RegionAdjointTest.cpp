// Unit tests of the adjoints of parallel regions whose threads run statements of their own
// (ad/TeamRegion.h) and of omp critical and omp atomic updates (ad/ExclusiveUpdates.h): what is
// emitted, and the refusals (with their locations) where the rules cannot prove the adjoint right.
#include "GeneratedAdjoint.h"

#include <string>

namespace adrace::ad {
namespace region_adjoint_test {

using testing::contains;
using testing::generate;
using testing::Generated;
using testing::generatedAdjoint;

const char* kCriticalSum = R"(void energy(int n, const double *u, double *e)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double w = u[i] * u[i];
#pragma omp critical
        *e += w;
    }
}
)";

TEST(RegionAdjoint, CriticalUpdateReadsTheSharedAdjointPlainly) {
  std::string code = generatedAdjoint(kCriticalSum, "energy", {"u", "e"});
  EXPECT_TRUE(contains(code, "/* the omp critical update at line 6: reads *e_b, which nothing here writes */\n"))
      << code;
  EXPECT_TRUE(contains(code, "w_b += *e_b;")) << code;
  EXPECT_TRUE(contains(code, "u_b[i] += ")) << code;
  EXPECT_FALSE(contains(code, "omp atomic")) << code;
}

TEST(RegionAdjoint, AtomicUpdateIsAnExclusiveUpdateToo) {
  std::string source = kCriticalSum;
  source.replace(source.find("critical"), 8, "atomic");
  std::string code = generatedAdjoint(source, "energy", {"u", "e"});
  EXPECT_TRUE(contains(code, "/* the omp atomic update at line 6: reads *e_b, which nothing here writes */\n")) << code;
  EXPECT_TRUE(contains(code, "w_b += *e_b;")) << code;
}

// A refusal of kCriticalSum with `from` replaced by `to`.
std::string refusal(const std::string& from, const std::string& to, Strategy strategy = Strategy::FormAD) {
  std::string source = kCriticalSum;
  source.replace(source.find(from), from.size(), to);
  Generated g = generate(source, "energy", {"u", "e"}, strategy);
  EXPECT_TRUE(g.code.empty()) << g.code;
  return g.error;
}

TEST(RegionAdjoint, CriticalUpdatesTheAdjointCannotReverseAreRefused) {
  EXPECT_TRUE(contains(refusal("*e += w;", "*e += w * *e;"),
                       ":7:15: error: unsupported: the update in omp critical reads 'e', which it updates"));
  EXPECT_TRUE(contains(refusal("*e += w;", "*e = w;"),
                       ":7:9: error: unsupported: statement in omp critical other than an update of a shared "
                       "variable"));
  EXPECT_TRUE(contains(refusal("double w = u[i] * u[i];", "double w = u[i] * *e;"),
                       ":7:9: error: unsupported: 'e' is updated in omp critical and also read or written "
                       "elsewhere in the same parallel loop or region"));
  EXPECT_TRUE(contains(refusal("#pragma omp critical\n        *e += w;", "#pragma omp atomic write\n        *e = w;"),
                       ":6:20: error: unsupported: clause 'write' on omp atomic"));
}

TEST(RegionAdjoint, CriticalOutsideAParallelConstructIsRefused) {
  Generated g = generate(R"(void add(double *e, double w)
{
#pragma omp critical
    *e += w;
}
)",
                         "add", {"e", "w"});
  EXPECT_TRUE(contains(g.error, ":3:1: error: unsupported: OpenMP directive 'critical' outside a parallel loop"))
      << g.error;
}

const char* kTeam = R"(void scaled(int n, const double *a, const double *x, double *y, double *s)
{
#pragma omp parallel
    {
        double c = 2.0 * *a; /* each thread's own */
        double mine = 0.0;
#pragma omp for
        for (int i = 0; i < n; i++) {
            y[i] = c * x[i];
            mine += y[i];
        }
#pragma omp critical
        *s += mine;
    }
}
)";

TEST(RegionAdjoint, TeamRegionRunsAsOneTeamInBothSweeps) {
  std::string code = generatedAdjoint(kTeam, "scaled", {"a", "x", "y", "s"});
  // One region, whose threads each start from their own c (recomputed) and mine_b.
  EXPECT_TRUE(contains(code,
                       "/* backward sweep of the parallel region at line 3: every thread runs the adjoints of "
                       "its statements in reverse */\n#pragma omp parallel\n    {\n        double c = 2.0 * *a;\n"
                       "        double c_b = 0.0;\n        double mine_b = 0.0;\n"))
      << code;
  EXPECT_TRUE(contains(code, "        mine_b += *s_b;\n")) << code;
  // The loop is the team's: a barrier on each side, no region of its own.
  EXPECT_TRUE(contains(code, "#pragma omp barrier\n            long adrace_k, adrace_begin, adrace_end;")) << code;
  EXPECT_TRUE(contains(code, "                y_b[i] += mine_b;\n")) << code;
  // Every thread increments *a_b: atomically.
  EXPECT_TRUE(contains(code,
                       "/* *a_b: every thread of the region increments it */\n#pragma omp atomic\n"
                       "        *a_b += 2.0 * c_b;\n"))
      << code;
}

std::string teamRefusal(const std::string& from, const std::string& to, Strategy strategy = Strategy::FormAD) {
  std::string source = kTeam;
  source.replace(source.find(from), from.size(), to);
  Generated g = generate(source, "scaled", {"a", "x", "y", "s"}, strategy);
  EXPECT_TRUE(g.code.empty()) << g.code;
  return g.error;
}

TEST(RegionAdjoint, TeamRegionRulesRefuseWhatTheyCannotProve) {
  EXPECT_TRUE(contains(teamRefusal("#pragma omp critical\n        *s += mine;", "*s += mine;"),
                       ":12:1: error: unsupported: every thread of the parallel region writes 's', which the "
                       "threads share"));
  EXPECT_TRUE(contains(teamRefusal("#pragma omp for\n", "if (mine == 0.0)\n#pragma omp for\n"),
                       ":7:5: error: unsupported: if around a worksharing loop on a condition the threads may not "
                       "read alike"));
  EXPECT_TRUE(contains(teamRefusal("x", "x", Strategy::Serial),
                       ":3:1: error: unsupported: --strategy serial on a parallel region whose threads each run "
                       "statements of their own"));
  // The thread that runs a single block is not known again: it may not read a value of a thread's own.
  EXPECT_TRUE(
      contains(teamRefusal("#pragma omp critical\n        *s += mine;", "#pragma omp single\n        *s += mine;"),
               ":13:15: error: unsupported: single block reading 'mine', which differs from thread to thread"));
  // Per-thread copies of x_b are taken before a region: not inside the team's.
  EXPECT_TRUE(contains(teamRefusal("x", "x", Strategy::Reduction),
                       ":7:1: error: unsupported: per-thread copies of x_b (a reduction) in a parallel region whose "
                       "threads run statements of their own"));
}

TEST(RegionAdjoint, ReductionOnTheRegionGivesEachThreadTheAdjoint) {
  std::string code = generatedAdjoint(R"(void sum(int n, const double *x, double b, double *r)
{
    double t = 0.0;
#pragma omp parallel reduction(+ : t)
    {
        t += b * b;
#pragma omp for
        for (int i = 0; i < n; i++)
            t += x[i];
    }
    *r = t;
}
)",
                                      "sum", {"x", "b", "r"});
  EXPECT_TRUE(contains(code, "#pragma omp parallel firstprivate(t_b)\n")) << code;
  EXPECT_TRUE(contains(code, "                x_b[i] += t_b;\n")) << code;
  EXPECT_TRUE(contains(code, "#pragma omp atomic\n        *b_b += t_b * b + b * t_b;\n")) << code;
}

// An orphaned worksharing loop (its pragma through a macro) in a helper called in the region: the
// loop binds to the caller's team, so each call is copied into the region as a worksharing loop of
// its own (ad/OrphanedLoops.h), adjoined in reverse order of the calls.
TEST(RegionAdjoint, OrphanedWorksharingLoopInAHelperIsCopiedIntoTheRegion) {
  Generated g = generate(R"C(#define OMP_FOR _Pragma("omp for schedule(static)")
static void relax(int n, const double *u, double *unew)
{
    int i;
    OMP_FOR
    for (i = 1; i < n - 1; i++)
        unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
}
void sweep(int n, double *u, double *v)
{
#pragma omp parallel
    {
        relax(n, u, v);
        relax(n, v, u);
    }
}
)C",
                         "sweep", {"u", "v"});
  ASSERT_EQ(g.error, "");
  // the second call's loop (line 14) is adjoined first, then the first call's (line 13)
  size_t second = g.code.find("/* backward sweep of the parallel loop at line 14 */");
  size_t first = g.code.find("/* backward sweep of the parallel loop at line 13 */");
  ASSERT_NE(second, std::string::npos) << g.code;
  ASSERT_NE(first, std::string::npos) << g.code;
  EXPECT_LT(second, first) << g.code;
  // n's copy in each call is alike on every thread (ad/TeamUniform.h): both stencils are gathers
  // (golden orphaned_smooth.no-gather pins the guarded form, whose increments name their pairs)
  EXPECT_TRUE(contains(g.code, "/* v_b as a gather: target j sums the terms of the iterations i2 = j - c")) << g.code;
  EXPECT_TRUE(contains(g.code, "/* u_b as a gather: target j2 sums the terms of the iterations i = j2 - c")) << g.code;
}

TEST(RegionAdjoint, OrphanedWorksharingLoopOutsideARegionIsRefused) {
  Generated g = generate(R"C(static void relax(int n, const double *u, double *unew)
{
    int i;
#pragma omp for
    for (i = 1; i < n - 1; i++)
        unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
}
void sweep(int n, const double *u, double *unew)
{
    relax(n, u, unew);
}
)C",
                         "sweep", {"u", "unew"});
  EXPECT_TRUE(g.code.empty()) << g.code;
  EXPECT_TRUE(contains(g.error,
                       ":4:1: error: unsupported: orphaned `omp for` in a helper called outside a parallel "
                       "region"))
      << g.error;
}

TEST(RegionAdjoint, OrphanedWorksharingLoopWithAVariableListIsRefused) {
  Generated g = generate(R"C(static void relax(int n, const double *u, double *unew)
{
    int i;
    double t;
#pragma omp for private(t)
    for (i = 1; i < n - 1; i++) {
        t = u[i - 1] + u[i + 1];
        unew[i] = 0.5 * t;
    }
}
void sweep(int n, const double *u, double *unew)
{
#pragma omp parallel
    relax(n, u, unew);
}
)C",
                         "sweep", {"u", "unew"});
  EXPECT_TRUE(g.code.empty()) << g.code;
  EXPECT_TRUE(contains(g.error, ":5:1: error: unsupported: clause 'private' on an orphaned `omp for`")) << g.error;
}

// Without its barrier an orphaned loop may race with what follows its call, which the race check
// does not see in the copies: refused at the loop.
TEST(RegionAdjoint, OrphanedWorksharingLoopWithNowaitIsRefused) {
  Generated g = generate(R"C(static void relax(int n, const double *u, double *unew)
{
    int i;
#pragma omp for nowait
    for (i = 1; i < n - 1; i++)
        unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
}
void sweep(int n, double *u, double *v)
{
#pragma omp parallel
    {
        relax(n, u, v);
        relax(n, v, u);
    }
}
)C",
                         "sweep", {"u", "v"});
  EXPECT_TRUE(g.code.empty()) << g.code;
  EXPECT_TRUE(contains(g.error, ":4:1: error: unsupported: nowait on an orphaned `omp for`")) << g.error;
}

// The copies are checked for races where the calls put them: one array passed as in and out races.
TEST(RegionAdjoint, OrphanedWorksharingLoopRacingThroughItsArgumentsIsRefused) {
  Generated g = generate(R"C(static void relax(int n, const double *u, double *unew)
{
    int i;
#pragma omp for
    for (i = 1; i < n - 1; i++)
        unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
}
void sweep(int n, double *u)
{
#pragma omp parallel
    relax(n, u, u);
}
)C",
                         "sweep", {"u"});
  EXPECT_TRUE(g.code.empty()) << g.code;
  EXPECT_TRUE(contains(g.error, ":6:9: error: the primal races: data race on 'u'")) << g.error;
}

// A buffer the function allocates and frees (ad/HeapBuffers.h): its adjoint is a zeroed buffer of the
// same count, allocated after the forward sweep and freed at the end.
const char* kBuffer = R"C(#include <stdlib.h>
void total(int n, const double *x, double *sum)
{
    double *partial = malloc(n * sizeof *partial);
    int i;
    partial[0] = 0.0;
    for (i = 0; i < n; i++)
        partial[0] += x[i];
    *sum = partial[0];
    free(partial);
}
)C";

TEST(RegionAdjoint, AllocatedBufferHasAnAllocatedAdjoint) {
  std::string code = generatedAdjoint(kBuffer, "total", {"x", "sum"});
  EXPECT_TRUE(contains(code, "double *partial_b = (double *)calloc(n, sizeof *partial_b);\n")) << code;
  EXPECT_TRUE(contains(code, "partial_b[0] += *sum_b;")) << code;
  EXPECT_TRUE(contains(code, "    free(partial_b);\n}")) << code;
  EXPECT_FALSE(contains(code, "malloc")) << code;  // the forward sweep needs none of its values
}

std::string bufferRefusal(const std::string& from, const std::string& to) {
  std::string source = kBuffer;
  source.replace(source.find(from), from.size(), to);
  Generated g = generate(source, "total", {"x", "sum"});
  EXPECT_TRUE(g.code.empty()) << g.code;
  return g.error;
}

TEST(RegionAdjoint, AllocatedBuffersTheAdjointCannotFollowAreRefused) {
  // The backward sweep would read values the forward sweep freed.
  EXPECT_TRUE(contains(bufferRefusal("*sum = partial[0];", "*sum = partial[0] * partial[0];"),
                       ":4:5: error: unsupported: the backward sweep reads the values in buffer 'partial', which "
                       "the forward sweep frees where the primal does"));
  EXPECT_TRUE(contains(bufferRefusal("malloc(n * sizeof *partial)", "malloc(n * sizeof *partial + 8)"),
                       ":4:23: error: unsupported: buffer 'partial' allocated by the function: its size is not "
                       "`count * sizeof(T)`"));
  EXPECT_TRUE(contains(bufferRefusal("    int i;\n", "    int i;\n    n = n / 2;\n"),
                       ":4:30: error: unsupported: buffer 'partial' allocated by the function: its size reads a "
                       "value the function changes"));
  EXPECT_TRUE(contains(bufferRefusal("    free(partial);\n", "    free(partial);\n    free(partial);\n"),
                       ":11:5: error: unsupported: buffer 'partial' allocated by the function: freed other than once"));
  EXPECT_TRUE(contains(bufferRefusal("*sum = partial[0];", "*sum = *partial;"),
                       ":9:13: error: unsupported: buffer 'partial' allocated by the function: used other than as "
                       "`partial[e]`"));
}

// Per-thread sums stored at the thread number and added by a master block, the team size read in a
// single block (corpus/cross_entropy; ad/ThreadSlots.h, ad/TeamRegion.h).
const char* kSlots = R"C(#include <omp.h>
void slots(int n, const double *x, double *partial, double *total)
{
    int nthreads = 1;
#pragma omp parallel
    {
        int i;
        double mine = 0.0;
#pragma omp single
        nthreads = omp_get_num_threads();
#pragma omp for
        for (i = 0; i < n; i++)
            mine += x[i] * x[i];
        partial[omp_get_thread_num()] = mine;
#pragma omp barrier
#pragma omp master
        {
            for (i = 0; i < nthreads; i++)
                *total += partial[i];
        }
    }
}
)C";

TEST(RegionAdjoint, ThreadSlotsAndMasterBlocksRunInTheTeam) {
  std::string code = generatedAdjoint(kSlots, "slots", {"x", "partial", "total"});
  // The master block's adjoint, on the master thread between barriers, plain: one thread makes it.
  EXPECT_TRUE(contains(code, "#pragma omp barrier\n#pragma omp master\n")) << code;
  EXPECT_TRUE(contains(code, "partial_b[i] += *total_b;\n")) << code;
  // Each thread's own element: plain.
  EXPECT_TRUE(contains(code,
                       "mine_b += partial_b[omp_get_thread_num()];\n"
                       "        partial_b[omp_get_thread_num()] = 0.0;\n"))
      << code;
  EXPECT_FALSE(contains(code, "omp single")) << code;
}

// Another thread's element, read outside the worksharing loops and master blocks, would meet that
// thread's adjoint of its own element with no barrier between them in the backward sweep.
TEST(RegionAdjoint, AnotherThreadsSlotOutsideABlockIsRefused) {
  std::string source = kSlots;
  source.replace(source.find("#pragma omp barrier\n"), 20, "#pragma omp barrier\n        mine = partial[0];\n");
  Generated g = generate(source, "slots", {"x", "partial", "total"});
  EXPECT_TRUE(g.code.empty()) << g.code;
  EXPECT_TRUE(contains(g.error,
                       ":16:16: error: unsupported: 'partial' is written at each thread's number, and named here "
                       "other than at this thread's own"))
      << g.error;
}

// The thread number through a local of the region that nothing assigns again.
TEST(RegionAdjoint, ThreadSlotThroughALocalOfTheRegion) {
  std::string source = kSlots;
  source.replace(source.find("        int i;\n"), 15,
                 "        int i;\n        const int tid = omp_get_thread_num();\n");
  source.replace(source.find("partial[omp_get_thread_num()]"), 29, "partial[tid]");
  std::string code = generatedAdjoint(source, "slots", {"x", "partial", "total"});
  EXPECT_TRUE(contains(code, "mine_b += partial_b[tid];\n")) << code;
  EXPECT_FALSE(contains(code, "omp atomic")) << code;
}

TEST(RegionAdjoint, ThreadNumbersOutsideATeamRegionAreRefused) {
  Generated g = generate(R"C(#include <omp.h>
void slots(int n, const double *x, double *partial)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        partial[omp_get_thread_num()] += x[i];
}
)C",
                         "slots", {"x", "partial"});
  EXPECT_TRUE(g.code.empty()) << g.code;
  EXPECT_TRUE(contains(g.error, "omp_get_thread_num() in the subscript of an active array")) << g.error;
}

}  // namespace region_adjoint_test
}  // namespace adrace::ad
