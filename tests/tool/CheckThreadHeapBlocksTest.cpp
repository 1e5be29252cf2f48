// A block each thread of a parallel region allocates into its private pointer (docs/check.md,
// "Parallel regions"; analyzer/frontend/RegionOwnedMemory.h): accesses through it are the thread's
// own, in the region's statements and in its worksharing loops, unless the pointer leaves the
// thread or may hold something else first (then: possible, never definite).
#include "CheckFindings.h"

#include <gtest/gtest.h>

namespace adrace::testing {
namespace check_thread_heap_blocks_test {

const std::string kAdrace = ADRACE_BINARY;

// The per-thread histogram of an application: count into a private block, merge under critical.
std::string histogram(const std::string& clauses, const std::string& before, const std::string& after) {
  return "#include <omp.h>\n"
         "#include <stdlib.h>\n"
         "#define NB 16\n"
         "int keys[4096];\n"
         "int hist[NB];\n"
         "int *blocks[64];\n"
         "void count_keys(int n) {\n"
         "  int *local;\n"
         "  int i, b;\n"
         "#pragma omp parallel private(local, i, b) " +
         clauses +
         "\n"
         "  {\n"
         "    " +
         before +
         "\n"
         "#pragma omp for\n"
         "    for (i = 0; i < n; i++)\n"
         "      local[keys[i] % NB]++;\n"
         "#pragma omp critical\n"
         "    for (b = 0; b < NB; b++)\n"
         "      hist[b] += local[b];\n"
         "    " +
         after +
         "\n"
         "    free(local);\n"
         "  }\n"
         "}\n";
}

TEST(CheckThreadHeapBlocks, APrivateBlockAllocatedInTheRegionIsTheThreadsOwn) {
  int k = 0;
  for (const char* allocation : {"local = (int *) calloc(NB, sizeof(int));", "local = malloc(NB * sizeof *local);",
                                 "local = realloc(NULL, NB * sizeof(int));"}) {
    CheckedFile checked =
        checkFile(kAdrace, writeSource("heap_own_" + std::to_string(k++) + ".c", histogram("", allocation, "")));
    EXPECT_EQ(checked.exitCode, 0) << allocation << "\n" << checked.out;
    EXPECT_TRUE(checked.findings.empty()) << allocation << "\n" << checked.out;
  }
}

TEST(CheckThreadHeapBlocks, AFirstprivateCopyOfOneBlockIsShared) {
  CheckedFile checked = checkFile(kAdrace, writeSource("heap_firstprivate.c",
                                                       "#include <stdlib.h>\n"
                                                       "int keys[4096];\n"
                                                       "void count_keys(int n) {\n"
                                                       "  int *local = (int *) calloc(16, sizeof(int));\n"
                                                       "  int i;\n"
                                                       "#pragma omp parallel firstprivate(local) private(i)\n"
                                                       "  {\n"
                                                       "#pragma omp for\n"
                                                       "    for (i = 0; i < n; i++) local[keys[i] % 16]++;\n"
                                                       "  }\n"
                                                       "}\n"));
  EXPECT_TRUE(hasFinding(checked, "possible", "local")) << checked.out;
  EXPECT_FALSE(hasFinding(checked, "definite")) << checked.out;
}

TEST(CheckThreadHeapBlocks, APointerThatEscapesOrIsUsedBeforeItsAllocationStaysPossible) {
  // Stored in a shared array, another thread may reach the block.
  CheckedFile escaped =
      checkFile(kAdrace, writeSource("heap_escaped.c", histogram("", "local = (int *) calloc(NB, sizeof(int));",
                                                                 "blocks[omp_get_thread_num()] = local;")));
  EXPECT_TRUE(hasFinding(escaped, "possible", "local")) << escaped.out;
  EXPECT_FALSE(hasFinding(escaped, "definite", "local")) << escaped.out;
  // Read before the allocation: what it points to first is not the thread's block.
  CheckedFile early = checkFile(
      kAdrace,
      writeSource("heap_early.c", histogram("", "local[0] = 1; local = (int *) calloc(NB, sizeof(int));", "")));
  EXPECT_TRUE(hasFinding(early, "possible", "local")) << early.out;
  // A task may run on another thread while its creator goes on with the block.
  CheckedFile task =
      checkFile(kAdrace, writeSource("heap_task.c", histogram("", "local = (int *) calloc(NB, sizeof(int));",
                                                              "\n#pragma omp task\n    local[0]++;")));
  EXPECT_FALSE(task.findings.empty()) << task.out;
}

}  // namespace check_thread_heap_blocks_test
}  // namespace adrace::testing
