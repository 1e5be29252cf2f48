#include "tools/adrace/Commands.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <fstream>
#include <iostream>

namespace adrace::tool {

void configureLogging(const ParsedCommandLine& parsed) {
  auto logger = spdlog::stderr_color_mt("adrace");
  logger->set_pattern("adrace: %l: %v");
  logger->set_level(parsed.has("--verbose") ? spdlog::level::debug
                    : parsed.has("--quiet") ? spdlog::level::err
                                            : spdlog::level::warn);
  spdlog::set_default_logger(logger);
}

analyzer::CompileSettings compileSettingsFrom(const ParsedCommandLine& parsed) {
  analyzer::CompileSettings settings;
  settings.files = parsed.positional;
  settings.compilerArguments = parsed.compilerArguments;
  settings.buildDirectory = parsed.value("--build-dir");
  auto list = [&](const std::string& name) {
    auto found = parsed.allValues.find(name);
    return found == parsed.allValues.end() ? std::vector<std::string>() : found->second;
  };
  settings.extraArgumentsBefore = list("--extra-arg-before");
  settings.extraArguments = list("--extra-arg");
  return settings;
}

bool reportDiagnostics(const std::vector<analyzer::Diagnostic>& diagnostics) {
  bool errors = false;
  for (const analyzer::Diagnostic& diagnostic : diagnostics) {
    std::cerr << analyzer::formatDiagnostic(diagnostic) << "\n";
    errors |= diagnostic.severity == analyzer::Diagnostic::Severity::Error;
  }
  return errors;
}

bool writeOutput(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::cout << text;
    return static_cast<bool>(std::cout.flush());
  }
  std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    if (!out.flush()) {
      std::cerr << path << ": error: cannot write output\n";
      std::remove(temporary.c_str());
      return false;
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::cerr << path << ": error: cannot write output\n";
    std::remove(temporary.c_str());
    return false;
  }
  return true;
}

}  // namespace adrace::tool
