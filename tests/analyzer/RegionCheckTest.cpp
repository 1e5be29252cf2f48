// The parallel-region check: statements every thread runs, thread-number indexing, master and
// single blocks, barriers, nowait loops and the static-schedule rule, synchronisation, and what
// the region model leaves out.
#include "CheckSnippet.h"

#include <set>

namespace adrace::analyzer::testing {
namespace region_check_test {

const RegionModel& onlyRegion(const CheckedSnippet& checked) {
  EXPECT_EQ(checked.models.regions.size(), 1u);
  static RegionModel none;
  return checked.models.regions.empty() ? none : checked.models.regions.front();
}

TEST(RegionModel, StepsFollowTheRegionInOrder) {
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, double *a) {
      double scale = 0;
      #pragma omp parallel
      {
        #pragma omp master
        scale = 2;
        #pragma omp barrier
        #pragma omp for schedule(static) nowait
        for (int i = 0; i < n; i++) a[i] = scale * a[i];
        #pragma omp single
        scale = 0;
      }
    })");
  const RegionModel& region = onlyRegion(checked);
  ASSERT_EQ(region.steps.size(), 4u);
  EXPECT_EQ(region.steps[0].executor, Executor::MasterThread);
  EXPECT_EQ(region.steps[1].kind, RegionStep::Kind::Barrier);
  EXPECT_EQ(region.steps[2].kind, RegionStep::Kind::Loop);
  EXPECT_TRUE(region.steps[2].nowait);
  EXPECT_TRUE(region.steps[2].scheduleWritten);
  EXPECT_EQ(region.steps[2].loop, 0);
  EXPECT_EQ(region.steps[3].executor, Executor::OneThread);
  EXPECT_FALSE(region.steps[3].nowait);
  // The loop step lists the shared scalars its body reads (the pointer a, and scale).
  std::set<std::string> scalars;
  for (const RegionAccess& access : region.steps[2].accesses) {
    EXPECT_TRUE(access.reference.isScalar);
    EXPECT_EQ(access.reference.kind, AccessKind::Read);
    scalars.insert(access.reference.variable);
  }
  EXPECT_EQ(scalars, (std::set<std::string>{"a", "scale"}));
  // The nowait loop reads scale while single writes it.
  std::vector<RaceFinding> barriers = findingsOf(checked, RaceFinding::Kind::MissingBarrier);
  ASSERT_EQ(barriers.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(barriers[0].certainty, Certainty::Definite);
  EXPECT_EQ(barriers[0].at.line, 12u);
  EXPECT_NE(barriers[0].suggestion.find("remove nowait from the loop at line 9"), std::string::npos)
      << barriers[0].suggestion;
}

TEST(RegionCheck, SharedScalarWrittenByEveryThread) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    int f(void) {
      int a = -1;
      #pragma omp parallel
      { a = omp_get_thread_num(); }
      return a;
    })");
  ASSERT_EQ(checked.findings.size(), 1u) << describe(checked.findings);
  const RaceFinding& finding = checked.findings[0];
  EXPECT_EQ(finding.kind, RaceFinding::Kind::SharedScalar);
  EXPECT_EQ(finding.certainty, Certainty::Definite);
  EXPECT_EQ(finding.region, 0);
  EXPECT_EQ(finding.loop, -1);
  EXPECT_NE(finding.suggestion.find("private(a)"), std::string::npos) << finding.suggestion;
}

TEST(RegionCheck, ThreadNumberIndexingIsRaceFree) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    void f(double *a, int *b) {
      #pragma omp parallel
      {
        int tid = omp_get_thread_num();
        a[tid] = 2.0 * tid;
        b[omp_get_thread_num()] = omp_get_num_threads();
      }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(RegionCheck, NeighbourReadNeedsABarrier) {
  const char* withoutBarrier = R"(
    #include <omp.h>
    void f(double *restrict a, double *restrict b) {
      #pragma omp parallel
      {
        int tid = omp_get_thread_num();
        int nt = omp_get_num_threads();
        a[tid] = tid;
        b[tid] = a[(tid + 1) % nt];
      }
    })";
  CheckedSnippet racy = checkSnippet(withoutBarrier);
  ASSERT_EQ(racy.findings.size(), 1u) << describe(racy.findings);
  EXPECT_EQ(racy.findings[0].kind, RaceFinding::Kind::MissingBarrier);
  EXPECT_EQ(racy.findings[0].certainty, Certainty::Definite);
  EXPECT_EQ(racy.findings[0].variable, "a");
  EXPECT_EQ(racy.findings[0].at.line, 8u);
  EXPECT_EQ(racy.findings[0].related.line, 9u);

  std::string withBarrier = withoutBarrier;
  withBarrier.replace(withBarrier.find("        b[tid]"), 0, "        #pragma omp barrier\n");
  CheckedSnippet safe = checkSnippet(withBarrier);
  EXPECT_TRUE(safe.findings.empty()) << describe(safe.findings);
}

TEST(RegionCheck, StaticLoopsOfTwoCallsMayRunAnIterationOnOtherThreads) {
  // Both calls run the same loop, schedule(static), nowait: iteration i goes to the same thread in
  // both only if they have as many iterations, and their bounds come from the calls (1000 and
  // 500: at 2 threads, u[250] is the first call's thread 0's and the second call's thread 1's).
  CheckedSnippet checked = checkSnippet(R"(
    static void scale(double *u, int n, double s) {
      #pragma omp for schedule(static) nowait
      for (int i = 0; i < n; i++) u[i] = s * u[i];
    }
    void twice(double *u) {
      #pragma omp parallel
      {
        scale(u, 1000, 2.0);
        scale(u, 500, 0.5);
      }
    })");
  ASSERT_EQ(checked.findings.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(checked.findings[0].variable, "u");
  EXPECT_EQ(checked.findings[0].certainty, Certainty::Possible) << describe(checked.findings);
}

TEST(RegionCheck, MasterAndSingleAgainstTheLoopAfterThem) {
  auto findingsFor = [](const std::string& construct) {
    return checkSnippet(R"(
      void f(int n, double *a) {
        double scale = 0;
        #pragma omp parallel shared(scale)
        {
          #pragma omp )" +
                        construct + R"(
          scale = 1.0 / n;
          #pragma omp for
          for (int i = 0; i < n; i++) a[i] = scale * a[i];
        }
      })")
        .findings;
  };
  for (const char* construct : {"master", "masked", "single nowait"}) {
    std::vector<RaceFinding> findings = findingsFor(construct);
    ASSERT_EQ(findings.size(), 1u) << construct << "\n" << describe(findings);
    EXPECT_EQ(findings[0].kind, RaceFinding::Kind::MissingBarrier) << construct;
    EXPECT_EQ(findings[0].certainty, Certainty::Definite) << construct;
    EXPECT_EQ(findings[0].variable, "scale");
  }
  // single ends in an implicit barrier.
  EXPECT_TRUE(findingsFor("single").empty()) << describe(findingsFor("single"));
}

TEST(RegionCheck, NowaitLoopsAndTheStaticScheduleRule) {
  auto findingsFor = [](const std::string& first, const std::string& second, const std::string& read) {
    return checkSnippet(R"(
      void f(int n, double *restrict a, double *restrict c, const double *restrict b) {
        #pragma omp parallel
        {
          #pragma omp for )" +
                        first + R"( nowait
          for (int i = 0; i < n; i++) a[i] = 2.0 * b[i];
          #pragma omp for )" +
                        second + R"(
          for (int i = 0; i < n; i++) c[i] = )" +
                        read + R"(;
        }
      })")
        .findings;
  };
  // Same static schedule, same iteration space: iteration i of both runs on one thread.
  EXPECT_TRUE(findingsFor("schedule(static)", "schedule(static)", "a[i]").empty());
  EXPECT_TRUE(findingsFor("schedule(static, 4)", "schedule(static, 4)", "a[i]").empty());

  std::vector<RaceFinding> shifted = findingsFor("schedule(static)", "schedule(static)", "a[n - 1 - i]");
  ASSERT_EQ(shifted.size(), 1u) << describe(shifted);
  EXPECT_EQ(shifted[0].certainty, Certainty::Definite);

  for (const auto& [first, second] :
       {std::pair{"schedule(dynamic)", "schedule(dynamic)"}, std::pair{"schedule(static, 4)", "schedule(static, 8)"}}) {
    std::vector<RaceFinding> findings = findingsFor(first, second, "a[i]");
    ASSERT_EQ(findings.size(), 1u) << first << "\n" << describe(findings);
    EXPECT_EQ(findings[0].kind, RaceFinding::Kind::MissingBarrier);
    EXPECT_EQ(findings[0].certainty, Certainty::Definite);
  }
  // Without a schedule clause the rule holds only if the implementation's default is static.
  std::vector<RaceFinding> unwritten = findingsFor("", "", "a[i]");
  ASSERT_EQ(unwritten.size(), 1u) << describe(unwritten);
  EXPECT_EQ(unwritten[0].certainty, Certainty::Possible);
  EXPECT_NE(unwritten[0].message.find("default schedule"), std::string::npos) << unwritten[0].message;
}

TEST(RegionCheck, SynchronisationIsRespected) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    void f(omp_lock_t *lock, int *total, int *count, int *hits) {
      int s = 0;
      #pragma omp parallel reduction(+ : s)
      {
        #pragma omp critical
        *total += omp_get_thread_num();
        #pragma omp atomic
        *hits += 1;
        omp_set_lock(lock);
        *count = *count + 1;
        omp_unset_lock(lock);
        s += 1;
      }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(RegionCheck, AtomicUpdateAgainstAPlainRead) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    void f(int *seen) {
      int count = 0;
      #pragma omp parallel
      {
        #pragma omp atomic
        count += 1;
        seen[omp_get_thread_num()] = count;
      }
    })");
  ASSERT_EQ(checked.findings.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(checked.findings[0].certainty, Certainty::Definite);
  EXPECT_NE(checked.findings[0].suggestion.find("protect read count"), std::string::npos)
      << checked.findings[0].suggestion;
}

TEST(RegionCheck, ConditionsOnTheThreadNumber) {
  const char* code = R"(
    #include <omp.h>
    void f(int n, double *a) {
      double scale = 0;
      #pragma omp parallel
      {
        if (omp_get_thread_num() == 0) scale = 2;
        BARRIER
        #pragma omp for
        for (int i = 0; i < n; i++) a[i] = scale * a[i];
      }
    })";
  std::string racy = code;
  racy.replace(racy.find("BARRIER"), 7, "");
  std::vector<RaceFinding> findings = checkSnippet(racy).findings;
  ASSERT_EQ(findings.size(), 1u) << describe(findings);
  EXPECT_EQ(findings[0].kind, RaceFinding::Kind::MissingBarrier);
  EXPECT_EQ(findings[0].certainty, Certainty::Definite);

  std::string safe = code;
  safe.replace(safe.find("BARRIER"), 7, "\n#pragma omp barrier\n");
  EXPECT_TRUE(checkSnippet(safe).findings.empty()) << describe(checkSnippet(safe).findings);
}

TEST(RegionCheck, SequentialLoopsEveryThreadRuns) {
  CheckedSnippet whole = checkSnippet(R"(
    void f(int n, double *a) {
      #pragma omp parallel
      {
        for (int k = 0; k < n; k++) a[k] = 0;
      }
    })");
  ASSERT_EQ(whole.findings.size(), 1u) << describe(whole.findings);
  EXPECT_EQ(whole.findings[0].certainty, Certainty::Definite);

  CheckedSnippet rows = checkSnippet(R"(
    #include <omp.h>
    void f(double *a, int off) {
      #pragma omp parallel firstprivate(off)
      {
        int tid = omp_get_thread_num();
        for (int k = 0; k < 16; k++) a[off + 16 * tid + k] = 0;
      }
    })");
  EXPECT_TRUE(rows.findings.empty()) << describe(rows.findings);
}

TEST(RegionCheck, UnknownValuesMakeARaceOnlyPossible) {
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, double *a) {
      #pragma omp parallel
      {
        int k = 0;
        while (k < n) { a[k] = 1; k++; }
      }
    })");
  ASSERT_EQ(checked.findings.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(checked.findings[0].certainty, Certainty::Possible);
}

// Each arm of `c ? x : y` in a region's statement runs under c or its negation.
TEST(RegionCheck, TheArmsOfAConditionalExpressionAreGuarded) {
  auto lastOfBlock = [](const std::string& guard) {
    return R"(
      #include <omp.h>
      long out[1024], last[65];
      void f(int n) {
      #pragma omp parallel
        {
          int tid = omp_get_thread_num(), nt = omp_get_num_threads();
          int lo = tid * n / nt, hi = (tid + 1) * n / nt, i;
          for (i = lo; i < hi; i++) out[i] = i;
          if (tid < 64) last[tid + 1] = )" +
           guard + R"( ? out[hi - 1] : 0;
        }
      })";
  };
  CheckedSnippet checked = checkSnippet(lastOfBlock("(hi > lo)"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  // hi >= lo lets an empty block read its neighbour's last element.
  CheckedSnippet racy = checkSnippet(lastOfBlock("(hi >= lo)"));
  EXPECT_TRUE(reportsRaceOn(racy, "out", true)) << describe(racy.findings);
}

// A block bound chosen with `?:` (MIN, or the last thread taking the rest) is an exact value: the
// blocks are proven apart, and blocks that overlap are a definite race.
TEST(RegionCheck, ChosenBlockBoundsAreExact) {
  auto blocks = [](const std::string& low, const std::string& high) {
    return R"(
      #include <omp.h>
      #define MIN(a, b) ((a) < (b) ? (a) : (b))
      void f(double *a, int n) {
      #pragma omp parallel
        {
          int t = omp_get_thread_num(), nt = omp_get_num_threads();
          int chunk = (n + nt - 1) / nt, share = n / nt, i;
          int lo = )" +
           low + R"(;
          int hi = )" +
           high + R"(;
          for (i = lo; i < hi; i++) a[i] = 2.0 * a[i];
        }
      })";
  };
  for (const auto& [low, high] : {std::pair<std::string, std::string>{"t * chunk", "MIN(lo + chunk, n)"},
                                  {"t * share", "t == nt - 1 ? n : lo + share"},
                                  {"t * share", "t != nt - 1 ? lo + share : n"}}) {
    CheckedSnippet checked = checkSnippet(blocks(low, high));
    EXPECT_TRUE(checked.findings.empty()) << high << ": " << describe(checked.findings);
  }
  CheckedSnippet overlapping = checkSnippet(blocks("t * chunk", "MIN(lo + chunk + 1, n)"));
  EXPECT_TRUE(reportsRaceOn(overlapping, "a", true)) << describe(overlapping.findings);
  CheckedSnippet lastFromZero = checkSnippet(blocks("t == nt - 1 ? 0 : t * share", "t == nt - 1 ? n : lo + share"));
  EXPECT_TRUE(reportsRaceOn(lastFromZero, "a", true)) << describe(lastFromZero.findings);
}

// A comma-list counter (`for (i = lo, k = first; i < hi; i++, k++)`) in a thread's block: every
// counter advances with the one the condition bounds, so the slots k are as exact as the rows i.
TEST(RegionCheck, CommaListCountersOfABlockAdvanceTogether) {
  auto packing = [](const std::string& firstSlot, const std::string& condition) {
    return R"(
      void f(const double *v, double *out, int n) {
        int t, nt, chunk, lo, hi, i, k;
      #pragma omp parallel private(t, nt, chunk, lo, hi, i, k)
        {
          t = omp_get_thread_num();
          nt = omp_get_num_threads();
          chunk = (n + nt - 1) / nt;
          lo = t * chunk;
          hi = lo + chunk < n ? lo + chunk : n;
          for (i = lo, k = )" +
           firstSlot + "; " + condition + R"(; i++, k += 2) out[k] = v[i];
        }
      })";
  };
  CheckedSnippet apart = checkSnippet("#include <omp.h>\n" + packing("2 * lo", "i < hi"));
  EXPECT_TRUE(apart.findings.empty()) << describe(apart.findings);
  CheckedSnippet boundedBySlot = checkSnippet("#include <omp.h>\n" + packing("2 * lo", "k < 2 * hi"));
  EXPECT_TRUE(boundedBySlot.findings.empty()) << describe(boundedBySlot.findings);
  CheckedSnippet shifted = checkSnippet("#include <omp.h>\n" + packing("2 * lo - 2", "i <= hi"));
  EXPECT_TRUE(reportsRaceOn(shifted, "out", true)) << describe(shifted.findings);
  // A condition bounding no counter leaves the range unknown: possible, not definite.
  CheckedSnippet unbounded = checkSnippet("#include <omp.h>\n" + packing("2 * lo", "i < hi && k < 2 * n"));
  EXPECT_TRUE(reportsRaceOn(unbounded, "out") && !reportsRaceOn(unbounded, "out", true))
      << describe(unbounded.findings);
}

// The condition of a block holding a single is read by every thread, also while another thread
// already runs what follows the block (here a single that increments it).
TEST(RegionCheck, TheConditionOfABlockOfStepsIsReadByEveryThread) {
  auto counter = [](const std::string& fence) {
    return R"(
      int it;
      double norm;
      void f(int every) {
      #pragma omp parallel firstprivate(every)
        {
          if (it % every == 0) {
      #pragma omp single
            norm = 0.0;
          }
          )" +
           fence + R"(
      #pragma omp single
          it++;
        }
      })";
  };
  CheckedSnippet racy = checkSnippet(counter(""));
  EXPECT_TRUE(reportsRaceOn(racy, "it", true)) << describe(racy.findings);
  CheckedSnippet fenced = checkSnippet(counter("\n#pragma omp barrier\n"));
  EXPECT_TRUE(fenced.findings.empty()) << describe(fenced.findings);
}

TEST(RegionCheck, WhatTheModelLeavesOutIsUnsupported) {
  CheckedSnippet checked = checkSnippet(R"(
    void g(double *);
    void f(int n, double *a) {
      #pragma omp parallel
      {
        g(a);
        int t = 10;
        if (t > 5) {  /* a condition on a thread's own variable: the threads may disagree */
          #pragma omp for
          for (int i = 0; i < n; i++) a[i] += 1;
        } else {
          t = 0;
        }
      }
    })");
  std::vector<RaceFinding> unsupported = findingsOf(checked, RaceFinding::Kind::Unsupported);
  ASSERT_EQ(unsupported.size(), 2u) << describe(checked.findings);
  EXPECT_NE(unsupported[0].message.find("call to 'g'"), std::string::npos) << unsupported[0].message;
  EXPECT_NE(unsupported[1].message.find("non-conforming"), std::string::npos) << unsupported[1].message;
  for (const RaceFinding& finding : unsupported) EXPECT_EQ(finding.certainty, Certainty::Unsupported);
}

}  // namespace region_check_test
}  // namespace adrace::analyzer::testing
