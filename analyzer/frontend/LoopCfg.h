// The Clang CFG of a parallel loop, with every sub-expression as its own element so that a use
// can be ordered against the definitions around it (instance numbering needs that), and a way to
// find where any statement of the body sits.
#pragma once

#include <clang/AST/ParentMap.h>
#include <clang/AST/StmtOpenMP.h>
#include <clang/Analysis/CFG.h>

#include <map>
#include <memory>
#include <optional>
#include <set>

namespace adrace::analyzer {

class LoopCfg {
 public:
  struct Position {
    const clang::CFGBlock* block = nullptr;
    unsigned element = 0;  // index in block; terminator conditions sit after the elements
  };

  // `loop` is the outermost associated for statement, `innermost` the one whose body is the
  // iteration body (they differ under collapse(n)). `cfg()` is null when Clang could not build one.
  LoopCfg(const clang::ForStmt& loop, const clang::ForStmt& innermost, const clang::Decl& function,
          clang::ASTContext& context);

  const clang::CFG* cfg() const { return cfg_.get(); }
  const clang::ParentMap& parents() const { return *parents_; }
  // Makes the body of a captured statement in the loop (a task's) part of the parent map: Clang's
  // CapturedStmt does not list its body among its children, so its statements had no way up.
  void seeInto(const clang::CapturedStmt& captured);
  // The body's first block: every block of the body is dominated by it.
  const clang::CFGBlock* bodyEntry() const { return bodyEntry_; }
  bool inBody(const clang::CFGBlock* block) const { return bodyBlocks_.count(block) > 0; }
  const std::set<const clang::CFGBlock*>& bodyBlocks() const { return bodyBlocks_; }
  // Where `statement` is evaluated: itself, or its nearest enclosing statement that the CFG holds.
  std::optional<Position> positionOf(const clang::Stmt* statement) const;

 private:
  std::unique_ptr<clang::CFG> cfg_;
  std::unique_ptr<clang::ParentMap> parents_;
  std::map<const clang::Stmt*, Position> positions_;
  const clang::CFGBlock* bodyEntry_ = nullptr;
  std::set<const clang::CFGBlock*> bodyBlocks_;
};

}  // namespace adrace::analyzer
