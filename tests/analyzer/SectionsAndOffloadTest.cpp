// Sections (each section one thread, concurrently with the others; a barrier at the end unless
// nowait) and combined target/teams/distribute loops (iterations of different teams concurrent), as
// `adrace check` models them; each race-free case with a twin that races.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace sections_and_offload_test {

TEST(Sections, EachSectionIsAStepOfOneThread) {
  CheckedSnippet checked = checkSnippet(R"(
    #define LEN 100
    double xs[LEN], ys[LEN];
    void init(void) {
      int i;
    #pragma omp parallel sections private(i)
      {
    #pragma omp section
        for (i = 0; i < LEN; i++) xs[i] = 1.0 * i;
    #pragma omp section
        for (i = 0; i < LEN; i++) ys[i] = 2.0 * i;
      }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
  ASSERT_EQ(checked.models.regions.size(), 1u);
  const RegionModel& region = checked.models.regions[0];
  ASSERT_EQ(region.steps.size(), 2u);
  for (const RegionStep& step : region.steps) {
    EXPECT_EQ(step.executor, Executor::OneThread);
    EXPECT_EQ(step.construct, StepConstruct::Section);
  }
  EXPECT_TRUE(region.steps[0].nowait);  // only the construct's end has the barrier
  EXPECT_EQ(region.steps[1].at.line, 10u);
}

TEST(Sections, TwoSectionsWritingOneArrayRace) {
  CheckedSnippet checked = checkSnippet(R"(
    #define LEN 100
    double xs[LEN], ys[LEN];
    void init(void) {
      int i;
    #pragma omp parallel sections private(i)
      {
    #pragma omp section
        for (i = 0; i < LEN; i++) xs[i] = 1.0 * i;
    #pragma omp section
        for (i = 0; i < LEN; i++) xs[i] = 2.0 * xs[i];
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "xs")) << describe(checked.findings);
  // No barrier can go between two sections of one construct: the advice is to split the data.
  for (const RaceFinding& finding : checked.findings)
    EXPECT_NE(finding.suggestion.find("the sections of one sections construct run at the same time"), std::string::npos)
        << finding.suggestion;
}

const char* kNowaitConsumer = R"(
    #define LEN 100
    double coef[2], out[LEN];
    void fill(void) {
      int i;
    #pragma omp parallel
      {
    #pragma omp sections NOWAIT
        {
    #pragma omp section
          coef[0] = 0.5;
    #pragma omp section
          coef[1] = 3.0;
        }
    #pragma omp for
        for (i = 0; i < LEN; i++)
          out[i] = coef[0] * i + coef[1];
      }
    })";

std::string consumer(bool nowait) {
  std::string code = kNowaitConsumer;
  code.replace(code.find("NOWAIT"), 6, nowait ? "nowait" : "");
  return code;
}

TEST(Sections, TheBarrierAtTheEndOrdersTheConsumer) {
  CheckedSnippet checked = checkSnippet(consumer(false));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(Sections, WithNowaitTheConsumerRaces) {
  CheckedSnippet checked = checkSnippet(consumer(true));
  EXPECT_TRUE(reportsRaceOn(checked, "coef")) << describe(checked.findings);
}

TEST(Sections, AnOrphanedSectionsIsStillUnsupported) {
  CheckedSnippet checked = checkSnippet(R"(
    double a, b;
    void halves(void) {
    #pragma omp sections
      {
    #pragma omp section
        a = 1;
    #pragma omp section
        b = 2;
      }
    })");
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
}

TEST(OffloadedLoop, TeamsDistributeParallelForIsModelled) {
  CheckedSnippet checked = checkSnippet(R"(
    void axpy(int n, double alpha, const double *restrict x, double *restrict y) {
    #pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
      for (int i = 0; i < n; i++) y[i] = alpha * x[i] + y[i];
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
  ASSERT_EQ(checked.models.loops.size(), 1u);
}

TEST(OffloadedLoop, AShiftedWriteRacesAcrossTeams) {
  CheckedSnippet checked = checkSnippet(R"(
    void shift(int n, double *restrict y) {
    #pragma omp target teams distribute map(tofrom: y[0:n])
      for (int i = 0; i < n - 1; i++) y[i + 1] = y[i];
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "y")) << describe(checked.findings);
}

TEST(OffloadedLoop, ThreadNumbersRepeatAcrossTeams) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    double slot[1024];
    void fill(int n) {
    #pragma omp target teams distribute parallel for map(tofrom: slot)
      for (int i = 0; i < n; i++) slot[omp_get_thread_num()] += 1.0;
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "slot")) << describe(checked.findings);
}

// `target data` and `target enter/exit data` run no code; `target` around one parallel loop (or
// around sequential code) adds no concurrency: the host waits for it (OpenMP 5.2, 13.8).
TEST(OffloadedLoop, ATargetAroundOneLoopIsThatLoop) {
  const char* code = R"(
    #define N 1024
    double x[N], y[N];
    void axpy(double a, int n) {
      int i;
    #pragma omp target enter data map(to: x[0:N])
    #pragma omp target data map(tofrom: y[0:N])
      {
    #pragma omp target
        {
    #pragma omp parallel for
          for (i = 0; i < n - 1; i++) y[i] = a * x[i] + %s;
        }
    #pragma omp target
        y[0] = 0.0;
      }
    #pragma omp target exit data map(delete: x[0:N])
    #pragma omp target update from(y[0:N])
    })";
  CheckedSnippet own = checkSnippet(fillIn(code, {"y[i]"}));
  EXPECT_TRUE(own.findings.empty()) << describe(own.findings);
  EXPECT_FALSE(anyUnsupported(own)) << describe(own.findings);
  CheckedSnippet shifted = checkSnippet(fillIn(code, {"y[i + 1]"}));
  EXPECT_TRUE(reportsRaceOn(shifted, "y", true)) << describe(shifted.findings);
}

TEST(OffloadedLoop, ATargetThatRunsBesideOthersIsUnsupported) {
  for (const char* code : {R"(
    double y[64];
    void f(void) {
    #pragma omp parallel
      {
    #pragma omp target map(tofrom: y[0:64])
        y[0] += 1.0;
      }
    })",
                           R"(
    double y[64];
    void f(void) {
      int i;
    #pragma omp target data map(tofrom: y[0:64])
      {
    #pragma omp target nowait
    #pragma omp parallel for
        for (i = 0; i < 64; i++) y[i] = i;
        y[0] = -1.0;
    #pragma omp taskwait
      }
    })",
                           R"(
    double y[64];
    void f(void) {
      int i;
    #pragma omp target
      {
        y[0] = 1.0;
    #pragma omp parallel for
        for (i = 0; i < 64; i++) y[i] = i;
      }
    })"}) {
    CheckedSnippet checked = checkSnippet(code);
    EXPECT_TRUE(anyUnsupported(checked)) << code;
  }
}

TEST(OffloadedLoop, AnAsynchronousTargetIsStillUnsupported) {
  CheckedSnippet checked = checkSnippet(R"(
    void axpy(int n, double *restrict y) {
    #pragma omp target teams distribute parallel for map(tofrom: y[0:n]) nowait
      for (int i = 0; i < n; i++) y[i] = 2 * y[i];
    })");
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
}

}  // namespace sections_and_offload_test
}  // namespace adrace::analyzer::testing
