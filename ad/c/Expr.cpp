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

ExprRef name(std::string identifier) { return node(Expr::Kind::Name, std::move(identifier), {}); }
ExprRef literal(std::string text) { return node(Expr::Kind::Literal, std::move(text), {}); }

ExprRef integer(long long value) {
  if (value < 0) return negate(literal(std::to_string(value).substr(1)));
  return literal(std::to_string(value));
}

ExprRef prefix(std::string op, ExprRef operand) {
  if (op == "+") return operand;
  if (op == "-" && operand->kind == Expr::Kind::Prefix && operand->text == "-") return operand->operands[0];
  return node(Expr::Kind::Prefix, std::move(op), {std::move(operand)});
}

ExprRef negate(ExprRef operand) { return prefix("-", std::move(operand)); }

ExprRef postfix(std::string op, ExprRef operand) {
  return node(Expr::Kind::Postfix, std::move(op), {std::move(operand)});
}

bool isZeroLiteral(const ExprRef& expr) { return literalValue(expr) == 0.0; }
bool isOneLiteral(const ExprRef& expr) { return literalValue(expr) == 1.0; }

ExprRef binary(std::string op, ExprRef lhs, ExprRef rhs) {
  if (op == "*" && isOneLiteral(rhs)) return lhs;
  if (op == "*" && isOneLiteral(lhs)) return rhs;
  if (op == "/" && isOneLiteral(rhs)) return lhs;
  if (op == "+" && isZeroLiteral(rhs)) return lhs;
  if (op == "+" && isZeroLiteral(lhs)) return rhs;
  if (op == "-" && isZeroLiteral(rhs)) return lhs;
  if (op == "-" && isZeroLiteral(lhs)) return negate(rhs);
  return binaryAsWritten(std::move(op), std::move(lhs), std::move(rhs));
}

ExprRef binaryAsWritten(std::string op, ExprRef lhs, ExprRef rhs) {
  return node(Expr::Kind::Binary, std::move(op), {std::move(lhs), std::move(rhs)});
}

ExprRef add(ExprRef lhs, ExprRef rhs) { return binary("+", std::move(lhs), std::move(rhs)); }
ExprRef sub(ExprRef lhs, ExprRef rhs) { return binary("-", std::move(lhs), std::move(rhs)); }
ExprRef mul(ExprRef lhs, ExprRef rhs) { return binary("*", std::move(lhs), std::move(rhs)); }
ExprRef div(ExprRef lhs, ExprRef rhs) { return binary("/", std::move(lhs), std::move(rhs)); }

ExprRef assign(std::string op, ExprRef target, ExprRef value) {
  return node(Expr::Kind::Assign, std::move(op), {std::move(target), std::move(value)});
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
  if (!a || !b || a->kind != b->kind || a->text != b->text || a->arrow != b->arrow ||
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
