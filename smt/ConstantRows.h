// A flattened index of rows of a constant width: `IDX(i, j)` = i * (NY + 2) + j names row i and
// column j of rows of 50 elements. Programs index such grids with the column inside its row
// (0 <= j < 50); one whose column runs past the row touches the next row's elements, which the
// race check must not assume a working program does (docs/check.md, "What a definite race means").
//
// The index is read as a sum of integer multiples of terms: every coefficient of at least 2 is a
// candidate width W; the terms whose coefficient W divides are the row (the constant too, for the
// multiples of W it holds: IDX(i + 1, j) = i * W + W + j is row i + 1, column j), the others the
// column. Unlike RowSplit (a symbolic width), a constant width is a number Z3 reasons with linearly:
// what it needs is the knowledge that the column stays within [0, W).
#pragma once

#include "smt/IndexExpr.h"

#include <cstdint>
#include <vector>

namespace adrace::smt {

struct ConstantRowColumn {
  std::int64_t width = 0;  // W, at least 2
  ExprRef row;             // the index is row * width + column
  ExprRef column;          // not a constant: a constant column is decided without a row
};

// `index` split by every candidate width, smallest first: a 3-D IDX3(i, j, k) = (i * 50 + j) * 34 + k
// gives column k of rows of 34 and column j * 34 + k of planes of 1700. Nothing when no term is
// multiplied by a constant, when no term is left for the column, or when a product is too large.
std::vector<ConstantRowColumn> columnsOfConstantRows(const ExprRef& index);

}  // namespace adrace::smt
