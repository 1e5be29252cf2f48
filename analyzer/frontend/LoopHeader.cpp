#include "analyzer/frontend/LoopHeader.h"

#include "analyzer/frontend/ClangSource.h"
#include <clang/AST/Expr.h>

namespace adrace::analyzer {
namespace {

smt::Comparison mirrored(smt::Comparison comparison) {
  switch (comparison) {
    case smt::Comparison::Less: return smt::Comparison::Greater;
    case smt::Comparison::LessEqual: return smt::Comparison::GreaterEqual;
    case smt::Comparison::Greater: return smt::Comparison::Less;
    case smt::Comparison::GreaterEqual: return smt::Comparison::LessEqual;
    case smt::Comparison::NotEqual: return smt::Comparison::NotEqual;
  }
  return comparison;
}

bool readComparison(const clang::Expr* condition, LoopHeader& header) {
  auto* comparison =
      llvm::dyn_cast_or_null<clang::BinaryOperator>(condition ? condition->IgnoreParenImpCasts() : nullptr);
  if (!comparison) return false;
  smt::Comparison kind;
  switch (comparison->getOpcode()) {
    case clang::BO_LT: kind = smt::Comparison::Less; break;
    case clang::BO_LE: kind = smt::Comparison::LessEqual; break;
    case clang::BO_GT: kind = smt::Comparison::Greater; break;
    case clang::BO_GE: kind = smt::Comparison::GreaterEqual; break;
    case clang::BO_NE: kind = smt::Comparison::NotEqual; break;
    default: return false;
  }
  if (variableOf(comparison->getLHS()) == header.counter) {
    header.comparison = kind;
    header.bound = comparison->getRHS();
  } else if (variableOf(comparison->getRHS()) == header.counter) {
    header.comparison = mirrored(kind);
    header.bound = comparison->getLHS();
  } else {
    return false;
  }
  return true;
}

// `i < a && i < b` or `i <= a && i <= b` (either comparison may be mirrored: `a > i`): the loop
// runs while the counter is below both bounds.
bool readTwoBounds(const clang::Expr* condition, LoopHeader& header) {
  auto* both = llvm::dyn_cast_or_null<clang::BinaryOperator>(condition ? condition->IgnoreParenImpCasts() : nullptr);
  if (!both || both->getOpcode() != clang::BO_LAnd) return false;
  LoopHeader second = header;
  if (!readComparison(both->getLHS(), header) || !readComparison(both->getRHS(), second)) return false;
  bool upwards = header.comparison == smt::Comparison::Less || header.comparison == smt::Comparison::LessEqual;
  if (!upwards || second.comparison != header.comparison) return false;
  header.secondBound = second.bound;
  return true;
}

bool readCondition(const clang::Expr* condition, LoopHeader& header, LoopBounds bounds) {
  if (bounds == LoopBounds::SmallerOfTwo && readTwoBounds(condition, header)) return true;
  return readComparison(condition, header);
}

bool readIncrement(const clang::Expr* increment, LoopHeader& header) {
  if (!increment) return false;
  const clang::Expr* e = increment->IgnoreParenImpCasts();
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (!unary->isIncrementDecrementOp() || variableOf(unary->getSubExpr()) != header.counter) return false;
    header.unitStep = unary->isIncrementOp() ? 1 : -1;
    return true;
  }
  auto* binary = llvm::dyn_cast<clang::BinaryOperator>(e);
  if (!binary || variableOf(binary->getLHS()) != header.counter) return false;
  switch (binary->getOpcode()) {
    case clang::BO_AddAssign: header.step = binary->getRHS(); return true;
    case clang::BO_SubAssign:
      header.step = binary->getRHS();
      header.negateStep = true;
      return true;
    case clang::BO_Assign: {
      // i = i + s, i = s + i, i = i - s
      auto* sum = llvm::dyn_cast<clang::BinaryOperator>(binary->getRHS()->IgnoreParenImpCasts());
      if (!sum) return false;
      if (sum->getOpcode() == clang::BO_Add || sum->getOpcode() == clang::BO_Sub) {
        if (variableOf(sum->getLHS()) == header.counter) {
          header.step = sum->getRHS();
          header.negateStep = sum->getOpcode() == clang::BO_Sub;
          return true;
        }
        if (sum->getOpcode() == clang::BO_Add && variableOf(sum->getRHS()) == header.counter) {
          header.step = sum->getLHS();
          return true;
        }
      }
      return false;
    }
    default: return false;
  }
}

// Whether `statement` assigns, increments or takes the address of `variable`.
bool modifies(const clang::Stmt* statement, const clang::VarDecl* variable) {
  if (!statement) return false;
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(statement);
      binary && binary->isAssignmentOp() && variableOf(binary->getLHS()) == variable)
    return true;
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(statement);
      unary && (unary->isIncrementDecrementOp() || unary->getOpcode() == clang::UO_AddrOf) &&
      variableOf(unary->getSubExpr()) == variable)
    return true;
  for (const clang::Stmt* child : statement->children())
    if (modifies(child, variable)) return true;
  return false;
}

}  // namespace

bool readLoopInit(const clang::ForStmt& loop, LoopHeader& header) {
  const clang::Stmt* init = loop.getInit();
  if (auto* declaration = llvm::dyn_cast_or_null<clang::DeclStmt>(init)) {
    if (!declaration->isSingleDecl()) return false;
    auto* variable = llvm::dyn_cast<clang::VarDecl>(declaration->getSingleDecl());
    if (!variable || !variable->getInit()) return false;
    header.counter = variable;
    header.first = variable->getInit();
    return true;
  }
  auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(init);
  if (!assignment || assignment->getOpcode() != clang::BO_Assign) return false;
  header.counter = variableOf(assignment->getLHS());
  header.first = assignment->getRHS();
  return header.counter != nullptr;
}

bool readLoopInduction(const clang::ForStmt& loop, LoopHeader& header) {
  return readLoopInit(loop, header) && header.counter->getType()->isIntegerType() &&
         readIncrement(loop.getInc(), header) && !modifies(loop.getBody(), header.counter);
}

namespace {

// The operands of a comma list, left to right: `a, b, c` gives a, b, c.
void commaOperands(const clang::Expr* expression, std::vector<const clang::Expr*>& operands) {
  const clang::Expr* e = expression->IgnoreParens();
  if (auto* comma = llvm::dyn_cast<clang::BinaryOperator>(e); comma && comma->getOpcode() == clang::BO_Comma) {
    commaOperands(comma->getLHS(), operands);
    commaOperands(comma->getRHS(), operands);
    return;
  }
  operands.push_back(e);
}

}  // namespace

bool readCounterList(const clang::ForStmt& loop, std::vector<LoopHeader>& headers) {
  headers.clear();
  if (auto* declaration = llvm::dyn_cast_or_null<clang::DeclStmt>(loop.getInit())) {
    for (const clang::Decl* declared : declaration->decls()) {
      auto* variable = llvm::dyn_cast<clang::VarDecl>(declared);
      if (!variable || !variable->getInit()) return false;
      headers.push_back({});
      headers.back().counter = variable;
      headers.back().first = variable->getInit();
    }
  } else if (auto* init = llvm::dyn_cast_or_null<clang::Expr>(loop.getInit())) {
    std::vector<const clang::Expr*> assignments;
    commaOperands(init, assignments);
    for (const clang::Expr* operand : assignments) {
      auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(operand);
      if (!assignment || assignment->getOpcode() != clang::BO_Assign || !variableOf(assignment->getLHS())) return false;
      headers.push_back({});
      headers.back().counter = variableOf(assignment->getLHS());
      headers.back().first = assignment->getRHS();
    }
  } else {
    return false;
  }
  if (!loop.getInc()) return false;
  std::vector<const clang::Expr*> increments;
  commaOperands(loop.getInc(), increments);
  if (increments.size() != headers.size()) return false;
  for (LoopHeader& header : headers) {
    bool stepped = false;
    for (const clang::Expr* increment : increments) stepped |= readIncrement(increment, header);
    if (!stepped || !header.counter->getType()->isIntegerType() || modifies(loop.getBody(), header.counter))
      return false;
    readComparison(loop.getCond(), header);  // a bound for the counter the condition compares only
  }
  return true;
}

bool readLoopHeader(const clang::ForStmt& loop, LoopHeader& header, std::string& reason, LoopBounds bounds) {
  if (!readLoopInit(loop, header)) {
    reason = "loop initialisation is not `counter = start`";
    return false;
  }
  if (!header.counter->getType()->isIntegerType()) {
    reason = "loop counter '" + header.counter->getName().str() + "' is not an integer";
    return false;
  }
  if (!readCondition(loop.getCond(), header, bounds)) {
    reason = bounds == LoopBounds::SmallerOfTwo
                 ? "loop condition is not a comparison of the counter with a bound (i < n, or i < a && i < b)"
                 : "loop condition is not a comparison of the counter with a bound";
    return false;
  }
  if (!readIncrement(loop.getInc(), header)) {
    reason = "loop increment is not ++, --, +=, -= or counter = counter + step";
    return false;
  }
  return true;
}

smt::KnowledgeBase::Relation boundRelation(smt::Comparison comparison, const smt::ExprRef& step) {
  using Relation = smt::KnowledgeBase::Relation;
  switch (comparison) {
    case smt::Comparison::Less: return Relation::Less;
    case smt::Comparison::LessEqual: return Relation::LessEqual;
    case smt::Comparison::Greater: return Relation::Greater;
    case smt::Comparison::GreaterEqual: return Relation::GreaterEqual;
    case smt::Comparison::NotEqual: break;
  }
  if (step && step->op == smt::Expr::Op::Const) return step->value > 0 ? Relation::Less : Relation::Greater;
  return Relation::NotEqual;
}

}  // namespace adrace::analyzer
