// `adrace check`'s third outcome (README, "Exit codes and limits"): what it could not check (an
// unsupported construct, Z3 undecided within the timeout or the time budget) is reported as such
// in text, JSON and SARIF and exits 3 — never 0, and never instead of a race it found (exit 1).
#include "../RunCommand.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace adrace::testing {
namespace could_not_check_test {

const std::string kAdrace = ADRACE_BINARY;

std::string taskloopFile() {
  // A taskloop in `single nowait` stays unmodelled (docs/check.md, Tasks): its tasks run into what
  // the other threads do next.
  return writeSource("cnc_taskloop.c",
                     "void f(int n, double *a) {\n#pragma omp parallel\n#pragma omp single nowait\n"
                     "#pragma omp taskloop\n  for (int i = 0; i < n; i++)\n    a[i] = 1;\n}\n");
}

std::string racyFile() {
  return writeSource("cnc_racy.c",
                     "void f(int n, double *a) {\n#pragma omp parallel for\n"
                     "  for (int i = 0; i < n - 1; i++)\n    a[i + 1] = a[i];\n}\n");
}

// Forty race-free loops: the first Z3 context alone takes longer than a 1 ms budget.
std::string manyLoopsFile() {
  std::string text = "#define N 1000\nstatic float x[N], y[N];\nvoid f(int n) {\n  int i;\n";
  for (int loop = 0; loop < 40; ++loop)
    text += "#pragma omp parallel for firstprivate(n)\n  for (i = 0; i < n; i++)\n    x[i] = y[i] + x[i] * " +
            std::to_string(loop) + ".0f;\n";
  return writeSource("cnc_many.c", text + "}\n");
}

TEST(CouldNotCheck, UnsupportedConstructExitsThree) {
  CommandResult result = runCommand(kAdrace + " check " + taskloopFile() + " --");
  EXPECT_EQ(result.exitCode, 3) << result.out << result.err;
  EXPECT_NE(result.out.find("[unsupported]"), std::string::npos) << result.out;
  EXPECT_EQ(runCommand(kAdrace + " check --fail-on never " + taskloopFile() + " --").exitCode, 0);
  EXPECT_EQ(runCommand(kAdrace + " check --fail-on possible " + taskloopFile() + " --").exitCode, 3);
}

TEST(CouldNotCheck, RaceFoundTakesPrecedence) {
  EXPECT_EQ(runCommand(kAdrace + " check " + taskloopFile() + " " + racyFile() + " --").exitCode, 1);
}

TEST(CouldNotCheck, SpentBudgetIsReportedInEveryFormat) {
  std::string file = manyLoopsFile();
  EXPECT_EQ(runCommand(kAdrace + " check " + file + " --").exitCode, 0);  // checked in full by default

  CommandResult text = runCommand(kAdrace + " check --budget-ms 1 " + file + " --");
  EXPECT_EQ(text.exitCode, 3) << text.err;
  EXPECT_NE(text.out.find("could not check the rest of this loop: time budget exhausted (--budget-ms)"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("[undecided]"), std::string::npos);

  CommandResult json = runCommand(kAdrace + " check --format json --budget-ms 1 " + file + " --");
  ASSERT_EQ(json.exitCode, 3);
  nlohmann::json report = nlohmann::json::parse(json.out);
  EXPECT_GT(report["summary"]["undecided"].get<int>(), 0);
  bool someUnchecked = false;
  for (const auto& loop : report["files"][0]["loops"]) someUnchecked |= !loop["checked"].get<bool>();
  EXPECT_TRUE(someUnchecked);

  CommandResult sarif = runCommand(kAdrace + " check --format sarif --budget-ms 1 " + file + " --");
  ASSERT_EQ(sarif.exitCode, 3);
  nlohmann::json log = nlohmann::json::parse(sarif.out);
  EXPECT_EQ(log["runs"][0]["results"][0]["ruleId"], "ADR007");
  EXPECT_EQ(log["runs"][0]["results"][0]["properties"]["certainty"], "undecided");
  EXPECT_EQ(runCommand(kAdrace + " check --fail-on never --budget-ms 1 " + file + " --").exitCode, 0);
}

// At a tiny timeout and budget a race was once "possible" with exit 0. However little time
// Z3 gets, a racy file never passes.
TEST(CouldNotCheck, TimeoutNeverTurnsARaceIntoAPass) {
  for (const char* limits : {" --z3-timeout-ms 1 ", " --budget-ms 1 ", " --z3-timeout-ms 1 --budget-ms 1 "}) {
    int exitCode = runCommand(kAdrace + " check" + limits + racyFile() + " --").exitCode;
    EXPECT_TRUE(exitCode == 1 || exitCode == 3) << limits << " exit " << exitCode;
  }
}

// The resource limit (--z3-rlimit) cuts a query after the same number of solver steps on every
// machine: the report is the same whatever the wall-clock timeout, and names the limit that cut it.
TEST(CouldNotCheck, ResourceLimitGivesOneReportWhateverTheTimeout) {
  CommandResult tight = runCommand(kAdrace + " check --z3-rlimit 1 --z3-timeout-ms 2000 " + racyFile() + " --");
  CommandResult loose = runCommand(kAdrace + " check --z3-rlimit 1 --z3-timeout-ms 600000 " + racyFile() + " --");
  EXPECT_EQ(tight.exitCode, 3) << tight.out << tight.err;
  EXPECT_NE(tight.out.find("resource limit reached (--z3-rlimit)"), std::string::npos) << tight.out;
  EXPECT_EQ(tight.exitCode, loose.exitCode);
  EXPECT_EQ(tight.out, loose.out);
  // At the default limit the race is found, at either timeout.
  EXPECT_EQ(runCommand(kAdrace + " check --z3-timeout-ms 2000 " + racyFile() + " --").exitCode, 1);
  EXPECT_EQ(runCommand(kAdrace + " check --z3-timeout-ms 600000 " + racyFile() + " --").exitCode, 1);
}

// One loop of 200 statements: far more queries than a 1 ms budget allows.
std::string bigLoopFile() {
  std::string text =
      "#define N 1000\nvoid f(int n, float *x, const float *y) {\n  int i;\n"
      "#pragma omp parallel for\n  for (i = 0; i < n; i++) {\n";
  for (int k = 0; k < 200; ++k)
    text += "    x[3 * i + " + std::to_string(k % 3) + "] += y[i + " + std::to_string(k) + "];\n";
  return writeSource("cnc_big.c", text + "  }\n}\n");
}

// analyze: what the budget leaves unasked is guarded, and the report says why.
TEST(CouldNotCheck, AnalyzeGuardsWhatTheBudgetLeaves) {
  CommandResult result = runCommand(kAdrace + " analyze --budget-ms 1 " + bigLoopFile() + " --");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  const nlohmann::json& last = report["files"][0]["loops"].back()["analysis"];
  EXPECT_NE(last.dump().find("time budget exhausted"), std::string::npos) << last.dump(1);
  for (const auto& array : last["arrays"]) {
    if (array["array"] == "y") {
      EXPECT_NE(array["verdict"], "shared") << array.dump(1);
    }
  }
}

}  // namespace could_not_check_test
}  // namespace adrace::testing
