#include "analyzer/frontend/AccumulatingLoops.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/PerfectNest.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace adrace::analyzer {
namespace {

std::string lineOf(const clang::Stmt* statement, const clang::ASTContext& context) {
  return " (line " + std::to_string(positionOf(statement->getBeginLoc(), context.getSourceManager()).line) + ")";
}

// The `acc += e` / `acc -= e` updates of a loop body whose left side is a local scalar, and the
// first write of anything else (as a failure, "" when there is none).
struct Updates {
  std::map<const clang::VarDecl*, std::vector<const clang::CompoundAssignOperator*>> accumulations;
  std::string failure;
};

void collectUpdates(const clang::Stmt* statement, const clang::ASTContext& context, Updates& updates) {
  if (!statement || !updates.failure.empty()) return;
  if (auto* compound = llvm::dyn_cast<clang::CompoundAssignOperator>(statement)) {
    const clang::VarDecl* variable = variableOf(compound->getLHS());
    bool accumulates = compound->getOpcode() == clang::BO_AddAssign || compound->getOpcode() == clang::BO_SubAssign;
    if (variable && accumulates && variable->getType()->isRealFloatingType() && variable->isLocalVarDecl()) {
      updates.accumulations[variable].push_back(compound);
      collectUpdates(compound->getRHS(), context, updates);
      return;
    }
    updates.failure = "it writes " + sourceText(compound->getLHS(), context) + " with " +
                      compound->getOpcodeStr().str() + lineOf(compound, context);
    return;
  }
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(statement); binary && binary->isAssignmentOp()) {
    updates.failure = "it assigns " + sourceText(binary->getLHS(), context) + " with =" + lineOf(binary, context);
    return;
  }
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(statement);
      unary && (unary->isIncrementDecrementOp() || unary->getOpcode() == clang::UO_AddrOf)) {
    updates.failure =
        "it writes (or takes the address of) " + sourceText(unary->getSubExpr(), context) + lineOf(unary, context);
    return;
  }
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    updates.failure = "it declares a variable of its own" + lineOf(declaration, context);
    return;
  }
  for (const clang::Stmt* child : statement->children()) collectUpdates(child, context, updates);
}

// The first use of `variable` in `statement` that is not the left side of one of `updates`, or null.
const clang::DeclRefExpr* otherUse(const clang::Stmt* statement, const clang::VarDecl* variable,
                                   const std::set<const clang::Expr*>& updatedSides) {
  if (!statement) return nullptr;
  if (auto* expression = llvm::dyn_cast<clang::Expr>(statement); expression && updatedSides.count(expression))
    return nullptr;
  if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(statement); reference && reference->getDecl() == variable)
    return reference;
  for (const clang::Stmt* child : statement->children())
    if (const clang::DeclRefExpr* use = otherUse(child, variable, updatedSides)) return use;
  return nullptr;
}

// Whether `statement` declares `variable` (with or without an initializer that does not read it).
bool declares(const clang::Stmt* statement, const clang::VarDecl* variable) {
  auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement);
  if (!declaration) return false;
  for (const clang::Decl* decl : declaration->decls())
    if (decl == variable) return true;
  return false;
}

// Why `variable`, updated by `loop` at `updates`, is not an accumulator of it, or "".
std::string accumulatorFails(const clang::VarDecl* variable,
                             const std::vector<const clang::CompoundAssignOperator*>& updates,
                             const clang::ForStmt* loop, const std::vector<const clang::Stmt*>& statements,
                             const clang::ASTContext& context) {
  const std::string name = variable->getNameAsString();
  std::set<const clang::Expr*> updatedSides;
  for (const clang::CompoundAssignOperator* update : updates)
    updatedSides.insert(update->getLHS()->IgnoreParenImpCasts());
  if (const clang::DeclRefExpr* use = otherUse(loop->getBody(), variable, updatedSides))
    return name + " is read other than by its own update" + lineOf(use, context);
  bool declared = false;
  for (const clang::Stmt* statement : statements) {
    if (statement == loop) {
      if (!declared) return name + " is not declared or set on the loop body's root before the inner loop";
      continue;
    }
    const bool beforeLoop = statement->getBeginLoc() < loop->getBeginLoc();
    if (beforeLoop && declares(statement, variable)) {
      declared = true;
      if (auto* init = variable->getInit(); init && otherUse(init, variable, {}))
        return name + " reads itself in its initializer";
      continue;
    }
    // C89: `acc = 0.0f;` on the root (acc private) starts the sum as a declaration would.
    if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement);
        beforeLoop && assignment && assignment->getOpcode() == clang::BO_Assign &&
        variableOf(assignment->getLHS()) == variable) {
      if (otherUse(assignment->getRHS(), variable, {}))
        return name + " reads itself where it is set" + lineOf(assignment, context);
      declared = true;
      continue;
    }
    if (beforeLoop) {
      if (const clang::DeclRefExpr* use = otherUse(statement, variable, {}))
        return name + " is used before the inner loop" + lineOf(use, context);
      continue;
    }
    Updates after;
    collectUpdates(statement, context, after);
    if (after.accumulations.count(variable) || [&] {
          // any write of it after the loop: an assignment, ++/--, its address
          std::function<bool(const clang::Stmt*)> writes = [&](const clang::Stmt* node) -> bool {
            if (!node) return false;
            if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(node); binary && binary->isAssignmentOp())
              if (variableOf(binary->getLHS()) == variable) return true;
            if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(node);
                unary && (unary->isIncrementDecrementOp() || unary->getOpcode() == clang::UO_AddrOf))
              if (variableOf(unary->getSubExpr()) == variable) return true;
            for (const clang::Stmt* child : node->children())
              if (writes(child)) return true;
            return false;
          };
          return writes(statement);
        }())
      return name + " is written after the inner loop" + lineOf(statement, context);
  }
  return "";
}

}  // namespace

std::vector<AccumulatingLoopModel> accumulatingLoopsOf(const clang::Stmt& body, IndexTranslator& translator,
                                                       const ContextBuilder& contexts, clang::ASTContext& context) {
  std::vector<const clang::Stmt*> statements;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(&body))
    statements.assign(block->body_begin(), block->body_end());
  else
    statements.push_back(&body);
  std::vector<AccumulatingLoopModel> loops;
  std::map<const clang::VarDecl*, int> updatingLoops;  // how many of the loops update each local
  for (const clang::Stmt* statement : statements) {
    auto* loop = llvm::dyn_cast<clang::ForStmt>(statement);
    if (!loop) continue;
    std::optional<InnerLoopModel> inner = innerLoopOf(*loop, translator, contexts, context);
    if (!inner) continue;
    AccumulatingLoopModel model;
    model.loop = std::move(*inner);
    // A perfect nest inside (for (a ...) for (b ...) acc += ...): its innermost body updates.
    const clang::Stmt* updating = loop->getBody();
    while (const clang::ForStmt* nested = nestedLoop(onlyStatement(updating))) {
      std::optional<InnerLoopModel> level = innerLoopOf(*nested, translator, contexts, context);
      if (!level) break;  // its header is then a write collectUpdates reports
      model.nested.push_back(std::move(*level));
      updating = nested->getBody();
    }
    Updates updates;
    collectUpdates(updating, context, updates);
    model.failure = updates.failure;
    for (const auto& [variable, sites] : updates.accumulations) {
      ++updatingLoops[variable];
      if (model.failure.empty()) model.failure = accumulatorFails(variable, sites, loop, statements, context);
      model.accumulators.push_back(variable->getNameAsString());
    }
    loops.push_back(std::move(model));
  }
  // An accumulator two loops update has, in the first, an adjoint the second's statements changed.
  for (AccumulatingLoopModel& model : loops)
    for (const auto& [variable, count] : updatingLoops)
      if (count > 1 && model.failure.empty() &&
          std::find(model.accumulators.begin(), model.accumulators.end(), variable->getNameAsString()) !=
              model.accumulators.end())
        model.failure = variable->getNameAsString() + " is updated by more than one inner loop";
  return loops;
}

}  // namespace adrace::analyzer
