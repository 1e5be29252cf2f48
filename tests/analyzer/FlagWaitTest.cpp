// A thread that waits in a loop for a flag another thread sets (frontend/FlagWaits): a release
// write read by an acquire orders what the writer did before it before what the waiter does
// after; relaxed flags order nothing; a flag whose value before the region is not known, or that
// another write may set, leaves the region unchecked, never clean and never a definite race.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace flag_wait_test {

// %s: the writer's flush, the write's clause, the read's clause, the reader's flush, the writer's
// statement after the write, the reader's statement before the wait.
const char* kProducerConsumer = R"(
  #include <omp.h>
  double payload[64];
  int ready = 0;
  double out;
  static void fill(double *p) { int k; for (k = 0; k < 64; k++) p[k] = k; }
  int main(void) {
  #pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 0) {
        fill(payload);
        %s
  #pragma omp atomic write %s
        ready = 1;
        %s
      } else if (omp_get_thread_num() == 1) {
        int seen = 0;
        %s
        while (!seen) {
  #pragma omp atomic read %s
          seen = ready;
        }
        %s
        out = payload[3];
      }
    }
    return 0;
  })";

CheckedSnippet producerConsumer(const std::string& writerFlush, const std::string& writeClause,
                                const std::string& afterWrite, const std::string& beforeWait,
                                const std::string& readClause, const std::string& readerFlush) {
  return checkSnippet(
      fillIn(kProducerConsumer, {writerFlush, writeClause, afterWrite, beforeWait, readClause, readerFlush}));
}

TEST(FlagWait, AReleaseWriteReadByAnAcquireOrdersThePayload) {
  CheckedSnippet checked = producerConsumer("", "release", "", "", "acquire", "");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  ASSERT_EQ(checked.models.regions.size(), 1u);
  ASSERT_EQ(checked.models.regions[0].flagWaits.size(), 1u);
  EXPECT_TRUE(checked.models.regions[0].flagWaits[0].orders);
}

TEST(FlagWait, FlushesAroundRelaxedAtomicsOrderThePayload) {
  CheckedSnippet checked = producerConsumer("#pragma omp flush", "", "", "", "", "#pragma omp flush");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  CheckedSnippet seqCst = producerConsumer("", "seq_cst", "", "", "seq_cst", "");
  EXPECT_TRUE(seqCst.findings.empty()) << describe(seqCst.findings);
}

TEST(FlagWait, RelaxedFlagsOrderNothing) {
  CheckedSnippet relaxed = producerConsumer("", "", "", "", "", "");
  EXPECT_FALSE(anyUnsupported(relaxed)) << describe(relaxed.findings);
  EXPECT_TRUE(reportsRaceOn(relaxed, "payload", true)) << describe(relaxed.findings);
  CheckedSnippet noRelease = producerConsumer("", "", "", "", "", "#pragma omp flush");
  EXPECT_TRUE(reportsRaceOn(noRelease, "payload", true)) << describe(noRelease.findings);
  CheckedSnippet noAcquire = producerConsumer("", "release", "", "", "", "");
  EXPECT_TRUE(reportsRaceOn(noAcquire, "payload", true)) << describe(noAcquire.findings);
  // A flush with a list is a strong flush of its items only.
  CheckedSnippet listed = producerConsumer("#pragma omp flush(ready)", "", "", "", "", "#pragma omp flush(ready)");
  EXPECT_TRUE(reportsRaceOn(listed, "payload", true)) << describe(listed.findings);
}

TEST(FlagWait, WhatComesAfterTheReleaseOrBeforeTheWaitIsNotOrdered) {
  CheckedSnippet after = producerConsumer("", "release", "payload[3] = 7.0;", "", "acquire", "");
  EXPECT_TRUE(reportsRaceOn(after, "payload", true)) << describe(after.findings);
  CheckedSnippet before = producerConsumer("", "release", "", "out = payload[3];", "acquire", "");
  EXPECT_TRUE(reportsRaceOn(before, "payload", true)) << describe(before.findings);
}

// Every thread but 0 sets the flag: the waiter may leave after another thread's write, before the
// write of the thread whose payload it reads.
TEST(FlagWait, AFlagEveryWriterSetsOrdersNothing) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    double payload[64];
    int ready = 0;
    double out;
    int main(void) {
    #pragma omp parallel
      {
        int tid = omp_get_thread_num();
        if (tid != 0) {
          payload[tid] = tid;
    #pragma omp atomic write release
          ready = 1;
        } else {
          int seen = 0;
          while (!seen) {
    #pragma omp atomic read acquire
            seen = ready;
          }
          out = payload[1];
        }
      }
      return 0;
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "payload", true)) << describe(checked.findings);
}

// What the flag holds where the region starts must be 0: a region run twice finds it set.
TEST(FlagWait, AFlagThatMayBeSetAlreadyLeavesTheRegionUnchecked) {
  const char* repeated = R"(
    #include <omp.h>
    double payload;
    int ready = 0;
    double out;
    int main(void) {
      int round;
      for (round = 0; round < 2; round++) {
        %s
    #pragma omp parallel num_threads(2)
        {
          if (omp_get_thread_num() == 0) {
            payload = round;
    #pragma omp atomic write release
            ready = 1;
          } else {
            int seen = 0;
            while (!seen) {
    #pragma omp atomic read acquire
              seen = ready;
            }
            out = payload;
          }
        }
      }
      return 0;
    })";
  CheckedSnippet twice = checkSnippet(fillIn(repeated, {""}));
  EXPECT_TRUE(unsupportedSaying(twice, "may not be 0")) << describe(twice.findings);
  EXPECT_FALSE(hasDefinite(twice)) << describe(twice.findings);
  // Reset before each region: another write of the flag, which the model does not follow.
  CheckedSnippet reset = checkSnippet(fillIn(repeated, {"ready = 0;"}));
  EXPECT_TRUE(anyUnsupported(reset)) << describe(reset.findings);
  EXPECT_FALSE(hasDefinite(reset)) << describe(reset.findings);
}

// A local flag of the function, set to 0 where it is declared, is 0 at the region.
TEST(FlagWait, ALocalFlagDeclaredZeroBeforeTheRegion) {
  const char* local = R"(
    #include <omp.h>
    double payload;
    double out;
    void exchange(double v) {
      int ready = 0;
    #pragma omp parallel num_threads(2) shared(ready)
      {
        if (omp_get_thread_num() == 0) {
          payload = v;
    #pragma omp atomic write %s
          ready = 2;
        } else if (omp_get_thread_num() == 1) {
          int seen = 0;
          do {
    #pragma omp atomic read %s
            seen = ready;
          } while (seen != 2);
          out = payload;
        }
      }
    })";
  CheckedSnippet ordered = checkSnippet(fillIn(local, {"release", "acquire"}));
  EXPECT_TRUE(ordered.findings.empty()) << describe(ordered.findings);
  CheckedSnippet relaxed = checkSnippet(fillIn(local, {"", ""}));
  EXPECT_TRUE(reportsRaceOn(relaxed, "payload", true)) << describe(relaxed.findings);
}

TEST(FlagWait, ADefaultMemoryOrderIsNotModelled) {
  std::string code = fillIn(kProducerConsumer, {"", "", "", "", "", ""});
  CheckedSnippet checked = checkSnippet("#pragma omp requires atomic_default_mem_order(seq_cst)\n" + code);
  EXPECT_TRUE(unsupportedSaying(checked, "atomic_default_mem_order")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

}  // namespace flag_wait_test
}  // namespace adrace::analyzer::testing
