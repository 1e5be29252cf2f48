// A small, strict command-line reader for the adrace subcommands: clang-tidy's file conventions
// (`FILE... -- flags` or `-p BUILD_DIR`) plus named options. Usage errors are values, not exits.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adrace::tool {

struct OptionSpec {
  std::string name;       // "--format"
  std::string shortName;  // "-o", or ""
  bool takesValue = false;
  std::string valueName;  // "FORMAT", for help
  std::string help;
};

struct ParsedCommandLine {
  std::vector<std::string> positional;
  std::vector<std::string> compilerArguments;  // after `--`
  bool sawDoubleDash = false;
  std::map<std::string, std::string> values;                  // options with values, by long name (the last one given)
  std::map<std::string, std::vector<std::string>> allValues;  // every value of each, in order
  std::set<std::string> flags;                                // options without values, by long name
  std::string error;                                          // non-empty on a usage error

  bool has(const std::string& name) const { return flags.count(name) || values.count(name); }
  std::string value(const std::string& name, const std::string& fallback = "") const;
};

// The options every file-reading subcommand takes: -p, -v, -q, --help, and clang-tidy's
// --extra-arg / --extra-arg-before (so that a build can run adrace as its clang-tidy launcher).
std::vector<OptionSpec> commonOptions();

ParsedCommandLine parseCommandLine(const std::vector<std::string>& arguments, const std::vector<OptionSpec>& options);

std::string usageText(const std::string& command, const std::string& synopsis, const std::string& description,
                      const std::vector<OptionSpec>& options);

// Reads the integer option `name` into `value` when it is given: decimal digits only, from 1 to
// `maximum` ("2x", "5s", "-3" and 99999999999 are refused). Returns an error message, or "".
std::string readPositiveInteger(const ParsedCommandLine& parsed, const std::string& name, unsigned maximum,
                                unsigned& value);

// "a,b,,c" → {"a", "b", "c"}: the value of a list option (--active, --extent).
std::vector<std::string> splitList(const std::string& text);

}  // namespace adrace::tool
