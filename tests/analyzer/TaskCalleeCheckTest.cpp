// Tasks created in a function that a `single` calls (CalledTaskSequences.h): the callee's body is
// read as a task sequence written in the single, its names bound at the call; the locals its tasks
// share are shared between the activation and those tasks; a recursive task tree is followed when
// the function reaches only its own activation's memory. Each race-free case has a twin that races,
// and the shapes not modelled stay unsupported, with the reason.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace task_callee_check_test {

std::string cannotCheckMessages(const CheckedSnippet& checked) {
  std::string text;
  for (const Diagnostic& diagnostic : checked.diagnostics)
    if (diagnostic.unsupported) text += diagnostic.message + "\n";
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported) text += finding.message + "\n";
  return text;
}

bool notModelledSaying(const CheckedSnippet& checked, const std::string& words) {
  return cannotCheckMessages(checked).find(words) != std::string::npos;
}

// Two halves of a vector scaled by two tasks of a helper; %s widens the second half.
const char* kHalves = R"(
  #define N 1000
  static double data[N];
  static void scale_halves(double *v, int n, double factor) {
    int mid = n / 2;
  #pragma omp task
    {
      int i;
      for (i = 0; i < mid; i++)
        v[i] *= factor;
    }
  #pragma omp task
    {
      int i;
      for (i = mid%s; i < n; i++)
        v[i] *= factor;
    }
  #pragma omp taskwait
  }
  void run(void) {
  #pragma omp parallel
  #pragma omp single
    scale_halves(data, N, 0.5);
  })";

std::string halves(const std::string& offset) {
  std::string code = kHalves;
  return code.replace(code.find("%s"), 2, offset);
}

TEST(TasksInACalledFunction, DisjointHalvesAreRaceFree) {
  CheckedSnippet checked = checkSnippet(halves(""));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << cannotCheckMessages(checked);
}

TEST(TasksInACalledFunction, OverlappingHalvesRaceOnTheCallersArray) {
  CheckedSnippet checked = checkSnippet(halves(" - 1"));
  EXPECT_TRUE(reportsRaceOn(checked, "data", true)) << describe(checked.findings) << cannotCheckMessages(checked);
}

// The activation's locals the tasks share: `x` written by a task, read after (or without) taskwait.
const char* kPair = R"(
  static double left_sum(int n) { return n * 0.5; }
  static double pair(int n) {
    double x = 0.0, y = 0.0;
  #pragma omp task shared(x)
    x = left_sum(n);
  #pragma omp task shared(y)
    y = left_sum(n + 1);
  %s
    return x + y;
  }
  double total;
  void run(void) {
  #pragma omp parallel
  #pragma omp single
    total = pair(64);
  })";

TEST(TasksInACalledFunction, ALocalSharedWithATaskIsReadAfterTheTaskwait) {
  std::string code = fillIn(kPair, {"#pragma omp taskwait"});
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << cannotCheckMessages(checked);
}

TEST(TasksInACalledFunction, WithoutTheTaskwaitTheCreatorReadsWhatTheTaskWrites) {
  CheckedSnippet checked = checkSnippet(fillIn(kPair, {""}));
  EXPECT_TRUE(reportsRaceOn(checked, "x", true)) << describe(checked.findings) << cannotCheckMessages(checked);
  EXPECT_TRUE(reportsRaceOn(checked, "y", true)) << describe(checked.findings);
}

const char* kFib = R"(
  static int fib(int n) {
    int x, y;
    if (n < 2)
      return n;
  #pragma omp task shared(x)
    x = fib(n - 1);
  #pragma omp task shared(y)
    y = fib(n - 2);
  %s
    return x + y;
  }
  int result;
  void run(void) {
  #pragma omp parallel
  #pragma omp single
    result = fib(20);
  })";

TEST(RecursiveTaskTrees, FibWithTaskwaitIsRaceFree) {
  CheckedSnippet checked = checkSnippet(fillIn(kFib, {"#pragma omp taskwait"}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << cannotCheckMessages(checked);
}

TEST(RecursiveTaskTrees, FibWithoutTaskwaitRacesOnlyPossiblyAfterTheEarlyReturn) {
  CheckedSnippet checked = checkSnippet(fillIn(kFib, {""}));
  // After `if (n < 2) return n;` the tasks may not run: a race, not a definite one.
  EXPECT_TRUE(reportsRaceOn(checked, "x")) << describe(checked.findings) << cannotCheckMessages(checked);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

// A divide-and-conquer sum: the recursion reads the array through its const pointer.
const char* kTreeSum = R"(
  static double values[1 << 16];
  static double sum_range(const double *v, int lo, int hi) {
    double left, right;
    int mid;
    if (hi - lo <= 1024) {
      double s = 0.0;
      int i;
      for (i = lo; i < hi; i++)
        s += v[i];
      return s;
    }
    mid = lo + (hi - lo) / 2;
  #pragma omp task shared(left)
    left = sum_range(v, lo, mid);
    right = sum_range(v, mid, hi);
  %s
    return left + right;
  }
  double result;
  void run(void) {
  #pragma omp parallel
  #pragma omp single
    result = sum_range(values, 0, 1 << 16);
  })";

TEST(RecursiveTaskTrees, ASumThatReadsThroughAConstPointerIsRaceFree) {
  CheckedSnippet checked = checkSnippet(fillIn(kTreeSum, {"#pragma omp taskwait"}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << cannotCheckMessages(checked);
}

TEST(RecursiveTaskTrees, ASumReadingTheLeftHalfBeforeItsTaskEndsRaces) {
  CheckedSnippet checked = checkSnippet(fillIn(kTreeSum, {""}));
  EXPECT_TRUE(reportsRaceOn(checked, "left")) << describe(checked.findings) << cannotCheckMessages(checked);
}

TEST(RecursiveTaskTrees, ARecursionThatWritesThroughAPointerIsNotFollowed) {
  std::string code = fillIn(kTreeSum, {"#pragma omp taskwait"});
  code.replace(code.find("const double *v"), 15, "double *v");
  code.replace(code.find("s += v[i];"), 10, "s += v[i]; v[i] = 0.0;");
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(notModelledSaying(checked, "recursive task tree")) << cannotCheckMessages(checked);
}

TEST(RecursiveTaskTrees, ARecursionThatWritesAGlobalIsNotFollowed) {
  CheckedSnippet checked = checkSnippet(R"(
    int calls;
    static int fib(int n) {
      int x, y;
      calls++;
      if (n < 2)
        return n;
    #pragma omp task shared(x)
      x = fib(n - 1);
    #pragma omp task shared(y)
      y = fib(n - 2);
    #pragma omp taskwait
      return x + y;
    }
    int result;
    void run(void) {
    #pragma omp parallel
    #pragma omp single
      result = fib(20);
    })");
  EXPECT_TRUE(notModelledSaying(checked, "recursive task tree")) << cannotCheckMessages(checked);
}

TEST(TasksInACalledFunction, AFunctionAlsoCalledOutsideASingleIsNotModelled) {
  CheckedSnippet checked = checkSnippet(halves("") + R"(
    void serial(void) { scale_halves(data, N, 2.0); })");
  EXPECT_TRUE(notModelledSaying(checked, "called other than from a `single`")) << cannotCheckMessages(checked);
}

TEST(TasksInACalledFunction, ATaskCopyingALocalAnotherTaskSharesIsNotModelled) {
  CheckedSnippet checked = checkSnippet(R"(
    double out[2];
    static void two(void) {
      double x = 1.0;
    #pragma omp task shared(x)
      x = 2.0;
    #pragma omp task firstprivate(x)
      out[1] = x;
    #pragma omp taskwait
      out[0] = x;
    }
    void run(void) {
    #pragma omp parallel
    #pragma omp single
      two();
    })");
  EXPECT_TRUE(notModelledSaying(checked, "its own copy of 'x'")) << cannotCheckMessages(checked);
}

}  // namespace task_callee_check_test
}  // namespace adrace::analyzer::testing
