// C++ member functions in subscripts (docs/check.md, "Calls"; analyzer/frontend/MemberCalls.h): an
// accessor `int idx(int i, int j) const { return j * nx + i; }` called on an object the loop names
// is its expression with `this` standing for that object, so `g.idx(i, j)` is `j * g.nx + i`.
// Inside a member function the loop's own object is `this`. A member function that writes a scalar
// member of its object writes that member of the object it is called on.
#include "CheckFindings.h"

#include <gtest/gtest.h>

namespace adrace::testing {
namespace check_member_functions_test {

const std::string kAdrace = ADRACE_BINARY;

const char* const kGrid =
    "struct Grid {\n"
    "  int nx, ny;\n"
    "  double u[4096], unew[4096];\n"
    "  int row(int j) const { return j * nx; }\n"
    "  int idx(int i, int j) const { return j * nx + i; }\n"
    "  int at(int i, int j) const { return row(j) + i; }\n"
    "  virtual int cell(int i, int j) const { return j * nx + i; }\n"
    "};\n";

CheckedFile checkGrid(const std::string& name, const std::string& code) {
  return checkFile(kAdrace, writeSource(name, kGrid + code));
}

TEST(CheckMemberFunctions, AnAccessorOnAReferenceIsItsExpression) {
  CheckedFile checked = checkGrid("member_accessor_clean.cpp",
                                  "void smooth(Grid& g) {\n"
                                  "#pragma omp parallel for\n"
                                  "  for (int j = 1; j < g.ny - 1; ++j)\n"
                                  "    for (int i = 1; i < g.nx - 1; ++i)\n"
                                  "      g.unew[g.idx(i, j)] = 0.5 * g.u[g.idx(i, j)] + 0.25 * (g.u[g.idx(i - 1, j)] "
                                  "+ g.u[g.idx(i + 1, j)]);\n"
                                  "}\n");
  EXPECT_EQ(checked.exitCode, 0) << checked.out;
  EXPECT_TRUE(checked.findings.empty()) << checked.out;
}

TEST(CheckMemberFunctions, InPlaceThroughTheAccessorIsADefiniteRace) {
  CheckedFile checked = checkGrid("member_accessor_race.cpp",
                                  "void smooth(Grid& g) {\n"
                                  "#pragma omp parallel for\n"
                                  "  for (int j = 1; j < g.ny - 1; ++j)\n"
                                  "    for (int i = 1; i < g.nx - 1; ++i)\n"
                                  "      g.u[g.idx(i, j)] = 0.5 * (g.u[g.idx(i, j - 1)] + g.u[g.idx(i, j + 1)]);\n"
                                  "}\n");
  EXPECT_TRUE(hasFinding(checked, "definite", "g.u")) << checked.out;
  EXPECT_FALSE(hasFinding(checked, "unsupported")) << checked.out;
}

TEST(CheckMemberFunctions, AccessorsCallingAccessorsOnThisThroughAPointer) {
  CheckedFile clean = checkGrid("member_accessor_chain.cpp",
                                "void copy(Grid* g) {\n"
                                "#pragma omp parallel for\n"
                                "  for (int j = 0; j < g->ny; ++j)\n"
                                "    for (int i = 0; i < g->nx; ++i) g->unew[g->at(i, j)] = g->u[g->idx(i, j)];\n"
                                "}\n");
  EXPECT_TRUE(clean.findings.empty()) << clean.out;
  // at(i, j + 1) of iteration j is at(i, j') of iteration j' = j + 1.
  CheckedFile racy = checkGrid("member_accessor_chain_race.cpp",
                               "void shift(Grid* g) {\n"
                               "#pragma omp parallel for\n"
                               "  for (int j = 0; j < g->ny - 1; ++j)\n"
                               "    for (int i = 0; i < g->nx; ++i) g->u[g->at(i, j)] = g->u[g->at(i, j + 1)];\n"
                               "}\n");
  EXPECT_TRUE(hasFinding(racy, "definite", "g->u") || hasFinding(racy, "possible", "g->u")) << racy.out;
  EXPECT_FALSE(hasFinding(racy, "unsupported")) << racy.out;
}

TEST(CheckMemberFunctions, AMemberTheLoopWritesIsReadThroughTheAccessor) {
  // Every iteration writes g.nx, which idx reads in every other iteration.
  CheckedFile checked = checkGrid("member_accessor_written.cpp",
                                  "void resize(Grid& g, int n) {\n"
                                  "#pragma omp parallel for\n"
                                  "  for (int j = 0; j < n; ++j) {\n"
                                  "    g.nx = n;\n"
                                  "    g.unew[g.idx(0, j)] = 1.0;\n"
                                  "  }\n"
                                  "}\n");
  EXPECT_TRUE(hasFinding(checked, "definite", "g.nx")) << checked.out;
}

// `int take() { return next++; }` called on `c` writes `c.next` where the call is made.
const char* const kCounter =
    "struct Counter {\n"
    "  int next;\n"
    "  double slots[1024];\n"
    "  int take() { return next++; }\n"
    "  int peek() const { return next; }\n"
    "};\n";

TEST(CheckMemberFunctions, AMemberFunctionThatWritesItsObjectWritesThatObject) {
  CheckedFile unprotected =
      checkFile(kAdrace, writeSource("member_writer.cpp", std::string(kCounter) +
                                                              "void fill(Counter& c, int n) {\n"
                                                              "#pragma omp parallel for\n"
                                                              "  for (int i = 0; i < n; ++i) c.slots[c.take()] = 1.0;\n"
                                                              "}\n"));
  EXPECT_TRUE(hasFinding(unprotected, "definite", "c.next")) << unprotected.out;
  EXPECT_FALSE(hasFinding(unprotected, "unsupported")) << unprotected.out;
  // The call under a critical section, the member read outside it.
  CheckedFile readOutside =
      checkFile(kAdrace, writeSource("member_writer_read.cpp", std::string(kCounter) +
                                                                   "void fill(Counter& c, int n, double* out) {\n"
                                                                   "#pragma omp parallel for\n"
                                                                   "  for (int i = 0; i < n; ++i) {\n"
                                                                   "    int k;\n"
                                                                   "#pragma omp critical\n"
                                                                   "    k = c.take();\n"
                                                                   "    out[i] = k + c.next;\n"
                                                                   "  }\n"
                                                                   "}\n"));
  EXPECT_TRUE(hasFinding(readOutside, "definite", "c.next")) << readOutside.out;
  CheckedFile locked =
      checkFile(kAdrace, writeSource("member_writer_locked.cpp", std::string(kCounter) +
                                                                     "void fill(Counter& c, int n, double* out) {\n"
                                                                     "#pragma omp parallel for\n"
                                                                     "  for (int i = 0; i < n; ++i) {\n"
                                                                     "    int k, m;\n"
                                                                     "#pragma omp critical\n"
                                                                     "    { k = c.take(); m = c.peek(); }\n"
                                                                     "    out[i] = k + m;\n"
                                                                     "  }\n"
                                                                     "}\n"));
  EXPECT_EQ(locked.exitCode, 0) << locked.out;
  EXPECT_TRUE(locked.findings.empty()) << locked.out;
}

TEST(CheckMemberFunctions, VirtualAccessorsAreNotFollowed) {
  // Which overrider of a virtual function a reference's call runs is not known here.
  CheckedFile virtualCall = checkGrid("member_virtual.cpp",
                                      "void copy(Grid& g) {\n"
                                      "#pragma omp parallel for\n"
                                      "  for (int j = 0; j < g.ny; ++j) g.unew[g.cell(0, j)] = g.u[g.cell(0, j)];\n"
                                      "}\n");
  EXPECT_TRUE(unsupportedSaying(virtualCall, "virtual member function 'Grid::cell'")) << virtualCall.out;
  EXPECT_FALSE(hasFinding(virtualCall, "definite")) << virtualCall.out;
}

// Inside a member function, `u[idx(i, j)]` is `this->u[this->idx(i, j)]`: the object the function
// runs on is named by its implicit parameter (analyzer/frontend/ThisObject.h), and a member function
// called on it (`put`) writes that object's elements.
const char* const kField =
    "struct Field {\n"
    "  int nx, ny;\n"
    "  double u[4096], unew[4096];\n"
    "  int idx(int i, int j) const { return j * nx + i; }\n"
    "  void put(int i, int j, double x) { unew[idx(i, j)] = x; }\n"
    "  void smooth() {\n"
    "#pragma omp parallel for\n"
    "    for (int j = 1; j < ny - 1; ++j)\n"
    "      for (int i = 1; i < nx - 1; ++i)\n";

TEST(CheckMemberFunctions, TheLoopsOwnObjectIsChecked) {
  CheckedFile clean = checkFile(
      kAdrace, writeSource("member_own_object_clean.cpp",
                           std::string(kField) +
                               "        put(i, j, 0.5 * u[idx(i, j)] + 0.25 * (u[idx(i - 1, j)] + u[idx(i + 1, j)]));\n"
                               "  }\n"
                               "};\n"));
  EXPECT_EQ(clean.exitCode, 0) << clean.out;  // every loop checked (checkFile passes --fail-on never)
  EXPECT_TRUE(clean.findings.empty()) << clean.out;
  CheckedFile race = checkFile(kAdrace, writeSource("member_own_object_race.cpp",
                                                    std::string(kField) + "      {\n"
                                                                          "        put(i, j + 1, u[idx(i, j)]);\n"
                                                                          "        u[idx(i, j)] = unew[idx(i, j)];\n"
                                                                          "      }\n"
                                                                          "  }\n"
                                                                          "};\n"));
  EXPECT_TRUE(hasFinding(race, "definite", "this->unew")) << race.out;
}

}  // namespace check_member_functions_test
}  // namespace adrace::testing
