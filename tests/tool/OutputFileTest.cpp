// -o as every subcommand takes it (README, "Exit codes and limits"): never over an input, never over a
// read-only file, through symlinks, straight into devices and FIFOs, and never a partial file.
#include "../RunCommand.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <sys/stat.h>

namespace adrace::testing {
namespace output_file_test {

namespace fs = std::filesystem;
const std::string kAdrace = ADRACE_BINARY;
const std::string kKernel =
    "void f(int n, double *restrict x, const double *restrict y) {\n#pragma omp parallel for\n"
    "  for (int i = 0; i < n; i++)\n    x[i] = 2 * y[i];\n}\n";

// The command line of each subcommand that reads `file` and writes to `output`.
std::vector<std::string> commandsWriting(const std::string& file, const std::string& output) {
  return {kAdrace + " analyze " + file + " -o " + output + " --", kAdrace + " check " + file + " -o " + output + " --",
          kAdrace + " adjoint " + file + " --function f --active x,y -o " + output + " --"};
}

TEST(OutputFile, OutputEqualToTheInputIsRefusedAndTheInputKept) {
  std::string file = writeSource("same.c", kKernel);
  for (const std::string& command : commandsWriting(file, file)) {
    CommandResult result = runCommand(command);
    EXPECT_EQ(result.exitCode, 2) << command;
    EXPECT_NE(result.err.find("is the input file"), std::string::npos) << result.err;
    EXPECT_EQ(readWhole(file), kKernel) << command;
  }
  // The same file under another name (a symlink to it) is refused too.
  std::string link = scratchPath("same-link.c");
  fs::create_symlink(file, link);
  EXPECT_EQ(runCommand(kAdrace + " analyze " + file + " -o " + link + " --").exitCode, 2);
  EXPECT_EQ(readWhole(file), kKernel);
  std::string questions =
      writeSource("same.json", readWhole(std::string(ADRACE_EXAMPLES_DIR) + "/formad_figure2.json"));
  std::string before = readWhole(questions);
  EXPECT_EQ(runCommand(kAdrace + " answer " + questions + " -o " + questions).exitCode, 2);
  EXPECT_EQ(readWhole(questions), before);
}

TEST(OutputFile, ReadOnlyTargetIsRefused) {
  std::string file = writeSource("ro.c", kKernel);
  std::string output = writeSource("ro-report.json", "keep me\n");
  fs::permissions(output, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  for (const std::string& command : commandsWriting(file, output)) {
    CommandResult result = runCommand(command);
    EXPECT_EQ(result.exitCode, 2) << command;
    EXPECT_NE(result.err.find("read-only"), std::string::npos) << result.err;
    EXPECT_EQ(readWhole(output), "keep me\n");
  }
}

TEST(OutputFile, SymlinkIsWrittenThrough) {
  std::string file = writeSource("link.c", kKernel);
  std::string target = writeSource("link-target.json", "old\n");
  std::string link = scratchPath("link-report.json");
  fs::create_symlink(target, link);
  CommandResult result = runCommand(kAdrace + " analyze " + file + " -o " + link + " --");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(nlohmann::json::parse(readWhole(target))["files"].size(), 1u);
}

TEST(OutputFile, DevicesAndFifosAreWrittenDirectly) {
  std::string file = writeSource("device.c", kKernel);
  for (const std::string& command : commandsWriting(file, "/dev/null")) {
    CommandResult result = runCommand(command);
    EXPECT_EQ(result.exitCode, 0) << command << result.err;
  }
  struct stat null{};
  ASSERT_EQ(stat("/dev/null", &null), 0);
  EXPECT_TRUE(S_ISCHR(null.st_mode)) << "/dev/null was replaced";

  std::string fifo = scratchPath("report.fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string copy = scratchPath("fifo-copy.json");
  CommandResult result = runCommand("(cat " + fifo + " > " + copy + " &) ; " + kAdrace + " check --format json " +
                                    file + " -o " + fifo + " -- ; code=$? ; sleep 0.2 ; exit $code");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_EQ(nlohmann::json::parse(readWhole(copy))["format"], "adrace-check/1");
}

// A run that cannot write leaves nothing behind: no partial file and no temporary.
TEST(OutputFile, FailedWriteLeavesNoFile) {
  std::string file = writeSource("partial/in.c", kKernel);
  std::string directory = fs::path(file).parent_path().string();
  CommandResult result = runCommand(kAdrace + " analyze " + file + " -o " + directory + "/missing/report.json --");
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_NE(result.err.find("cannot write output"), std::string::npos) << result.err;
  EXPECT_EQ(std::distance(fs::directory_iterator(directory), fs::directory_iterator()), 1);
  // A directory is not a file to replace.
  result = runCommand(kAdrace + " analyze " + file + " -o " + directory + " --");
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_NE(result.err.find("is a directory"), std::string::npos) << result.err;
  EXPECT_EQ(std::distance(fs::directory_iterator(directory), fs::directory_iterator()), 1);
  // Success replaces the file whole and keeps its mode.
  std::string output = writeSource("partial/report.json", "old\n");
  fs::permissions(output, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  ASSERT_EQ(runCommand(kAdrace + " analyze " + file + " -o " + output + " --").exitCode, 0);
  EXPECT_EQ(fs::status(output).permissions(), fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_EQ(std::distance(fs::directory_iterator(directory), fs::directory_iterator()), 2);
}

}  // namespace output_file_test
}  // namespace adrace::testing
