#include "ad/ForHeader.h"

namespace adrace::ad {

namespace {
bool isMinusOne(const c::ExprRef& expr) {
  return expr->kind == c::Expr::Kind::Prefix && expr->text == "-" && c::isOneLiteral(expr->operands[0]);
}
}  // namespace

bool ForHeader::stepsUp() const { return c::isOneLiteral(step); }
bool ForHeader::stepsDown() const { return isMinusOne(step); }

c::ExprRef operandOf(const c::ExprRef& expr) {
  switch (expr->kind) {
    case c::Expr::Kind::Name: case c::Expr::Kind::Literal: case c::Expr::Kind::Call: case c::Expr::Kind::Subscript:
    case c::Expr::Kind::Member: case c::Expr::Kind::Paren: return expr;
    default: return c::parenthesized(expr);
  }
}

c::ExprRef ForHeader::tripCount() const {
  return c::call("adrace_trip_count", {first, bound, step, c::name(comparison)});
}

namespace {
// An operand the counter formulas keep in parentheses for the reader: `(2 + offset) + k * 2`,
// `k * (-1)` (an operator expression, or a negative step).
c::ExprRef grouped(const c::ExprRef& expr, bool negativeToo) {
  bool compound = expr->kind == c::Expr::Kind::Binary || expr->kind == c::Expr::Kind::Conditional ||
                  expr->kind == c::Expr::Kind::Assign;
  bool negative = expr->kind == c::Expr::Kind::Prefix && expr->text == "-";
  return compound || (negativeToo && negative) ? c::parenthesized(expr) : expr;
}
}  // namespace

c::ExprRef ForHeader::counterAt(const c::ExprRef& k) const {
  c::ExprRef term = c::mul(c::cast(counterType, k), grouped(step, true));
  return c::isZeroLiteral(first) ? term : c::add(grouped(first, false), term);
}

c::ExprRef ForHeader::counterValue(const c::ExprRef& k) const {
  c::ExprRef term = c::mul(k, grouped(step, true));
  return c::cast(counterType, c::isZeroLiteral(first) ? term : c::add(grouped(first, false), term));
}

c::StmtRef ForHeader::declareCounter(c::ExprRef value) const {
  return c::declaration(counterType, counter->getNameAsString(), std::move(value));
}

namespace {
// i++, i--, i += c, i -= c for a step `by`.
c::ExprRef stepBy(const c::ExprRef& counter, const c::ExprRef& by) {
  if (c::isOneLiteral(by)) return c::postfix("++", counter);
  if (isMinusOne(by)) return c::postfix("--", counter);
  if (by->kind == c::Expr::Kind::Prefix && by->text == "-") return c::assign("-=", counter, by->operands[0]);
  return c::assign("+=", counter, by);
}
}  // namespace

c::ExprRef ForHeader::stepForward() const { return stepBy(c::name(counter->getNameAsString()), step); }

c::ExprRef ForHeader::stepBackward() const { return stepBy(c::name(counter->getNameAsString()), c::negate(step)); }

const clang::VarDecl* loopCounter(const clang::ForStmt* loop) {
  const clang::Stmt* init = loop->getInit();
  if (auto* declaration = llvm::dyn_cast_or_null<clang::DeclStmt>(init))
    return declaration->isSingleDecl() ? llvm::dyn_cast<clang::VarDecl>(declaration->getSingleDecl()) : nullptr;
  auto* expr = llvm::dyn_cast_or_null<clang::Expr>(init);
  auto* assignment = expr ? llvm::dyn_cast<clang::BinaryOperator>(expr->IgnoreParens()) : nullptr;
  if (!assignment || assignment->getOpcode() != clang::BO_Assign) return nullptr;
  auto* target = llvm::dyn_cast<clang::DeclRefExpr>(assignment->getLHS()->IgnoreParens());
  return target ? llvm::dyn_cast<clang::VarDecl>(target->getDecl()) : nullptr;
}

const clang::Expr* loopStart(const clang::ForStmt* loop) {
  const clang::VarDecl* counter = loopCounter(loop);
  if (!counter) return nullptr;
  if (llvm::isa<clang::DeclStmt>(loop->getInit())) return counter->getInit();
  return llvm::cast<clang::BinaryOperator>(llvm::cast<clang::Expr>(loop->getInit())->IgnoreParens())->getRHS();
}

std::optional<ForHeader> parseForHeader(AdjointContext& context, const clang::ForStmt* loop) {
  ForHeader header;
  header.loop = loop;
  auto fail = [&](clang::SourceLocation at, const std::string& what) -> std::optional<ForHeader> {
    context.unsupported(at, what);
    return std::nullopt;
  };
  header.counter = loopCounter(loop);
  if (!header.counter)
    return fail(loop->getBeginLoc(), "loop init must declare or assign the counter (for (int i = ...; ...) or for (i = ...; ...))");
  header.declaredInHeader = llvm::isa<clang::DeclStmt>(loop->getInit());
  if (!header.counter->getType()->isIntegerType() || !loopStart(loop))
    return fail(header.counter->getLocation(), "loop counter must be an initialised integer");
  if (llvm::isa<clang::ParmVarDecl>(header.counter) || !header.counter->hasLocalStorage() || header.counter->isStaticLocal())
    return fail(loop->getInit()->getBeginLoc(), "loop counter '" + header.counter->getNameAsString() +
                                                    "' must be a local variable (not a parameter, a global or a static)");
  header.counterType = c::plainType(header.counter->getType().getUnqualifiedType().getAsString());
  header.firstExpr = loopStart(loop);
  header.first = context.tree(header.firstExpr);

  auto isCounter = [&](const clang::Expr* e) {
    auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref && ref->getDecl() == header.counter;
  };
  auto* cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(loop->getCond());
  if (cond && cond->getOpcode() == clang::BO_LAnd) {
    auto* left = llvm::dyn_cast<clang::BinaryOperator>(cond->getLHS()->IgnoreParens());
    auto* right = llvm::dyn_cast<clang::BinaryOperator>(cond->getRHS()->IgnoreParens());
    if (!left || !right || left->getOpcode() != right->getOpcode() ||
        (left->getOpcode() != clang::BO_LT && left->getOpcode() != clang::BO_LE) || !isCounter(left->getLHS()) ||
        !isCounter(right->getLHS()))
      return fail(loop->getBeginLoc(), "loop condition must compare the counter (i < bound, or i < a && i < b)");
    header.boundExpr2 = right->getRHS();
    cond = left;
  }
  if (!cond || !cond->isComparisonOp() || cond->getOpcode() == clang::BO_EQ)
    return fail(loop->getBeginLoc(), "loop condition must compare the counter (i < bound)");
  clang::BinaryOperatorKind op = cond->getOpcode();
  const clang::Expr* bound = cond->getRHS();
  if (!isCounter(cond->getLHS())) {
    if (!isCounter(cond->getRHS())) return fail(cond->getBeginLoc(), "loop condition must compare the counter");
    bound = cond->getLHS();
    op = op == clang::BO_LT ? clang::BO_GT : op == clang::BO_GT ? clang::BO_LT : op == clang::BO_LE ? clang::BO_GE
       : op == clang::BO_GE ? clang::BO_LE : op;
  }
  header.boundExpr = bound;
  header.bound = context.tree(bound);
  if (header.boundExpr2) {
    c::ExprRef a = operandOf(header.bound), b = operandOf(context.tree(header.boundExpr2));
    header.bound = c::parenthesized(c::conditional(c::binary("<", a, b), a, b));
  }
  switch (op) {
    case clang::BO_LT: header.comparison = "ADRACE_LT"; header.op = "<"; break;
    case clang::BO_LE: header.comparison = "ADRACE_LE"; header.op = "<="; break;
    case clang::BO_GT: header.comparison = "ADRACE_GT"; header.op = ">"; break;
    case clang::BO_GE: header.comparison = "ADRACE_GE"; header.op = ">="; break;
    default: header.comparison = "ADRACE_NE"; header.op = "!="; break;
  }
  const clang::Expr* inc = loop->getInc() ? loop->getInc()->IgnoreParens() : nullptr;
  if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(inc); unary && unary->isIncrementDecrementOp() && isCounter(unary->getSubExpr())) {
    header.step = unary->isIncrementOp() ? c::integer(1) : c::integer(-1);
  } else if (auto* binary = llvm::dyn_cast_or_null<clang::BinaryOperator>(inc); binary && isCounter(binary->getLHS()) &&
             (binary->getOpcode() == clang::BO_AddAssign || binary->getOpcode() == clang::BO_SubAssign)) {
    header.stepExpr = binary->getRHS();
    header.step = context.tree(binary->getRHS());
    if (binary->getOpcode() == clang::BO_SubAssign) header.step = c::negate(header.step);
  } else if (binary && isCounter(binary->getLHS()) && binary->getOpcode() == clang::BO_Assign) {
    auto* sum = llvm::dyn_cast<clang::BinaryOperator>(binary->getRHS()->IgnoreParens());
    if (!sum || sum->getOpcode() != clang::BO_Add || !isCounter(sum->getLHS()))
      return fail(inc->getBeginLoc(), "loop increment must be i++, i--, i += c, i -= c or i = i + c");
    header.stepExpr = sum->getRHS();
    header.step = context.tree(sum->getRHS());
  } else {
    return fail(loop->getBeginLoc(), "loop increment must be i++, i--, i += c, i -= c or i = i + c");
  }
  return header;
}

}  // namespace adrace::ad
