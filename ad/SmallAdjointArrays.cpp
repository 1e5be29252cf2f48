#include "ad/SmallAdjointArrays.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <vector>

namespace adrace::ad {
namespace {

struct Interval {
  std::int64_t low = 0, high = 0;
};

// Index values stay far from overflow: anything past this is not a small array's index anyway.
constexpr std::int64_t kIndexLimit = std::int64_t(1) << 40;

std::optional<Interval> bounded(std::int64_t low, std::int64_t high) {
  if (low > high || low < -kIndexLimit || high > kIndexLimit) return std::nullopt;
  return Interval{low, high};
}

const clang::VarDecl* namedVariable(const clang::Expr* expr) {
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts()))
    return llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  return nullptr;
}

// Whether `body` may change `counter`: an assignment, an increment or decrement, or its address taken.
class CounterWrites : public clang::RecursiveASTVisitor<CounterWrites> {
 public:
  explicit CounterWrites(const clang::VarDecl* counter) : counter_(counter) {}
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp() && namedVariable(op->getLHS()) == counter_) written = true;
    return !written;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if ((op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) &&
        namedVariable(op->getSubExpr()) == counter_)
      written = true;
    return !written;
  }
  bool written = false;

 private:
  const clang::VarDecl* counter_;
};

// The values a loop's counter takes in its body: `for (r = A; r <= B; r++)` (or <, or counting down
// with >= / > and --), A and B integer constants, the body never writing r. Null when it is not that.
struct CountedLoop {
  const clang::VarDecl* counter = nullptr;
  std::optional<Interval> values;
};

CountedLoop countedLoop(const clang::ForStmt& loop, const clang::ASTContext& ast) {
  CountedLoop counted;
  auto constant = [&](const clang::Expr* expr) -> std::optional<std::int64_t> {
    clang::Expr::EvalResult result;
    if (!expr || expr->isValueDependent() || !expr->EvaluateAsInt(result, ast)) return std::nullopt;
    return result.Val.getInt().getExtValue();
  };
  std::optional<std::int64_t> start;
  if (const auto* declaration = llvm::dyn_cast_or_null<clang::DeclStmt>(loop.getInit())) {
    if (declaration->isSingleDecl())
      if (const auto* var = llvm::dyn_cast<clang::VarDecl>(declaration->getSingleDecl())) {
        counted.counter = var;
        start = constant(var->getInit());
      }
  } else if (const auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(loop.getInit())) {
    if (assignment->getOpcode() == clang::BO_Assign) {
      counted.counter = namedVariable(assignment->getLHS());
      start = constant(assignment->getRHS());
    }
  }
  const auto* condition =
      llvm::dyn_cast_or_null<clang::BinaryOperator>(loop.getCond() ? loop.getCond()->IgnoreParenImpCasts() : nullptr);
  const auto* step =
      llvm::dyn_cast_or_null<clang::UnaryOperator>(loop.getInc() ? loop.getInc()->IgnoreParenImpCasts() : nullptr);
  if (!counted.counter || !start || !condition || !step || namedVariable(condition->getLHS()) != counted.counter ||
      namedVariable(step->getSubExpr()) != counted.counter)
    return counted;
  std::optional<std::int64_t> limit = constant(condition->getRHS());
  if (!limit) return counted;
  CounterWrites writes(counted.counter);
  writes.TraverseStmt(const_cast<clang::Stmt*>(loop.getBody()));
  if (writes.written) return counted;
  switch (condition->getOpcode()) {
    case clang::BO_LE:
      if (step->isIncrementOp()) counted.values = bounded(*start, *limit);
      break;
    case clang::BO_LT:
      if (step->isIncrementOp()) counted.values = bounded(*start, *limit - 1);
      break;
    case clang::BO_GE:
      if (step->isDecrementOp()) counted.values = bounded(*limit, *start);
      break;
    case clang::BO_GT:
      if (step->isDecrementOp()) counted.values = bounded(*limit + 1, *start);
      break;
    default: break;
  }
  return counted;
}

// The range of the indices of every subscript of `array` in a loop, when each index ranges over
// constants there (the counters of enclosing counted loops, plus and times constants).
class SubscriptRanges : public clang::RecursiveASTVisitor<SubscriptRanges> {
 public:
  SubscriptRanges(const clang::VarDecl* array, const clang::ASTContext& ast) : array_(array), ast_(ast) {}

  // A counter's range holds in its loop's body only (the header sees it one step past the end).
  bool TraverseForStmt(clang::ForStmt* loop) {
    for (clang::Stmt* part :
         {loop->getInit(), static_cast<clang::Stmt*>(loop->getCond()), static_cast<clang::Stmt*>(loop->getInc())})
      if (part && !TraverseStmt(part)) return false;
    loops_.push_back(countedLoop(*loop, ast_));
    bool more = TraverseStmt(loop->getBody());
    loops_.pop_back();
    return more;
  }
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* subscript) {
    const auto* base = llvm::dyn_cast<clang::DeclRefExpr>(subscript->getBase()->IgnoreParenImpCasts());
    if (!base || base->getDecl() != array_) return true;
    subscripted_.push_back(base);
    std::optional<Interval> index = range(subscript->getIdx());
    if (!index) return fail();
    indices = indices ? Interval{std::min(indices->low, index->low), std::max(indices->high, index->high)} : *index;
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {  // after its subscript, if it is one's base
    if (ref->getDecl() != array_) return true;
    ++uses_;
    return true;
  }
  // Whether every use was a subscript with a known range.
  bool complete() const { return !failed_ && uses_ == subscripted_.size(); }

  std::optional<Interval> indices;

 private:
  bool fail() {
    failed_ = true;
    return false;
  }
  std::optional<Interval> range(const clang::Expr* expr) const {
    expr = expr->IgnoreParenImpCasts();
    clang::Expr::EvalResult result;
    if (!expr->isValueDependent() && expr->EvaluateAsInt(result, ast_)) {
      std::int64_t value = result.Val.getInt().getExtValue();
      return bounded(value, value);
    }
    if (const clang::VarDecl* var = namedVariable(expr)) {
      for (auto loop = loops_.rbegin(); loop != loops_.rend(); ++loop)
        if (loop->counter == var) return loop->values;  // the innermost loop with that counter
      return std::nullopt;
    }
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr);
        unary && unary->getOpcode() == clang::UO_Minus) {
      std::optional<Interval> operand = range(unary->getSubExpr());
      return operand ? bounded(-operand->high, -operand->low) : std::nullopt;
    }
    const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr);
    if (!binary) return std::nullopt;
    std::optional<Interval> lhs = range(binary->getLHS()), rhs = range(binary->getRHS());
    if (!lhs || !rhs) return std::nullopt;
    switch (binary->getOpcode()) {
      case clang::BO_Add: return bounded(lhs->low + rhs->low, lhs->high + rhs->high);
      case clang::BO_Sub: return bounded(lhs->low - rhs->high, lhs->high - rhs->low);
      case clang::BO_Mul: {
        if (lhs->low != lhs->high && rhs->low != rhs->high) return std::nullopt;  // only times a constant
        std::int64_t products[] = {lhs->low * rhs->low, lhs->low * rhs->high, lhs->high * rhs->low,
                                   lhs->high * rhs->high};
        return bounded(*std::min_element(products, products + 4), *std::max_element(products, products + 4));
      }
      default: return std::nullopt;
    }
  }

  const clang::VarDecl* array_;
  const clang::ASTContext& ast_;
  std::vector<CountedLoop> loops_;
  std::vector<const clang::DeclRefExpr*> subscripted_;
  size_t uses_ = 0;
  bool failed_ = false;
};

}  // namespace

std::optional<SmallAdjointArray> smallAdjointArray(const AdjointContext& context, const VariableInfo& array,
                                                   const clang::ForStmt& loop) {
  if (!array.floating || !array.array || array.byValueScalar) return std::nullopt;
  // The declaration: an array of constant size (a parameter keeps it in its type as written).
  clang::QualType type = array.decl->getType();
  if (const auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(array.decl)) type = parameter->getOriginalType();
  std::uint64_t elements = 1;
  bool declared = false;
  while (const clang::ConstantArrayType* constant = context.ast.getAsConstantArrayType(type)) {
    elements *= constant->getSize().getZExtValue();
    if (elements > kSmallAdjointElements) return std::nullopt;
    type = constant->getElementType();
    declared = true;
  }
  if (declared) {
    if (!type->isRealFloatingType() || elements == 0) return std::nullopt;
    return SmallAdjointArray{elements, false};
  }
  // The loop bounds: a one-dimensional array (`double *w`, `double w[]`) each use of which subscripts it.
  if (!type->isPointerType() || !type->getPointeeType()->isRealFloatingType()) return std::nullopt;
  SubscriptRanges ranges(array.decl, context.ast);
  ranges.TraverseStmt(const_cast<clang::ForStmt*>(&loop));
  if (!ranges.complete() || !ranges.indices || ranges.indices->low < 0) return std::nullopt;
  std::uint64_t count = std::uint64_t(ranges.indices->high) + 1;
  if (count > kSmallAdjointElements) return std::nullopt;
  return SmallAdjointArray{count, true};
}

c::StmtList declareLocalSums(const LocalSums& sums) {
  return {c::withComment(c::declaration(sums.totalType, sums.total, c::name(sums.adjoint)),
                         "the adjoint, which this thread's sums below shadow"),
          c::withComment(c::declaration(sums.local, sums.adjoint, c::initList({c::integer(0)})),
                         "this thread's sums, in registers: added to the adjoint once")};
}

c::StmtRef addLocalSums(const LocalSums& sums) {
  const c::ExprRef e = c::name("adrace_e");
  c::ExprRef local = c::name(sums.adjoint), total = c::name(sums.total);
  if (sums.totalType.derivations.size() > 1) {
    local = c::cast(c::pointerTo(sums.element), local);
    total = c::cast(c::pointerTo(sums.element), total);
  }
  c::ExprRef count;  // as the local array's declaration spells it: WIDTH, not 7
  for (const c::Type::Derivation& dimension : sums.local.derivations)
    count = count ? c::mul(count, dimension.size) : dimension.size;
  return c::forLoop(c::declaration(c::plainType("long"), "adrace_e", c::integer(0)), c::less(e, count),
                    c::postIncrement(e),
                    {c::governed(c::directive(c::Omp::Atomic),
                                 c::expression(c::addAssign(c::subscript(total, e), c::subscript(local, e))))});
}

}  // namespace adrace::ad
