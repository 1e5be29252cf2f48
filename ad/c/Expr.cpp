#include "ad/c/Expr.h"

#include <cctype>
#include <cstdlib>

namespace adrace::ad::c {
namespace {

ExprRef node(Expr::Kind kind, std::string text, std::vector<ExprRef> operands) {
  auto expr = std::make_shared<Expr>();
  expr->kind = kind;
  expr->text = std::move(text);
  expr->operands = std::move(operands);
  return expr;
}

ExprRef node(Expr::Kind kind, Op op, std::vector<ExprRef> operands) {
  auto expr = std::make_shared<Expr>();
  expr->kind = kind;
  expr->op = op;
  expr->operands = std::move(operands);
  return expr;
}

// The value of a numeric literal whose text is a plain number (suffixes allowed), or -1 when the
// text is anything else (a character or string literal, a macro name, an exotic spelling).
double literalValue(const ExprRef& expr) {
  if (!expr || expr->kind != Expr::Kind::Literal || expr->text.empty()) return -1;
  const std::string& text = expr->text;
  if (!std::isdigit(static_cast<unsigned char>(text[0])) && text[0] != '.') return -1;
  std::string digits = text;
  bool hex = digits.size() > 1 && (digits[1] == 'x' || digits[1] == 'X');
  while (!digits.empty() && std::string(hex ? "uUlL" : "fFuUlL").find(digits.back()) != std::string::npos)
    digits.pop_back();
  char* end = nullptr;
  double value = std::strtod(digits.c_str(), &end);
  if (end == digits.c_str() || *end != '\0') return -1;
  return value;
}

}  // namespace

const char* spelling(Op op) {
  switch (op) {
    case Op::Plus: return "+";
    case Op::Minus: return "-";
    case Op::Not: return "!";
    case Op::Complement: return "~";
    case Op::Dereference: return "*";
    case Op::AddressOf: return "&";
    case Op::Increment: return "++";
    case Op::Decrement: return "--";
    case Op::Multiply: return "*";
    case Op::Divide: return "/";
    case Op::Remainder: return "%";
    case Op::Add: return "+";
    case Op::Subtract: return "-";
    case Op::ShiftLeft: return "<<";
    case Op::ShiftRight: return ">>";
    case Op::Less: return "<";
    case Op::LessEqual: return "<=";
    case Op::Greater: return ">";
    case Op::GreaterEqual: return ">=";
    case Op::Equal: return "==";
    case Op::NotEqual: return "!=";
    case Op::BitAnd: return "&";
    case Op::BitXor: return "^";
    case Op::BitOr: return "|";
    case Op::LogicalAnd: return "&&";
    case Op::LogicalOr: return "||";
    case Op::Comma: return ",";
    case Op::Assign: return "=";
    case Op::MultiplyAssign: return "*=";
    case Op::DivideAssign: return "/=";
    case Op::RemainderAssign: return "%=";
    case Op::AddAssign: return "+=";
    case Op::SubtractAssign: return "-=";
    case Op::ShiftLeftAssign: return "<<=";
    case Op::ShiftRightAssign: return ">>=";
    case Op::BitAndAssign: return "&=";
    case Op::BitXorAssign: return "^=";
    case Op::BitOrAssign: return "|=";
  }
  return "";
}

ExprRef name(std::string identifier) { return node(Expr::Kind::Name, std::move(identifier), {}); }
ExprRef literal(std::string text) { return node(Expr::Kind::Literal, std::move(text), {}); }

ExprRef integer(long long value) {
  if (value < 0) return negate(literal(std::to_string(value).substr(1)));
  return literal(std::to_string(value));
}

ExprRef prefix(Op op, ExprRef operand) {
  if (op == Op::Plus) return operand;
  if (op == Op::Minus && operand->kind == Expr::Kind::Prefix && operand->op == Op::Minus) return operand->operands[0];
  return node(Expr::Kind::Prefix, op, {std::move(operand)});
}

ExprRef negate(ExprRef operand) { return prefix(Op::Minus, std::move(operand)); }

ExprRef postfix(Op op, ExprRef operand) { return node(Expr::Kind::Postfix, op, {std::move(operand)}); }

bool isZeroLiteral(const ExprRef& expr) { return literalValue(expr) == 0.0; }
bool isOneLiteral(const ExprRef& expr) { return literalValue(expr) == 1.0; }

ExprRef binary(Op op, ExprRef lhs, ExprRef rhs) {
  if (op == Op::Multiply && isOneLiteral(rhs)) return lhs;
  if (op == Op::Multiply && isOneLiteral(lhs)) return rhs;
  if (op == Op::Divide && isOneLiteral(rhs)) return lhs;
  if (op == Op::Add && isZeroLiteral(rhs)) return lhs;
  if (op == Op::Add && isZeroLiteral(lhs)) return rhs;
  if (op == Op::Subtract && isZeroLiteral(rhs)) return lhs;
  if (op == Op::Subtract && isZeroLiteral(lhs)) return negate(rhs);
  return binaryAsWritten(op, std::move(lhs), std::move(rhs));
}

ExprRef binaryAsWritten(Op op, ExprRef lhs, ExprRef rhs) {
  return node(Expr::Kind::Binary, op, {std::move(lhs), std::move(rhs)});
}

ExprRef add(ExprRef lhs, ExprRef rhs) { return binary(Op::Add, std::move(lhs), std::move(rhs)); }
ExprRef sub(ExprRef lhs, ExprRef rhs) { return binary(Op::Subtract, std::move(lhs), std::move(rhs)); }
ExprRef mul(ExprRef lhs, ExprRef rhs) { return binary(Op::Multiply, std::move(lhs), std::move(rhs)); }
ExprRef div(ExprRef lhs, ExprRef rhs) { return binary(Op::Divide, std::move(lhs), std::move(rhs)); }

ExprRef assign(Op op, ExprRef target, ExprRef value) {
  return node(Expr::Kind::Assign, op, {std::move(target), std::move(value)});
}

ExprRef less(ExprRef lhs, ExprRef rhs) { return binary(Op::Less, std::move(lhs), std::move(rhs)); }
ExprRef lessEqual(ExprRef lhs, ExprRef rhs) { return binary(Op::LessEqual, std::move(lhs), std::move(rhs)); }
ExprRef greater(ExprRef lhs, ExprRef rhs) { return binary(Op::Greater, std::move(lhs), std::move(rhs)); }
ExprRef greaterEqual(ExprRef lhs, ExprRef rhs) { return binary(Op::GreaterEqual, std::move(lhs), std::move(rhs)); }
ExprRef equal(ExprRef lhs, ExprRef rhs) { return binary(Op::Equal, std::move(lhs), std::move(rhs)); }
ExprRef logicalAnd(ExprRef lhs, ExprRef rhs) { return binary(Op::LogicalAnd, std::move(lhs), std::move(rhs)); }
ExprRef remainder(ExprRef lhs, ExprRef rhs) { return binary(Op::Remainder, std::move(lhs), std::move(rhs)); }
ExprRef comma(ExprRef lhs, ExprRef rhs) { return binaryAsWritten(Op::Comma, std::move(lhs), std::move(rhs)); }
ExprRef addressOf(ExprRef operand) { return prefix(Op::AddressOf, std::move(operand)); }
ExprRef dereference(ExprRef operand) { return prefix(Op::Dereference, std::move(operand)); }
ExprRef logicalNot(ExprRef operand) { return prefix(Op::Not, std::move(operand)); }
ExprRef postIncrement(ExprRef operand) { return postfix(Op::Increment, std::move(operand)); }
ExprRef postDecrement(ExprRef operand) { return postfix(Op::Decrement, std::move(operand)); }
ExprRef assign(ExprRef target, ExprRef value) { return assign(Op::Assign, std::move(target), std::move(value)); }
ExprRef addAssign(ExprRef target, ExprRef value) { return assign(Op::AddAssign, std::move(target), std::move(value)); }
ExprRef subAssign(ExprRef target, ExprRef value) {
  return assign(Op::SubtractAssign, std::move(target), std::move(value));
}

ExprRef conditional(ExprRef condition, ExprRef ifTrue, ExprRef ifFalse) {
  return node(Expr::Kind::Conditional, "?:", {std::move(condition), std::move(ifTrue), std::move(ifFalse)});
}

ExprRef call(ExprRef callee, std::vector<ExprRef> arguments) {
  arguments.insert(arguments.begin(), std::move(callee));
  return node(Expr::Kind::Call, "", std::move(arguments));
}

ExprRef call(const std::string& function, std::vector<ExprRef> arguments) {
  return call(name(function), std::move(arguments));
}

ExprRef subscript(ExprRef base, ExprRef index) {
  return node(Expr::Kind::Subscript, "", {std::move(base), std::move(index)});
}

ExprRef arraySection(ExprRef base, ExprRef lower, ExprRef length) {
  return node(Expr::Kind::ArraySection, "", {std::move(base), std::move(lower), std::move(length)});
}

ExprRef member(ExprRef record, std::string field, bool arrow) {
  auto expr = std::make_shared<Expr>();
  expr->kind = Expr::Kind::Member;
  expr->text = std::move(field);
  expr->operands = {std::move(record)};
  expr->arrow = arrow;
  return expr;
}

ExprRef cast(Type type, ExprRef operand) {
  auto expr = std::make_shared<Expr>();
  expr->kind = Expr::Kind::Cast;
  expr->type = std::move(type);
  expr->operands = {std::move(operand)};
  return expr;
}

ExprRef staticCast(Type type, ExprRef operand) {
  auto expr = std::make_shared<Expr>();
  expr->kind = Expr::Kind::Cast;
  expr->type = std::move(type);
  expr->operands = {std::move(operand)};
  expr->staticCast = true;
  return expr;
}

ExprRef sizeofType(Type type) {
  auto expr = std::make_shared<Expr>();
  expr->kind = Expr::Kind::SizeofType;
  expr->type = std::move(type);
  return expr;
}

ExprRef sizeofExpr(ExprRef operand) { return node(Expr::Kind::SizeofExpr, "sizeof", {std::move(operand)}); }

ExprRef initList(std::vector<ExprRef> items) { return node(Expr::Kind::InitList, "", std::move(items)); }

ExprRef parenthesized(ExprRef inner) { return node(Expr::Kind::Paren, "", {std::move(inner)}); }

bool sameType(const Type& a, const Type& b) {
  if (a.specifiers != b.specifiers || a.derivations.size() != b.derivations.size()) return false;
  for (size_t k = 0; k < a.derivations.size(); ++k) {
    const Type::Derivation& x = a.derivations[k];
    const Type::Derivation& y = b.derivations[k];
    if (x.kind != y.kind || x.qualifiers != y.qualifiers || !x.size != !y.size) return false;
    if (x.size && !sameExpr(x.size, y.size)) return false;
  }
  return true;
}

bool sameExpr(const ExprRef& a, const ExprRef& b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind || a->text != b->text || a->op != b->op || a->arrow != b->arrow ||
      a->operands.size() != b->operands.size() || !sameType(a->type, b->type))
    return false;
  for (size_t k = 0; k < a->operands.size(); ++k)
    if (!sameExpr(a->operands[k], b->operands[k])) return false;
  return true;
}

void forEachNode(const ExprRef& expr, const std::function<void(const Expr&)>& visit) {
  if (!expr) return;
  visit(*expr);
  for (const ExprRef& operand : expr->operands) forEachNode(operand, visit);
  for (const Type::Derivation& derivation : expr->type.derivations) forEachNode(derivation.size, visit);
}

bool namesIdentifier(const ExprRef& expr, const std::string& identifier) {
  bool found = false;
  forEachNode(expr, [&](const Expr& node) { found |= node.kind == Expr::Kind::Name && node.text == identifier; });
  return found;
}

}  // namespace adrace::ad::c
