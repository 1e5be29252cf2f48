// Control contexts of a loop body (docs/design.md [FormAD] §5.1), from the CFG's dominator and
// post-dominator trees: two blocks share a context when one dominates the other and is
// post-dominated by it (every iteration that runs one runs the other). A context's parent is the
// context of its head block's immediate dominator.
#pragma once

#include "analyzer/frontend/LoopCfg.h"
#include "analyzer/model/LoopModel.h"

#include <clang/Analysis/Analyses/Dominators.h>

#include <map>
#include <vector>

namespace adrace::analyzer {

class ContextBuilder {
 public:
  ContextBuilder(const LoopCfg& cfg, clang::ASTContext& context);

  const std::vector<Context>& contexts() const { return contexts_; }
  // Context of the statement; the root (0) for anything the CFG does not place in the body.
  int contextOf(const clang::Stmt* statement) const;

  // The condition that holds on entry to a context: the branch of an `if` it is the then- or
  // else-part of, the condition of the inner loop whose body it is, or the left operand of the
  // `&&` / `||` whose right operand it evaluates. Recorded only when that edge is the one way in.
  struct EntryCondition {
    int context = 0;
    const clang::Expr* condition = nullptr;
    bool holds = true;  // false for an else-branch: the condition is known false there
  };
  const std::vector<EntryCondition>& entryConditions() const { return entryConditions_; }

 private:
  const clang::CFGBlock* headOf(const clang::CFGBlock* block) const;
  void recordEntryCondition(int id, const clang::CFGBlock* dominator, const clang::CFGBlock* head);
  void recordDisjunctionEntry(int id, const clang::CFGBlock* dominator, const clang::CFGBlock* head);

  const LoopCfg& cfg_;
  std::map<const clang::CFGBlock*, int> contextOfBlock_;
  std::vector<Context> contexts_;
  std::vector<EntryCondition> entryConditions_;
  std::unique_ptr<clang::CFGDomTree> dominators_;
  std::unique_ptr<clang::CFGPostDomTree> postDominators_;
};

}  // namespace adrace::analyzer
