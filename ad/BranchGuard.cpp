#include "ad/BranchGuard.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/ParentMapContext.h>

#include <functional>
#include <vector>

namespace adrace::ad {
namespace {

// The condition as a tree, or null when evaluating it again could change the program.
c::ExprRef conditionTree(AdjointContext& context, const clang::Expr* condition, bool holds) {
  if (condition->HasSideEffects(context.ast)) return nullptr;
  c::ExprRef tree = context.tree(condition);
  return holds ? tree : c::logicalNot(c::parenthesized(tree));
}

}  // namespace

BranchGuard branchGuard(AdjointContext& context, const clang::Expr* read, const clang::ForStmt* loop) {
  BranchGuard guard;
  auto fail = [&](const clang::Stmt* at, const std::string& why) {
    guard.condition = nullptr;
    guard.failure = "the read at line " + std::to_string(context.position(at->getBeginLoc()).line) + " is " + why;
    return guard;
  };
  const clang::Stmt* node = read;
  for (int depth = 0; node && depth < 256; ++depth) {
    auto parents = context.ast.getParents(*node);
    // An initializer's parent is its variable, whose parent is the declaration statement.
    if (parents.size() == 1)
      if (const auto* variable = parents[0].get<clang::VarDecl>()) parents = context.ast.getParents(*variable);
    if (parents.size() != 1) return fail(read, "in a statement whose place the generator cannot follow");
    const clang::Stmt* parent = parents[0].get<clang::Stmt>();
    if (!parent) return fail(read, "in a statement whose place the generator cannot follow");
    if (parent == loop) {
      if (guard.condition && context.loopBody(loop) != loop->getBody())
        return fail(read, "under a branch of a body with a jump (continue or break) the sweeps rewrite");
      return guard;
    }
    if (auto* branch = llvm::dyn_cast<clang::IfStmt>(parent)) {
      if (node != branch->getThen() && node != branch->getElse()) return fail(read, "in the condition of an if");
      if (branch->getInit() || branch->getConditionVariable()) return fail(read, "under an if with a declaration");
      c::ExprRef condition = conditionTree(context, branch->getCond(), node == branch->getThen());
      if (!condition) return fail(branch, "under an if whose condition has side effects");
      guard.condition = guard.condition ? c::logicalAnd(condition, guard.condition) : condition;
    } else if (auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(parent)) {
      if (node == conditional->getCond()) return fail(read, "in the condition of a ?:");
    } else if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(parent); binary && binary->isLogicalOp()) {
      return fail(read, "in an operand of " + binary->getOpcodeStr().str());
    } else if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt, clang::SwitchStmt, clang::CapturedStmt,
                         clang::OMPExecutableDirective, clang::BinaryConditionalOperator>(parent)) {
      return fail(read, std::string("under a ") + parent->getStmtClassName() + " inside its loop");
    }
    node = parent;
  }
  return fail(read, "too deep in its loop body");
}

namespace {
struct Arm {
  const clang::ConditionalOperator* conditional;
  bool holds;  // in the true arm
};

// The `?:` arms `leaf` lies in within its statement, innermost first.
std::vector<Arm> enclosingArms(const AdjointContext& context, const clang::Expr* leaf) {
  std::vector<Arm> arms;
  const clang::Stmt* node = leaf;
  for (int depth = 0; node && depth < 256; ++depth) {
    auto parents = context.ast.getParents(*node);
    if (parents.size() == 1)
      if (const auto* variable = parents[0].get<clang::VarDecl>()) parents = context.ast.getParents(*variable);
    const clang::Stmt* parent = parents.size() == 1 ? parents[0].get<clang::Stmt>() : nullptr;
    if (!llvm::isa_and_nonnull<clang::Expr>(parent) && !llvm::isa_and_nonnull<clang::DeclStmt>(parent)) break;
    if (auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(parent);
        conditional && node != conditional->getCond())
      arms.push_back({conditional, node == conditional->getTrueExpr()});
    node = parent;
  }
  return arms;
}
}  // namespace

bool inConditionalArm(const AdjointContext& context, const clang::Expr* leaf) {
  return !enclosingArms(context, leaf).empty();
}

ArmGuard armGuard(const AdjointContext& context, const clang::Expr* leaf, const c::ExprRef& value) {
  struct Condition {
    c::ExprRef condition;
    bool holds;
  };
  std::vector<Condition> arms;  // innermost first
  for (const Arm& arm : enclosingArms(context, leaf))
    arms.push_back({context.tree(arm.conditional->getCond()), arm.holds});
  ArmGuard guard{nullptr, value};
  if (arms.empty()) return guard;
  for (const Condition& arm : arms) {
    c::ExprRef holds = arm.holds ? arm.condition : c::logicalNot(c::parenthesized(arm.condition));
    guard.condition = guard.condition ? c::logicalAnd(holds, guard.condition) : holds;
  }
  // Where every arm holds, the seeds `c ? seed : 0.0` the value carries are the seeds themselves.
  std::function<c::ExprRef(const c::ExprRef&)> within = [&](const c::ExprRef& expr) -> c::ExprRef {
    if (!expr) return expr;
    if (expr->kind == c::Expr::Kind::Conditional)
      for (const Condition& arm : arms)
        if (c::sameExpr(expr->operands[0], arm.condition) && c::isZeroLiteral(expr->operands[arm.holds ? 2 : 1]))
          return within(expr->operands[arm.holds ? 1 : 2]);
    auto copy = std::make_shared<c::Expr>(*expr);
    for (c::ExprRef& operand : copy->operands) operand = within(operand);
    return copy;
  };
  guard.value = within(value);
  return guard;
}

c::ExprRef armCondition(c::ExprRef& value) {
  c::ExprRef condition;
  while (value && value->kind == c::Expr::Kind::Conditional) {
    const std::vector<c::ExprRef>& arms = value->operands;
    c::ExprRef holds, seed;
    if (c::isZeroLiteral(arms[2]))
      holds = arms[0], seed = arms[1];
    else if (c::isZeroLiteral(arms[1]))
      holds = c::logicalNot(c::parenthesized(arms[0])), seed = arms[2];
    else
      break;
    condition = condition ? c::logicalAnd(condition, holds) : holds;
    value = seed;
  }
  return condition;
}

}  // namespace adrace::ad
