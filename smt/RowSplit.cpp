#include "smt/RowSplit.h"

namespace adrace::smt {
namespace {

struct Term {
  ExprRef factor;
  bool negative = false;
};

void collectTerms(const ExprRef& expr, bool negative, std::vector<Term>& terms) {
  switch (expr->op) {
    case Expr::Op::Add:
      collectTerms(expr->args[0], negative, terms);
      collectTerms(expr->args[1], negative, terms);
      return;
    case Expr::Op::Sub:
      collectTerms(expr->args[0], negative, terms);
      collectTerms(expr->args[1], !negative, terms);
      return;
    case Expr::Op::Neg: collectTerms(expr->args[0], !negative, terms); return;
    default: terms.push_back({expr, negative});
  }
}

bool isWidth(const Expr& node, const Expr& width) {
  return node.op == Expr::Op::Var && node.name == width.name && node.instance == width.instance &&
         node.scope == width.scope;
}

// The product `term` with one factor `width` taken out (1 for the width itself); nothing when the
// width is not a factor of its chain of *.
ExprRef withoutFactor(const ExprRef& term, const Expr& width) {
  if (isWidth(*term, width)) return constant(1);
  if (term->op != Expr::Op::Mul) return nullptr;
  if (ExprRef left = withoutFactor(term->args[0], width)) return mul(left, term->args[1]);
  if (ExprRef right = withoutFactor(term->args[1], width)) return mul(term->args[0], right);
  return nullptr;
}

void collectFactors(const ExprRef& term, std::vector<ExprRef>& factors) {
  if (term->op == Expr::Op::Var) {
    for (const ExprRef& known : factors)
      if (sameExpr(known, term)) return;
    factors.push_back(term);
    return;
  }
  if (term->op != Expr::Op::Mul) return;
  collectFactors(term->args[0], factors);
  collectFactors(term->args[1], factors);
}

}  // namespace

std::optional<RowSplit> splitByWidth(const ExprRef& index, const Expr& width) {
  std::vector<Term> terms;
  collectTerms(index, false, terms);
  ExprRef row = constant(0), column = constant(0);
  bool multiplied = false;
  for (const Term& term : terms) {
    ExprRef quotient = withoutFactor(term.factor, width);
    if (quotient) multiplied = true;
    ExprRef& part = quotient ? row : column;
    ExprRef value = quotient ? quotient : term.factor;
    bool first = part->op == Expr::Op::Const && part->value == 0;
    part = !term.negative ? add(part, value) : first ? neg(value) : sub(part, value);
  }
  if (!multiplied) return std::nullopt;
  return RowSplit{row, column};
}

std::vector<ExprRef> widthCandidates(const ExprRef& index) {
  std::vector<Term> terms;
  collectTerms(index, false, terms);
  std::vector<ExprRef> factors;
  for (const Term& term : terms)
    if (term.factor->op == Expr::Op::Mul) collectFactors(term.factor, factors);
  return factors;
}

std::vector<SymbolicRowColumn> columnsOfSymbolicRows(const ExprRef& index, int depth) {
  std::vector<SymbolicRowColumn> columns;
  if (depth <= 0) return columns;
  for (const ExprRef& width : widthCandidates(index)) {
    if (width->scope != Scope::Shared || width->instance != 0) continue;
    std::optional<RowSplit> parts = splitByWidth(index, *width);
    if (!parts) continue;
    columns.push_back({width, parts->row, parts->column});
    for (SymbolicRowColumn& inner : columnsOfSymbolicRows(parts->row, depth - 1)) columns.push_back(std::move(inner));
  }
  return columns;
}

}  // namespace adrace::smt
