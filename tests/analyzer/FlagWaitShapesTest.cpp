// Flag waits in the shapes real codes write beyond one atomic write and an atomic read in the
// region (frontend/FlagWaits): the wait in a function the region calls, the flag set by an atomic
// update or capture, and a counter several producers increment that the consumer waits to reach.
// Each orders only what the OpenMP memory model orders; anything weaker stays a race, anything
// not recognised leaves the region unchecked, never clean and never a definite race.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace flag_wait_shapes_test {

// %s: the read's clause, the flag's declaration in main (empty for the file-scope one), the
// flag passed to wait_for.
const char* kCalledWait = R"(
  #include <omp.h>
  double buf[64];
  double out;
  int global_ready = 0;
  static void wait_for(int *flag) {
    int seen = 0;
    while (!seen) {
  #pragma omp atomic read %s
      seen = *flag;
    }
  }
  int main(void) {
    %s
  #pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 0) {
        int k;
        for (k = 0; k < 64; k++) buf[k] = k;
  #pragma omp atomic write release
        %s = 1;
      } else if (omp_get_thread_num() == 1) {
        wait_for(&%s);
        out = buf[5];
      }
    }
    return 0;
  })";

TEST(FlagWaitShapes, AWaitInACalledFunctionOrdersWhatFollowsTheCall) {
  CheckedSnippet local = checkSnippet(fillIn(kCalledWait, {"acquire", "int ready = 0;", "ready", "ready"}));
  EXPECT_TRUE(local.findings.empty()) << describe(local.findings);
  ASSERT_EQ(local.models.regions.size(), 1u);
  ASSERT_EQ(local.models.regions[0].flagWaits.size(), 1u);
  EXPECT_TRUE(local.models.regions[0].flagWaits[0].orders);
  CheckedSnippet global = checkSnippet(fillIn(kCalledWait, {"seq_cst", "", "global_ready", "global_ready"}));
  EXPECT_TRUE(global.findings.empty()) << describe(global.findings);
  // A relaxed read in the callee orders nothing: the payload races.
  CheckedSnippet relaxed = checkSnippet(fillIn(kCalledWait, {"", "int ready = 0;", "ready", "ready"}));
  EXPECT_FALSE(anyUnsupported(relaxed)) << describe(relaxed.findings);
  EXPECT_TRUE(reportsRaceOn(relaxed, "buf", true)) << describe(relaxed.findings);
}

TEST(FlagWaitShapes, ACalledFunctionDoingMoreThanWaitingIsNotModelled) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    double buf[64];
    double out;
    int ready = 0, polls = 0;
    static void wait_for(int *flag) {
      int seen = 0;
      while (!seen) {
    #pragma omp atomic read acquire
        seen = *flag;
      }
      polls++;
    }
    int main(void) {
    #pragma omp parallel num_threads(2)
      {
        if (omp_get_thread_num() == 0) {
          buf[3] = 1.0;
    #pragma omp atomic write release
          ready = 1;
        } else {
          wait_for(&ready);
          out = buf[3];
        }
      }
      return 0;
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "wait_for")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

// The wait function recognised where the region calls it is called again inside another helper,
// where its wait is not placed: the region is not checked rather than that wait ignored.
TEST(FlagWaitShapes, AWaitFunctionCalledBelowAnotherCalleeIsNotModelled) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    double buf[8];
    double out, late;
    int ready = 0;
    static void wait_for(int *flag) {
      int seen = 0;
      while (!seen) {
    #pragma omp atomic read acquire
        seen = *flag;
      }
    }
    static void consume_late(void) { wait_for(&ready); late = buf[2]; }
    int main(void) {
    #pragma omp parallel num_threads(3)
      {
        int tid = omp_get_thread_num();
        if (tid == 0) {
          buf[2] = 1.0;
    #pragma omp atomic write release
          ready = 1;
        } else if (tid == 1) {
          wait_for(&ready);
          out = buf[2];
        } else {
          consume_late();
        }
      }
      return 0;
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "called from another called function")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

// %s: the producer's atomic construct and statement.
const char* kOneProducer = R"(
  #include <omp.h>
  double payload[16];
  int ready = 0;
  double out;
  int main(void) {
  #pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 0) {
        int ticket;
        payload[3] = 4.0;
  #pragma omp atomic %s
        %s;
        (void)ticket;
      } else if (omp_get_thread_num() == 1) {
        int seen = 0;
        while (seen == 0) {
  #pragma omp atomic read acquire
          seen = ready;
        }
        out = payload[3];
      }
    }
    return 0;
  })";

TEST(FlagWaitShapes, AnAtomicUpdateOrCaptureSetsTheFlag) {
  for (const char* statement : {"ready++", "ready += 1", "ready = ready + 1", "++ready"}) {
    CheckedSnippet update = checkSnippet(fillIn(kOneProducer, {"update release", statement}));
    EXPECT_TRUE(update.findings.empty()) << statement << "\n" << describe(update.findings);
  }
  CheckedSnippet capture = checkSnippet(fillIn(kOneProducer, {"capture release", "ticket = ready++"}));
  EXPECT_TRUE(capture.findings.empty()) << describe(capture.findings);
  CheckedSnippet relaxed = checkSnippet(fillIn(kOneProducer, {"update", "ready++"}));
  EXPECT_TRUE(reportsRaceOn(relaxed, "payload", true)) << describe(relaxed.findings);
  // A decrement is not a write the model reads (the flag could come back to 0).
  CheckedSnippet decrement = checkSnippet(fillIn(kOneProducer, {"update release", "ready--"}));
  EXPECT_TRUE(anyUnsupported(decrement)) << describe(decrement.findings);
  EXPECT_FALSE(hasDefinite(decrement)) << describe(decrement.findings);
}

// %s: the team, the value the consumer waits for, the producers' atomic clause.
const char* kCounter = R"(
  #include <omp.h>
  #define NPROD 3
  double part[8];
  int done = 0;
  double total;
  int main(void) {
  #pragma omp parallel %s
    {
      int tid = omp_get_thread_num();
      if (tid != 0) {
        part[tid] = 2.0 * tid;
  #pragma omp atomic update %s
        done++;
      } else {
        int seen = 0, k;
        while (seen < %s) {
  #pragma omp atomic read acquire
          seen = done;
        }
        total = 0.0;
        for (k = 1; k <= NPROD; k++) total += part[k];
      }
    }
    return 0;
  })";

TEST(FlagWaitShapes, ACounterOrdersEveryProducerWhenTheConsumerWaitsForAllOfThem) {
  CheckedSnippet all = checkSnippet(fillIn(kCounter, {"num_threads(NPROD + 1)", "release", "NPROD"}));
  EXPECT_TRUE(all.findings.empty()) << describe(all.findings);
  ASSERT_EQ(all.models.regions.size(), 1u);
  ASSERT_EQ(all.models.regions[0].flagWaits.size(), 1u);
  EXPECT_EQ(all.models.regions[0].flagWaits[0].writesNeeded, 3);
  // Waiting for two of three producers: the third's part is read unordered.
  CheckedSnippet fewer = checkSnippet(fillIn(kCounter, {"num_threads(NPROD + 1)", "release", "NPROD - 1"}));
  EXPECT_TRUE(reportsRaceOn(fewer, "part", true)) << describe(fewer.findings);
  // A team of any size has more producers than the consumer waits for.
  CheckedSnippet anyTeam = checkSnippet(fillIn(kCounter, {"", "release", "NPROD"}));
  EXPECT_TRUE(reportsRaceOn(anyTeam, "part")) << describe(anyTeam.findings);
  CheckedSnippet relaxed = checkSnippet(fillIn(kCounter, {"num_threads(NPROD + 1)", "", "NPROD"}));
  EXPECT_TRUE(reportsRaceOn(relaxed, "part", true)) << describe(relaxed.findings);
}

TEST(FlagWaitShapes, ACounterStepOtherThanOneIsNotModelled) {
  std::string code = fillIn(kCounter, {"num_threads(NPROD + 1)", "release", "NPROD"});
  code.replace(code.find("done++"), 6, "done += 2");
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(unsupportedSaying(checked, "exit does not need")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

}  // namespace flag_wait_shapes_test
}  // namespace adrace::analyzer::testing
