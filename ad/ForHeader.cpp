#include "ad/ForHeader.h"

#include "analyzer/frontend/LoopHeader.h"

namespace adrace::ad {

namespace {
bool isMinusOne(const c::ExprRef& expr) {
  return expr->kind == c::Expr::Kind::Prefix && expr->op == c::Op::Minus && c::isOneLiteral(expr->operands[0]);
}
}  // namespace

bool ForHeader::stepsUp() const { return c::isOneLiteral(step); }
bool ForHeader::stepsDown() const { return isMinusOne(step); }

c::ExprRef operandOf(const c::ExprRef& expr) {
  switch (expr->kind) {
    case c::Expr::Kind::Name:
    case c::Expr::Kind::Literal:
    case c::Expr::Kind::Call:
    case c::Expr::Kind::Subscript:
    case c::Expr::Kind::Member:
    case c::Expr::Kind::Paren: return expr;
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
  bool negative = expr->kind == c::Expr::Kind::Prefix && expr->op == c::Op::Minus;
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
  if (c::isOneLiteral(by)) return c::postIncrement(counter);
  if (isMinusOne(by)) return c::postDecrement(counter);
  if (by->kind == c::Expr::Kind::Prefix && by->op == c::Op::Minus) return c::subAssign(counter, by->operands[0]);
  return c::addAssign(counter, by);
}
}  // namespace

c::ExprRef ForHeader::stepForward() const { return stepBy(c::name(counter->getNameAsString()), step); }

c::ExprRef ForHeader::stepBackward() const { return stepBy(c::name(counter->getNameAsString()), c::negate(step)); }

const clang::VarDecl* loopCounter(const clang::ForStmt* loop) {
  analyzer::LoopHeader init;
  return analyzer::readLoopInit(*loop, init) ? init.counter : nullptr;
}

const clang::Expr* loopStart(const clang::ForStmt* loop) {
  analyzer::LoopHeader init;
  return analyzer::readLoopInit(*loop, init) ? init.first : nullptr;
}

namespace {
// The comparison as the runtime's adrace_trip_count names it, and as C writes it.
void setComparison(ForHeader& header, smt::Comparison comparison) {
  switch (comparison) {
    case smt::Comparison::Less:
      header.comparison = "ADRACE_LT";
      header.op = c::Op::Less;
      return;
    case smt::Comparison::LessEqual:
      header.comparison = "ADRACE_LE";
      header.op = c::Op::LessEqual;
      return;
    case smt::Comparison::Greater:
      header.comparison = "ADRACE_GT";
      header.op = c::Op::Greater;
      return;
    case smt::Comparison::GreaterEqual:
      header.comparison = "ADRACE_GE";
      header.op = c::Op::GreaterEqual;
      return;
    case smt::Comparison::NotEqual:
      header.comparison = "ADRACE_NE";
      header.op = c::Op::NotEqual;
      return;
  }
}

// `a < b ? a : b`, the bound of `i < a && i < b`.
c::ExprRef smallerOf(const c::ExprRef& a, const c::ExprRef& b) {
  c::ExprRef first = operandOf(a), second = operandOf(b);
  return c::parenthesized(c::conditional(c::less(first, second), first, second));
}
}  // namespace

// The analyzer reads the header (analyzer/frontend/LoopHeader.h); this adds what the sweeps need
// of the counter (a local they may declare again) and builds the trees.
std::optional<ForHeader> parseForHeader(AdjointContext& context, const clang::ForStmt* loop) {
  analyzer::LoopHeader typed;
  std::string reason;
  if (!analyzer::readLoopHeader(*loop, typed, reason, analyzer::LoopBounds::SmallerOfTwo)) {
    context.unsupported(loop->getBeginLoc(), reason);
    return std::nullopt;
  }
  ForHeader header;
  header.loop = loop;
  header.counter = typed.counter;
  if (llvm::isa<clang::ParmVarDecl>(header.counter) || !header.counter->hasLocalStorage() ||
      header.counter->isStaticLocal()) {
    context.unsupported(loop->getInit()->getBeginLoc(),
                        "loop counter '" + header.counter->getNameAsString() +
                            "' must be a local variable (not a parameter, a global or a static)");
    return std::nullopt;
  }
  header.declaredInHeader = llvm::isa<clang::DeclStmt>(loop->getInit());
  header.counterType = context.from.type(header.counter->getType().getUnqualifiedType());
  header.firstExpr = typed.first;
  header.first = context.tree(typed.first);
  setComparison(header, typed.comparison);
  header.boundExpr = typed.bound;
  header.boundExpr2 = typed.secondBound;
  header.bound = context.tree(typed.bound);
  if (typed.secondBound) header.bound = smallerOf(header.bound, context.tree(typed.secondBound));
  header.stepExpr = typed.step;
  if (typed.step) {
    header.step = context.tree(typed.step);
    if (typed.negateStep) header.step = c::negate(header.step);
  } else {
    header.step = c::integer(typed.unitStep);
  }
  return header;
}

}  // namespace adrace::ad
