// `taskloop` in a `single`, as `adrace check` models it (analyzer/frontend/TaskloopInSingle.h): its
// iterations run on any thread of the team, concurrently with each other and with what the other
// threads do before the single's barrier. Each race-free case has a twin that races; shapes whose
// tasks outlive the single stay unsupported, never race-free.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace taskloop_check_test {

// A blocked smoothing step in the style of a task-based code: C89 counter, macro sizes, a helper.
const char* kSmoothing = R"(
  #define LEN 4096
  static double u[LEN + 2], unew[LEN + 2];
  static inline double average(double l, double r) { return 0.5 * (l + r); }
  void smooth(int n) {
    int i;
  #pragma omp parallel firstprivate(n)
    {
  #pragma omp single
  #pragma omp taskloop grainsize(256) /* one block of cells per task */
      for (i = 1; i <= n; i++)
        %s = average(u[i - 1], u[i + 1]);
    }
  })";

std::string smoothing(const std::string& target) {
  std::string code = kSmoothing;
  return code.replace(code.find("%s"), 2, target);
}

TEST(Taskloop, IterationsWritingTheirOwnCellAreDisjoint) {
  CheckedSnippet checked = checkSnippet(smoothing("unew[i]"));
  ASSERT_EQ(checked.models.loops.size(), 1u);
  EXPECT_EQ(checked.models.loops[0].directive, Directive{Construct::Taskloop});
  EXPECT_EQ(checked.models.loops[0].schedule, Schedule::Tasks);
  EXPECT_FALSE(anyUnsupported(checked));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(Taskloop, UpdatingInPlaceRacesAcrossIterations) {
  CheckedSnippet checked = checkSnippet(smoothing("u[i]"));
  EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << describe(checked.findings);
}

TEST(Taskloop, ReductionClauseProtectsTheSum) {
  const char* code = R"(
    float x[1000];
    double norm(void) {
      double total = 0.0;
      int i;
    #pragma omp parallel
    #pragma omp single
    #pragma omp taskloop num_tasks(8) %s
      for (i = 0; i < 1000; i++)
        total += x[i] * x[i];
      return total;
    })";
  std::string withReduction = code, without = code;
  withReduction.replace(withReduction.find("%s"), 2, "reduction(+: total)");
  without.replace(without.find("%s"), 2, "");
  CheckedSnippet checked = checkSnippet(withReduction);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checkSnippet(without), "total", true));
}

TEST(Taskloop, DefaultSharedSharesTheSinglesThreadsLocals) {
  // tmp is private to each thread of the region, hence firstprivate in the tasks; default(shared)
  // makes the single's thread's copy one variable that every task writes.
  const char* code = R"(
    double a[512], b[512];
    void squares(void) {
    #pragma omp parallel
      {
        double tmp;
    #pragma omp single
    #pragma omp taskloop %s
        for (int i = 0; i < 512; i++) {
          tmp = a[i];
          b[i] = tmp * tmp;
        }
      }
    })";
  std::string shared = code, implicit = code;
  shared.replace(shared.find("%s"), 2, "default(shared)");
  implicit.replace(implicit.find("%s"), 2, "");
  EXPECT_TRUE(reportsRaceOn(checkSnippet(shared), "tmp", true));
  CheckedSnippet checked = checkSnippet(implicit);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(Taskloop, OtherThreadsRaceWithTheTasksBeforeTheBarrier) {
  // A task may run on thread 1 while thread 0 is still writing a[0]; with a barrier between them
  // every write is done before the single creates the tasks.
  const char* code = R"(
    #include <omp.h>
    double a[64], b[64];
    void f(void) {
    #pragma omp parallel
      {
        a[omp_get_thread_num()] = 1.0;
        %s
    #pragma omp single
    #pragma omp taskloop
        for (int i = 0; i < 64; i++)
          b[i] = a[i];
      }
    })";
  std::string racy = code, fixed = code;
  racy.replace(racy.find("%s"), 2, "");
  fixed.replace(fixed.find("%s"), 2, "\n#pragma omp barrier\n");
  EXPECT_TRUE(reportsRaceOn(checkSnippet(racy), "a", true));
  CheckedSnippet checked = checkSnippet(fixed);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

// The single's thread runs its statements before the taskloop, then creates the tasks, then runs
// its statements after it: once the tasks are done, or at once with nogroup.
std::string singleAroundTaskloop(const std::string& before, const std::string& clauses, const std::string& after) {
  return R"(double a[64], s; void f(void) {
    #pragma omp parallel
    #pragma omp single
    {
      )" +
         before + R"(
    #pragma omp taskloop )" +
         clauses + R"(
      for (int i = 1; i < 64; i++) a[i] = 2.0 * a[0];
      )" +
         after + R"(
    } })";
}

TEST(Taskloop, TheSinglesStatementsAroundItAreOrderedByTheImplicitTaskgroup) {
  CheckedSnippet checked = checkSnippet(singleAroundTaskloop("a[0] = 1.0;", "grainsize(8)", "s = a[3]; a[5] = s;"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  CheckedSnippet alone = checkSnippet(singleAroundTaskloop("", "nogroup", ""));
  EXPECT_TRUE(alone.findings.empty()) << describe(alone.findings);
}

TEST(Taskloop, WithNogroupTheStatementsAfterItRaceWithTheTasks) {
  CheckedSnippet checked = checkSnippet(singleAroundTaskloop("a[0] = 1.0;", "nogroup", "s = a[3];"));
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "a", true)) << describe(checked.findings);
  for (const RaceFinding& finding : checked.findings)
    EXPECT_NE(finding.suggestion.find("remove nogroup from the taskloop at line 6"), std::string::npos)
        << finding.suggestion;
  // What the tasks do not touch is free.
  CheckedSnippet apart = checkSnippet(singleAroundTaskloop("a[0] = 1.0;", "nogroup", "s = 3.0;"));
  EXPECT_TRUE(apart.findings.empty()) << describe(apart.findings);
}

TEST(Taskloop, ShapesWhoseTasksOutliveTheSingleStayUnsupported) {
  const char* shapes[] = {
      // single nowait: the tasks run into what the other threads do next
      R"(double a[64]; void f(void) {
         #pragma omp parallel
         {
         #pragma omp single nowait
         #pragma omp taskloop
           for (int i = 0; i < 64; i++) a[i] = i;
           a[0] = 1.0;
         } })",
      // a directive beside the taskloop that the single's timeline does not follow (SingleTimelineCheckTest.cpp)
      R"(double a[64], s; void f(void) {
         #pragma omp parallel
         #pragma omp single
         {
         #pragma omp taskloop
           for (int i = 0; i < 64; i++) a[i] = i;
         #pragma omp critical
           s = a[3];
         } })",
      // created by master, and the combined forms
      R"(double a[64]; void f(void) {
         #pragma omp parallel
         #pragma omp master taskloop
           for (int i = 1; i < 64; i++) a[i] = a[i - 1]; })",
      R"(double a[64]; void f(void) {
         #pragma omp parallel master taskloop
           for (int i = 1; i < 64; i++) a[i] = a[i - 1]; })",
      // a taskloop outside any parallel region (one thread, but tasks may be deferred)
      R"(double a[64]; void f(void) {
         #pragma omp taskloop
           for (int i = 1; i < 64; i++) a[i] = a[i - 1]; })",
  };
  for (const char* code : shapes) {
    CheckedSnippet checked = checkSnippet(code);
    EXPECT_TRUE(anyUnsupported(checked)) << code << describe(checked.findings);
  }
}

// Clang 19 gives `loop` the construct its binding makes it: `for` inside a parallel region, `simd`
// inside a loop's body. Each is checked as that construct, and these iterations race.
TEST(LoopConstruct, IsCheckedAsTheConstructItBindsTo) {
  const char* shapes[] = {
      R"(double a[64]; void f(void) {
         #pragma omp parallel
         {
         #pragma omp loop
           for (int i = 1; i < 64; i++) a[i] = a[i - 1];
         } })",
      R"(double a[64]; void f(void) {
         #pragma omp parallel for
           for (int j = 0; j < 8; j++) {
         #pragma omp loop
             for (int i = 1; i < 64; i++) a[i] = a[i - 1];
           } })",
  };
  for (const char* code : shapes) {
    CheckedSnippet checked = checkSnippet(code);
    EXPECT_TRUE(hasDefinite(checked)) << code << describe(checked.findings);
  }
}

}  // namespace taskloop_check_test
}  // namespace adrace::analyzer::testing
