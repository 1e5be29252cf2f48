// The adrace command's contract: exit codes and diagnostics for good and bad input.
#include "../RunCommand.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace adrace::testing {
namespace cli_test {

const std::string kAdrace = ADRACE_BINARY;

TEST(Cli, VersionAndHelp) {
  CommandResult version = runCommand(kAdrace + " version");
  EXPECT_EQ(version.exitCode, 0);
  EXPECT_NE(version.out.find("adrace "), std::string::npos);
  EXPECT_EQ(runCommand(kAdrace + " analyze --help").exitCode, 0);
  EXPECT_EQ(runCommand(kAdrace).exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " frobnicate").exitCode, 2);
}

TEST(Cli, MissingFileIsAnInputError) {
  CommandResult result = runCommand(kAdrace + " analyze /nonexistent/kernel.c --");
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_NE(result.err.find("/nonexistent/kernel.c: error: no such file"), std::string::npos) << result.err;
  EXPECT_TRUE(result.out.empty());
}

TEST(Cli, SyntaxErrorGivesFileLineColumn) {
  std::string file = writeSource("broken.c", "void f(int n, double *a) {\n  a[0] = ;\n}\n");
  CommandResult result = runCommand(kAdrace + " analyze " + file + " --");
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_NE(result.err.find(file + ":2:10: error: expected expression"), std::string::npos) << result.err;
  EXPECT_TRUE(result.out.empty());
}

TEST(Cli, FileWithoutParallelLoopIsFine) {
  std::string file = writeSource(
      "serial.c", "double f(int n, double *a) { double s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }\n");
  CommandResult result = runCommand(kAdrace + " analyze " + file + " --");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["files"].size(), 1u);
  EXPECT_TRUE(report["files"][0]["loops"].empty());
}

TEST(Cli, UnsupportedOpenMPConstructIsNotAnalysedAndTheOtherLoopsAre) {
  std::string file =
      writeSource("task.c",
                  "void f(int n, double *a) {\n#pragma omp parallel\n#pragma omp single\n#pragma omp task\n"
                  "  a[0] = 1;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) a[i] = 2 * a[i];\n}\n");
  CommandResult result = runCommand(kAdrace + " analyze " + file + " --");
  EXPECT_EQ(result.exitCode, 3) << result.err;
  EXPECT_NE(result.err.find(file + ":4:1: warning: could not analyse: unsupported OpenMP construct: task"),
            std::string::npos)
      << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["files"][0]["loops"].size(), 1u);
  EXPECT_TRUE(report["files"][0]["loops"][0].contains("analysis"));
  ASSERT_EQ(report["files"][0]["not_analysed"].size(), 1u);
  EXPECT_EQ(report["files"][0]["not_analysed"][0]["at"]["line"], 4);
  EXPECT_EQ(report["files"][0]["not_analysed"][0]["reason"], "unsupported OpenMP construct: task");
}

TEST(Cli, LoopItCannotModel) {
  // Clang accepts a pointer as the loop variable; adrace's index IR is integers only.
  std::string file = writeSource(
      "while.c",
      "void f(int n, double *a) {\n#pragma omp parallel for\n  for (double *p = a; p < a + n; p++) *p = 1;\n}\n");
  CommandResult result = runCommand(kAdrace + " analyze " + file + " --");
  EXPECT_EQ(result.exitCode, 3);
  EXPECT_NE(result.err.find(file + ":3:3: warning: could not analyse: cannot model this loop"), std::string::npos)
      << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_TRUE(report["files"][0]["loops"].empty());
  EXPECT_EQ(report["files"][0]["not_analysed"].size(), 1u);
}

TEST(Cli, UsageErrors) {
  EXPECT_EQ(runCommand(kAdrace + " analyze").exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " analyze --bogus x.c").exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " analyze --guard=sometimes x.c").exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " analyze --z3-timeout-ms=-3 x.c").exitCode, 2);
}

TEST(Cli, OutputFileAndTextFormat) {
  std::string file = writeSource("copy.c",
                                 "void f(int n, const int *c, double *x, double *y) {\n#pragma omp parallel for\n"
                                 "  for (int i = 0; i < n; i++) y[c[i]] = x[c[i] + 7];\n}\n");
  std::string out = scratchPath("report.json");
  CommandResult result = runCommand(kAdrace + " analyze " + file + " -o " + out + " --");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  nlohmann::json report = nlohmann::json::parse(readWhole(out));
  EXPECT_EQ(report["files"][0]["loops"][0]["analysis"]["arrays"].size(), 2u);
  CommandResult text = runCommand(kAdrace + " analyze --format text " + file + " --");
  ASSERT_EQ(text.exitCode, 0);
  EXPECT_NE(text.out.find("x_b"), std::string::npos);
  EXPECT_NE(text.out.find("shared"), std::string::npos);
}

TEST(Cli, CompileCommandsDatabase) {
  std::string dir = scratchPath("ccdb");
  runCommand("mkdir -p " + dir);
  std::string file =
      writeSource("ccdb/kernel.c",
                  "void f(int n, double *x) {\n#pragma omp parallel for\n  for (int i = 0; i < N; i++) x[i] = 0;\n}\n");
  std::ofstream(dir + "/compile_commands.json")
      << nlohmann::json::array({{{"directory", dir}, {"file", file}, {"command", "cc -DN=64 -fopenmp -c " + file}}})
             .dump();
  CommandResult result = runCommand(kAdrace + " analyze -p " + dir + " " + file);
  ASSERT_EQ(result.exitCode, 0) << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["files"][0]["loops"][0]["nest"][0]["bound_ir"], "64");
}

}  // namespace cli_test
}  // namespace adrace::testing
