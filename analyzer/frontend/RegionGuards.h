// What holds where an access of a parallel region executes (RegionAccess::guards): the conditions
// of the branches around it and the ranges of the sequential loops around it, up to the step's
// statement (and, in a callee read at its call, the call's own).
#pragma once

#include "analyzer/frontend/LoopHeader.h"
#include "analyzer/frontend/RegionBuildState.h"
#include "analyzer/frontend/RegionValues.h"

namespace adrace::analyzer::region {

class RegionGuards {
 public:
  RegionGuards(RegionBuildState& state, const RegionValues& values) : state_(state), values_(values) {}

  // Sets the access's guards, and whether they or its indices are unknown.
  void addGuards(const clang::Stmt* statement, const Scope& scope, RegionAccess& access);
  // Branch conditions and sequential-loop ranges between `statement` and the scope's root, and the
  // loops on the way; `unknown` when a condition cannot be said.
  std::vector<smt::Condition> guardsOf(const clang::Stmt* statement, const Scope& scope,
                                       std::set<const clang::ForStmt*>& path, bool& unknown);

 private:
  bool addCondition(const clang::Expr* condition, bool holds, const Scope& scope, std::vector<smt::Condition>& out);
  bool addSequentialRange(const clang::ForStmt& loop, const Scope& scope, std::vector<smt::Condition>& out);
  bool addCounterListRange(const clang::ForStmt& loop, const Scope& scope, std::vector<smt::Condition>& out);
  smt::ExprRef stepOf(const LoopHeader& header, const Scope& scope);
  std::string symbolOf(const clang::VarDecl* variable, const Scope& scope);

  RegionBuildState& state_;
  const RegionValues& values_;
};

}  // namespace adrace::analyzer::region
