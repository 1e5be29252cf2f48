// The per-loop race check of `adrace check`: array conflicts with witnesses, shared scalars,
// synchronisation, aliasing pointers and nested parallel loops.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace race_check_test {

std::string witnessValue(const RaceFinding& finding, const std::string& symbol) {
  for (const auto& [name, value] : finding.witness)
    if (name == symbol) return value;
  return "";
}

TEST(RaceCheck, ShiftedWriteIsADefiniteRaceWithTwoIterations) {
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, double *a) {
      #pragma omp parallel for
      for (int i = 0; i < n - 1; i++) a[i + 1] = a[i];
    })");
  ASSERT_EQ(checked.findings.size(), 1u) << describe(checked.findings);
  const RaceFinding& finding = checked.findings[0];
  EXPECT_EQ(finding.kind, RaceFinding::Kind::ArrayConflict);
  EXPECT_EQ(finding.certainty, Certainty::Definite);
  EXPECT_EQ(finding.variable, "a");
  EXPECT_EQ(finding.at.line, 4u);
  // The witness is two iterations that meet: i + 1 == i'.
  EXPECT_EQ(std::stoi(witnessValue(finding, "i")) + 1, std::stoi(witnessValue(finding, "i'")));
  EXPECT_NE(finding.message.find("write a[i + 1] (iteration i="), std::string::npos) << finding.message;
}

TEST(RaceCheck, DisjointStridesAreRaceFree) {
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, double *a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) a[2 * i] = a[2 * i + 1];
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(RaceCheck, SharedScalarSuggestsTheClause) {
  CheckedSnippet checked = checkSnippet(R"(
    double f(int n, const double *a) {
      double s = 0;
      #pragma omp parallel for
      for (int i = 0; i < n; i++) s += a[i];
      return s;
    })");
  std::vector<RaceFinding> scalars = findingsOf(checked, RaceFinding::Kind::SharedScalar);
  ASSERT_EQ(scalars.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(scalars[0].certainty, Certainty::Definite);
  EXPECT_NE(scalars[0].suggestion.find("reduction(+:s)"), std::string::npos) << scalars[0].suggestion;
}

TEST(RaceCheck, AtomicAndReductionAreRespected) {
  CheckedSnippet checked = checkSnippet(R"(
    double f(int n, const int *bin, int *restrict h, const double *a) {
      double s = 0;
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        #pragma omp atomic
        h[bin[i]] += 1;
      }
      #pragma omp parallel for reduction(+:s)
      for (int i = 0; i < n; i++) s += a[i];
      return s;
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(RaceCheck, IndirectScatterIsOnlyPossible) {
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, const int *idx, double *a, const double *b) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) a[idx[i]] += b[i];
    })");
  ASSERT_FALSE(checked.findings.empty());
  for (const RaceFinding& finding : checked.findings) EXPECT_EQ(finding.certainty, Certainty::Possible);
}

TEST(RaceCheck, PointersThatMayAliasGiveAPossibleFinding) {
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, double *p, double *q) {
      #pragma omp parallel for
      for (int i = 0; i < n - 1; i++) p[i] = q[i + 1];
    })");
  std::vector<RaceFinding> aliases = findingsOf(checked, RaceFinding::Kind::PointerAlias);
  ASSERT_EQ(aliases.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(aliases[0].certainty, Certainty::Possible);
  EXPECT_NE(aliases[0].message.find("if p and q point into the same array"), std::string::npos) << aliases[0].message;
  EXPECT_EQ(checked.findings.size(), 1u) << describe(checked.findings);

  CheckedSnippet assumed = checkSnippet(R"(
    void f(int n, double *p, double *q) {
      #pragma omp parallel for
      for (int i = 0; i < n - 1; i++) p[i] = q[i + 1];
    })",
                                        {}, /*checkAliasing=*/false);
  EXPECT_TRUE(assumed.findings.empty()) << describe(assumed.findings);
}

TEST(RaceCheck, AliasPolicySkipsRestrictConstAndOtherTypes) {
  const char* code = R"(
    void f(int n, double *restrict p, double *restrict q, const double *in, double *out, int *k) {
      #pragma omp parallel for
      for (int i = 0; i < n - 1; i++) { p[i] = q[i + 1]; out[i] = in[i + 1]; k[i] = (int)out[i]; }
    })";
  CheckedSnippet checked = checkSnippet(code);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  // A pointer to const is an input unless asked otherwise.
  CheckModelOptions strict;
  strict.constPointeesMayAlias = true;
  std::vector<RaceFinding> aliases = findingsOf(checkSnippet(code, strict), RaceFinding::Kind::PointerAlias);
  ASSERT_EQ(aliases.size(), 1u);
  EXPECT_NE(aliases[0].message.find("if in and out point into the same array"), std::string::npos)
      << aliases[0].message;
}

TEST(RaceCheck, ACallPassingOneArrayAsInputAndOutputMakesThemAlias) {
  auto smoothing = [](const std::string& secondCall) {
    return R"(
      double u[100], v[100];
      void smooth(int n, const double *in, double *out) {
        #pragma omp parallel for
        for (int i = 1; i < n - 1; i++) out[i] = 0.5 * (in[i - 1] + in[i + 1]);
      }
      void run(void) {
        smooth(100, u, v);
        )" +
           secondCall + R"(
      })";
  };
  std::vector<RaceFinding> aliases =
      findingsOf(checkSnippet(smoothing("smooth(100, &v[0], v + 0);")), RaceFinding::Kind::PointerAlias);
  ASSERT_EQ(aliases.size(), 1u);
  EXPECT_EQ(aliases[0].certainty, Certainty::Possible);
  EXPECT_NE(aliases[0].message.find("in and out point into one array (the call at line 9 passes 'v' to both)"),
            std::string::npos)
      << aliases[0].message;
  // Different arrays at every call: the input stays an input.
  CheckedSnippet apart = checkSnippet(smoothing("smooth(100, v, u);"));
  EXPECT_TRUE(apart.findings.empty()) << describe(apart.findings);
}

// A histogram per thread, binned by a helper the index translator does not follow: the thread's
// row still tells the accesses apart.
std::string binsPerThread(const std::string& row) {
  return R"(
    #include <omp.h>
    #define NB 16
    #define MAXT 64
    static long bins[MAXT][NB];
    static int bin_of(double e) { return (int)(e * NB) & (NB - 1); }
    void f(const double *energy, int n) {
      int i;
    #pragma omp parallel
      {
        int tid = omp_get_thread_num();
    #pragma omp for
        for (i = 0; i < n; i++)
          if (tid < MAXT) bins[)" +
         row + R"(][bin_of(energy[i])]++;
      }
    })";
}

TEST(RaceCheck, ASubscriptItCannotFollowLeavesTheOthersToTellAccessesApart) {
  CheckedSnippet checked = checkSnippet(binsPerThread("tid"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  CheckedSnippet shared = checkSnippet(binsPerThread("0"));
  ASSERT_TRUE(reportsRaceOn(shared, "bins")) << describe(shared.findings);
  for (const RaceFinding& finding : shared.findings) {
    EXPECT_EQ(finding.certainty, Certainty::Possible) << finding.message;
    EXPECT_NE(finding.message.find("if the subscripts it cannot follow are equal"), std::string::npos)
        << finding.message;
  }
}

TEST(RaceCheck, AliasingPointersThatNeverMeetAreSilent) {
  // Were p and q one array, p[2i] and q[2i+1] would still never meet.
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, double *p, double *q) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) p[2 * i] = q[2 * i + 1];
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(RaceCheck, NestedParallelLoopIsCheckedOnItsOwn) {
  CheckedSnippet checked = checkSnippet(R"(
    double a[64][32], b[32];
    void f(void) {
      #pragma omp parallel for
      for (int i = 0; i < 64; i++) {
        #pragma omp parallel for
        for (int j = 0; j < 32; j++) a[i][j] = a[i][j] * b[j];
      }
    })");
  EXPECT_EQ(checked.models.loops.size(), 2u);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(RaceCheck, NestedParallelLoopRaceAcrossOuterIterations) {
  CheckedSnippet checked = checkSnippet(R"(
    double a[64][32], t[32];
    void f(void) {
      #pragma omp parallel for
      for (int i = 0; i < 64; i++) {
        #pragma omp parallel for
        for (int j = 0; j < 32; j++) t[j] = a[i][j];
      }
    })");
  ASSERT_FALSE(checked.findings.empty());
  EXPECT_EQ(checked.findings[0].variable, "t");
  EXPECT_EQ(checked.findings[0].certainty, Certainty::Definite);
  EXPECT_EQ(checked.findings[0].loop, 0);
}

TEST(RaceCheck, NestedParallelLoopWithPrivateClauseStaysUnsupported) {
  // private(x) on the inner loop makes x private there, which the outer loop's model cannot see.
  CheckedSnippet checked = checkSnippet(R"(
    double a[64][32];
    void f(void) {
      double x;
      #pragma omp parallel for
      for (int i = 0; i < 64; i++) {
        #pragma omp parallel for private(x)
        for (int j = 0; j < 32; j++) { x = a[i][j]; a[i][j] = 2 * x; }
      }
    })");
  std::vector<RaceFinding> unsupported = findingsOf(checked, RaceFinding::Kind::Unsupported);
  ASSERT_FALSE(unsupported.empty()) << describe(checked.findings);
  EXPECT_NE(unsupported[0].message.find("nested parallel region"), std::string::npos) << unsupported[0].message;
}

TEST(RaceCheck, PrivatePointerMayPointIntoSharedMemory) {
  // p is private, but where it points is shared: its accesses cannot be called race-free.
  CheckedSnippet checked = checkSnippet(R"(
    void f(int n, double *restrict a, double *restrict b) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        double *p = i % 2 ? a : b;
        double local[4] = {0, 0, 0, 0};
        local[i % 4] = 1;
        p[i / 2] = local[0];
      }
    })");
  ASSERT_EQ(checked.findings.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(checked.findings[0].variable, "p");
  EXPECT_EQ(checked.findings[0].certainty, Certainty::Possible);
}

TEST(RaceCheck, UnmodelledCallIsUnsupportedNotRaceFree) {
  CheckedSnippet checked = checkSnippet(R"(
    void g(double *);
    void f(int n, double *a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) g(&a[i]);
    })");
  EXPECT_FALSE(findingsOf(checked, RaceFinding::Kind::Unsupported).empty()) << describe(checked.findings);
}

}  // namespace race_check_test
}  // namespace adrace::analyzer::testing
