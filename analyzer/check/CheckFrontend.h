// The front-end of `adrace check`: per file, the models of its parallel loops, of its
// `omp parallel` regions, and each loop's pointer pairs that may alias. A `parallel for` nested in
// another one is modelled on its own (its iterations run inside one outer iteration), and the outer
// loop then treats it as the sequential loop it is within one outer iteration.
#pragma once

#include "analyzer/check/MayAliasPairs.h"
#include "analyzer/check/WitnessReplay.h"
#include "analyzer/frontend/Frontend.h"
#include "analyzer/model/RegionModel.h"

#include <clang/AST/ASTContext.h>

#include <string>
#include <vector>

namespace adrace::analyzer {

struct CheckModels {
  std::string file;
  std::vector<LoopModel> loops;
  std::vector<std::vector<MayAlias>> mayAlias;  // per loop, in the order of `loops`
  std::vector<LoopReplay> replays;              // per loop: what a definite witness is replayed on
  std::vector<RegionModel> regions;
};

struct CheckFrontendResult {
  std::vector<CheckModels> files;
  std::vector<Diagnostic> diagnostics;  // errors, and unsupported constructs (findings for check)
};

struct CheckModelOptions {
  bool constPointeesMayAlias = false;  // see mayAliasPairs
};

// The models of one parsed translation unit.
CheckModels buildCheckModels(const std::string& file, clang::ASTContext& context, std::vector<Diagnostic>& diagnostics,
                             const CheckModelOptions& options = {});

// parseFiles + buildCheckModels for every file.
CheckFrontendResult buildCheckModels(const CompileSettings& settings, const CheckModelOptions& options = {});

}  // namespace adrace::analyzer
