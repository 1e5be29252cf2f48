// `depend` on `target ... nowait` (analyzer/frontend/TargetTasks.h, VariableDependences.h): the
// target tasks of a window are siblings, and a depend item on the same variable, not both `in`,
// orders the later after the earlier, transitively, as for host tasks. Nothing orders a target
// task with the host's own statements. Items the model cannot compare stay "cannot check".
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace target_task_depend_test {

// %s: the producer's and the consumer's depend clauses.
const char* kPipeline = R"(
  #define N 1000
  double u[N], v[N];
  int main(void) {
    int i;
  #pragma omp target teams distribute parallel for map(tofrom: u) %s nowait
    for (i = 0; i < N; i++)
      u[i] = 0.5 * i;
  #pragma omp target teams distribute parallel for map(to: u) map(from: v) %s nowait
    for (i = 0; i < N; i++)
      v[i] = 2.0 * u[i];
  #pragma omp taskwait
    return 0;
  })";

TEST(TargetTaskDepend, AnInDependenceOnTheProducersOutOrdersTheConsumer) {
  for (auto [producer, consumer] :
       {std::pair{"depend(out: u)", "depend(in: u)"}, std::pair{"depend(inout: u)", "depend(inout: u)"},
        std::pair{"depend(out: u, v)", "depend(in: v)"}}) {
    CheckedSnippet checked = checkSnippet(fillIn(kPipeline, {producer, consumer}));
    EXPECT_TRUE(checked.findings.empty()) << producer << " / " << consumer << "\n" << describe(checked.findings);
  }
}

TEST(TargetTaskDepend, ItemsOnOtherVariablesOrNoneOrderNothing) {
  for (auto [producer, consumer] : {std::pair{"depend(out: u)", "depend(in: v)"}, std::pair{"depend(out: u)", ""},
                                    std::pair{"", "depend(in: u)"}}) {
    CheckedSnippet checked = checkSnippet(fillIn(kPipeline, {producer, consumer}));
    EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
    EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << producer << " / " << consumer << "\n"
                                                   << describe(checked.findings);
  }
}

// T1 out(x); T2 in(x) out(y); T3 in(y): T3 runs after T1 through T2.
const char* kChain = R"(
  #define N 512
  double a[N], b[N], c[N];
  int x, y;
  int main(void) {
    int i;
  #pragma omp target teams distribute parallel for map(from: a) depend(out: x) nowait
    for (i = 0; i < N; i++) a[i] = i;
  #pragma omp target teams distribute parallel for map(to: a) map(from: b) depend(in: x) %s nowait
    for (i = 0; i < N; i++) b[i] = a[i] + 1.0;
  #pragma omp target teams distribute parallel for map(to: a, b) map(from: c) depend(in: y) nowait
    for (i = 0; i < N; i++) c[i] = a[i] * b[i];
  #pragma omp taskwait
    return 0;
  })";

TEST(TargetTaskDepend, DependencesOrderTransitively) {
  CheckedSnippet chained = checkSnippet(fillIn(kChain, {"depend(out: y)"}));
  EXPECT_TRUE(chained.findings.empty()) << describe(chained.findings);
  CheckedSnippet broken = checkSnippet(fillIn(kChain, {""}));
  EXPECT_TRUE(reportsRaceOn(broken, "a", true)) << describe(broken.findings);
  EXPECT_TRUE(reportsRaceOn(broken, "b", true)) << describe(broken.findings);
}

// Two `in` items on one variable do not order the tasks.
TEST(TargetTaskDepend, TwoInItemsOrderNothing) {
  CheckedSnippet checked = checkSnippet(fillIn(kPipeline, {"depend(in: u)", "depend(in: u)"}));
  EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << describe(checked.findings);
}

// The host is the encountering task: a dependence orders target tasks, never the host's statements.
TEST(TargetTaskDepend, TheHostIsNotOrderedByDependences) {
  std::string code = fillIn(kPipeline, {"depend(out: u)", "depend(in: u)"});
  code.replace(code.find("  #pragma omp taskwait"), 0, "    v[0] = u[1];\n");
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << describe(checked.findings);
}

TEST(TargetTaskDepend, SectionsAndMutexinoutsetStayUnsupported) {
  CheckedSnippet section = checkSnippet(fillIn(kPipeline, {"depend(out: u[0:N])", "depend(in: u[0:N])"}));
  EXPECT_TRUE(unsupportedSaying(section, "depend item that is not a plain variable")) << describe(section.findings);
  EXPECT_FALSE(hasDefinite(section)) << describe(section.findings);
  CheckedSnippet mutex = checkSnippet(fillIn(kPipeline, {"depend(mutexinoutset: u)", "depend(mutexinoutset: u)"}));
  EXPECT_TRUE(unsupportedSaying(mutex, "mutexinoutset")) << describe(mutex.findings);
  EXPECT_FALSE(hasDefinite(mutex)) << describe(mutex.findings);
}

}  // namespace target_task_depend_test
}  // namespace adrace::analyzer::testing
