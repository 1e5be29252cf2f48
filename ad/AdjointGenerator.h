// adrace adjoint: reverse-mode source transformation of one C function with OpenMP parallel loops.
// The entry point of the adrace::ad library: parse, check that the function is in the supported
// subset, plan the tape, and print NAME_b as C text (or an "unsupported: ..." diagnostic).
#pragma once

#include "analyzer/frontend/Frontend.h"
#include "analyzer/verdicts/LoopAnalysis.h"
#include "analyzer/model/LoopModel.h"
#include "smt/Deadline.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace adrace::ad {

// How the adjoints of shared arrays in parallel loops are protected.
enum class Strategy {
  FormAD,     // the analysis' verdicts decide per array and per reference (default)
  Atomic,     // every adjoint increment of a shared array is atomic
  Reduction,  // every shared array the primal only reads gets per-thread copies summed afterwards
  Serial,     // no OpenMP in the adjoint
};
std::optional<Strategy> parseStrategy(const std::string& text);
const char* strategyName(Strategy strategy);

struct AdjointRequest {
  analyzer::CompileSettings settings;  // exactly one file
  std::string function;                // NAME: the adjoint is NAME_b
  std::vector<std::string> active;     // active parameters (arrays or by-value scalars)
  Strategy strategy = Strategy::FormAD;
  // formad: how an array the analysis cannot prove is guarded (auto: reduction when the primal only
  // reads it and its extent is known, else atomic on the guarded increments)
  analyzer::GuardPolicy guard = analyzer::GuardPolicy::Auto;
  std::map<std::string, std::string> extents;  // element count of arrays (needed for reductions)
  unsigned z3TimeoutMs = smt::kDefaultQueryTimeoutMs;
  unsigned budgetMs = analyzer::kDefaultLoopBudgetMs;  // for the Z3 queries of each loop
  // formad: arrays the analysis proves gatherable get a gather loop instead of guards (--no-gather: off)
  bool gather = true;
  // A primal that definitely races (as `adrace check` finds) is refused; with this, written with a
  // warning naming the race (--allow-racy-primal).
  bool allowRacyPrimal = false;
  // The generated file includes the primal's file and is compiled in its place (--include-primal), so
  // that the adjoint reaches what only that file can: `static` variables (NPB keeps its fields in
  // them), static helpers. Nothing of the primal's file is then repeated.
  bool includePrimal = false;
};

struct AdjointResult {
  std::string code;                               // the generated C file; empty on error
  std::vector<analyzer::Diagnostic> diagnostics;  // errors (nothing was generated) and warnings
  bool ok() const { return !code.empty(); }
};

AdjointResult generateAdjoint(const AdjointRequest& request);

}  // namespace adrace::ad
