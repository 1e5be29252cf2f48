// Test support: parse a C snippet in memory and build the models of its OpenMP loops.
#pragma once

#include "analyzer/frontend/Frontend.h"
#include "analyzer/frontend/LoopModelBuilder.h"

#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace adrace::analyzer::testing {

struct ParsedSnippet {
  std::unique_ptr<clang::ASTUnit> unit;
  std::vector<LoopModel> loops;
  std::vector<Diagnostic> diagnostics;
};

// `language` "c" parses C99, "c++" C++17.
inline ParsedSnippet parseSnippet(const std::string& code, const std::string& language = "c") {
  ParsedSnippet parsed;
  bool cxx = language == "c++";
  parsed.unit =
      clang::tooling::buildASTFromCodeWithArgs(code,
                                               {"-fopenmp", cxx ? "-std=c++17" : "-std=c99", "-Wno-everything",
                                                std::string("-resource-dir=") + clangResourceDirectory()},
                                               cxx ? "snippet.cpp" : "snippet.c");
  if (!parsed.unit) return parsed;
  clang::ASTContext& context = parsed.unit->getASTContext();
  int id = 0;
  for (const LoopSite& site : findLoops(context, parsed.diagnostics)) {
    LoopModelResult result = buildLoopModel({site.directive, site.region, site.function, id++}, context);
    if (result.error) parsed.diagnostics.push_back(*result.error);
    if (result.model) parsed.loops.push_back(std::move(*result.model));
  }
  return parsed;
}

// The only loop of a snippet (fails the test if there is not exactly one).
inline LoopModel onlyLoop(const std::string& code) {
  ParsedSnippet parsed = parseSnippet(code);
  EXPECT_EQ(parsed.loops.size(), 1u);
  for (const Diagnostic& diagnostic : parsed.diagnostics) ADD_FAILURE() << formatDiagnostic(diagnostic);
  return parsed.loops.empty() ? LoopModel{} : parsed.loops.front();
}

inline const Variable& variable(const LoopModel& loop, const std::string& name) {
  const Variable* found = loop.findVariable(name);
  if (!found) {
    ADD_FAILURE() << "no variable " << name;
    static Variable none;
    return none;
  }
  return *found;
}

// References of one variable, in source order.
inline std::vector<Reference> referencesTo(const LoopModel& loop, const std::string& name) {
  std::vector<Reference> result;
  for (const Reference& reference : loop.references)
    if (reference.variable == name) result.push_back(reference);
  return result;
}

inline std::string indexText(const Reference& reference) { return smt::toString(reference.indices); }

}  // namespace adrace::analyzer::testing
