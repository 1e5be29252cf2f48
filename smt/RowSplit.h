// A row-major index q * s + r names row q and column r of rows of width s, and when both columns lie
// in [0, s) two such indices are equal only if their rows and their columns are: (q - q') * s =
// r' - r, whose magnitude is below s. Z3 does not find that for a symbolic width (it is nonlinear):
// hotspot's chunks write res[r * col + c] with c_start <= c < c_end <= col, and the query times out.
// Said as a lemma beside the equality, the rest is linear reasoning over the rows and the columns.
#pragma once

#include "smt/IndexExpr.h"

#include <optional>

namespace adrace::smt {

struct RowSplit {
  ExprRef row;     // q: the terms that multiply the width, divided by it
  ExprRef column;  // r: every other term
};

// `index` as row * width + column, where `width` (a Var) is a factor of at least one of the index's
// terms (through +, - and unary -, into chains of *). Nothing when no term multiplies it.
std::optional<RowSplit> splitByWidth(const ExprRef& index, const Expr& width);

// The Vars that are a factor of some term of `index`: its candidate row widths, outermost first.
std::vector<ExprRef> widthCandidates(const ExprRef& index);

// A column of rows whose width is a value of the run: `out[j * onx + i]` is column i of rows of
// onx elements, `IDX(k, j, i) = (k * ny + j) * nx + i` column i of rows of nx and, one level down,
// column j of planes' rows of ny.
struct SymbolicRowColumn {
  ExprRef width;  // a shared Var at instance 0: an input of the run (parameter, global, field)
  ExprRef row;
  ExprRef column;
};

// `index` split by every candidate width that is a shared symbol at instance 0 (a loop counter or
// a thread's own value is no row width), and each row split again, `depth` levels in all.
std::vector<SymbolicRowColumn> columnsOfSymbolicRows(const ExprRef& index, int depth = 2);

}  // namespace adrace::smt
