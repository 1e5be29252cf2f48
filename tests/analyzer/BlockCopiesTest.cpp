// memcpy, memmove and memset of rows inside a parallel loop: each pointer argument is a block of
// one array, offset + k for 0 <= k < count, compared as any access (BlockCopies.h).
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace {

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

TEST(BlockCopies, WhatIsNotABlockOfAOneDimensionalArrayIsOnlyPossible) {
  CheckedSnippet rowsOf2d = checkSnippet(R"(
    #include <string.h>
    static double grid[64][64], out[64][64];
    void f(void) {
      int i;
    #pragma omp parallel for
      for (i = 0; i < 64; i++) memcpy(&out[i][0], &grid[i][0], 64 * sizeof(double));
    })");
  for (const RaceFinding& finding : rowsOf2d.findings)
    EXPECT_NE(finding.certainty, Certainty::Definite) << finding.message;
  EXPECT_FALSE(rowsOf2d.findings.empty()) << "a block that is not followed must not pass";
  CheckedSnippet bytes = checkSnippet(copyRows("memcpy(dst + i * n, src + i * n, n)"));
  EXPECT_FALSE(bytes.findings.empty()) << "a byte count that is no number of elements must not pass";
  for (const RaceFinding& finding : bytes.findings)
    EXPECT_NE(finding.certainty, Certainty::Definite) << finding.message;
}

}  // namespace
}  // namespace adrace::analyzer::testing
