// The address of an array element taken in a loop (analyzer/frontend/ElementAddresses.h): passed to
// a lock routine it is no data access; kept in a pointer to const it is a read of the array; any
// other use stays an opaque write. Each race-free case has a twin that races.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace element_addresses_test {

// A histogram with one lock per bin, as OpenMP textbooks write it.
const char* kLockPerBin = R"(
  #include <omp.h>
  #define LEN 10000
  #define NBINS 16
  int hist[NBINS];
  omp_lock_t locks[NBINS];
  void histogram(const int *key) {
    int i;
  #pragma omp parallel for
    for (i = 0; i < LEN; i++) {
      int b = key[i] % NBINS;
      %s
      hist[b] += 1;
      omp_unset_lock(&locks[b]);
    }
  })";

std::string lockPerBin(const std::string& acquire) { return fillIn(kLockPerBin, {acquire}); }

TEST(ElementAddresses, SettingALockOfAnArrayIsNoAccessOfTheArray) {
  CheckedSnippet checked = checkSnippet(lockPerBin("omp_set_lock(&locks[b]); /* this bin only */"));
  EXPECT_FALSE(reportsRaceOn(checked, "locks")) << describe(checked.findings);
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(ElementAddresses, InitialisingALockInTheLoopWritesIt) {
  CheckedSnippet checked = checkSnippet(lockPerBin("omp_init_lock(&locks[b]); omp_set_lock(&locks[b]);"));
  EXPECT_TRUE(reportsRaceOn(checked, "locks")) << describe(checked.findings);
}

// LULESH's node gather: each node reads the corners of its elements through a pointer to const.
const char* kCornerList = R"(
  typedef int Index_t;
  typedef double Real_t;
  static Index_t nodeElemStart[1001], nodeElemCornerList[8000];
  static Real_t fx_elem[8000], fx[1000];
  void gather(Index_t numNode) {
    Index_t gnode;
  #pragma omp parallel for
    for (gnode = 0; gnode < numNode; ++gnode) {
      Index_t count = nodeElemStart[gnode + 1] - nodeElemStart[gnode];
      %s *cornerList = &nodeElemCornerList[nodeElemStart[gnode]];
      Real_t fx_tmp = 0.0;
      Index_t i;
      for (i = 0; i < count; ++i) fx_tmp += fx_elem[cornerList[i]];
      fx[gnode] = fx_tmp;
      %s
    }
  })";

std::string cornerList(const std::string& pointerType, const std::string& after) {
  return fillIn(kCornerList, {pointerType, after});
}

TEST(ElementAddresses, APointerToConstOnlyReadsTheArray) {
  CheckedSnippet checked = checkSnippet(cornerList("const Index_t", ""));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(ElementAddresses, APointerToConstStillMeetsWritesOfTheArray) {
  CheckedSnippet checked = checkSnippet(cornerList("const Index_t", "nodeElemCornerList[gnode] = 0;"));
  EXPECT_TRUE(reportsRaceOn(checked, "nodeElemCornerList")) << describe(checked.findings);
}

// A plain pointer initialised from an element and never reassigned is followed (DerivedPointers):
// cornerList[i] is nodeElemCornerList[nodeElemStart[gnode] + i], here only read.
TEST(ElementAddresses, AFollowedPlainPointerOnlyReadsWhatItReads) {
  CheckedSnippet checked = checkSnippet(cornerList("Index_t", ""));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(ElementAddresses, AFollowedPlainPointerWritesWhatItWrites) {
  CheckedSnippet checked = checkSnippet(cornerList("Index_t", "cornerList[0] = gnode;"));
  EXPECT_TRUE(reportsRaceOn(checked, "nodeElemCornerList")) << describe(checked.findings);
}

// Reassigned, the pointer is not followed: its address stays an opaque write of the array.
TEST(ElementAddresses, APlainPointerReassignedMayWriteTheArray) {
  CheckedSnippet checked = checkSnippet(cornerList("Index_t", "cornerList = 0;"));
  EXPECT_TRUE(reportsRaceOn(checked, "nodeElemCornerList")) << describe(checked.findings);
}

// A row of a two-dimensional array through a pointer, as PolyBench codes write it (C89 counters).
const char* kRowPointer = R"(
  void scale_rows(int ni, int nj, double beta, double C[ni][nj]) {
    int i, j;
  #pragma omp parallel for private(j)
    for (i = 0; i < ni; i++) {
      double *Ci = &C[%s][0]; /* row i */
      for (j = 0; j < nj; j++) Ci[j] *= beta;
    }
  })";

TEST(ElementAddresses, ARowPointerOfEachIterationIsItsRow) {
  CheckedSnippet checked = checkSnippet(fillIn(kRowPointer, {"i"}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(ElementAddresses, ARowPointerSharedByTwoIterationsRaces) {
  CheckedSnippet checked = checkSnippet(fillIn(kRowPointer, {"i / 2"}));
  EXPECT_TRUE(reportsRaceOn(checked, "C", true)) << describe(checked.findings);
}

}  // namespace element_addresses_test
}  // namespace adrace::analyzer::testing
