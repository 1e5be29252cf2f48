// Several tasks per iteration of a loop that creates them, ordered by `depend` on scalars, elements
// and array sections (check/TaskOrdering): two instances race only when no dependence orders them.
// Each race-free case has a twin that races; a race that only a chain through a third task could
// order is possible, never definite.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace task_dependence_loop_test {

// A block producer and a block consumer per iteration; %s is the consumer's section.
const char* kSections = R"(
  #define LEN 1024
  #define BLOCK 128
  int a[LEN + BLOCK], c[LEN];
  void pipeline(void) {
    int b;
  #pragma omp parallel
  #pragma omp single
    for (b = 0; b < LEN; b += BLOCK) {
  #pragma omp task depend(out: a[b:BLOCK]) firstprivate(b)
      {
        int k;
        for (k = b; k < b + BLOCK; k++)
          a[k] = k;
      }
  #pragma omp task depend(in: %s) firstprivate(b)
      {
        int k;
        for (k = b; k < b + BLOCK; k++)
          c[k] = 2 * a[k];
      }
    }
  })";

TEST(TaskDependencesInALoop, AConsumerOfTheSameSectionWaitsForItsProducer) {
  CheckedSnippet checked = checkSnippet(fillIn(kSections, {"a[b:BLOCK]"}));
  ASSERT_EQ(checked.models.loops.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(checked.models.loops[0].createdTasks.size(), 2u);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(TaskDependencesInALoop, AConsumerOfTheNextSectionRacesWithItsOwnBlocksProducer) {
  CheckedSnippet checked = checkSnippet(fillIn(kSections, {"a[b + BLOCK:BLOCK]"}));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "a", true)) << describe(checked.findings);
}

// OpenMP lets the items of sibling tasks be identical or disjoint only; a runtime may or may not
// order a block and its first element, so the race is reported, and only as possible.
TEST(TaskDependencesInALoop, ItemsThatOnlyOverlapLeaveTheRacePossible) {
  CheckedSnippet checked = checkSnippet(fillIn(kSections, {"a[b]"}));
  EXPECT_TRUE(reportsRaceOn(checked, "a")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

// Per block: a task writing partial products, and one adding them into a scalar; %s is the adder's
// dependence on the scalar.
const char* kAccumulate = R"(
  #define N 1000
  #define BS 64
  static double x[N], work[N];
  static double block_sum(const double *w, int lo, int hi) {
    double s = 0.0;
    int i;
    for (i = lo; i < hi; i++)
      s += w[i];
    return s;
  }
  double norm(void) {
    double nrm = 0.0;
  #pragma omp parallel
  #pragma omp single
    {
      int lo;
      for (lo = 0; lo < N; lo += BS) {
        int hi = (lo + BS < N) ? lo + BS : N;
  #pragma omp task firstprivate(lo, hi) depend(out: work[lo])
        {
          int k;
          for (k = lo; k < hi; k++)
            work[k] = x[k] * x[k];
        }
  #pragma omp task firstprivate(lo, hi) depend(in: work[lo]) %s
        nrm += block_sum(work, lo, hi);
      }
    }
    return nrm;
  })";

TEST(TaskDependencesInALoop, InoutOnTheSumOrdersEveryAdder) {
  CheckedSnippet checked = checkSnippet(fillIn(kAccumulate, {"depend(inout: nrm)"}));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(TaskDependencesInALoop, AddersWithoutADependenceOnTheSumRace) {
  CheckedSnippet checked = checkSnippet(fillIn(kAccumulate, {""}));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "nrm", true)) << describe(checked.findings);
  EXPECT_FALSE(reportsRaceOn(checked, "work")) << describe(checked.findings);
}

// Two tasks of one iteration without dependences run at the same time.
TEST(TaskDependencesInALoop, TwoTasksOfOneIterationWithoutDependencesRace) {
  CheckedSnippet checked = checkSnippet(R"(
    float u[256], v[256];
    void twice(void) {
      int i;
    #pragma omp parallel
    #pragma omp single
      for (i = 0; i < 256; i++) {
    #pragma omp task firstprivate(i)
        u[i] = 1.0f;
    #pragma omp task firstprivate(i)
        v[i] = u[i] + 1.0f;
      }
    })");
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << describe(checked.findings);
  EXPECT_FALSE(reportsRaceOn(checked, "v")) << describe(checked.findings);
}

// A chain through a middle task orders the first and the last task of an iteration; only direct
// dependences are modelled, so the race reported is possible, never definite.
TEST(TaskDependencesInALoop, AnOrderThroughAThirdTaskLeavesTheRacePossible) {
  CheckedSnippet checked = checkSnippet(R"(
    double x[64], y[64], z[64];
    void chain(void) {
      int i;
    #pragma omp parallel
    #pragma omp single
      for (i = 0; i < 64; i++) {
    #pragma omp task firstprivate(i) depend(out: x[i])
        { x[i] = i; z[i] = i; }
    #pragma omp task firstprivate(i) depend(in: x[i]) depend(out: y[i])
        y[i] = x[i];
    #pragma omp task firstprivate(i) depend(in: y[i])
        z[i] += y[i];
      }
    })");
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "z")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

// The creating thread's own statements run before the tasks created after them, and beside the
// tasks of earlier iterations.
TEST(TaskDependencesInALoop, TheCreatorsDeclarationMeetsEarlierTasks) {
  const char* code = R"(
    int a[512], flag[64];
    void creator(void) {
      int b;
    #pragma omp parallel
    #pragma omp single
      for (b = 0; b < 64; b++) {
        int seen = flag[%s];
    #pragma omp task firstprivate(b, seen) depend(out: a[b * 8:8])
        { a[b * 8] = seen; flag[b] = 1; }
    #pragma omp task firstprivate(b) depend(in: a[b * 8:8])
        a[b * 8 + 1] = a[b * 8];
      }
    })";
  CheckedSnippet own = checkSnippet(fillIn(code, {"b"}));
  EXPECT_FALSE(anyUnsupported(own)) << describe(own.findings);
  EXPECT_TRUE(own.findings.empty()) << describe(own.findings);
  CheckedSnippet earlier = checkSnippet(fillIn(code, {"b > 0 ? b - 1 : 0"}));
  EXPECT_TRUE(reportsRaceOn(earlier, "flag")) << describe(earlier.findings);
}

TEST(TaskDependencesInALoop, ItemsTheModelCannotNameAreUnsupported) {
  const char* shapes[] = {
      // a whole array
      R"(int a[64]; void f(void) {
         #pragma omp parallel
         #pragma omp single
           { int i; for (i = 0; i < 8; i++) {
         #pragma omp task depend(out: a)
             a[i] = i;
         #pragma omp task depend(in: a[i])
             a[i + 1] = a[i]; } } })",
      // tasks sharing a variable differently
      R"(int a[64]; void f(void) {
         int t = 0;
         #pragma omp parallel
         #pragma omp single
           { int i; for (i = 0; i < 8; i++) {
         #pragma omp task firstprivate(t)
             a[i] = t;
         #pragma omp task
             t += a[i]; } } })",
  };
  for (const char* code : shapes) EXPECT_TRUE(anyUnsupported(checkSnippet(code))) << code;
}

}  // namespace task_dependence_loop_test
}  // namespace adrace::analyzer::testing
