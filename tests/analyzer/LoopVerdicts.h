// Test support for the FormAD verdicts of a loop: one array's verdict, and the options that make a
// given set of arrays active.
#pragma once

#include "analyzer/verdicts/LoopAnalysis.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

namespace adrace::analyzer::testing {

inline const ArrayVerdict& verdictOf(const LoopAnalysis& analysis, const std::string& array) {
  for (const ArrayVerdict& verdict : analysis.arrays)
    if (verdict.array == array) return verdict;
  ADD_FAILURE() << "no verdict for " << array;
  static ArrayVerdict none;
  return none;
}

inline AnalysisOptions activeArrays(std::set<std::string> active) {
  AnalysisOptions options;
  options.activity.active = std::move(active);
  return options;
}

}  // namespace adrace::analyzer::testing
