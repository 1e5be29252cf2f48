// Columns of constant-width rows (smt/ConstantRows) that a working program keeps within their rows.
//
// `g->unew[IDX(i, j)]` with IDX(i, j) = i * (NY + 2) + j and `j <= g->ny` names row i, column j of
// rows of 50 elements; a race between rows i and i + 1 needs j to reach 50, which the program does
// only when its input g->ny passes its rows. Such a witness proves no race of the program as it is
// meant to run, so a definite race must be found with every column in its row
// (docs/check.md, "What a definite race means"). But only where some run keeps it there: a column
// whose own bounds take it past its row in every run (`j <= NY + 2`, `i * W + j - 1` from j = 0)
// is the program's flat indexing, not a row overflow that inputs decide (smt/SomeRunKeeps).
//
// The width may be a value of the run too (smt/RowSplit): `out[j * onx + i]` with `i < nx - 1`
// writes rows that overlap only when the input onx is below nx - 1 (onx = 0 makes every row one
// element). A run with onx >= nx - 1 keeps every column within its row, so a race that needs
// otherwise depends on the input: possible, never definite. Where the function gives the width a
// value that the columns pass in every run (`onx = 2` before the loop, columns up to 9), no run
// keeps them and the race stays definite.
#pragma once

#include "analyzer/model/LoopModel.h"

#include "smt/ConstantRows.h"
#include "smt/RowSplit.h"
#include "smt/SolverSession.h"

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct ColumnInRow {
  smt::ExprRef width;  // a constant (smt/ConstantRows) or a symbol of the run (smt/RowSplit)
  smt::ExprRef row;    // the subscript is row * width + column
  smt::ExprRef column;
  std::string accessText;  // the access as the source writes it, for the message

  bool symbolicWidth() const { return width->op != smt::Expr::Op::Const; }
};

// The columns of constant-width rows and of rows whose width is a value of the run in
// `reference`'s subscripts (none when it has none).
std::vector<ColumnInRow> columnsInRows(const Reference& reference);

// Those of `columns` that some run keeps within their rows on every iteration that makes
// `reference` (its context's facts and the loop's domain), or that Z3 cannot show every run takes
// out (a definite race must not rest on what is undecided), leaving out a column that the bounds
// the program writes as known values take out of its row (a constant bound past the row: the
// program means it).
std::vector<ColumnInRow> keptWithinRowsBySomeRun(const LoopModel& loop, const Reference& reference,
                                                 const std::vector<ColumnInRow>& columns, smt::SolverSession& session);

// 0 <= column < width for each column, said as values at least 0: column, width - 1 - column.
std::vector<smt::ExprRef> roomsInRows(const std::vector<ColumnInRow>& columns);

// How a column leaves its row, given its value and its row's width in a witness: "only if column j
// of u[IDX(i, j)] reaches the row length 50", "only if the row width onx is at most column i of
// out[j * onx + i]", or "... is negative"; nothing when the value is within the row.
std::optional<std::string> leavingRowPhrase(const ColumnInRow& column, long long value, long long width);

}  // namespace adrace::analyzer
