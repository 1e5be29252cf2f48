// A call `f(args);` among a parallel region's statements is read as f's body written at the call
// (OpenMP binds f's orphaned single, master, critical and barrier to the caller's region), with f's
// pointer parameters standing for the arrays passed, `&x` for the scalar x, and f's locals each
// thread's own. Each race-free case has a twin that races; what is not followed stays unsupported.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace callee_inlining_test {

const char* kSetup = R"(
    #define LEN 1000
    double scale;
    double out[LEN];
    static void setup(double factor) {
    #pragma omp single %s
      scale = 2.0 * factor;
    }
    void run(void) {
      int i;
    #pragma omp parallel
      {
        setup(0.25);
    #pragma omp for
        for (i = 0; i < LEN; i++)
          out[i] = scale * i;
      }
    })";

TEST(CalleeInlining, ASingleInACalleeEndsWithItsBarrier) {
  CheckedSnippet checked = checkSnippet(fillIn(kSetup, {""}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
  ASSERT_EQ(checked.models.regions.size(), 1u);
  const RegionModel& region = checked.models.regions[0];
  ASSERT_GE(region.steps.size(), 2u);
  EXPECT_EQ(region.steps[0].construct, StepConstruct::Single);
  EXPECT_EQ(region.steps[0].executor, Executor::OneThread);
  EXPECT_EQ(region.steps[0].at.line, 6u);  // the single in setup(), not the call
}

TEST(CalleeInlining, ASingleNowaitInACalleeRacesWithTheLoopAfterTheCall) {
  CheckedSnippet checked = checkSnippet(fillIn(kSetup, {"nowait"}));
  EXPECT_TRUE(reportsRaceOn(checked, "scale", true)) << describe(checked.findings);
}

const char* kNoteStep = R"(
    int last_step = -1;
    double work[512];
    static void note_step(int step) {
    #pragma omp master
      last_step = step;
      %s
    }
    void run(void) {
      int i;
    #pragma omp parallel
      {
        note_step(3);
    #pragma omp for
        for (i = 0; i < 512; i++)
          work[i] = (double)last_step * i;
      }
    })";

TEST(CalleeInlining, MasterAndABarrierInACallee) {
  CheckedSnippet checked = checkSnippet(fillIn(kNoteStep, {"\n#pragma omp barrier\n"}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  CheckedSnippet twin = checkSnippet(fillIn(kNoteStep, {""}));
  EXPECT_TRUE(reportsRaceOn(twin, "last_step", true)) << describe(twin.findings);
}

const char* kRelax = R"(
    #include <omp.h>
    double cur[64], next[64];
    static void relax(int tid, int nthreads) {
      int right = (tid + 1) % nthreads;
      next[tid] = 0.5 * cur[tid];
      %s
      cur[tid] = next[tid] + next[right];
    }
    void run(void) {
    #pragma omp parallel num_threads(8)
      {
        int tid = omp_get_thread_num();
        int nthreads = omp_get_num_threads();
        relax(tid, nthreads);
      }
    })";

TEST(CalleeInlining, ABarrierInACalleeSeparatesItsPhases) {
  // The callee's local `right` has the value of its one definition, in terms of the arguments.
  CheckedSnippet checked = checkSnippet(fillIn(kRelax, {"\n#pragma omp barrier\n"}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
  CheckedSnippet twin = checkSnippet(fillIn(kRelax, {""}));
  EXPECT_TRUE(reportsRaceOn(twin, "next", true)) << describe(twin.findings);
  EXPECT_FALSE(reportsRaceOn(twin, "cur")) << describe(twin.findings);
}

const char* kTotal = R"(
    double v[1000];
    double total = 0.0;
    static void add_to_total(double part) {
    #pragma omp critical %s
      total += part;
    }
    void run(void) {
    #pragma omp parallel
      {
        double mine = 0.0;
        int k;
    #pragma omp for
        for (k = 0; k < 1000; k++)
          mine += v[k];
        add_to_total(mine);
        if (mine < 0.0) {
    #pragma omp critical
          total = 0.0;
        }
      }
    })";

TEST(CalleeInlining, ACriticalInACalleeExcludesTheCallersCriticalOfTheSameName) {
  CheckedSnippet checked = checkSnippet(fillIn(kTotal, {""}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  CheckedSnippet named = checkSnippet(fillIn(kTotal, {"(accum)"}));
  EXPECT_TRUE(reportsRaceOn(named, "total")) << describe(named.findings);
}

const char* kWeights = R"(
    #define LEN 256
    double weights[LEN], signal[LEN], out[LEN];
    static void init_weights(double *w, int n) {
      int j;
    #pragma omp single %s
      for (j = 0; j < n; j++)
        w[j] = 1.0 / n;
    }
    void run(void) {
      int i;
    #pragma omp parallel
      {
        init_weights(weights, LEN);
    #pragma omp for
        for (i = 0; i < LEN; i++)
          out[i] = weights[i] * signal[i];
      }
    })";

TEST(CalleeInlining, APointerParameterIsTheArrayPassed) {
  CheckedSnippet checked = checkSnippet(fillIn(kWeights, {""}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  CheckedSnippet twin = checkSnippet(fillIn(kWeights, {"nowait"}));
  ASSERT_TRUE(reportsRaceOn(twin, "weights", true)) << describe(twin.findings);
  // The witness puts the callee's counter in its range: 0 <= j < LEN.
  for (const RaceFinding& finding : twin.findings)
    for (const auto& [name, value] : finding.witness)
      if (name == "init_weights::j") {
        EXPECT_GE(std::stol(value), 0);
        EXPECT_LT(std::stol(value), 256);
      }
}

const char* kBump = R"(
    int count = 0;
    static void bump(int *c) {
      %s
      (*c)++;
    }
    void run(void) {
    #pragma omp parallel
      bump(&count);
    })";

TEST(CalleeInlining, APointerGivenTheAddressOfAScalarIsThatScalar) {
  CheckedSnippet checked = checkSnippet(fillIn(kBump, {"\n#pragma omp atomic\n"}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  CheckedSnippet twin = checkSnippet(fillIn(kBump, {""}));
  EXPECT_TRUE(reportsRaceOn(twin, "count", true)) << describe(twin.findings);
}

TEST(CalleeInlining, TwoCallsOfOneCalleeHaveTheirOwnLocals) {
  // With one symbol for `at` in both calls, at == 0 and at == 2 would contradict each other and hide
  // the race of the second single's write with the read of a[2].
  CheckedSnippet checked = checkSnippet(R"(
    double a[8];
    static void put(int k) {
      int at = 2 * k;
    #pragma omp single nowait
      a[at] = k;
    }
    void run(void) {
    #pragma omp parallel
      {
        double x;
        put(0);
        put(1);
        x = a[2];
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "a", true)) << describe(checked.findings);
}

TEST(CalleeInlining, ACalleesLocalsAreEachThreadsOwn) {
  const char* code = R"(
    #include <omp.h>
    double slot[64];
    static void fill(double v) {
      int me = omp_get_thread_num();
      double scratch[4];
      scratch[0] = v;
      slot[%s] = scratch[0];
    }
    void run(void) {
    #pragma omp parallel num_threads(4)
      fill(1.5);
    })";
  CheckedSnippet checked = checkSnippet(fillIn(code, {"me"}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  CheckedSnippet twin = checkSnippet(fillIn(code, {"me / 2"}));
  EXPECT_TRUE(reportsRaceOn(twin, "slot", true)) << describe(twin.findings);
}

// A single two calls below the region is a step of the region: its nowait leaves its write of a[0]
// beside every thread's read; without nowait its barrier orders them.
TEST(CalleeInlining, ASingleTwoCallsDownIsAStepOfTheRegion) {
  const char* nested = R"(
    double a[100], b[100];
    static void inner(void) {
    #pragma omp single %s
      a[0] = 1.0;
    }
    static void outer(void) { inner(); }
    void run(void) {
    #pragma omp parallel
      {
        outer();
        b[omp_get_thread_num()] = a[0];
      }
    })";
  CheckedSnippet racing = checkSnippet(fillIn(nested, {"nowait"}));
  EXPECT_FALSE(anyUnsupported(racing)) << describe(racing.findings);
  EXPECT_TRUE(reportsRaceOn(racing, "a", true)) << describe(racing.findings);
  CheckedSnippet ordered = checkSnippet(fillIn(nested, {""}));
  EXPECT_TRUE(ordered.findings.empty()) << describe(ordered.findings);
}

TEST(CalleeInlining, WhatIsNotFollowedIsUnsupportedAndNeverDefinite) {
  // An argument that is not a plain variable, an early return.
  std::string shifted = fillIn(kWeights, {""});
  shifted.replace(shifted.find("init_weights(weights,"), 21, "init_weights(weights + 1,");
  CheckedSnippet offset = checkSnippet(shifted);
  EXPECT_TRUE(unsupportedSaying(offset, "is not a plain variable")) << describe(offset.findings);

  CheckedSnippet early = checkSnippet(R"(
    double a[100];
    static void maybe(int k) {
      if (k < 0) return;
    #pragma omp single nowait
      a[0] = 1.0;
    }
    void run(void) {
    #pragma omp parallel
      {
        maybe(1);
        a[1] = a[0];
      }
    })");
  EXPECT_TRUE(unsupportedSaying(early, "return or goto")) << describe(early.findings);
  EXPECT_FALSE(hasDefinite(early)) << describe(early.findings);
}

// A call inside a region's statement (in a single, under a condition, in an assignment) to a
// helper that reaches shared memory is read as the helper's statements at the call, under the
// call's conditions.
std::string helpersInSingle(const std::string& singleClause) {
  return R"(
    #define N 1000
    static double u[N], r[N], norm;
    static double sum_sq(const double *v, int n) {
      int k;
      double s = 0.0;
      for (k = 0; k < n; k++) s += v[k] * v[k];
      return s;
    }
    static void reset(double *v, int n) {
      int k;
      for (k = 0; k < n; k++) v[k] = 0.0;
    }
    void step(void) {
      int i;
    #pragma omp parallel private(i)
      {
    #pragma omp for
        for (i = 0; i < N; i++) r[i] = 2.0 * u[i];
    #pragma omp single )" +
         singleClause + R"(
        {
          norm = sum_sq(r, N);
          reset(u, N);
        }
    #pragma omp for
        for (i = 0; i < N; i++) u[i] = r[i] / norm;
      }
    })";
}

TEST(CalleeInlining, HelpersCalledInASingleAreReadAtTheCall) {
  CheckedSnippet checked = checkSnippet(helpersInSingle(""));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  CheckedSnippet racy = checkSnippet(helpersInSingle("nowait"));
  EXPECT_FALSE(anyUnsupported(racy)) << describe(racy.findings);
  EXPECT_TRUE(reportsRaceOn(racy, "u", true)) << describe(racy.findings);
  EXPECT_TRUE(reportsRaceOn(racy, "norm", true)) << describe(racy.findings);
}

std::string guardedHelpers(const std::string& between) {
  return R"(
    #include <omp.h>
    #define MAXT 64
    static double slot[MAXT], total;
    static void put(double *p, int k, double v) { p[k] = v; }
    void run(void) {
    #pragma omp parallel
      {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        if (t < MAXT && nt <= MAXT) put(slot, t, 1.0 + t);
        )" +
         between + R"(
        if (t == 1 && nt <= MAXT) total = slot[0];
      }
    })";
}

TEST(CalleeInlining, AGuardedCallKeepsItsConditions) {
  // Thread 1 reads slot[0], which only thread 0 writes through put.
  CheckedSnippet racy = checkSnippet(guardedHelpers(""));
  EXPECT_FALSE(anyUnsupported(racy)) << describe(racy.findings);
  EXPECT_TRUE(reportsRaceOn(racy, "slot", true)) << describe(racy.findings);
  CheckedSnippet fenced = checkSnippet(guardedHelpers("\n#pragma omp barrier\n"));
  EXPECT_TRUE(fenced.findings.empty()) << describe(fenced.findings);
  // Under `t > MAXT` (never with nt <= MAXT) nobody writes: the guard is kept, so no race.
  std::string never = guardedHelpers("");
  const std::string writer = "if (t < MAXT && nt <= MAXT) put";
  never.replace(never.find(writer), writer.size(), "if (t > MAXT && nt <= MAXT) put");
  CheckedSnippet apart = checkSnippet(never);
  EXPECT_TRUE(apart.findings.empty()) << describe(apart.findings);
  EXPECT_FALSE(anyUnsupported(apart)) << describe(apart.findings);
}

// The loops of two callees name their own pointer parameters (p, q): each stands for the array the
// call passes, so a nowait loop writing u through p meets the next loop reading u through q.
TEST(CalleeInlining, LoopsOfTwoCalleesMeetOnTheArrayTheirParametersStandFor) {
  const char* twoLoops = R"(
    double u[1000], v[1000];
    static void scale(double *p, int n) {
      int i;
    #pragma omp for %s
      for (i = 0; i < n; i++) p[i] = 2.0 * p[i];
    }
    static void shift(double *restrict q, double *restrict w) {
      int i;
    #pragma omp for
      for (i = 0; i < 999; i++) w[i] = q[i + 1];
    }
    void run(void) {
    #pragma omp parallel
      {
        scale(u, 1000);
        shift(u, v);
      }
    })";
  CheckedSnippet racing = checkSnippet(fillIn(twoLoops, {"nowait"}));
  EXPECT_FALSE(anyUnsupported(racing)) << describe(racing.findings);
  EXPECT_TRUE(reportsRaceOn(racing, "u", true)) << describe(racing.findings);
  CheckedSnippet ordered = checkSnippet(fillIn(twoLoops, {""}));
  EXPECT_TRUE(ordered.findings.empty()) << describe(ordered.findings);
}

// A helper's call to another helper is read at its call too, its names bound through the first
// helper's: put's p[k] is fill's q[t + 1], which is a[tid + 1] for the thread's tid.
TEST(CalleeInlining, ACallInsideAReadHelperIsReadThroughItsBinding) {
  const char* chain = R"(
    double a[100];
    static void put(double *p, int k) { p[k] = 1.0; }
    static void fill(double *q, int t) { put(q, t + 1); }
    void run(void) {
    #pragma omp parallel
      {
        int t = %s;
        if (t < 99) fill(a, t);
      }
    })";
  CheckedSnippet own = checkSnippet(fillIn(chain, {"omp_get_thread_num()"}));
  EXPECT_TRUE(own.findings.empty()) << describe(own.findings);
  CheckedSnippet same = checkSnippet(fillIn(chain, {"0"}));
  EXPECT_FALSE(anyUnsupported(same)) << describe(same.findings);
  EXPECT_TRUE(reportsRaceOn(same, "a", true)) << describe(same.findings);
}

// Two calls down, a local array of the first helper passed on is each thread's own memory; a
// local pointer passed on is not followed, and a recursive call is not either.
TEST(CalleeInlining, WhatTheFirstHelperPassesOnIsItsActivationsOrNotFollowed) {
  const char* passing = R"(
    double a[100];
    static void put(double *p, int k) { p[k] = 1.0; }
    static void fill(double *q, int t) {
      double buf[4];
      double *r = q + 1;
      put(%s, t & 3);
      q[t] = buf[t & 3];
    }
    void run(void) {
    #pragma omp parallel
      {
        int t = omp_get_thread_num();
        if (t < 99) fill(a, t);
      }
    })";
  CheckedSnippet local = checkSnippet(fillIn(passing, {"buf"}));
  EXPECT_TRUE(local.findings.empty()) << describe(local.findings);
  CheckedSnippet pointer = checkSnippet(fillIn(passing, {"r"}));
  EXPECT_TRUE(unsupportedSaying(pointer, "pointer local to called function 'fill'")) << describe(pointer.findings);
  EXPECT_FALSE(hasDefinite(pointer)) << describe(pointer.findings);

  CheckedSnippet recursive = checkSnippet(R"(
    double a[100];
    static void walk(double *p, int k) {
      p[k] = 1.0;
      if (k > 0) walk(p, k - 1);
    }
    static void start(double *q) { walk(q, 3); }
    void run(void) {
    #pragma omp parallel
      start(a);
    })");
  EXPECT_TRUE(anyUnsupported(recursive)) << describe(recursive.findings);
  EXPECT_FALSE(hasDefinite(recursive)) << describe(recursive.findings);
}

}  // namespace callee_inlining_test
}  // namespace adrace::analyzer::testing
