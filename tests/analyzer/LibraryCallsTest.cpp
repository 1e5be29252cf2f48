// Calls to the C library, POSIX and the OpenMP runtime in parallel loops and regions (LibraryCalls.h):
// a call in the table is checked, not "defined elsewhere"; what it reads and writes through its
// arguments and its hidden state are accesses; a race through them is definite only when proven.
#include "CheckSnippet.h"
#include "analyzer/frontend/LibraryCalls.h"

namespace adrace::analyzer::testing {
namespace library_calls_test {

bool definiteRaceOn(const CheckedSnippet& checked, const std::string& variable) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.variable == variable && finding.certainty == Certainty::Definite) return true;
  return false;
}

const char* kRecords = R"(
  #include <stdio.h>
  #include <stdlib.h>
  #include <string.h>
  #include <assert.h>
  #define NREC 512
  #define WIDTH 32
  static char label[NREC][WIDTH];
  static double value[NREC];
  static unsigned seeds[NREC];
  unsigned seed;
  void records(int n) {
    int i;
  #pragma omp parallel for
    for (i = 0; i < n; i++) {
      %s;
    }
  })";

TEST(LibraryCalls, RowsAndObjectsOfTheirOwnAreRaceFree) {
  for (const char* body : {"sprintf(label[i], \"rec%d\", i); value[i] = atof(label[i]) + strlen(label[i])",
                           "strcpy(&label[i][0], \"x\"); value[i] = strcmp(label[i], \"y\")",
                           "value[i] = rand_r(&seeds[i]) / (double)RAND_MAX",
                           "assert(i < NREC); if (value[i] < 0) { fprintf(stderr, \"bad %d\\n\", i); exit(1); }",
                           "value[i] = sqrtf((float)value[i]) + fabs(value[i]); printf(\"%s\\n\", label[i])"}) {
    CheckedSnippet checked = checkSnippet(fillIn(kRecords, {body}));
    EXPECT_TRUE(checked.findings.empty()) << body << ": " << describe(checked.findings);
    EXPECT_FALSE(anyUnsupported(checked)) << body;
  }
}

TEST(LibraryCalls, TwoIterationsWritingOneRowRaceButNotDefinitely) {
  CheckedSnippet checked = checkSnippet(fillIn(kRecords, {"sprintf(label[i % 4], \"%d\", i)"}));
  EXPECT_TRUE(reportsRaceOn(checked, "label")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << "which elements sprintf writes is not known: " << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
}

TEST(LibraryCalls, ASharedObjectWrittenOnEveryCallIsADefiniteRace) {
  CheckedSnippet checked = checkSnippet(fillIn(kRecords, {"value[i] = rand_r(&seed)"}));
  EXPECT_TRUE(reportsRaceOn(checked, "seed", true)) << describe(checked.findings);
}

TEST(LibraryCalls, HiddenStateRaces) {
  CheckedSnippet strtokLoop = checkSnippet(fillIn(kRecords, {"value[i] = atof(strtok(i ? NULL : label[0], \" \"))"}));
  EXPECT_TRUE(reportsRaceOn(strtokLoop, "strtok", true)) << describe(strtokLoop.findings);
  // glibc serialises rand(); the C standard does not require it: a race, never a definite one.
  CheckedSnippet randLoop = checkSnippet(fillIn(kRecords, {"value[i] = rand() % 100"}));
  EXPECT_TRUE(reportsRaceOn(randLoop, "rand")) << describe(randLoop.findings);
  EXPECT_FALSE(hasDefinite(randLoop)) << describe(randLoop.findings);
  // Under a condition, the calls of two iterations are not both certain.
  CheckedSnippet guarded =
      checkSnippet(fillIn(kRecords, {"if (value[i] > 0) value[i] = atof(strtok(label[i], \",\"))"}));
  EXPECT_TRUE(reportsRaceOn(guarded, "strtok")) << describe(guarded.findings);
  EXPECT_FALSE(definiteRaceOn(guarded, "strtok")) << describe(guarded.findings);
  CheckedSnippet reentrant = checkSnippet(fillIn(
      kRecords, {"char *rest; char *word = strtok_r(label[i], \",\", &rest); value[i] = word ? atof(word) : 0"}));
  EXPECT_TRUE(reentrant.findings.empty()) << describe(reentrant.findings);
  CheckedSnippet critical = checkSnippet(fillIn(kRecords, {"\n#pragma omp critical\n value[i] = rand()"}));
  EXPECT_TRUE(critical.findings.empty()) << describe(critical.findings);
}

TEST(LibraryCalls, WhatIsNotFollowedCannotBeChecked) {
  CheckedSnippet member = checkSnippet(R"(
    #include <string.h>
    struct rec { char name[16]; double v; };
    void f(struct rec *r, int n) {
      int i;
    #pragma omp parallel for
      for (i = 0; i < n; i++) strcpy(r->name, "x");
    })");
  EXPECT_TRUE(unsupportedSaying(member, "strcpy")) << describe(member.findings);
  CheckedSnippet callback = checkSnippet(R"(
    #include <stdlib.h>
    static int compared;
    static int by_value(const void *a, const void *b) {
      compared++;
      return *(const double *)a < *(const double *)b ? -1 : 1;
    }
    static double rows[64][16];
    void f(int n) {
      int i;
    #pragma omp parallel for
      for (i = 0; i < n; i++) qsort(rows[i], 16, sizeof rows[i][0], by_value);
    })");
  EXPECT_TRUE(unsupportedSaying(callback, "by_value")) << describe(callback.findings);
  CheckedSnippet inCallee = checkSnippet(R"(
    #include <string.h>
    static char names[64][16];
    static void name_row(char *row) { strcpy(row, "row"); }
    void f(int n) {
      int i;
    #pragma omp parallel for
      for (i = 0; i < n; i++) name_row(names[i]);
    })");
  EXPECT_TRUE(unsupportedSaying(inCallee, "strcpy")) << describe(inCallee.findings);
}

TEST(LibraryCalls, APureComparatorSortsEachRow) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <stdlib.h>
    static int by_value(const void *a, const void *b) {
      double x = *(const double *)a, y = *(const double *)b;
      return (x > y) - (x < y);
    }
    static double rows[64][16];
    void f(int n) {
      int i;
    #pragma omp parallel for
      for (i = 0; i < n; i++) qsort(rows[i], 16, sizeof rows[i][0], by_value);
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(LibraryCalls, AProgramsOwnFunctionOfALibraryNameIsFollowed) {
  CheckedSnippet checked = checkSnippet(R"(
    static unsigned long next = 1;
    int rand(void) { next = next * 1103515245 + 12345; return (unsigned)(next / 65536) % 32768; }
    double v[100];
    void f(void) {
      int i;
    #pragma omp parallel for
      for (i = 0; i < 100; i++) v[i] = rand();
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "next", true)) << describe(checked.findings);
  EXPECT_FALSE(reportsRaceOn(checked, "rand")) << describe(checked.findings);
}

TEST(LibraryCalls, RegionStatements) {
  CheckedSnippet own = checkSnippet(R"(
    #include <stdio.h>
    #include <omp.h>
    static char line[64][80];
    void f(void) {
    #pragma omp parallel
      {
        int tid = omp_get_thread_num();
        snprintf(line[tid], sizeof line[tid], "thread %d", tid);
        puts(line[tid]);
      }
    })");
  EXPECT_FALSE(anyUnsupported(own)) << describe(own.findings);
  EXPECT_FALSE(hasDefinite(own)) << describe(own.findings);
  CheckedSnippet shared = checkSnippet(R"(
    #include <sys/time.h>
    #include <string.h>
    struct timeval started;
    char *word;
    static char text[256];
    void f(void) {
    #pragma omp parallel
      {
        gettimeofday(&started, NULL);
        word = strtok(text, " ");
      }
    })");
  EXPECT_TRUE(reportsRaceOn(shared, "started", true)) << describe(shared.findings);
  EXPECT_TRUE(reportsRaceOn(shared, "strtok", true)) << describe(shared.findings);
  EXPECT_FALSE(anyUnsupported(shared)) << describe(shared.findings);
}

// The adjoint (ad/PassiveCalls.h) asks the table which calls its derivative does not depend on: the
// OpenMP queries and the timer as values, the prints and the thread-count setting as statements.
TEST(LibraryCalls, PassiveForTheAdjoint) {
  for (const char* value : {"omp_get_thread_num", "omp_get_num_threads", "omp_get_max_threads", "omp_get_wtime"}) {
    const LibraryFunction* function = libraryFunctionNamed(value);
    ASSERT_NE(function, nullptr) << value;
    EXPECT_TRUE(function->passiveValue && function->passiveStatement) << value;
  }
  for (const char* statement : {"printf", "fprintf", "puts", "omp_set_num_threads"}) {
    const LibraryFunction* function = libraryFunctionNamed(statement);
    ASSERT_NE(function, nullptr) << statement;
    EXPECT_TRUE(function->passiveStatement && !function->passiveValue) << statement;
  }
  // In the table, but not passive for the adjoint (yet): a value it would have to replay, or a
  // call with effects the sweeps do not model.
  for (const char* other : {"clock", "omp_get_num_procs", "fputs", "rand", "sin", "strcpy"}) {
    const LibraryFunction* function = libraryFunctionNamed(other);
    ASSERT_NE(function, nullptr) << other;
    EXPECT_FALSE(function->passiveValue || function->passiveStatement) << other;
  }
  EXPECT_EQ(libraryFunctionNamed("my_helper"), nullptr);
}

}  // namespace library_calls_test
}  // namespace adrace::analyzer::testing
