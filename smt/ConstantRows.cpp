#include "smt/ConstantRows.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace adrace::smt {
namespace {

struct Multiple {
  ExprRef term;  // not a constant
  std::int64_t coefficient = 0;
};

// The index as sum(coefficient * term) + constant, constants multiplied into the sums they scale
// ((i + 1) * 50 = 50 * i + 50); a product of two non-constants, a quotient or a read is one term.
struct LinearSum {
  std::vector<Multiple> multiples;
  std::int64_t constant = 0;
  bool overflowed = false;

  void addTerm(const ExprRef& term, std::int64_t coefficient) {
    for (Multiple& known : multiples)
      if (sameExpr(known.term, term)) {
        overflowed |= __builtin_add_overflow(known.coefficient, coefficient, &known.coefficient);
        return;
      }
    multiples.push_back({term, coefficient});
  }

  void add(const ExprRef& expr, std::int64_t scale) {
    if (overflowed) return;
    switch (expr->op) {
      case Expr::Op::Const: {
        std::int64_t product = 0;
        overflowed |= __builtin_mul_overflow(expr->value, scale, &product) ||
                      __builtin_add_overflow(constant, product, &constant);
        return;
      }
      case Expr::Op::Add:
        add(expr->args[0], scale);
        add(expr->args[1], scale);
        return;
      case Expr::Op::Sub:
        add(expr->args[0], scale);
        add(expr->args[1], -scale);
        return;
      case Expr::Op::Neg: add(expr->args[0], -scale); return;
      case Expr::Op::Mul:
        for (int side : {0, 1})
          if (expr->args[side]->op == Expr::Op::Const) {
            std::int64_t product = 0;
            overflowed |= __builtin_mul_overflow(expr->args[side]->value, scale, &product);
            if (!overflowed) add(expr->args[1 - side], product);
            return;
          }
        break;
      default: break;
    }
    addTerm(expr, scale);
  }
};

// coefficient * term added to `sum` (built with IndexExpr's folding builders).
ExprRef plusMultiple(const ExprRef& sum, const Multiple& multiple, std::int64_t coefficient) {
  bool negative = coefficient < 0;
  std::int64_t magnitude = negative ? -coefficient : coefficient;
  ExprRef scaled = magnitude == 1 ? multiple.term : mul(constant(magnitude), multiple.term);
  bool empty = sum->op == Expr::Op::Const && sum->value == 0;
  if (empty) return negative ? neg(scaled) : scaled;
  return negative ? sub(sum, scaled) : add(sum, scaled);
}

ExprRef plusConstant(const ExprRef& sum, std::int64_t value) { return value == 0 ? sum : add(sum, constant(value)); }

}  // namespace

std::vector<ConstantRowColumn> columnsOfConstantRows(const ExprRef& index) {
  LinearSum sum;
  sum.add(index, 1);
  std::vector<ConstantRowColumn> columns;
  if (sum.overflowed) return columns;
  std::vector<std::int64_t> widths;
  for (const Multiple& multiple : sum.multiples) {
    if (multiple.coefficient == std::numeric_limits<std::int64_t>::min()) return columns;
    std::int64_t width = std::llabs(multiple.coefficient);
    if (width >= 2 && std::find(widths.begin(), widths.end(), width) == widths.end()) widths.push_back(width);
  }
  std::sort(widths.begin(), widths.end());
  for (std::int64_t width : widths) {
    ExprRef row = constant(0), column = constant(0);
    bool columnHasTerms = false;
    for (const Multiple& multiple : sum.multiples) {
      if (multiple.coefficient == 0) continue;
      if (multiple.coefficient % width == 0) {
        row = plusMultiple(row, multiple, multiple.coefficient / width);
      } else {
        column = plusMultiple(column, multiple, multiple.coefficient);
        columnHasTerms = true;
      }
    }
    if (!columnHasTerms) continue;
    // C's truncation keeps a small negative offset in the column (IDX(i, j - 1) = i * W + j - 1 is
    // column j - 1 of row i, not column j + W - 1 of row i - 1).
    row = plusConstant(row, sum.constant / width);
    column = plusConstant(column, sum.constant % width);
    columns.push_back({width, row, column});
  }
  return columns;
}

}  // namespace adrace::smt
