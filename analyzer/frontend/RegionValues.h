// What the region model knows of the integers a parallel region's indices use: the value of each
// private integer (one definition at the region's top level, a sequential counter's range, a
// firstprivate copy), the locals of a callee read at its call, and whether an expression has a value
// known where it is used.
#pragma once

#include "analyzer/frontend/RegionBuildState.h"

namespace adrace::analyzer::region {

class RegionValues {
 public:
  explicit RegionValues(RegionBuildState& state) : state_(state) {}

  // Facts for the region's private integers (RegionBuildState::privateValues), and the names of
  // those whose value is unknown to the loops (RegionModel::unknownValues).
  void describePrivateValues();
  // Every symbol of `expr` has a value the model knows at `scope`, inside the loops on `path`.
  bool knownAt(const smt::ExprRef& expr, const Scope& scope, const std::set<const clang::ForStmt*>& path) const;
  // Binds the integers an inlined callee names in the translator; returns the variables bound.
  std::vector<const clang::VarDecl*> bindCalleeVariables(const InlinedCall& inlined, size_t index);

 private:
  bool visibleToLoops(const clang::VarDecl* variable) const;

  RegionBuildState& state_;
};

}  // namespace adrace::analyzer::region
