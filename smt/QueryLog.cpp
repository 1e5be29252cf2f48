#include "smt/QueryLog.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace adrace::smt {

static std::FILE* openedQueryLog() {
  // Opened once, on the first query; a path that cannot be opened logs nothing.
  static std::FILE* file = [] {
    const char* path = std::getenv("ADRACE_Z3_QUERY_LOG");
    return path && *path ? std::fopen(path, "a") : nullptr;
  }();
  return file;
}

bool queryLogEnabled() { return openedQueryLog() != nullptr; }

void logQuery(const QueryRecord& record) {
  static std::mutex writing;  // sessions of `check -j` run on several threads
  std::FILE* file = openedQueryLog();
  if (!file) return;
  char line[512];
  int length =
      std::snprintf(line, sizeof line, "%llu %.3f %s %u %u %s\n", static_cast<unsigned long long>(record.steps),
                    record.milliseconds, record.outcome, record.resourceLimit, record.timeoutMs, record.reason.c_str());
  if (length <= 0) return;
  if (static_cast<size_t>(length) >= sizeof line) {
    line[sizeof line - 2] = '\n';
    length = sizeof line - 1;
  }
  std::lock_guard<std::mutex> lock(writing);
  std::fwrite(line, 1, static_cast<size_t>(length), file);
  std::fflush(file);
}

}  // namespace adrace::smt
