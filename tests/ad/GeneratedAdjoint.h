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

inline std::string generatedAdjoint(const std::string& source, const std::string& function,
                                    const std::vector<std::string>& active, Strategy strategy = Strategy::FormAD,
                                    std::map<std::string, std::string> extents = {},
                                    analyzer::GuardPolicy guard = analyzer::GuardPolicy::Auto) {
  // CTest runs every test in its own process, in parallel: the file name must be unique across them.
  static int counter = 0;
  std::string path = ::testing::TempDir() + "adrace_rule_" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + std::to_string(getpid()) +
                     "_" + std::to_string(counter++) + ".c";
  std::ofstream(path) << source;
  AdjointRequest request;
  request.settings.files = {path};
  request.settings.compilerArguments = {"-std=c99"};
  request.function = function;
  request.active = active;
  request.strategy = strategy;
  request.extents = std::move(extents);
  request.guard = guard;
  AdjointResult result = generateAdjoint(request);
  std::remove(path.c_str());
  EXPECT_TRUE(result.diagnostics.empty()) << analyzer::formatDiagnostic(result.diagnostics.front());
  return result.code;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace adrace::ad::testing
