// `adrace check` on C++ as HPC codes write it: `v[i]` of a std::vector<double>& or std::array&
// parameter is an array's element (analyzer/frontend/ContainerSubscripts.h), so loops over
// containers are checked like loops over pointers instead of ending in "cannot check".
#include "../RunCommand.h"

#include <gtest/gtest.h>

namespace adrace::testing {
namespace check_containers_test {

const std::string kAdrace = ADRACE_BINARY;

TEST(CheckContainers, AnInPlaceSmootherOverAVectorIsADefiniteRace) {
  std::string file = writeSource("containers_race.cpp",
                                 "#include <vector>\n"
                                 "void smooth(int n, std::vector<double>& u) {\n"
                                 "#pragma omp parallel for\n"
                                 "  for (int i = 1; i < n - 1; ++i) u[i] = 0.5 * (u[i - 1] + u[i + 1]);\n"
                                 "}\n");
  CommandResult result = runCommand(kAdrace + " check " + file + " --");
  EXPECT_EQ(result.exitCode, 1) << result.out << result.err;
  EXPECT_NE(result.out.find(file + ":4:35: warning: data race on 'u': write u[i]"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("[definite]"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("cannot check"), std::string::npos) << result.out;
}

TEST(CheckContainers, DisjointElementsOfVectorsAndArraysAreRaceFree) {
  std::string file = writeSource("containers_clean.cpp",
                                 "#include <array>\n#include <cstddef>\n#include <vector>\n"
                                 "void residual(int n, const std::vector<double>& rho, std::vector<double>& res) {\n"
                                 "#pragma omp parallel for schedule(static)\n"
                                 "  for (int i = 1; i < n - 1; ++i)\n"
                                 "    res[i] = rho[i + 1] - rho[i - 1];\n"
                                 "}\n"
                                 "void axpy(double a, const std::vector<double>& x, std::vector<double>& y) {\n"
                                 "#pragma omp parallel for\n"
                                 "  for (std::size_t i = 0; i < y.size(); ++i) y[i] += a * x[i];\n"
                                 "}\n"
                                 "void scale(std::array<double, 64>& w, double s) {\n"
                                 "#pragma omp parallel for\n"
                                 "  for (int k = 0; k < 64; ++k) w[k] *= s;\n"
                                 "}\n");
  CommandResult result = runCommand(kAdrace + " check " + file + " --");
  EXPECT_EQ(result.exitCode, 0) << result.out << result.err;
  EXPECT_EQ(result.out.find("warning"), std::string::npos) << result.out;
}

TEST(CheckContainers, TwoVectorReferencesMayNameOneVector) {
  // As two pointers may point into one array: a possible race, unless one is read-only input.
  std::string file = writeSource("containers_alias.cpp",
                                 "#include <vector>\n"
                                 "void shift(int n, std::vector<double>& x, std::vector<double>& y) {\n"
                                 "#pragma omp parallel for\n"
                                 "  for (int i = 0; i < n - 1; i++) y[i] = x[i + 1];\n"
                                 "}\n");
  CommandResult result = runCommand(kAdrace + " check --fail-on possible " + file + " --");
  EXPECT_EQ(result.exitCode, 1) << result.out << result.err;
  EXPECT_NE(result.out.find("possible data race if x and y are the same container"), std::string::npos) << result.out;
  // restrict qualifies pointers only: the advice is about the containers the callers pass.
  EXPECT_EQ(result.out.find("restrict if they never overlap"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("distinct containers for x and y"), std::string::npos) << result.out;
}

TEST(CheckContainers, VectorMembersOfAStructTheCallerPassesAreArrays) {
  // `g.u[i]` with g a Grid& (or g->u with a Grid*): the member's elements, as a pointer member's.
  // Two references of one struct type may name one struct: dst.u and src.u a possible race.
  std::string file =
      writeSource("containers_members.cpp",
                  "#include <vector>\n"
                  "struct Grid { int nx, ny; std::vector<double> u, unew; };\n"
                  "void smooth(Grid& g) {\n"
                  "#pragma omp parallel for collapse(2)\n"
                  "  for (int j = 1; j < g.ny - 1; ++j)\n"
                  "    for (int i = 1; i < g.nx - 1; ++i)\n"
                  "      g.unew[j * g.nx + i] = 0.5 * (g.u[j * g.nx + i - 1] + g.u[(j + 1) * g.nx + i]);\n"
                  "}\n"
                  "void smooth_in_place(Grid* g) {\n"
                  "#pragma omp parallel for\n"
                  "  for (int i = 1; i < g->nx - 1; ++i) g->u[i] = 0.5 * (g->u[i - 1] + g->u[i + 1]);\n"
                  "}\n"
                  "void copy_shift(Grid& dst, Grid& src) {\n"
                  "#pragma omp parallel for\n"
                  "  for (int k = 0; k < dst.nx - 1; ++k) dst.u[k] = src.u[k + 1];\n"
                  "}\n");
  CommandResult result = runCommand(kAdrace + " check " + file + " --");
  EXPECT_EQ(result.exitCode, 1) << result.out << result.err;
  EXPECT_EQ(result.out.find(file + ":7:"), std::string::npos) << result.out;  // smooth is clean
  EXPECT_NE(result.out.find(file + ":11:39: warning: data race on 'g->u': write g->u[i]"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("possible data race if dst.u and src.u are the same container"), std::string::npos)
      << result.out;
  EXPECT_EQ(result.out.find("cannot check"), std::string::npos) << result.out;
}

TEST(CheckContainers, AVectorHeldByValueIsAnArrayOfItsOwn) {
  // Each call's own vector: shared by the loop when declared before it, each iteration's own when
  // declared in its body, as a local array would be (ContainerSubscripts.h).
  std::string shared = writeSource("containers_local.cpp",
                                   "#include <vector>\n"
                                   "double total(int n) {\n"
                                   "  std::vector<double> v(n);\n"
                                   "#pragma omp parallel for\n"
                                   "  for (int i = 1; i < n; ++i) v[i] = v[i - 1] + 1.0;\n"
                                   "  return v[n - 1];\n"
                                   "}\n");
  CommandResult race = runCommand(kAdrace + " check " + shared + " --");
  EXPECT_EQ(race.exitCode, 1) << race.out << race.err;
  EXPECT_NE(race.out.find("data race on 'v'"), std::string::npos) << race.out;
  EXPECT_NE(race.out.find("[definite]"), std::string::npos) << race.out;
  std::string own = writeSource("containers_local_per_iteration.cpp",
                                "#include <vector>\n"
                                "void rows(double* out, int n, int m) {\n"
                                "#pragma omp parallel for\n"
                                "  for (int i = 0; i < n; ++i) {\n"
                                "    std::vector<double> row(m);\n"
                                "    for (int k = 0; k < m; ++k) row[k] = i + k;\n"
                                "    out[i] = row[m - 1];\n"
                                "  }\n"
                                "}\n");
  CommandResult clean = runCommand(kAdrace + " check " + own + " --");
  EXPECT_EQ(clean.exitCode, 0) << clean.out << clean.err;
  EXPECT_EQ(clean.out, "") << clean.out;
}

TEST(CheckContainers, AVectorOfBoolIsNotAnArray) {
  // std::vector<bool> packs its elements as bits: two iterations writing neighbouring elements
  // write one word, so its elements are never read as an array's.
  std::string file = writeSource("containers_bits.cpp",
                                 "#include <vector>\n"
                                 "void mark(std::vector<bool>& flags, const double* x, int n) {\n"
                                 "#pragma omp parallel for\n"
                                 "  for (int i = 0; i < n; ++i) flags[i] = x[i] > 0;\n"
                                 "}\n");
  CommandResult result = runCommand(kAdrace + " check " + file + " --");
  EXPECT_EQ(result.exitCode, 3) << result.out << result.err;
  EXPECT_NE(result.out.find("cannot check"), std::string::npos) << result.out;
}

}  // namespace check_containers_test
}  // namespace adrace::testing
