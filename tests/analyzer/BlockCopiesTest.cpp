// memcpy, memmove and memset of rows inside a parallel loop: each pointer argument is a block of
// one array, offset + k for 0 <= k < count (in its row of a multi-dimensional array), compared as
// any access (BlockCopies.h).
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace block_copies_test {

std::string copyRows(const std::string& call) {
  return R"(
    #include <string.h>
    #define N 256
    #define NX 64
    static double src[N * NX], dst[N * NX];
    static float a[N];
    void rows(int n) {
      int i;
    #pragma omp parallel for
      for (i = 1; i < N / 4; i++)
        )" +
         call + R"(;
    })";
}

TEST(BlockCopies, RowsOfTheirOwnAreRaceFree) {
  for (const char* call : {"memcpy(&dst[(size_t)i * n], &src[(size_t)i * n], n * sizeof(double))",
                           "memcpy(dst + i * NX, src + i * NX, sizeof(double) * NX)",
                           "memset(&a[4 * i], 0, 4 * sizeof(float))", "memset(a + 4 * i, 0, 16)",
                           "memmove((void *)&dst[i * NX], (const void *)&src[(i - 1) * NX], NX * sizeof dst[0])"}) {
    CheckedSnippet checked = checkSnippet(copyRows(call));
    EXPECT_TRUE(checked.findings.empty()) << call << ": " << describe(checked.findings);
    EXPECT_FALSE(anyUnsupported(checked)) << call << ": " << describe(checked.findings);
  }
}

TEST(BlockCopies, ABlockRunningIntoTheNextRowRaces) {
  for (const char* call : {"memcpy(dst + i * n, src + i * n, (n + 1) * sizeof(double))", "memset(&a[4 * i], 0, 20)",
                           "memmove(&dst[i * NX], &dst[(i - 1) * NX], NX * sizeof(double))"}) {
    CheckedSnippet checked = checkSnippet(copyRows(call));
    EXPECT_TRUE(reportsRaceOn(checked, call[3] == 's' ? "a" : "dst", true))
        << call << ": " << describe(checked.findings);
  }
}

// %s: the call, in a loop over the rows of `double grid[64][64], out[64][64]` and of the
// parameter `double (*g)[64]`.
const char* kRows2d = R"(
  #include <string.h>
  static double grid[64][64], out[64][64];
  void f(double (*g)[64], int n) {
    int i;
  #pragma omp parallel for
    for (i = 0; i < 63; i++) %s;
  })";

TEST(BlockCopies, BlocksInRowsOfTwoDimensionalArraysAreExact) {
  for (const char* call : {"memcpy(&out[i][0], &grid[i][0], 64 * sizeof(double))",
                           "memcpy(out[i], grid[i], sizeof out[i])", "memset(out[i], 0, sizeof out[i])",
                           "memcpy(out[i] + 1, g[i] + 1, 62 * sizeof(double))", "memcpy(g[i], out[i], sizeof g[i])"}) {
    CheckedSnippet checked = checkSnippet(fillIn(kRows2d, {call}));
    EXPECT_TRUE(checked.findings.empty()) << call << ": " << describe(checked.findings);
  }
  for (const char* call : {"memcpy(out[i + 1], out[i], sizeof out[i])", "memmove(&out[i][0], &out[i + 1][0], 512)"}) {
    CheckedSnippet checked = checkSnippet(fillIn(kRows2d, {call}));
    EXPECT_TRUE(reportsRaceOn(checked, "out", true)) << call << ": " << describe(checked.findings);
  }
}

TEST(BlockCopies, ABlockThatMayLeaveItsRowIsOnlyPossible) {
  for (const char* call : {"memcpy(&out[i][0], &grid[i][0], n * sizeof(double))",
                           "memcpy(&out[i][1], &grid[i][1], 64 * sizeof(double))"}) {
    CheckedSnippet checked = checkSnippet(fillIn(kRows2d, {call}));
    EXPECT_FALSE(checked.findings.empty()) << call << ": a block that is not followed must not pass";
    EXPECT_FALSE(hasDefinite(checked)) << call << ": " << describe(checked.findings);
    EXPECT_TRUE(reportsRaceOn(checked, "out")) << call << ": " << describe(checked.findings);
  }
}

TEST(BlockCopies, WhatIsNotABlockOfAnArrayIsOnlyPossible) {
  CheckedSnippet bytes = checkSnippet(copyRows("memcpy(dst + i * n, src + i * n, n)"));
  EXPECT_FALSE(bytes.findings.empty()) << "a byte count that is no number of elements must not pass";
  for (const RaceFinding& finding : bytes.findings)
    EXPECT_NE(finding.certainty, Certainty::Definite) << finding.message;
}

}  // namespace block_copies_test
}  // namespace adrace::analyzer::testing
