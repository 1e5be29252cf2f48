// Instance numbers for the integer scalars of a loop body (docs/design.md [FormAD] §5.2), by reaching
// definitions over the CFG: two uses get the same instance exactly when the same set of
// definitions reaches them. Instance 0 is the value the variable had before the iteration.
#pragma once

#include "analyzer/frontend/LoopCfg.h"

#include <clang/AST/Expr.h>

#include <map>
#include <set>
#include <vector>

namespace adrace::analyzer {

class InstanceNumbering {
 public:
  // `fixed` are variables the body never redefines by rule (the parallel loop's counters);
  // `resetEachIteration` are variables that start every iteration afresh whatever the previous
  // iteration left in them (linear variables: their value is computed from the iteration's number),
  // so no definition reaches the body's entry from the iteration before.
  InstanceNumbering(const LoopCfg& cfg, std::set<const clang::VarDecl*> fixed,
                    std::set<const clang::VarDecl*> resetEachIteration = {});

  // The instance of the variable read by `use`; -1 when the use lies outside the CFG.
  int instanceOf(const clang::DeclRefExpr* use);
  // The definitions behind an instance: null stands for the value before the iteration.
  std::vector<const clang::Stmt*> definitionsOf(const clang::VarDecl* variable, int instance) const;
  // Whether `&variable` occurs: a write through the pointer is invisible, so its uses are opaque.
  bool addressTaken(const clang::VarDecl* variable) const { return addressTaken_.count(variable) > 0; }
  bool isDefinedInBody(const clang::VarDecl* variable) const { return defined_.count(variable) > 0; }

  // Instances handed out so far, per variable, in the order they were first seen.
  const std::map<const clang::VarDecl*, std::vector<std::set<int>>>& instances() const { return instances_; }

  // The definition a statement makes, if any: `k = ...`, `int k = ...`, `k += ...`, `k++`.
  static const clang::VarDecl* definedBy(const clang::Stmt* statement);

 private:
  using DefinitionSets = std::map<const clang::VarDecl*, std::set<int>>;
  void solve();
  void apply(const clang::Stmt* statement, DefinitionSets& state) const;

  const LoopCfg& cfg_;
  std::set<const clang::VarDecl*> fixed_;
  std::set<const clang::VarDecl*> resetEachIteration_;
  std::vector<const clang::Stmt*> definitions_{nullptr};  // id → statement; 0 is the entry value
  std::map<const clang::Stmt*, int> definitionId_;
  std::set<const clang::VarDecl*> defined_;
  std::set<const clang::VarDecl*> addressTaken_;
  std::map<const clang::CFGBlock*, DefinitionSets> in_;
  std::map<const clang::VarDecl*, std::vector<std::set<int>>> instances_;
};

}  // namespace adrace::analyzer
