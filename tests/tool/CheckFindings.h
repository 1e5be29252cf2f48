// Test support: `adrace check --format json` on one source file, and what its findings say.
#pragma once

#include "../RunCommand.h"

#include <nlohmann/json.hpp>

#include <string>

namespace adrace::testing {

struct CheckedFile {
  int exitCode = -1;
  nlohmann::json findings = nlohmann::json::array();
  std::string out;  // the whole report, for failure messages
};

inline CheckedFile checkFile(const std::string& adrace, const std::string& file) {
  CommandResult result = runCommand(adrace + " check --format json --fail-on never " + file + " --");
  CheckedFile checked;
  checked.exitCode = result.exitCode;
  checked.out = result.out + result.err;
  nlohmann::json report = nlohmann::json::parse(result.out, nullptr, /*allow_exceptions=*/false);
  if (report.is_object() && report["files"].size() == 1) checked.findings = report["files"][0]["findings"];
  return checked;
}

// A finding of `certainty` ("definite", "possible", "unsupported") on `variable` (any variable when empty).
inline bool hasFinding(const CheckedFile& checked, const std::string& certainty, const std::string& variable = "") {
  for (const nlohmann::json& finding : checked.findings)
    if (finding["certainty"] == certainty && (variable.empty() || finding["variable"] == variable)) return true;
  return false;
}

// An "unsupported" finding whose message says `words`.
inline bool unsupportedSaying(const CheckedFile& checked, const std::string& words) {
  for (const nlohmann::json& finding : checked.findings)
    if (finding["certainty"] == "unsupported" && finding["message"].get<std::string>().find(words) != std::string::npos)
      return true;
  return false;
}

}  // namespace adrace::testing
