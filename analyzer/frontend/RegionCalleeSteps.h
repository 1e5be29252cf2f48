// `f(...);` among a parallel region's statements, f a function of the file whose body holds OpenMP
// constructs or touches shared memory: OpenMP binds f's orphaned constructs to the caller's region,
// so f's statements are read as steps of the region where it is called (CalleeInlining.h).
#pragma once

#include "analyzer/frontend/RegionAccesses.h"
#include "analyzer/frontend/RegionBuildState.h"
#include "analyzer/frontend/RegionValues.h"

namespace adrace::analyzer::region {

class RegionStepBuilder;

class CalleeSteps {
 public:
  CalleeSteps(RegionBuildState& state, RegionValues& values, RegionAccessCollector& accesses, RegionStepBuilder& steps)
      : state_(state), values_(values), accesses_(accesses), steps_(steps) {}

  // The steps of `callee`'s body for the call statement `call`, the region's top-level statement `index`.
  void addCalleeSteps(const clang::FunctionDecl& callee, const clang::Stmt* call, size_t index);

 private:
  RegionBuildState& state_;
  RegionValues& values_;
  RegionAccessCollector& accesses_;
  RegionStepBuilder& steps_;
};

}  // namespace adrace::analyzer::region
