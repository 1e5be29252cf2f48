// ADRACE_Z3_QUERY_LOG=FILE: one line per Z3 query appended to FILE, for calibrating the resource
// limit (docs/design.md, "Limits of a Z3 query"): the steps the query counted, its wall time, its
// outcome and its limits. Several processes (the race suite runs files in parallel) may append to
// one file: each line is written at once. Unset, nothing is written and nothing is measured twice.
#pragma once

#include <cstdint>
#include <string>

namespace adrace::smt {

struct QueryRecord {
  uint64_t steps = 0;         // Z3's "rlimit count" after the query minus before
  double milliseconds = 0.0;  // wall time inside check()
  const char* outcome = "";   // sat, unsat or unknown
  unsigned resourceLimit = 0;
  unsigned timeoutMs = 0;
  std::string reason;  // why unknown, "" otherwise
};

bool queryLogEnabled();
// Appends "steps ms outcome rlimit timeout_ms reason" (space-separated, reason last) to the log.
void logQuery(const QueryRecord& record);

}  // namespace adrace::smt
