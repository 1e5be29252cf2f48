// `adrace check`, the CI gate: exit codes with --fail-on, the JSON and SARIF reports, many files
// in parallel, -o, and input errors.
#include "../RunCommand.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

namespace adrace::testing {
namespace check_command_test {

const std::string kAdrace = ADRACE_BINARY;

// A definite race: iteration i writes a[i + 1], which iteration i + 1 reads.
std::string racyFile() {
  return writeSource("check_racy.c",
                     "void f(int n, double *a) {\n#pragma omp parallel for\n"
                     "  for (int i = 0; i < n - 1; i++)\n    a[i + 1] = a[i];\n}\n");
}

std::string raceFreeFile() {
  return writeSource("check_clean.c",
                     "void f(int n, double *restrict a, const double *restrict b) {\n#pragma omp parallel for\n"
                     "  for (int i = 0; i < n; i++)\n    a[i] = 2 * b[i];\n}\n");
}

// Only a possible race: the scatter goes through an index array.
std::string possibleFile() {
  return writeSource("check_possible.c",
                     "void f(int n, const int *idx, double *restrict a, const double *restrict b) {\n"
                     "#pragma omp parallel for\n  for (int i = 0; i < n; i++)\n    a[idx[i]] += b[i];\n}\n");
}

// A parallel region whose master write no barrier orders before the loop's reads.
std::string regionFile() {
  return writeSource("check_region.c",
                     "void f(int n, double *a) {\n  double s = 0;\n#pragma omp parallel\n  {\n#pragma omp master\n"
                     "    s = 2;\n#pragma omp for\n    for (int i = 0; i < n; i++)\n      a[i] = s * a[i];\n  }\n}\n");
}

TEST(CheckCommand, ExitCodesFollowFailOn) {
  EXPECT_EQ(runCommand(kAdrace + " check " + racyFile() + " --").exitCode, 1);
  EXPECT_EQ(runCommand(kAdrace + " check " + raceFreeFile() + " --").exitCode, 0);
  EXPECT_EQ(runCommand(kAdrace + " check --fail-on never " + racyFile() + " --").exitCode, 0);
  // A possible race fails only with --fail-on possible.
  EXPECT_EQ(runCommand(kAdrace + " check " + possibleFile() + " --").exitCode, 0);
  EXPECT_EQ(runCommand(kAdrace + " check --fail-on possible " + possibleFile() + " --").exitCode, 1);
  EXPECT_EQ(runCommand(kAdrace + " check --fail-on=definite " + possibleFile() + " --").exitCode, 0);
}

TEST(CheckCommand, TextIsCompilerStyleWithBothLocations) {
  std::string file = racyFile();
  CommandResult result = runCommand(kAdrace + " check " + file + " --");
  ASSERT_EQ(result.exitCode, 1) << result.err;
  EXPECT_NE(result.out.find(file + ":4:5: warning: data race on 'a': write a[i + 1] (iteration i="), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("[definite]\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(file + ":4:16: note: read a[i]"), std::string::npos) << result.out;
}

TEST(CheckCommand, JsonReport) {
  std::string file = regionFile();
  CommandResult result = runCommand(kAdrace + " check --format json " + file + " --");
  ASSERT_EQ(result.exitCode, 1) << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report["format"], "adrace-check/1");
  ASSERT_EQ(report["files"].size(), 1u);
  const nlohmann::json& checked = report["files"][0];
  EXPECT_EQ(checked["file"], file);
  ASSERT_EQ(checked["loops"].size(), 1u);
  EXPECT_EQ(checked["loops"][0]["race_free"], true);
  ASSERT_EQ(checked["regions"].size(), 1u);
  EXPECT_EQ(checked["regions"][0]["race_free"], false);
  ASSERT_EQ(checked["findings"].size(), 1u);
  const nlohmann::json& finding = checked["findings"][0];
  EXPECT_EQ(finding["rule"], "ADR006");
  EXPECT_EQ(finding["certainty"], "definite");
  EXPECT_EQ(finding["variable"], "s");
  EXPECT_EQ(finding["at"]["line"], 6);
  EXPECT_EQ(finding["related"]["at"]["line"], 9);
  EXPECT_TRUE(finding["loop"].is_null());
  EXPECT_EQ(finding["region"], 0);
  EXPECT_TRUE(finding["suggestion"].get<std::string>().find("barrier") != std::string::npos);
  EXPECT_EQ(report["summary"]["definite"], 1);
}

TEST(CheckCommand, SarifReport) {
  std::string racy = racyFile();
  CommandResult result = runCommand(kAdrace + " check --format sarif " + racy + " " + possibleFile() + " --");
  ASSERT_EQ(result.exitCode, 1) << result.err;
  nlohmann::json sarif = nlohmann::json::parse(result.out);
  EXPECT_EQ(sarif["version"], "2.1.0");
  ASSERT_EQ(sarif["runs"].size(), 1u);
  const nlohmann::json& run = sarif["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "adrace");
  std::set<std::string> ruleIds;
  for (const nlohmann::json& rule : run["tool"]["driver"]["rules"]) ruleIds.insert(rule["id"].get<std::string>());
  for (const char* id : {"ADR001", "ADR002", "ADR003", "ADR004", "ADR005", "ADR006"})
    EXPECT_TRUE(ruleIds.count(id)) << id;
  ASSERT_GE(run["results"].size(), 2u);
  std::set<std::string> levels;
  for (const nlohmann::json& entry : run["results"]) {
    EXPECT_TRUE(ruleIds.count(entry["ruleId"].get<std::string>()));
    EXPECT_EQ(run["tool"]["driver"]["rules"][entry["ruleIndex"].get<size_t>()]["id"], entry["ruleId"]);
    levels.insert(entry["level"].get<std::string>());
    const nlohmann::json& location = entry["locations"][0]["physicalLocation"];
    EXPECT_FALSE(location["artifactLocation"]["uri"].get<std::string>().empty());
    EXPECT_GE(location["region"]["startLine"].get<int>(), 1);
    EXPECT_GE(location["region"]["startColumn"].get<int>(), 1);
    ASSERT_EQ(entry["relatedLocations"].size(), 1u);
    EXPECT_GE(entry["relatedLocations"][0]["physicalLocation"]["region"]["startLine"].get<int>(), 1);
    EXPECT_FALSE(entry["message"]["text"].get<std::string>().empty());
  }
  // Definite races are errors, possible ones warnings.
  EXPECT_TRUE(levels.count("error"));
  EXPECT_TRUE(levels.count("warning"));
  const nlohmann::json& first = run["results"][0];
  EXPECT_EQ(first["ruleId"], "ADR001");
  EXPECT_EQ(first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], racy);
  EXPECT_EQ(first["locations"][0]["physicalLocation"]["region"]["startLine"], 4);
}

TEST(CheckCommand, ManyFilesInParallelGiveTheSameReport) {
  std::string files = racyFile() + " " + raceFreeFile() + " " + possibleFile() + " " + regionFile();
  CommandResult serial = runCommand(kAdrace + " check --format json -j 1 " + files + " --");
  CommandResult parallel = runCommand(kAdrace + " check --format json -j 4 " + files + " --");
  CommandResult attached = runCommand(kAdrace + " check --format json -j2 " + files + " --");
  ASSERT_EQ(serial.exitCode, 1) << serial.err;
  EXPECT_EQ(parallel.exitCode, 1);
  EXPECT_EQ(attached.exitCode, 1);
  EXPECT_EQ(serial.out, parallel.out);
  EXPECT_EQ(serial.out, attached.out);
  nlohmann::json report = nlohmann::json::parse(serial.out);
  ASSERT_EQ(report["files"].size(), 4u);
  EXPECT_TRUE(report["files"][1]["findings"].empty());
  // No terminal here: no progress line on stderr.
  EXPECT_TRUE(parallel.err.empty()) << parallel.err;
}

TEST(CheckCommand, OutputFile) {
  std::string out = scratchPath("check_report.sarif");
  std::remove(out.c_str());
  CommandResult result = runCommand(kAdrace + " check --format sarif -o " + out + " " + racyFile() + " --");
  EXPECT_EQ(result.exitCode, 1);
  EXPECT_TRUE(result.out.empty());
  EXPECT_EQ(nlohmann::json::parse(readWhole(out))["version"], "2.1.0");
}

TEST(CheckCommand, AliasFindingsAndAssumeNoAlias) {
  std::string file = writeSource("check_alias.c",
                                 "void f(int n, double *p, double *q) {\n#pragma omp parallel for\n"
                                 "  for (int i = 0; i < n - 1; i++)\n    p[i] = q[i + 1];\n}\n");
  CommandResult result = runCommand(kAdrace + " check --format json --fail-on possible " + file + " --");
  EXPECT_EQ(result.exitCode, 1);
  nlohmann::json findings = nlohmann::json::parse(result.out)["files"][0]["findings"];
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0]["rule"], "ADR005");
  EXPECT_EQ(findings[0]["certainty"], "possible");
  CommandResult assumed = runCommand(kAdrace + " check --assume-no-alias --fail-on possible " + file + " --");
  EXPECT_EQ(assumed.exitCode, 0) << assumed.out;
  EXPECT_TRUE(assumed.out.empty());
}

TEST(CheckCommand, UnsupportedConstructIsAFindingNotAnError) {
  std::string file = writeSource("check_taskloop.c",
                                 "void f(int n, double *a) {\n#pragma omp parallel\n#pragma omp single nowait\n"
                                 "#pragma omp taskloop\n  for (int i = 0; i < n; i++)\n    a[i] = 1;\n}\n");
  CommandResult result = runCommand(kAdrace + " check --format json " + file + " --");
  EXPECT_EQ(result.exitCode, 3) << result.err;  // could not check: never a pass
  nlohmann::json report = nlohmann::json::parse(result.out);
  ASSERT_FALSE(report["files"][0]["findings"].empty());
  EXPECT_EQ(report["files"][0]["findings"][0]["rule"], "ADR003");
  EXPECT_EQ(report["files"][0]["findings"][0]["certainty"], "unsupported");
  EXPECT_EQ(report["files"][0]["findings"][0]["function"], "f");  // where to look, as for a race
  EXPECT_EQ(runCommand(kAdrace + " check --fail-on possible " + file + " --").exitCode, 3);
}

// --dump-model prints the models before Z3: a loop creating two tasks per block lists each task's
// references and its depend items as the creating iteration evaluates them; a region lists its steps.
TEST(CheckCommand, DumpModelListsTheTasksALoopCreates) {
  std::string file = writeSource("check_dump_tasks.c",
                                 "#define B 64\nfloat a[1024], c[1024];\nvoid pipeline(void) {\n  int b, k;\n"
                                 "#pragma omp parallel\n#pragma omp single\n  for (b = 0; b < 1024; b += B) {\n"
                                 "#pragma omp task depend(out: a[b:B]) firstprivate(b) private(k)\n"
                                 "    for (k = b; k < b + B; k++) a[k] = k;\n"
                                 "#pragma omp task depend(in: a[b:B]) firstprivate(b) private(k)\n"
                                 "    for (k = b; k < b + B; k++) c[k] = 2 * a[k];\n  }\n}\n");
  CommandResult result = runCommand(kAdrace + " check --dump-model " + file + " --");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  nlohmann::json report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["files"].size(), 1u);
  const nlohmann::json& dumped = report["files"][0];
  ASSERT_EQ(dumped["loops"].size(), 1u) << result.out;
  const nlohmann::json& tasks = dumped["loops"][0]["created_tasks"];
  ASSERT_EQ(tasks.size(), 2u) << result.out;
  EXPECT_EQ(tasks[0]["at"]["line"], 8);
  EXPECT_EQ(tasks[1]["at"]["line"], 10);
  ASSERT_EQ(tasks[0]["depends"].size(), 1u);
  EXPECT_EQ(tasks[0]["depends"][0]["type"], "out");
  EXPECT_EQ(tasks[1]["depends"][0]["type"], "in");
  EXPECT_EQ(tasks[1]["depends"][0]["variable"], "a");
  EXPECT_EQ(tasks[1]["depends"][0]["first"], nlohmann::json::array({"b"}));
  EXPECT_EQ(tasks[1]["depends"][0]["length"], nlohmann::json::array({"64"}));
  // The second task's references (c[k] written, a[k] read) follow the first task's (a[k] written).
  EXPECT_EQ(tasks[0]["references"].size(), 1u);
  EXPECT_EQ(tasks[1]["references"].size(), 2u);
  EXPECT_EQ(dumped["regions"].size(), 1u);
  EXPECT_TRUE(dumped["not_modelled"].empty());
  // Without --dump-model the same file is checked: the consumer waits for its block's producer.
  EXPECT_EQ(runCommand(kAdrace + " check " + file + " --").exitCode, 0);
}

TEST(CheckCommand, InputAndUsageErrorsExitTwo) {
  CommandResult missing = runCommand(kAdrace + " check /nonexistent/kernel.c " + racyFile() + " --");
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("/nonexistent/kernel.c: error: no such file"), std::string::npos) << missing.err;
  EXPECT_TRUE(missing.out.empty());

  std::string broken = writeSource("check_broken.c", "void f(int n, double *a) {\n  a[0] = ;\n}\n");
  CommandResult syntax = runCommand(kAdrace + " check " + broken + " --");
  EXPECT_EQ(syntax.exitCode, 2);
  EXPECT_NE(syntax.err.find(broken + ":2:10: error:"), std::string::npos) << syntax.err;

  EXPECT_EQ(runCommand(kAdrace + " check").exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " check --format xml " + racyFile()).exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " check --fail-on sometimes " + racyFile()).exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " check -j 0 " + racyFile()).exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " check --bogus " + racyFile()).exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " check --help").exitCode, 0);
}

}  // namespace check_command_test
}  // namespace adrace::testing
