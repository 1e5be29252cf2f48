#include "smt/IndexExpr.h"

#include <limits>
#include <optional>
#include <utility>

namespace adrace::smt {
namespace {

ExprRef node(Expr::Op op, std::vector<ExprRef> args) {
  auto expr = std::make_shared<Expr>();
  expr->op = op;
  expr->args = std::move(args);
  return expr;
}

std::optional<std::int64_t> constantValue(const ExprRef& expr) {
  if (expr->op == Expr::Op::Const) return expr->value;
  return std::nullopt;
}

bool isConstant(const ExprRef& expr, std::int64_t value) { return expr->op == Expr::Op::Const && expr->value == value; }

// An expression seen as base + offset, so that (x + 3) + 4 folds to x + 7 and (x + 1) - 1 to x.
struct OffsetForm {
  ExprRef base;
  std::int64_t offset = 0;
};

OffsetForm splitOffset(const ExprRef& expr) {
  if (expr->op == Expr::Op::Add || expr->op == Expr::Op::Sub) {
    if (auto tail = constantValue(expr->args[1])) {
      if (expr->op == Expr::Op::Add) return {expr->args[0], *tail};
      if (*tail != std::numeric_limits<std::int64_t>::min()) return {expr->args[0], -*tail};
    }
  }
  return {expr, 0};
}

// base + offset, written "base - 3" rather than "base + -3".
ExprRef withOffset(const ExprRef& base, std::int64_t offset) {
  if (offset == 0) return base;
  if (offset < 0 && offset != std::numeric_limits<std::int64_t>::min())
    return node(Expr::Op::Sub, {base, constant(-offset)});
  return node(Expr::Op::Add, {base, constant(offset)});
}

// lhs + rhs where rhs is a constant and lhs is not: merge rhs into lhs's constant tail.
ExprRef addOffset(const ExprRef& lhs, std::int64_t rhs) {
  OffsetForm form = splitOffset(lhs);
  std::int64_t total = 0;
  if (__builtin_add_overflow(form.offset, rhs, &total)) return node(Expr::Op::Add, {lhs, constant(rhs)});
  return withOffset(form.base, total);
}

// C++ division truncates like C's; division by zero and MIN / -1 (undefined) stay symbolic.
bool foldableDivision(std::int64_t dividend, std::int64_t divisor) {
  return divisor != 0 && !(dividend == std::numeric_limits<std::int64_t>::min() && divisor == -1);
}

// Binding strength for printing: a child binding less tightly than its parent needs parentheses.
int precedence(const Expr& expr) {
  switch (expr.op) {
    case Expr::Op::Add:
    case Expr::Op::Sub: return 1;
    case Expr::Op::Mul:
    case Expr::Op::Div:
    case Expr::Op::Mod: return 2;
    case Expr::Op::Neg: return 3;
    case Expr::Op::IfLess: return 0;
    case Expr::Op::Const: return expr.value < 0 ? 3 : 4;  // "-3" reads as a unary minus
    case Expr::Op::Var:
    case Expr::Op::Read: return 4;
  }
  return 4;
}

const char* operatorText(Expr::Op op) {
  switch (op) {
    case Expr::Op::Add: return " + ";
    case Expr::Op::Sub: return " - ";
    case Expr::Op::Mul: return " * ";
    case Expr::Op::Div: return " / ";
    case Expr::Op::Mod: return " % ";
    default: return "";
  }
}

std::string symbolText(const Expr& expr, bool primed) {
  std::string text = expr.name;
  if (expr.instance != 0) text += "#" + std::to_string(expr.instance);
  if (primed && expr.scope != Scope::Shared) text += "'";
  return text;
}

std::string print(const ExprRef& expr, bool primed);

std::string printOperand(const ExprRef& operand, int minimumPrecedence, bool primed) {
  std::string text = print(operand, primed);
  if (precedence(*operand) < minimumPrecedence) return "(" + text + ")";
  return text;
}

std::string print(const ExprRef& expr, bool primed) {
  switch (expr->op) {
    case Expr::Op::Const: return std::to_string(expr->value);
    case Expr::Op::Var: return symbolText(*expr, primed);
    case Expr::Op::Read: {
      std::string text = symbolText(*expr, primed);
      for (const ExprRef& subscript : expr->args) text += "[" + print(subscript, primed) + "]";
      return text;
    }
    case Expr::Op::Neg: {
      std::string operand = printOperand(expr->args[0], 3, primed);
      return operand[0] == '-' ? "-(" + operand + ")" : "-" + operand;  // never "--"
    }
    case Expr::Op::IfLess:  // each part parenthesised unless it is a sum or tighter
      return printOperand(expr->args[0], 1, primed) + " < " + printOperand(expr->args[1], 1, primed) + " ? " +
             printOperand(expr->args[2], 1, primed) + " : " + printOperand(expr->args[3], 1, primed);
    default: {
      // Left-associative: the right operand needs parentheses even at equal precedence.
      int own = precedence(*expr);
      return printOperand(expr->args[0], own, primed) + operatorText(expr->op) +
             printOperand(expr->args[1], own + 1, primed);
    }
  }
}

}  // namespace

ExprRef constant(std::int64_t value) {
  auto expr = std::make_shared<Expr>();
  expr->value = value;
  return expr;
}

ExprRef variable(std::string name, int instance, Scope scope) {
  auto expr = std::make_shared<Expr>();
  expr->op = Expr::Op::Var;
  expr->name = std::move(name);
  expr->instance = instance;
  expr->scope = scope;
  return expr;
}

ExprRef arrayRead(std::string array, std::vector<ExprRef> subscripts, int instance, Scope scope) {
  auto expr = std::make_shared<Expr>();
  expr->op = Expr::Op::Read;
  expr->name = std::move(array);
  expr->instance = instance;
  expr->scope = scope;
  expr->args = std::move(subscripts);
  return expr;
}

ExprRef add(ExprRef lhs, ExprRef rhs) {
  auto left = constantValue(lhs);
  auto right = constantValue(rhs);
  std::int64_t folded = 0;
  if (left && right && !__builtin_add_overflow(*left, *right, &folded)) return constant(folded);
  if (left && *left == 0) return rhs;
  if (right && !left) return addOffset(lhs, *right);
  return node(Expr::Op::Add, {std::move(lhs), std::move(rhs)});
}

ExprRef sub(ExprRef lhs, ExprRef rhs) {
  auto left = constantValue(lhs);
  auto right = constantValue(rhs);
  std::int64_t folded = 0;
  if (left && right && !__builtin_sub_overflow(*left, *right, &folded)) return constant(folded);
  if (right && !left && *right != std::numeric_limits<std::int64_t>::min()) return addOffset(lhs, -*right);
  return node(Expr::Op::Sub, {std::move(lhs), std::move(rhs)});
}

ExprRef mul(ExprRef lhs, ExprRef rhs) {
  auto left = constantValue(lhs);
  auto right = constantValue(rhs);
  std::int64_t folded = 0;
  if (left && right && !__builtin_mul_overflow(*left, *right, &folded)) return constant(folded);
  if (isConstant(lhs, 0) || isConstant(rhs, 0)) return constant(0);
  if (isConstant(lhs, 1)) return rhs;
  if (isConstant(rhs, 1)) return lhs;
  return node(Expr::Op::Mul, {std::move(lhs), std::move(rhs)});
}

ExprRef div(ExprRef lhs, ExprRef rhs) {
  auto left = constantValue(lhs);
  auto right = constantValue(rhs);
  if (left && right && foldableDivision(*left, *right)) return constant(*left / *right);
  if (isConstant(rhs, 1)) return lhs;
  return node(Expr::Op::Div, {std::move(lhs), std::move(rhs)});
}

ExprRef mod(ExprRef lhs, ExprRef rhs) {
  auto left = constantValue(lhs);
  auto right = constantValue(rhs);
  if (left && right && foldableDivision(*left, *right)) return constant(*left % *right);
  return node(Expr::Op::Mod, {std::move(lhs), std::move(rhs)});
}

ExprRef neg(ExprRef operand) {
  auto value = constantValue(operand);
  if (value && *value != std::numeric_limits<std::int64_t>::min()) return constant(-*value);
  if (operand->op == Expr::Op::Neg) return operand->args[0];
  return node(Expr::Op::Neg, {std::move(operand)});
}

ExprRef ifLess(ExprRef a, ExprRef b, ExprRef whenLess, ExprRef otherwise) {
  auto left = constantValue(a);
  auto right = constantValue(b);
  if (left && right) return *left < *right ? whenLess : otherwise;
  if (sameExpr(whenLess, otherwise)) return whenLess;
  return node(Expr::Op::IfLess, {std::move(a), std::move(b), std::move(whenLess), std::move(otherwise)});
}

std::string toString(const ExprRef& expr, bool primed) { return print(expr, primed); }

std::string toString(const IndexTuple& tuple, bool primed) {
  std::string text;
  for (const ExprRef& component : tuple) text += "[" + print(component, primed) + "]";
  return text;
}

bool sameExpr(const ExprRef& a, const ExprRef& b) {
  if (a == b) return true;
  if (a->op != b->op) return false;
  switch (a->op) {
    case Expr::Op::Const: return a->value == b->value;
    case Expr::Op::Var:
    case Expr::Op::Read:
      if (a->name != b->name || a->instance != b->instance || a->scope != b->scope) return false;
      break;
    default: break;
  }
  return sameTuple(a->args, b->args);
}

bool sameTuple(const IndexTuple& a, const IndexTuple& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (!sameExpr(a[k], b[k])) return false;
  return true;
}

bool readsArray(const ExprRef& expr) {
  bool found = false;
  forEachSymbol(expr, [&](const Expr& symbol) { found = found || symbol.op == Expr::Op::Read; });
  return found;
}

bool readsArray(const IndexTuple& tuple) {
  for (const ExprRef& component : tuple)
    if (readsArray(component)) return true;
  return false;
}

void forEachSymbol(const ExprRef& expr, const std::function<void(const Expr&)>& visit) {
  if (expr->op == Expr::Op::Var || expr->op == Expr::Op::Read) visit(*expr);
  for (const ExprRef& arg : expr->args) forEachSymbol(arg, visit);
}

}  // namespace adrace::smt
