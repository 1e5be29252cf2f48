// A single that mixes its own statements, several taskloops and tasks, with taskwait and taskgroup
// (analyzer/frontend/SingleTimeline.h): each part runs after exactly what is finished when it
// starts. Each race-free case has a twin that differs in the one wait or clause that orders it.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace single_timeline_check_test {

// Two relaxation passes over one grid, in the style of a task-based solver: the second reads what
// the first wrote. %s: the first taskloop's clauses.
const char* kTwoPasses = R"(
  #define LEN 2048
  static double u[LEN], tmp[LEN];
  void relax(double w) {
    int k;
  #pragma omp parallel
  #pragma omp single
    {
      tmp[0] = u[0];
  #pragma omp taskloop grainsize(128) %s
      for (k = 1; k < LEN - 1; k++)
        tmp[k] = w * u[k] + 0.5 * (1.0 - w) * (u[k - 1] + u[k + 1]);
      u[0] = tmp[0];
  #pragma omp taskloop grainsize(128)
      for (k = 1; k < LEN - 1; k++)
        u[k] = w * tmp[k] + 0.5 * (1.0 - w) * (tmp[k - 1] + tmp[k + 1]);
    }
  })";

TEST(SingleTimeline, TaskloopsInOneSingleRunOneAfterTheOther) {
  CheckedSnippet checked = checkSnippet(fillIn(kTwoPasses, {""}));
  EXPECT_EQ(checked.models.loops.size(), 2u);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(SingleTimeline, NogroupLetsTheSecondPassMeetTheFirst) {
  CheckedSnippet checked = checkSnippet(fillIn(kTwoPasses, {"nogroup"}));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "tmp", true)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << describe(checked.findings);
}

// A nogroup taskloop and two tasks; %s: what separates them.
const char* kSweepThenSums = R"(
  #define LEN 1024
  static double x[LEN], xn[LEN];
  double sweep(void) {
    double lo = 0.0, hi = 0.0;
    int k;
  #pragma omp parallel
  #pragma omp single
    {
  #pragma omp taskloop nogroup
      for (k = 1; k < LEN - 1; k++)
        xn[k] = 0.5 * (x[k - 1] + x[k + 1]);
      %s
  #pragma omp task shared(lo)
      for (int j = 1; j < LEN / 2; j++) lo += xn[j];
  #pragma omp task shared(hi)
      for (int j = LEN / 2; j < LEN - 1; j++) hi += xn[j];
    }
    return lo + hi;
  })";

TEST(SingleTimeline, TaskwaitWaitsForTheTaskloopsTasks) {
  CheckedSnippet ordered = checkSnippet(fillIn(kSweepThenSums, {"\n  #pragma omp taskwait\n"}));
  EXPECT_FALSE(anyUnsupported(ordered)) << describe(ordered.findings);
  EXPECT_TRUE(ordered.findings.empty()) << describe(ordered.findings);
  CheckedSnippet unordered = checkSnippet(fillIn(kSweepThenSums, {";"}));
  EXPECT_TRUE(reportsRaceOn(unordered, "xn", true)) << describe(unordered.findings);
}

TEST(SingleTimeline, TaskgroupEndWaitsOnlyForWhatItCreated) {
  // The taskgroup ends the two tasks inside it, not the nogroup taskloop created before it.
  const char* code = R"(
    double a[256], b[256], s, t;
    void f(void) {
    #pragma omp parallel
    #pragma omp single
      {
    #pragma omp taskloop nogroup
        for (int i = 0; i < 256; i++) a[i] = 2.0 * i;
    #pragma omp taskgroup
        {
    #pragma omp task
          s = b[1];
    #pragma omp task
          t = b[2];
        }
        b[0] = s + t; /* after the group's tasks */
        %s = 0.0;     /* a[0]: the taskloop may still write it */
      }
    })";
  CheckedSnippet apart = checkSnippet(fillIn(code, {"b[3]"}));
  EXPECT_FALSE(anyUnsupported(apart)) << describe(apart.findings);
  EXPECT_TRUE(apart.findings.empty()) << describe(apart.findings);
  CheckedSnippet meets = checkSnippet(fillIn(code, {"a[0]"}));
  EXPECT_TRUE(reportsRaceOn(meets, "a", true)) << describe(meets.findings);
}

TEST(SingleTimeline, StatementsBetweenTasksRunBesideTheTasksBeforeThem) {
  const char* code = R"(
    double src[512], left[256], right[256];
    void scale(void) {
      double wl = 0.75, wr = 0.25;
    #pragma omp parallel
    #pragma omp single
      {
    #pragma omp task
        for (int j = 0; j < 256; j++) left[j] = wl * src[j];
        %s = 0.5;
    #pragma omp task
        for (int j = 0; j < 256; j++) right[j] = wr * src[256 + j];
      }
    })";
  CheckedSnippet later = checkSnippet(fillIn(code, {"wr"}));
  EXPECT_FALSE(anyUnsupported(later)) << describe(later.findings);
  EXPECT_TRUE(later.findings.empty()) << describe(later.findings);
  EXPECT_TRUE(reportsRaceOn(checkSnippet(fillIn(code, {"wl"})), "wl", true));
}

TEST(SingleTimeline, TaskgroupDoesNotWaitForATaskCreatedBeforeIt) {
  const char* code = R"(
    double a[4], s;
    void f(void) {
    #pragma omp parallel
    #pragma omp single
      {
    #pragma omp task
        a[1] = 1.0;
    #pragma omp taskgroup
        {
    #pragma omp task
          a[0] = 2.0;
        }
        %s
        s = a[1];
      }
    })";
  CheckedSnippet running = checkSnippet(fillIn(code, {""}));
  EXPECT_FALSE(anyUnsupported(running)) << describe(running.findings);
  EXPECT_TRUE(reportsRaceOn(running, "a", true)) << describe(running.findings);
  CheckedSnippet waited = checkSnippet(fillIn(code, {"\n    #pragma omp taskwait\n"}));
  EXPECT_TRUE(waited.findings.empty()) << describe(waited.findings);
}

TEST(SingleTimeline, TasksMeetWhatOtherThreadsDoBeforeTheSingle) {
  // No barrier between the master's write and the single: the task may read z[%s] meanwhile.
  const char* code = R"(
    int x, z[64];
    void f(void) {
    #pragma omp parallel
      {
    #pragma omp master
        z[0] = 1;
    #pragma omp single
        {
          x = 0;
    #pragma omp task
          x = z[%s];
        }
      }
    })";
  CheckedSnippet meets = checkSnippet(fillIn(code, {"0"}));
  EXPECT_FALSE(anyUnsupported(meets)) << describe(meets.findings);
  EXPECT_TRUE(reportsRaceOn(meets, "z", true)) << describe(meets.findings);
  CheckedSnippet apart = checkSnippet(fillIn(code, {"1"}));
  EXPECT_TRUE(apart.findings.empty()) << describe(apart.findings);
}

TEST(SingleTimeline, TaskwaitInsideATaskgroupWaitsForEveryChild) {
  // The taskloop inside the taskgroup is a loop of its own; the taskwait in the group waits for it
  // and for the task created before the group.
  const char* code = R"(
    double a[100], b[100], s;
    void f(void) {
    #pragma omp parallel
    #pragma omp single
      {
    #pragma omp task
        a[0] = 1.0;
    #pragma omp taskgroup
        {
    #pragma omp taskloop nogroup
          for (int i = 1; i < 100; i++) b[i] = i;
          %s
          s = a[0] + b[5];
        }
      }
    })";
  CheckedSnippet waited = checkSnippet(fillIn(code, {"\n    #pragma omp taskwait\n"}));
  EXPECT_EQ(waited.models.loops.size(), 1u);
  EXPECT_FALSE(anyUnsupported(waited)) << describe(waited.findings);
  EXPECT_TRUE(waited.findings.empty()) << describe(waited.findings);
  CheckedSnippet unwaited = checkSnippet(fillIn(code, {""}));
  EXPECT_TRUE(reportsRaceOn(unwaited, "a", true)) << describe(unwaited.findings);
  EXPECT_TRUE(reportsRaceOn(unwaited, "b", true)) << describe(unwaited.findings);
}

TEST(SingleTimeline, ShapesItDoesNotFollowStayUnsupported) {
  const char* shapes[] = {
      // depend on an element beside a taskloop
      R"(double a[64], b[64]; void f(void) {
         #pragma omp parallel
         #pragma omp single
         {
         #pragma omp taskloop nogroup
           for (int i = 0; i < 64; i++) a[i] = i;
         #pragma omp task depend(in: a[3])
           b[0] = a[3];
         } })",
      // a task that creates tasks beside a taskloop
      R"(double a[64], b[64]; void f(void) {
         #pragma omp parallel
         #pragma omp single
         {
         #pragma omp taskloop
           for (int i = 0; i < 64; i++) a[i] = i;
         #pragma omp task
           {
         #pragma omp task
             b[0] = a[3];
           }
         } })",
      // an if clause: an undeferred task ends before the single's thread goes on
      R"(double a[64], b[64]; int small; void f(void) {
         #pragma omp parallel
         #pragma omp single
         {
         #pragma omp taskloop
           for (int i = 0; i < 64; i++) a[i] = i;
         #pragma omp task if(small)
           b[0] = a[3];
           b[0] = 1.0;
         } })",
      // single nowait: the tasks run into what the other threads do next
      R"(double a[64], b[64]; void f(void) {
         #pragma omp parallel
         {
         #pragma omp single nowait
           {
         #pragma omp taskloop nogroup
             for (int i = 0; i < 64; i++) a[i] = i;
         #pragma omp taskloop
             for (int i = 0; i < 64; i++) b[i] = i;
           }
           a[0] = 1.0;
         } })",
  };
  for (const char* code : shapes) {
    CheckedSnippet checked = checkSnippet(code);
    EXPECT_TRUE(anyUnsupported(checked)) << code << describe(checked.findings);
  }
}

}  // namespace single_timeline_check_test
}  // namespace adrace::analyzer::testing
