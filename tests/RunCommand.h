// Test support: run a command line, capture its exit code, stdout and stderr.
#pragma once

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace adrace::testing {

struct CommandResult {
  int exitCode = -1;
  std::string out;
  std::string err;
};

inline std::string readWhole(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A path under a scratch directory of this test process's own (its parent directories made):
// CTest runs the tests as parallel processes, and fixed names in one shared folder would collide.
inline std::string scratchPath(const std::string& name) {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("adrace-test-" + std::to_string(getpid())) / name;
  std::filesystem::create_directories(path.parent_path());
  return path.string();
}

// Writes `text` to scratchPath(name) and returns that path.
inline std::string writeSource(const std::string& name, const std::string& text) {
  std::string path = scratchPath(name);
  std::ofstream(path) << text;
  return path;
}

// Runs `command` through the shell; stderr goes to a temporary file.
inline CommandResult runCommand(const std::string& command) {
  char errPath[] = "/tmp/adrace-test-stderr-XXXXXX";
  int fd = mkstemp(errPath);
  if (fd >= 0) close(fd);
  CommandResult result;
  FILE* pipe = popen((command + " 2>" + errPath).c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> buffer{};
  size_t read;
  while ((read = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.out.append(buffer.data(), read);
  int status = pclose(pipe);
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.err = readWhole(errPath);
  unlink(errPath);
  return result;
}

}  // namespace adrace::testing
