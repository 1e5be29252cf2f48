#include "smt/ConstantRows.h"

#include <gtest/gtest.h>

namespace adrace::smt {
namespace constant_rows_test {

ExprRef var(const std::string& name) { return variable(name, 0, Scope::Private); }

// "width: row | column" for every split, in order.
std::string splits(const ExprRef& index) {
  std::string text;
  for (const ConstantRowColumn& split : columnsOfConstantRows(index))
    text += (text.empty() ? "" : "; ") + std::to_string(split.width) + ": " + toString(split.row) + " | " +
            toString(split.column);
  return text.empty() ? "none" : text;
}

// #define IDX(i, j) ((i) * (NY + 2) + (j)) with NY 48: the IR holds i * 50 + j.
ExprRef idx(const ExprRef& row, const ExprRef& column) { return add(mul(row, constant(50)), column); }

TEST(ConstantRows, RowTimesConstantWidthPlusColumn) {
  EXPECT_EQ(splits(idx(var("i"), var("j"))), "50: i | j");
  EXPECT_EQ(splits(add(mul(constant(50), var("i")), var("j"))), "50: i | j");
}

// IDX(i + 1, j) is row i + 1, column j: the multiple of the width is a row shift, not a column.
TEST(ConstantRows, MultipleOfTheWidthShiftsTheRow) {
  EXPECT_EQ(splits(idx(add(var("i"), constant(1)), var("j"))), "50: i + 1 | j");
  EXPECT_EQ(splits(add(add(mul(var("i"), constant(50)), constant(50)), var("j"))), "50: i + 1 | j");
  EXPECT_EQ(splits(idx(add(var("i"), constant(1)), add(var("j"), constant(1)))), "50: i + 1 | j + 1");
}

// IDX(i, j - 1): a small negative offset stays in the column (C's truncation).
TEST(ConstantRows, NegativeOffsetStaysInTheColumn) {
  EXPECT_EQ(splits(idx(var("i"), sub(var("j"), constant(1)))), "50: i | j - 1");
  EXPECT_EQ(splits(idx(sub(var("i"), constant(1)), var("j"))), "50: i - 1 | j");
  EXPECT_EQ(splits(sub(mul(var("i"), constant(50)), constant(1))), "none");  // a constant column
}

// IDX3(i, j, k) = (i * 50 + j) * 34 + k: rows of 34 and planes of 1700.
TEST(ConstantRows, ThreeDimensionalIndexGivesRowsAndPlanes) {
  ExprRef index = add(mul(idx(var("i"), var("j")), constant(34)), var("k"));
  EXPECT_EQ(splits(index), "34: 50 * i + j | k; 1700: i | 34 * j + k");
}

TEST(ConstantRows, NoConstantFactorNoRows) {
  EXPECT_EQ(splits(add(mul(var("i"), variable("n")), var("j"))), "none");
  EXPECT_EQ(splits(add(var("i"), constant(3))), "none");
  EXPECT_EQ(splits(mul(var("i"), constant(4))), "none");  // no column
}

}  // namespace constant_rows_test
}  // namespace adrace::smt
