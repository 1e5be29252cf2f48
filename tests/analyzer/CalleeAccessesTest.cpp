// Calls to functions of the translation unit inside a loop (issue 14, item 1): their accesses are
// followed with the call's arguments; pure helpers and known library functions leave the loop
// checkable; unknown externals and recursion stay unsafe, naming the callee.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace {

bool hasUnsupported(const CheckedSnippet& checked, const std::string& text) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported && finding.message.find(text) != std::string::npos) return true;
  return false;
}

std::vector<RaceFinding> racesOn(const CheckedSnippet& checked, const std::string& variable) {
  std::vector<RaceFinding> result;
  for (const RaceFinding& finding : checked.findings)
    if (finding.variable == variable && finding.certainty != Certainty::Unsupported) result.push_back(finding);
  return result;
}

TEST(CalleeAccesses, PureStaticInlineHelperKeepsTheLoopCheckable) {
  CheckedSnippet checked = checkSnippet(R"(
    static inline double sq(double x) { double t = x; return t * t; }
    static int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }
    void f(int n, double *restrict b, const double *restrict a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) b[i] = sq(a[i]) + clampi(i, 0, 3);
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, SetterWritesAtTheArgumentsIndex) {
  CheckedSnippet checked = checkSnippet(R"(
    static void set(double *v, int k, double x) { v[k] = x; }
    void f(int n, double *v) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) set(v, 2 * i, 1.0);
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, ShiftedSetterRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(R"(
    static void set(double *v, int k, double x) { v[k] = x; }
    static double get(const double *v, int k) { return v[k]; }
    void f(int n, double *v) {
      #pragma omp parallel for
      for (int i = 0; i < n - 1; i++) set(v, i, get(v, i + 1));
    })");
  std::vector<RaceFinding> races = racesOn(checked, "v");
  ASSERT_FALSE(races.empty()) << describe(checked.findings);
  EXPECT_EQ(races[0].certainty, Certainty::Definite) << describe(checked.findings);
  EXPECT_NE(races[0].message.find("in 'set'"), std::string::npos) << races[0].message;
}

TEST(CalleeAccesses, NestedHelpersFollowTheArguments) {
  CheckedSnippet checked = checkSnippet(R"(
    static void put(double *w, int j, double x) { w[j] = x; }
    static void put_first(double *v, int row, int m, double x) { put(v, row * m, x); }
    void f(int n, int m, double *v) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) put_first(v, i, 4, 0.0);
    })");
  // put writes v[row * m] = v[4 * i]: distinct per i.
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, GlobalCounterInAHelperRaces) {
  CheckedSnippet checked = checkSnippet(R"(
    int calls;
    static double count_and_scale(double x) { calls++; return 2.0 * x; }
    void f(int n, double *restrict b, const double *restrict a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) b[i] = count_and_scale(a[i]);
    })");
  EXPECT_FALSE(racesOn(checked, "calls").empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, ConditionalWriteInACalleeIsOnlyPossible) {
  CheckedSnippet checked = checkSnippet(R"(
    static void mark(int *flags, int k, int x) { if (x > 3) flags[k] = 1; }
    void f(int n, int *flags, const int *data) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) mark(flags, 0, data[i]);
    })");
  std::vector<RaceFinding> races = racesOn(checked, "flags");
  ASSERT_FALSE(races.empty()) << describe(checked.findings);
  for (const RaceFinding& race : races) EXPECT_EQ(race.certainty, Certainty::Possible) << race.message;
}

TEST(CalleeAccesses, ScalarPassedByAddress) {
  CheckedSnippet checked = checkSnippet(R"(
    static void add_to(double *acc, double x) { *acc += x; }
    double f(int n, const double *a) {
      double s = 0.0;
      #pragma omp parallel for
      for (int i = 0; i < n; i++) add_to(&s, a[i]);
      return s;
    })");
  EXPECT_FALSE(racesOn(checked, "s").empty()) << describe(checked.findings);
}

TEST(CalleeAccesses, ExternalFunctionStaysUnsafeNamingIt) {
  CheckedSnippet checked = checkSnippet(R"(
    void update(double *v, int k);
    void f(int n, double *v) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) update(v, i);
    })");
  EXPECT_TRUE(hasUnsupported(checked, "'update'")) << describe(checked.findings);
}

TEST(CalleeAccesses, RecursionStaysUnsafeNamingIt) {
  CheckedSnippet checked = checkSnippet(R"(
    static int depth(int *v, int k) { if (k <= 0) return 0; v[k] = 1; return depth(v, k - 1); }
    void f(int n, int *v) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) depth(v, i);
    })");
  EXPECT_TRUE(hasUnsupported(checked, "recursive call to 'depth'")) << describe(checked.findings);
}

TEST(CalleeAccesses, PrintfIsANoteNotARace) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <stdio.h>
    #include <math.h>
    void f(int n, double *restrict b, const double *restrict a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) { b[i] = sqrt(a[i]); printf("%d\n", i); }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  bool noted = false;
  for (const Limitation& limitation : checked.models.loops.at(0).limitations)
    noted = noted || (!limitation.unsafe && limitation.message.find("printf") != std::string::npos);
  EXPECT_TRUE(noted);
}

}  // namespace
}  // namespace adrace::analyzer::testing
