#include "tools/adrace/OutputFile.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

namespace adrace::tool {
namespace {

std::string directoryOf(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// The file a chain of symlinks ends at (which need not exist yet), as a compiler writes through them.
std::string followLinks(std::string path) {
  for (int hop = 0; hop < 40; ++hop) {
    struct stat link{};
    if (lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return path;
    char target[PATH_MAX];
    ssize_t length = readlink(path.c_str(), target, sizeof target - 1);
    if (length < 0) return path;
    std::string next(target, static_cast<size_t>(length));
    path = next[0] == '/' ? next : directoryOf(path) + "/" + next;
  }
  return path;
}

bool writeAll(int descriptor, const std::string& text) {
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = write(descriptor, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<size_t>(n);
  }
  return true;
}

std::string failure(const std::string& path, const std::string& what) {
  return path + ": error: cannot write output: " + what;
}

}  // namespace

std::string writeOutputFile(const std::string& path, const std::string& text, const std::vector<std::string>& inputs) {
  if (path.empty() || path == "-") {
    std::cout << text;
    return std::cout.flush() ? "" : failure("<stdout>", "write error");
  }
  const std::string target = followLinks(path);
  struct stat existing{};
  bool exists = stat(target.c_str(), &existing) == 0;
  if (exists) {
    for (const std::string& input : inputs) {
      struct stat read{};
      if (stat(input.c_str(), &read) == 0 && read.st_dev == existing.st_dev && read.st_ino == existing.st_ino)
        return failure(path, "it is the input file " + input + " (refusing to overwrite it)");
    }
    if (S_ISDIR(existing.st_mode)) return failure(path, "it is a directory");
    if (!S_ISREG(existing.st_mode)) {  // a device, a FIFO, a socket: write into it as it is
      int descriptor = open(target.c_str(), O_WRONLY | O_CLOEXEC);
      if (descriptor < 0) return failure(path, std::strerror(errno));
      bool ok = writeAll(descriptor, text);
      ok &= close(descriptor) == 0;
      return ok ? "" : failure(path, std::strerror(errno));
    }
    // Mode bits too: root may write anything, but a file nobody may write is meant to stay as it is.
    if (access(target.c_str(), W_OK) != 0 || (existing.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0)
      return failure(path, "the file is read-only (refusing to replace it)");
  }
  // A temporary beside the target, renamed over it once complete.
  std::string temporary = target + ".adrace-XXXXXX";
  int descriptor = mkstemp(temporary.data());
  if (descriptor < 0) return failure(path, std::strerror(errno));
  mode_t mode = 0;
  if (exists) {
    mode = existing.st_mode & 07777;
  } else {
    mode_t mask = umask(0);
    umask(mask);
    mode = 0666 & ~mask;
  }
  bool ok = writeAll(descriptor, text) && fchmod(descriptor, mode) == 0;
  std::string error = ok ? "" : std::strerror(errno);
  ok &= close(descriptor) == 0;
  if (ok && std::rename(temporary.c_str(), target.c_str()) != 0) {
    ok = false;
    error = std::strerror(errno);
  }
  if (!ok) {
    std::remove(temporary.c_str());
    return failure(path, error.empty() ? "write error" : error);
  }
  return "";
}

}  // namespace adrace::tool
