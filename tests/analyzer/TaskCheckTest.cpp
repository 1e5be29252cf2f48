// Tasks created in a loop inside `parallel` + `single`, as `adrace check` models them: the tasks of
// different iterations run concurrently (the iterations of a parallel loop over the creating loop's
// counter); every other task shape stays unsupported. Each race-free case has a twin that races.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace task_check_test {

std::string unsupportedMessages(const CheckedSnippet& checked) {
  std::string text;
  for (const Diagnostic& diagnostic : checked.diagnostics)
    if (diagnostic.unsupported) text += diagnostic.message + "\n";
  return text;
}

const char* kBlockedTasks = R"(
  #define LEN 1024
  #define BLOCK 64
  static double v[LEN + 1];
  static inline double half(double x) { return 0.5 * x; }
  void scale(void) {
    int b;
  #pragma omp parallel
  #pragma omp single
    for (b = 0; b < LEN; b += BLOCK) {
  #pragma omp task firstprivate(b) /* one block per task */
      {
        int k, e = b + BLOCK > LEN ? LEN : b + BLOCK;
        for (k = b; k < e; k++)
          v[k%s] = half(v[k]);
      }
    }
  })";

std::string blocked(const std::string& offset) {
  std::string code = kBlockedTasks;
  return code.replace(code.find("%s"), 2, offset);
}

TEST(TasksInALoop, BlocksOfDifferentTasksAreDisjoint) {
  CheckedSnippet checked = checkSnippet(blocked(""));
  ASSERT_EQ(checked.models.loops.size(), 1u) << unsupportedMessages(checked);
  EXPECT_EQ(checked.models.loops[0].directive, Directive{Construct::Task});
  EXPECT_EQ(loopDirectiveName(checked.models.loops[0].directive), "task (created in a loop)");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << unsupportedMessages(checked);
}

TEST(TasksInALoop, ATaskWritingIntoTheNextBlockRaces) {
  CheckedSnippet checked = checkSnippet(blocked(" + 1"));
  EXPECT_TRUE(reportsRaceOn(checked, "v", true)) << describe(checked.findings);
}

const char* kCounter = R"(
  int key[4096];
  int count_fives(void) {
    int i, hits = 0;
  #pragma omp parallel
  #pragma omp single
    for (i = 0; i < 4096; i += 256) {
  #pragma omp task firstprivate(i) shared(hits) if(i > 0) untied
      {
        int k;
        for (k = i; k < i + 256; k++)
          if (key[k] == 5)
            %s
            hits++;
      }
    }
    return hits;
  })";

std::string counter(const std::string& protection) {
  std::string code = kCounter;
  return code.replace(code.find("%s"), 2, protection);
}

TEST(TasksInALoop, AnAtomicIncrementOfASharedCounterIsProtected) {
  CheckedSnippet checked = checkSnippet(counter("\n#pragma omp atomic\n"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << unsupportedMessages(checked);
}

TEST(TasksInALoop, APlainIncrementOfASharedCounterRaces) {
  CheckedSnippet checked = checkSnippet(counter(""));
  EXPECT_TRUE(reportsRaceOn(checked, "hits", true)) << describe(checked.findings);
}

TEST(TasksInALoop, TheCounterIsFirstprivateWhenPrivateToTheSingle) {
  CheckedSnippet checked = checkSnippet(R"(
    int a[64];
    void squares(void) {
    #pragma omp parallel
    #pragma omp single
      {
        int i;
        for (i = 0; i < 64; i++)
    #pragma omp task
          a[i] = i * i;
      }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << unsupportedMessages(checked);
}

TEST(TasksInALoop, ASharedCounterIsReadWhileTheLoopAdvancesIt) {
  for (const char* clause : {"shared(i)", "default(shared)"}) {
    CheckedSnippet checked = checkSnippet(std::string(R"(
      int a[64];
      void squares(void) {
      #pragma omp parallel
      #pragma omp single
        {
          int i;
          for (i = 0; i < 64; i++)
      #pragma omp task )") + clause + R"(
            a[i] = i * i;
        }
      })");
    EXPECT_TRUE(reportsRaceOn(checked, "i", true)) << clause << "\n" << describe(checked.findings);
    // Which i each task sees is not modelled: the loop is not called checked.
    EXPECT_TRUE(anyUnsupported(checked)) << clause;
  }
}

TEST(TasksInALoop, ACounterSharedInTheRegionIsSharedInTheTask) {
  CheckedSnippet checked = checkSnippet(R"(
    int a[64];
    void squares(void) {
      int i;
    #pragma omp parallel
    #pragma omp single
      for (i = 0; i < 64; i++)
    #pragma omp task
        a[i] = i * i;
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "i", true)) << describe(checked.findings);
}

TEST(TasksInALoop, AScratchVariableSharedByEveryTaskRaces) {
  const char* code = R"(
    double rows[32][64];
    void normalise(void) {
      int r;
      double tmp;
    #pragma omp parallel
    #pragma omp single
      for (r = 0; r < 32; r++) {
    #pragma omp task firstprivate(r %s)
        {
          int k;
          tmp = rows[r][0];
          for (k = 0; k < 64; k++) rows[r][k] /= tmp;
        }
      }
    })";
  std::string racy = code, fixed = code;
  racy.replace(racy.find("%s"), 2, "");
  fixed.replace(fixed.find("%s"), 2, ", tmp");
  EXPECT_TRUE(reportsRaceOn(checkSnippet(racy), "tmp", true));
  CheckedSnippet checked = checkSnippet(fixed);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(TasksInALoop, TheSinglesThreadRacesWithOtherThreadsBeforeTheBarrier) {
  // The region model keeps the task's accesses in the single's step: another thread's write before
  // the single's barrier meets them.
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    double a[64];
    void f(void) {
    #pragma omp parallel
      {
        a[omp_get_thread_num()] = 1.0;
    #pragma omp single
        {
          int i;
          for (i = 0; i < 64; i++)
    #pragma omp task
            a[i] = 2.0;
        }
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "a")) << describe(checked.findings);
}

// Shapes the model does not cover stay unsupported, never race-free.
TEST(TasksInALoop, OtherShapesStayUnsupported) {
  const char* shapes[] = {
      // single nowait: the tasks outlive the single into what the other threads do next
      R"(int a[64]; void f(void) {
         #pragma omp parallel
         {
         #pragma omp single nowait
           { int i; for (i = 0; i < 64; i++)
         #pragma omp task
             a[i] = i; }
           a[0] = 1;
         } })",
      // statements after the loop before any taskwait run concurrently with the tasks
      R"(int a[64], s; void f(void) {
         #pragma omp parallel
         #pragma omp single
           { int i; for (i = 0; i < 64; i++)
         #pragma omp task
             a[i] = i;
             s = a[3]; } })",
      // statements beside the task in the creating loop
      R"(int a[64], s; void f(void) {
         #pragma omp parallel
         #pragma omp single
           { int i; for (i = 0; i < 64; i++) { s += a[i];
         #pragma omp task
             a[i] = i; } } })",
      // a task created by master (no barrier at its end)
      R"(int a[64]; void f(void) {
         #pragma omp parallel
         #pragma omp master
           { int i; for (i = 0; i < 64; i++)
         #pragma omp task
             a[i] = i; } })",
      // mutexinoutset in a loop is not modelled (TaskDependenceLoopTest.cpp has the modelled kinds)
      R"(int a[64]; void f(void) {
         #pragma omp parallel
         #pragma omp single
           { int i; for (i = 0; i < 64; i++)
         #pragma omp task depend(mutexinoutset: a[i])
             a[i] = i; } })",
  };
  for (const char* code : shapes) {
    CheckedSnippet checked = checkSnippet(code);
    EXPECT_TRUE(anyUnsupported(checked)) << code;
  }
}

TEST(TasksInALoop, ATaskwaitAfterTheLoopEndsTheTasks) {
  CheckedSnippet checked = checkSnippet(R"(
    int a[64], s;
    void f(void) {
    #pragma omp parallel
    #pragma omp single
      {
        int i;
        for (i = 0; i < 64; i++)
    #pragma omp task
          a[i] = i;
    #pragma omp taskwait
        s = a[3];
      }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << unsupportedMessages(checked);
}

// Tasks created one by one in a single that starts a phase: concurrent with each other and with
// the single's statements after them, until a taskwait, unless depend orders them.
std::string producerConsumer(const std::string& producer, const std::string& consumer, const std::string& between) {
  return R"(
    #define LEN 128
    static double field[LEN];
    static inline double twice(double v) { return 2.0 * v; }
    double total(void) {
      int x = 0, y = 0;
      double sum = 0.0;
    #pragma omp parallel
    #pragma omp single
      {
    #pragma omp task shared(x) )" +
         producer + R"(
        x = 21;
    #pragma omp task shared(x, y) )" +
         consumer + R"(
        y = (int) twice(x); /* uses the producer's x */
        )" +
         between + R"(
        sum = x + y;
      }
      return sum;
    })";
}

TEST(TaskSequences, DependOutInOrdersTheConsumer) {
  CheckedSnippet checked =
      checkSnippet(producerConsumer("depend(out: x)", "depend(in: x)", "\n#pragma omp taskwait\n"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << unsupportedMessages(checked);
}

TEST(TaskSequences, WithoutDependTheConsumerRaces) {
  CheckedSnippet checked = checkSnippet(producerConsumer("depend(out: x)", "", "\n#pragma omp taskwait\n"));
  EXPECT_TRUE(reportsRaceOn(checked, "x", true)) << describe(checked.findings);
}

TEST(TaskSequences, WithoutTaskwaitTheSinglesThreadRaces) {
  CheckedSnippet checked = checkSnippet(producerConsumer("", "", ""));
  EXPECT_TRUE(reportsRaceOn(checked, "y", true)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "x", true)) << describe(checked.findings);
  // Dependences between the tasks do not order the single's statements after them.
  CheckedSnippet ordered = checkSnippet(producerConsumer("depend(out: x)", "depend(in: x)", ""));
  EXPECT_FALSE(anyUnsupported(ordered)) << unsupportedMessages(ordered);
  EXPECT_TRUE(reportsRaceOn(ordered, "y", true)) << describe(ordered.findings);
  EXPECT_TRUE(reportsRaceOn(ordered, "x", true)) << describe(ordered.findings);
}

// A chain of updates of x with an unrelated task in the middle: the first and last task are
// ordered by depend(inout: x), the middle one runs beside both.
std::string chainWithMiddleTask(const std::string& middleDepend, const std::string& middleBody) {
  return R"(int x, y; void f(void) {
    #pragma omp parallel
    #pragma omp single
    {
    #pragma omp task depend(inout: x)
      x++;
    #pragma omp task )" +
         middleDepend + R"(
      )" +
         middleBody + R"(;
    #pragma omp task depend(inout: x)
      x++;
    } })";
}

TEST(TaskSequences, ATaskMayDependOnSomeOfTheTasksBeforeIt) {
  CheckedSnippet checked = checkSnippet(chainWithMiddleTask("", "y++"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << unsupportedMessages(checked);
}

TEST(TaskSequences, AMiddleTaskWithoutItsDependenceRacesWithBothNeighbours) {
  CheckedSnippet checked = checkSnippet(chainWithMiddleTask("", "x = 2 * x"));
  EXPECT_FALSE(anyUnsupported(checked)) << unsupportedMessages(checked);
  EXPECT_TRUE(reportsRaceOn(checked, "x", true)) << describe(checked.findings);
  EXPECT_TRUE(checkSnippet(chainWithMiddleTask("depend(inout: x)", "x = 2 * x")).findings.empty());
}

TEST(TaskSequences, TwoTasksWritingOneVariableRace) {
  CheckedSnippet checked = checkSnippet(R"(
    int x;
    void f(void) {
    #pragma omp parallel
    #pragma omp single
      {
    #pragma omp task
        x = 1;
    #pragma omp task
        x = 2;
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "x", true)) << describe(checked.findings);
}

// A halo exchange in two tasks, then a sum over what they wrote: the end of the taskgroup waits
// for both, as a taskwait would; without the taskgroup the sum reads while they write.
const char* kHaloExchange = R"(
  #define NX 128
  static double field[NX + 2], total;
  void exchange(void) {
  #pragma omp parallel
  #pragma omp single
    {
      %s
      {
  #pragma omp task
        field[0] = field[NX];      /* left halo */
  #pragma omp task
        field[NX + 1] = field[1];  /* right halo */
      }
      total = field[0] + field[NX + 1];
    }
  })";

TEST(TaskSequences, TheEndOfATaskgroupWaitsForItsTasks) {
  std::string grouped = kHaloExchange, plain = kHaloExchange;
  grouped.replace(grouped.find("%s"), 2, "#pragma omp taskgroup\n");
  plain.replace(plain.find("%s"), 2, "");
  CheckedSnippet checked = checkSnippet(grouped);
  EXPECT_FALSE(anyUnsupported(checked));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checkSnippet(plain), "field", true));
}

TEST(TaskSequences, TasksOfOneTaskgroupStillRaceWithEachOther) {
  CheckedSnippet checked = checkSnippet(R"(
    double a[4], b[4];
    void f(void) {
    #pragma omp parallel
    #pragma omp single
    #pragma omp taskgroup
      {
    #pragma omp task
        a[0] = 1.0;
    #pragma omp task
        b[0] = a[0];
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "a", true)) << describe(checked.findings);
}

TEST(TaskSequences, TwoInDependencesDoNotOrder) {
  CheckedSnippet checked = checkSnippet(R"(
    int v, a, b;
    void f(void) {
    #pragma omp parallel
    #pragma omp single
      {
    #pragma omp task depend(out: v)
        v = 1;
    #pragma omp task depend(in: v)
        a = v;
    #pragma omp task depend(in: v)
        v = 2; /* writes what the other reader reads */
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "v")) << describe(checked.findings);
}

TEST(TaskSequences, MutexinoutsetExcludesButDoesNotOrder) {
  const char* code = R"(
    double sum, mean;
    void f(void) {
    #pragma omp parallel
    #pragma omp single
      {
    #pragma omp task depend(%s: sum)
        sum += 1.0;
    #pragma omp task depend(%s: sum)
        sum += 2.0;
    #pragma omp task depend(in: sum)
        mean = sum / 2;
      }
    })";
  std::string exclusive = code, concurrent = code;
  for (int k = 0; k < 2; ++k) {
    exclusive.replace(exclusive.find("%s"), 2, "mutexinoutset");
    concurrent.replace(concurrent.find("%s"), 2, "in");
  }
  CheckedSnippet checked = checkSnippet(exclusive);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << unsupportedMessages(checked);
  EXPECT_TRUE(reportsRaceOn(checkSnippet(concurrent), "sum", true));
}

// Tasks created by a task: the parent's statements before the child come first, a taskwait in
// the parent waits for it, and only a taskgroup (or the single's barrier) waits for it otherwise.
std::string parentAndChild(const std::string& parentBody, const std::string& afterParent) {
  return R"(int x, y, d; void f(void) {
    #pragma omp parallel
    #pragma omp single
    {
      )" +
         parentBody + R"(
      )" +
         afterParent + R"(
    } })";
}

TEST(TaskSequences, AChildTaskRunsAfterItsParentsEarlierStatementsAndBesideItsLaterOnes) {
  CheckedSnippet ordered = checkSnippet(
      parentAndChild("\n#pragma omp task\n { x = 1;\n#pragma omp task\n y = x;\n#pragma omp taskwait\n x = y; }", ""));
  EXPECT_TRUE(ordered.findings.empty()) << describe(ordered.findings);
  EXPECT_FALSE(anyUnsupported(ordered)) << describe(ordered.findings);
  CheckedSnippet beside =
      checkSnippet(parentAndChild("\n#pragma omp task\n { x = 1;\n#pragma omp task\n y = x;\n x = 2; }", ""));
  EXPECT_FALSE(anyUnsupported(beside)) << describe(beside.findings);
  EXPECT_TRUE(reportsRaceOn(beside, "x", true)) << describe(beside.findings);
}

TEST(TaskSequences, ATaskwaitOfTheSingleDoesNotWaitForGrandchildren) {
  const char* parent = "\n#pragma omp task\n {\n#pragma omp task\n x = 1;\n y = 2; }";
  CheckedSnippet racy = checkSnippet(parentAndChild(parent, "\n#pragma omp taskwait\n d = x;"));
  EXPECT_FALSE(anyUnsupported(racy)) << describe(racy.findings);
  EXPECT_TRUE(reportsRaceOn(racy, "x", true)) << describe(racy.findings);
  for (const RaceFinding& finding : racy.findings)
    EXPECT_NE(finding.suggestion.find("taskgroup"), std::string::npos) << finding.suggestion;
  std::string grouped = "\n#pragma omp taskgroup\n {" + std::string(parent) + " }";
  CheckedSnippet waited = checkSnippet(parentAndChild(grouped, "d = x;"));
  EXPECT_TRUE(waited.findings.empty()) << describe(waited.findings);
  EXPECT_FALSE(anyUnsupported(waited)) << describe(waited.findings);
}

TEST(TaskSequences, ADependentOfATaskDoesNotWaitForItsChildren) {
  const char* consumer = "\n#pragma omp task depend(in: d)\n y = x;";
  CheckedSnippet racy =
      checkSnippet(parentAndChild("\n#pragma omp task depend(out: d)\n {\n#pragma omp task\n x = 1;\n }", consumer));
  EXPECT_TRUE(reportsRaceOn(racy, "x", true)) << describe(racy.findings);
  CheckedSnippet waited = checkSnippet(parentAndChild(
      "\n#pragma omp task depend(out: d)\n {\n#pragma omp task\n x = 1;\n#pragma omp taskwait\n }", consumer));
  EXPECT_TRUE(waited.findings.empty()) << describe(waited.findings);
  EXPECT_FALSE(anyUnsupported(waited)) << describe(waited.findings);
  // Dependences of a child task on its siblings are not followed.
  EXPECT_TRUE(anyUnsupported(
      checkSnippet(parentAndChild("\n#pragma omp task\n {\n#pragma omp task depend(out: d)\n x = 1;\n }", ""))));
}

// What the sequence model cannot say stays unsupported.
// A taskgroup after a task still running, or a single that does not start a phase: SingleTimeline.h
// models those (SingleTimelineCheckTest.cpp).
TEST(TaskSequences, OtherShapesStayUnsupported) {
  const char* shapes[] = {
      // depend on an element: whether two items overlap is not decided
      R"(int a[8]; void f(void) {
         #pragma omp parallel
         #pragma omp single
         {
         #pragma omp task depend(out: a[0])
           a[0] = 1;
         #pragma omp task depend(in: a[0])
           a[1] = a[0];
         } })",
      // a shared local of the single's thread
      R"(int r; void f(void) {
         #pragma omp parallel
         #pragma omp single
         {
           int x = 0;
         #pragma omp task shared(x)
           x++;
         #pragma omp task shared(x)
           x++;
         #pragma omp taskwait
           r = x;
         } })",
  };
  for (const char* code : shapes) {
    CheckedSnippet checked = checkSnippet(code);
    EXPECT_TRUE(anyUnsupported(checked)) << code << "\n" << describe(checked.findings);
  }
}

}  // namespace task_check_test
}  // namespace adrace::analyzer::testing
