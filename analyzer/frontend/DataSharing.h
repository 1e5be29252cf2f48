// OpenMP data-sharing of every variable a loop uses: its clauses (and the enclosing parallel
// region's), then C's implicit rules. Seed 000 lists each clause's meaning for the adjoint.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <set>
#include <vector>

namespace adrace::analyzer {

class DataSharing {
 public:
  struct Entry {
    Sharing sharing = Sharing::Shared;
    std::string reason;
    std::string reductionOperator;
    std::string name;  // unique within the loop (a shadowing declaration gets a suffix)
  };

  // `loop` is the worksharing directive; `region` the enclosing `omp parallel` (null for a combined
  // `parallel for`); `counters` the associated loops' counters; `body` the innermost loop body.
  DataSharing(const clang::OMPExecutableDirective& loop, const clang::OMPExecutableDirective* region,
              const std::vector<const clang::VarDecl*>& counters, const clang::Stmt& body,
              clang::ASTContext& context);

  const Entry& of(const clang::VarDecl* variable);
  smt::Scope scopeOf(const clang::VarDecl* variable);
  bool isCounter(const clang::VarDecl* variable) const { return counters_.count(variable) > 0; }
  // Every variable resolved so far, in first-use order.
  const std::vector<const clang::VarDecl*>& variables() const { return order_; }

 private:
  void readClauses(const clang::OMPExecutableDirective& directive, bool isRegion);
  Entry resolve(const clang::VarDecl* variable) const;
  std::string uniqueName(const clang::VarDecl* variable);

  std::map<const clang::VarDecl*, Entry> explicit_;
  std::set<const clang::VarDecl*> counters_;
  std::set<const clang::VarDecl*> declaredInBody_;
  std::set<const clang::VarDecl*> declaredInRegion_;
  std::map<const clang::VarDecl*, Entry> resolved_;
  std::vector<const clang::VarDecl*> order_;
  std::map<std::string, int> namesTaken_;
};

}  // namespace adrace::analyzer
