#include "analyzer/frontend/LoopCfg.h"

#include <clang/Analysis/Analyses/Dominators.h>

namespace adrace::analyzer {

LoopCfg::LoopCfg(const clang::ForStmt& loop, const clang::ForStmt& innermost, const clang::Decl& function,
                 clang::ASTContext& context) {
  clang::CFG::BuildOptions options;
  options.setAllAlwaysAdd();
  options.PruneTriviallyFalseEdges = false;
  auto* root = const_cast<clang::ForStmt*>(&loop);
  cfg_ = clang::CFG::buildCFG(&function, root, &context, options);
  parents_ = std::make_unique<clang::ParentMap>(root);
  if (!cfg_) return;

  for (const clang::CFGBlock* block : *cfg_) {
    unsigned index = 0;
    for (const clang::CFGElement& element : *block) {
      if (auto statement = element.getAs<clang::CFGStmt>())
        positions_.emplace(statement->getStmt(), Position{block, index});
      ++index;
    }
    if (const clang::Stmt* condition = block->getTerminatorCondition())
      positions_.emplace(condition, Position{block, index});
    // The for statement of the innermost loop branches into the body on its true edge.
    if (block->getTerminatorStmt() == &innermost && block->succ_size() > 0) bodyEntry_ = *block->succ_begin();
  }
  if (!bodyEntry_) return;

  clang::CFGDomTree dominators(cfg_.get());
  for (const clang::CFGBlock* block : *cfg_)
    if (dominators.getBase().getNode(block) && dominators.dominates(bodyEntry_, block)) bodyBlocks_.insert(block);
}

void LoopCfg::seeInto(const clang::CapturedStmt& captured) {
  auto* body = const_cast<clang::Stmt*>(captured.getCapturedStmt());
  parents_->addStmt(body);
  parents_->setParent(body, &captured);
}

std::optional<LoopCfg::Position> LoopCfg::positionOf(const clang::Stmt* statement) const {
  for (const clang::Stmt* current = statement; current; current = parents_->getParent(current)) {
    auto found = positions_.find(current);
    if (found != positions_.end()) return found->second;
  }
  return std::nullopt;
}

}  // namespace adrace::analyzer
