#include "ad/ForHeader.h"

namespace adrace::ad {

std::string ForHeader::tripCount() const {
  return "adrace_trip_count(" + first + ", " + bound + ", " + step + ", " + comparison + ")";
}

std::string ForHeader::counterAt(const std::string& k) const {
  bool simpleFirst = first.find(' ') == std::string::npos;
  bool simpleStep = step.find(' ') == std::string::npos && step[0] != '-';
  std::string term = step == "1" ? "(" + counterType + ")" + k : "(" + counterType + ")" + k + " * " + (simpleStep ? step : "(" + step + ")");
  if (first == "0") return term;
  return (simpleFirst ? first : "(" + first + ")") + " + " + term;
}

std::string ForHeader::counterValue(const std::string& k) const {
  bool simpleFirst = first.find(' ') == std::string::npos;
  bool simpleStep = step.find(' ') == std::string::npos && step[0] != '-';
  std::string term = step == "1" ? k : k + " * " + (simpleStep ? step : "(" + step + ")");
  std::string value = first == "0" ? term : (simpleFirst ? first : "(" + first + ")") + " + " + term;
  return "(" + counterType + ")" + (value.find(' ') == std::string::npos ? value : "(" + value + ")");
}

namespace {
// "i++", "i--", "i += c", "i -= c" for `by` (a step as ForHeader writes it: "1", "-1", "c", "-c").
std::string stepBy(const std::string& counter, const std::string& by) {
  if (by == "1") return counter + "++";
  if (by == "-1") return counter + "--";
  if (by[0] == '-') return counter + " -= " + by.substr(1);
  return counter + " += " + by;
}
}  // namespace

std::string ForHeader::stepForward() const { return stepBy(counter->getNameAsString(), step); }

std::string ForHeader::stepBackward() const {
  return stepBy(counter->getNameAsString(), step[0] == '-' ? step.substr(1) : "-" + step);
}

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
  header.counterType = header.counter->getType().getUnqualifiedType().getAsString();
  header.firstExpr = loopStart(loop);
  header.first = context.text(header.firstExpr);

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
  header.bound = context.text(bound);
  if (header.boundExpr2) {
    std::string a = context.operand(bound), b = context.operand(header.boundExpr2);
    header.bound = "(" + a + " < " + b + " ? " + a + " : " + b + ")";
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
    header.step = unary->isIncrementOp() ? "1" : "-1";
  } else if (auto* binary = llvm::dyn_cast_or_null<clang::BinaryOperator>(inc); binary && isCounter(binary->getLHS()) &&
             (binary->getOpcode() == clang::BO_AddAssign || binary->getOpcode() == clang::BO_SubAssign)) {
    header.stepExpr = binary->getRHS();
    header.step = (binary->getOpcode() == clang::BO_SubAssign ? "-" : "") + context.operand(binary->getRHS());
  } else if (binary && isCounter(binary->getLHS()) && binary->getOpcode() == clang::BO_Assign) {
    auto* sum = llvm::dyn_cast<clang::BinaryOperator>(binary->getRHS()->IgnoreParens());
    if (!sum || sum->getOpcode() != clang::BO_Add || !isCounter(sum->getLHS()))
      return fail(inc->getBeginLoc(), "loop increment must be i++, i--, i += c, i -= c or i = i + c");
    header.stepExpr = sum->getRHS();
    header.step = context.operand(sum->getRHS());
  } else {
    return fail(loop->getBeginLoc(), "loop increment must be i++, i--, i += c, i -= c or i = i + c");
  }
  return header;
}

}  // namespace adrace::ad
