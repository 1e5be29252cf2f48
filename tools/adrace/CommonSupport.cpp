#include "tools/adrace/Commands.h"
#include "tools/adrace/OutputFile.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

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
  // -q (configureLogging) keeps errors only
  const bool quiet = !spdlog::default_logger()->should_log(spdlog::level::warn);
  for (const analyzer::Diagnostic& diagnostic : diagnostics) {
    bool error = diagnostic.severity == analyzer::Diagnostic::Severity::Error;
    if (error || !quiet) std::cerr << analyzer::formatDiagnostic(diagnostic) << "\n";
    errors |= error;
  }
  return errors;
}

bool writeOutput(const std::string& path, const std::string& text, const std::vector<std::string>& inputs) {
  std::string error = writeOutputFile(path, text, inputs);
  if (!error.empty()) std::cerr << error << "\n";
  return error.empty();
}

}  // namespace adrace::tool
