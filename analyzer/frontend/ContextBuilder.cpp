#include "analyzer/frontend/ContextBuilder.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/StmtCXX.h>

#include <algorithm>

namespace adrace::analyzer {
namespace {

bool before(const SourcePosition& a, const SourcePosition& b) {
  return a.line != b.line ? a.line < b.line : a.column < b.column;
}

// Widen `span` to cover `range`.
void cover(SourceSpan& span, clang::SourceRange range, const clang::SourceManager& sources) {
  SourceSpan added = spanOf(range, sources);
  if (added.begin.line == 0) return;
  if (span.begin.line == 0 || before(added.begin, span.begin)) span.begin = added.begin;
  if (span.end.line == 0 || before(span.end, added.end)) span.end = added.end;
}

ContextKind kindOfBranch(const clang::CFGBlock* dominator) {
  const clang::Stmt* terminator = dominator ? dominator->getTerminatorStmt() : nullptr;
  if (!terminator) return ContextKind::AfterEarlyExit;
  if (llvm::isa<clang::IfStmt>(terminator) || llvm::isa<clang::ConditionalOperator>(terminator) ||
      llvm::isa<clang::BinaryOperator>(terminator) || llvm::isa<clang::SwitchStmt>(terminator))
    return ContextKind::Branch;
  if (llvm::isa<clang::ForStmt>(terminator) || llvm::isa<clang::WhileStmt>(terminator) ||
      llvm::isa<clang::DoStmt>(terminator))
    return ContextKind::InnerLoopBody;
  return ContextKind::AfterEarlyExit;
}

}  // namespace

ContextBuilder::ContextBuilder(const LoopCfg& cfg, clang::ASTContext& context) : cfg_(cfg) {
  contexts_.push_back({0, -1, ContextKind::LoopBody, "", {}, {}});
  if (!cfg.cfg() || !cfg.bodyEntry()) return;
  auto* graph = const_cast<clang::CFG*>(cfg.cfg());
  dominators_ = std::make_unique<clang::CFGDomTree>(graph);
  postDominators_ = std::make_unique<clang::CFGPostDomTree>(graph);

  // Visit body blocks in dominator-tree preorder so that parents get their ids first.
  std::vector<const clang::CFGBlock*> order;
  std::vector<const clang::CFGBlock*> stack{cfg.bodyEntry()};
  while (!stack.empty()) {
    const clang::CFGBlock* block = stack.back();
    stack.pop_back();
    order.push_back(block);
    auto* node = dominators_->getBase().getNode(block);
    std::vector<const clang::CFGBlock*> children;
    for (auto* child : node->children())
      if (cfg.inBody(child->getBlock())) children.push_back(child->getBlock());
    // Later block ids come first in Clang's numbering: keep source order stable by id.
    std::sort(children.begin(), children.end(), [](auto* a, auto* b) { return a->getBlockID() < b->getBlockID(); });
    stack.insert(stack.end(), children.begin(), children.end());
  }

  std::map<const clang::CFGBlock*, int> contextOfHead;
  contextOfHead[cfg.bodyEntry()] = 0;
  for (const clang::CFGBlock* block : order) {
    const clang::CFGBlock* head = headOf(block);
    auto found = contextOfHead.find(head);
    int id;
    if (found != contextOfHead.end()) {
      id = found->second;
    } else {
      const clang::CFGBlock* dominator = dominators_->getBase().getNode(head)->getIDom()->getBlock();
      int parent = contextOfBlock_.count(dominator) ? contextOfBlock_[dominator] : 0;
      id = static_cast<int>(contexts_.size());
      contexts_.push_back({id, parent, kindOfBranch(dominator), "", {}, {}});
      contextOfHead[head] = id;
      recordEntryCondition(id, dominator, head);
    }
    contextOfBlock_[block] = id;
    contexts_[id].cfgBlocks.push_back(block->getBlockID());
    for (const clang::CFGElement& element : *block)
      if (auto statement = element.getAs<clang::CFGStmt>())
        cover(contexts_[id].span, statement->getStmt()->getSourceRange(), context.getSourceManager());
  }
}

void ContextBuilder::recordEntryCondition(int id, const clang::CFGBlock* dominator, const clang::CFGBlock* head) {
  const clang::Stmt* terminator = dominator->getTerminatorStmt();
  if (!terminator || dominator->succ_size() != 2) return;
  // `a && b` and `a || b` branch on `a` before `b` is evaluated.
  auto* logical = llvm::dyn_cast<clang::BinaryOperator>(terminator);
  if (!llvm::isa<clang::IfStmt>(terminator) && !llvm::isa<clang::ForStmt>(terminator) &&
      !llvm::isa<clang::WhileStmt>(terminator) && !(logical && logical->isLogicalOp()))
    return;
  // The condition is known on entry only when the edge from the branch is the one way in: the
  // block after `if (c) { ...; continue; }` is also reached from inside the then-part.
  unsigned ways = 0;
  for (const clang::CFGBlock::AdjacentBlock& predecessor : head->preds())
    if (predecessor.getReachableBlock()) ++ways;
  if (ways != 1) return recordDisjunctionEntry(id, dominator, head);
  auto* condition = llvm::dyn_cast_or_null<clang::Expr>(dominator->getTerminatorCondition());
  if (!condition) return;
  auto successor = dominator->succ_begin();
  if (*successor == head)
    entryConditions_.push_back({id, condition, true});
  else if (*(successor + 1) == head)
    entryConditions_.push_back({id, condition, false});
}

namespace {

// The operands of a chain of `||` (through parentheses) and its inner `||` nodes; `plain` false
// when an operand is an `&&`. A block that branches on one of them has just evaluated an operand:
// Clang names the inner `a || b` as the condition of the block that evaluates b.
void collectDisjuncts(const clang::Expr* expr, std::vector<const clang::Expr*>& parts, bool& plain) {
  expr = expr->IgnoreParens();
  parts.push_back(expr);
  if (auto* logical = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    if (logical->getOpcode() == clang::BO_LOr) {
      collectDisjuncts(logical->getLHS(), parts, plain);
      collectDisjuncts(logical->getRHS(), parts, plain);
    }
    if (logical->getOpcode() == clang::BO_LAnd) plain = false;
  }
}

}  // namespace

// `if (a || b || c) S`: S is entered from each operand's true edge, so no one edge says what holds
// there, but the whole condition does: one of its operands (Rodinia hotspot's boundary chunks,
// `r_start == 0 || c_start == 0 || r_end == row || c_end == col`). Recorded when every way into S
// is the true edge of an operand of one chain of `||`.
void ContextBuilder::recordDisjunctionEntry(int id, const clang::CFGBlock* dominator, const clang::CFGBlock* head) {
  auto* first = llvm::dyn_cast_or_null<clang::BinaryOperator>(dominator->getTerminatorStmt());
  if (!first || first->getOpcode() != clang::BO_LOr) return;
  const clang::Expr* whole = first;
  for (const clang::Stmt* parent = cfg_.parents().getParentIgnoreParens(whole); parent;
       parent = cfg_.parents().getParentIgnoreParens(parent)) {
    auto* logical = llvm::dyn_cast<clang::BinaryOperator>(parent);
    if (!logical || logical->getOpcode() != clang::BO_LOr) break;
    whole = logical;
  }
  std::vector<const clang::Expr*> operands;
  bool plain = true;
  collectDisjuncts(whole, operands, plain);
  if (!plain) return;
  for (const clang::CFGBlock::AdjacentBlock& predecessor : head->preds()) {
    const clang::CFGBlock* from = predecessor.getReachableBlock();
    if (!from) continue;
    auto* condition = llvm::dyn_cast_or_null<clang::Expr>(from->getTerminatorCondition());
    if (!condition || from->succ_size() != 2 || *from->succ_begin() != head ||
        std::find(operands.begin(), operands.end(), condition->IgnoreParens()) == operands.end())
      return;
  }
  entryConditions_.push_back({id, whole, true});
}

// The highest block on `block`'s dominator chain (inside the body) that `block` post-dominates:
// the first block of the region executed exactly when `block` is.
const clang::CFGBlock* ContextBuilder::headOf(const clang::CFGBlock* block) const {
  const clang::CFGBlock* head = block;
  for (auto* node = dominators_->getBase().getNode(block)->getIDom(); node; node = node->getIDom()) {
    const clang::CFGBlock* ancestor = node->getBlock();
    if (!ancestor || !cfg_.inBody(ancestor)) break;
    if (postDominators_->dominates(block, ancestor)) head = ancestor;
  }
  return head;
}

int ContextBuilder::contextOf(const clang::Stmt* statement) const {
  auto position = cfg_.positionOf(statement);
  if (!position) return 0;
  auto found = contextOfBlock_.find(position->block);
  return found == contextOfBlock_.end() ? 0 : found->second;
}

}  // namespace adrace::analyzer
