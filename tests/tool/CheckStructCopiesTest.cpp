// A struct passed by value in C++ (docs/check.md, "Calls"): the argument is a copy construction, and
// a trivial copy constructor copies the fields as C does, so `dist(points->p[i], points->p[x], dim)`
// is followed as in C: the callee's `p1.coord[k]` reads what element i's pointer field points to,
// and the copy reads every field of element x where the call is made.
#include "CheckFindings.h"

#include <gtest/gtest.h>

namespace adrace::testing {
namespace check_struct_copies_test {

const std::string kAdrace = ADRACE_BINARY;

const char* const kPoints =
    "struct Point { float weight; float* coord; long assign; float cost; };\n"
    "struct Points { long num; int dim; Point* p; };\n"
    "static float dist(Point p1, Point p2, int dim) {\n"
    "  float result = 0.0f;\n"
    "  for (int k = 0; k < dim; k++) result += (p1.coord[k] - p2.coord[k]) * (p1.coord[k] - p2.coord[k]);\n"
    "  return result;\n"
    "}\n";

TEST(CheckStructCopies, AnElementCopiedIntoACalleeIsItsFields) {
  CheckedFile clean =
      checkFile(kAdrace, writeSource("struct_copy_clean.cpp", std::string(kPoints) +
                                                                  "void gains(Points* points, long x, float* gain) {\n"
                                                                  "#pragma omp parallel for\n"
                                                                  "  for (long i = 0; i < points->num; i++)\n"
                                                                  "    gain[i] = dist(points->p[i], points->p[x], "
                                                                  "points->dim) * points->p[i].weight;\n"
                                                                  "}\n"));
  EXPECT_EQ(clean.exitCode, 0) << clean.out;
  EXPECT_TRUE(clean.findings.empty()) << clean.out;
  // Iteration x writes the cost of the element every iteration copies.
  CheckedFile race =
      checkFile(kAdrace, writeSource("struct_copy_race.cpp",
                                     std::string(kPoints) + "void assign(Points* points, long x) {\n"
                                                            "#pragma omp parallel for\n"
                                                            "  for (long i = 0; i < points->num; i++)\n"
                                                            "    points->p[i].cost = dist(points->p[i], points->p[x], "
                                                            "points->dim);\n"
                                                            "}\n"));
  EXPECT_TRUE(hasFinding(race, "definite", "points->p[].cost")) << race.out;
  EXPECT_FALSE(hasFinding(race, "unsupported")) << race.out;
}

// A copy constructor of the program's own runs code the analysis does not follow there.
TEST(CheckStructCopies, AUserCopyConstructorIsNotACopyOfTheFields) {
  CheckedFile checked =
      checkFile(kAdrace, writeSource("struct_copy_user_constructor.cpp",
                                     "struct Cell {\n"
                                     "  float* v;\n"
                                     "  Cell(const Cell& other) : v(other.v) { other.v[0] += 1.0f; }\n"
                                     "};\n"
                                     "static float first(Cell c) { return c.v[1]; }\n"
                                     "void sweep(Cell* cells, float* out, long n) {\n"
                                     "#pragma omp parallel for\n"
                                     "  for (long i = 0; i < n; i++) out[i] = first(cells[i]);\n"
                                     "}\n"));
  EXPECT_TRUE(unsupportedSaying(checked, "argument 'cells[i]' of call to 'first'")) << checked.out;
}

}  // namespace check_struct_copies_test
}  // namespace adrace::testing
