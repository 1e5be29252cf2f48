#include "analyzer/frontend/InstanceNumbering.h"

#include <clang/AST/Decl.h>

#include <deque>

namespace adrace::analyzer {
namespace {

const clang::VarDecl* referencedVariable(const clang::Expr* expression) {
  if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(expression->IgnoreParenImpCasts()))
    return llvm::dyn_cast<clang::VarDecl>(reference->getDecl());
  return nullptr;
}

bool isTracked(const clang::VarDecl* variable) { return variable && variable->getType()->isIntegerType(); }

}  // namespace

const clang::VarDecl* InstanceNumbering::definedBy(const clang::Stmt* statement) {
  if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement)) {
    if (assignment->isAssignmentOp()) return referencedVariable(assignment->getLHS());
  } else if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(statement)) {
    if (unary->isIncrementDecrementOp()) return referencedVariable(unary->getSubExpr());
  } else if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    if (declaration->isSingleDecl()) return llvm::dyn_cast<clang::VarDecl>(declaration->getSingleDecl());
  }
  return nullptr;
}

InstanceNumbering::InstanceNumbering(const LoopCfg& cfg, std::set<const clang::VarDecl*> fixed,
                                     std::set<const clang::VarDecl*> resetEachIteration)
    : cfg_(cfg), fixed_(std::move(fixed)), resetEachIteration_(std::move(resetEachIteration)) {
  if (!cfg.cfg()) return;
  for (const clang::CFGBlock* block : *cfg.cfg())
    for (const clang::CFGElement& element : *block) {
      auto statement = element.getAs<clang::CFGStmt>();
      if (!statement) continue;
      const clang::Stmt* s = statement->getStmt();
      if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(s))
        if (unary->getOpcode() == clang::UO_AddrOf)
          if (const clang::VarDecl* variable = referencedVariable(unary->getSubExpr())) addressTaken_.insert(variable);
      const clang::VarDecl* variable = definedBy(s);
      if (!isTracked(variable) || fixed_.count(variable)) continue;
      definitionId_[s] = static_cast<int>(definitions_.size());
      definitions_.push_back(s);
      defined_.insert(variable);
    }
  solve();
}

void InstanceNumbering::apply(const clang::Stmt* statement, DefinitionSets& state) const {
  auto found = definitionId_.find(statement);
  if (found != definitionId_.end()) state[definedBy(statement)] = {found->second};
}

// Classic forward may-analysis; a variable absent from a block's set has only its entry value.
void InstanceNumbering::solve() {
  const clang::CFG& graph = *cfg_.cfg();
  std::deque<const clang::CFGBlock*> work{&graph.getEntry()};
  in_[&graph.getEntry()] = {};
  std::set<const clang::CFGBlock*> queued{&graph.getEntry()};
  while (!work.empty()) {
    const clang::CFGBlock* block = work.front();
    work.pop_front();
    queued.erase(block);
    DefinitionSets out = in_[block];
    for (const clang::CFGElement& element : *block)
      if (auto statement = element.getAs<clang::CFGStmt>()) apply(statement->getStmt(), out);
    for (const clang::CFGBlock* successor : block->succs()) {
      if (!successor) continue;
      bool firstVisit = !in_.count(successor);
      DefinitionSets& target = in_[successor];
      bool changed = firstVisit;
      for (const clang::VarDecl* variable : defined_) {
        std::set<int> incoming = out.count(variable) ? out[variable] : std::set<int>{0};
        if (successor == cfg_.bodyEntry() && resetEachIteration_.count(variable)) incoming = {0};
        std::set<int>& merged = target[variable];
        if (firstVisit) {
          merged = incoming;
          continue;
        }
        size_t before = merged.size();
        merged.insert(incoming.begin(), incoming.end());
        changed |= merged.size() != before;
      }
      if (changed && queued.insert(successor).second) work.push_back(successor);
    }
  }
}

int InstanceNumbering::instanceOf(const clang::DeclRefExpr* use) {
  auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
  if (!variable || !defined_.count(variable)) return 0;
  auto position = cfg_.positionOf(use);
  if (!position) return -1;
  DefinitionSets state = in_.count(position->block) ? in_.at(position->block) : DefinitionSets{};
  unsigned index = 0;
  for (const clang::CFGElement& element : *position->block) {
    if (index++ >= position->element) break;
    if (auto statement = element.getAs<clang::CFGStmt>()) apply(statement->getStmt(), state);
  }
  std::set<int> reaching = state.count(variable) ? state[variable] : std::set<int>{0};
  if (reaching == std::set<int>{0}) return 0;
  std::vector<std::set<int>>& known = instances_[variable];
  if (known.empty()) known.push_back({0});
  for (size_t i = 0; i < known.size(); ++i)
    if (known[i] == reaching) return static_cast<int>(i);
  known.push_back(reaching);
  return static_cast<int>(known.size() - 1);
}

std::vector<const clang::Stmt*> InstanceNumbering::definitionsOf(const clang::VarDecl* variable, int instance) const {
  std::vector<const clang::Stmt*> result;
  auto found = instances_.find(variable);
  if (instance == 0 || found == instances_.end() || instance >= static_cast<int>(found->second.size()))
    return {nullptr};
  for (int id : found->second[instance]) result.push_back(definitions_[id]);
  return result;
}

}  // namespace adrace::analyzer
