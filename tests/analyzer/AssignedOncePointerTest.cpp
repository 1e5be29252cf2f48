// A pointer declared without a value and assigned once in a loop body (`fb = &cells[first];`, C89
// style, private to the loop), used only after that assignment in the body: its accesses are the
// array's elements at the offset (frontend/DerivedPointers). In any other shape the pointer's
// accesses stay not followed.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace assigned_once_pointer_test {

std::string blocks(const std::string& body) {
  return R"(
    typedef struct { double e; double q; } Cell;
    void f(int nblock, int per, Cell *cells) {
      int b, i;
      long first;
      Cell *fb;
      #pragma omp parallel for private(i, first, fb)
      for (b = 0; b < nblock; b++) {
)" + body +
         R"(
      }
    })";
}

TEST(AssignedOncePointer, BlockOfTheIterationIsClean) {
  CheckedSnippet checked = checkSnippet(blocks(R"(
        first = (long) b * per;
        fb = &cells[first];
        for (i = 0; i < per; i++) fb[i].e += 0.5 * fb[i].q;)"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(AssignedOncePointer, OneCellPastTheBlockRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(blocks(R"(
        first = (long) b * per;
        fb = &cells[first];
        for (i = 0; i <= per; i++) fb[i].e += 0.5 * fb[i].q;)"));
  EXPECT_TRUE(reportsRaceOn(checked, "cells[].e", true)) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
}

TEST(AssignedOncePointer, UseBeforeTheAssignmentIsNotFollowed) {
  CheckedSnippet checked = checkSnippet(blocks(R"(
        first = (long) b * per;
        if (b > 0) fb[0].e = 1.0;
        fb = &cells[first];
        for (i = 0; i < per; i++) fb[i].e += 0.5 * fb[i].q;)"));
  EXPECT_FALSE(checked.findings.empty());
  EXPECT_FALSE(reportsRaceOn(checked, "cells[].e", true)) << describe(checked.findings);
}

TEST(AssignedOncePointer, OffsetChangedAfterTheAssignmentIsNotFollowed) {
  CheckedSnippet checked = checkSnippet(blocks(R"(
        first = (long) b * per;
        fb = &cells[first];
        first = 0;
        for (i = 0; i < per; i++) fb[i].e += 0.5 * fb[i].q;)"));
  EXPECT_FALSE(checked.findings.empty());
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

}  // namespace assigned_once_pointer_test
}  // namespace adrace::analyzer::testing
