// Test support: run a command line, capture its exit code, stdout and stderr.
#pragma once

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
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

// A scratch directory of this test process's own, made by mkdtemp and removed when the process
// ends: CTest runs the tests as parallel processes, so fixed names in one shared folder would
// collide, and a folder named by the pid would meet the files of an earlier process with that pid.
inline const std::filesystem::path& scratchDirectory() {
  struct Directory {
    std::filesystem::path path;
    Directory() {
      std::string pattern = (std::filesystem::temp_directory_path() / "adrace-test-XXXXXX").string();
      if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot make a scratch directory in " + pattern);
      path = pattern;
    }
    ~Directory() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Directory directory;
  return directory.path;
}

// A path under scratchDirectory() (its parent directories made).
inline std::string scratchPath(const std::string& name) {
  std::filesystem::path path = scratchDirectory() / name;
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
