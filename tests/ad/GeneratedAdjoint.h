// The adjoint of a C source written to a temporary file, for the unit tests of one generator rule.
#pragma once

#include "ad/AdjointGenerator.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace adrace::ad::testing {

// The adjoint's code, and its first diagnostic formatted ("" when there is none).
struct Generated {
  std::string code;
  std::string error;
};

// The adjoint of `source` for `request` (its file set here), and its first diagnostic.
inline Generated generate(const std::string& source, AdjointRequest request) {
  // CTest runs every test in its own process, in parallel: the file name must be unique across them.
  static int counter = 0;
  std::string path = ::testing::TempDir() + "adrace_ad_" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + std::to_string(getpid()) +
                     "_" + std::to_string(counter++) + ".c";
  std::ofstream(path) << source;
  request.settings.files = {path};
  request.settings.compilerArguments = {"-std=c99"};
  AdjointResult result = generateAdjoint(request);
  std::remove(path.c_str());
  Generated generated{result.code, ""};
  if (!result.diagnostics.empty()) generated.error = analyzer::formatDiagnostic(result.diagnostics.front());
  return generated;
}

inline Generated generate(const std::string& source, const std::string& function,
                          const std::vector<std::string>& active, Strategy strategy = Strategy::FormAD,
                          std::map<std::string, std::string> extents = {},
                          analyzer::GuardPolicy guard = analyzer::GuardPolicy::Auto, bool gather = true) {
  AdjointRequest request;
  request.function = function;
  request.active = active;
  request.strategy = strategy;
  request.extents = std::move(extents);
  request.guard = guard;
  request.gather = gather;
  return generate(source, std::move(request));
}

// The adjoint of a source the generator must accept: a diagnostic fails the test.
inline std::string generatedAdjoint(const std::string& source, const std::string& function,
                                    const std::vector<std::string>& active, Strategy strategy = Strategy::FormAD,
                                    std::map<std::string, std::string> extents = {},
                                    analyzer::GuardPolicy guard = analyzer::GuardPolicy::Auto) {
  Generated generated = generate(source, function, active, strategy, std::move(extents), guard);
  EXPECT_TRUE(generated.error.empty()) << generated.error;
  return generated.code;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace adrace::ad::testing
