#include "smt/RowSplit.h"

#include <gtest/gtest.h>

namespace adrace::smt {
namespace row_split_test {

ExprRef var(const std::string& name) { return variable(name); }

std::string split(const ExprRef& index, const ExprRef& width) {
  std::optional<RowSplit> parts = splitByWidth(index, *width);
  if (!parts) return "none";
  return toString(parts->row) + " | " + toString(parts->column);
}

TEST(RowSplit, RowTimesWidthPlusColumn) {
  EXPECT_EQ(split(add(mul(var("r"), var("col")), var("c")), var("col")), "r | c");
}

// hotspot's north neighbour (r - 1) * col + c and a west one r * col + c - 1.
TEST(RowSplit, OffsetsStayInTheirPart) {
  EXPECT_EQ(split(add(mul(sub(var("r"), constant(1)), var("col")), var("c")), var("col")), "r - 1 | c");
  EXPECT_EQ(split(sub(add(mul(var("r"), var("col")), var("c")), constant(1)), var("col")), "r | c - 1");
}

TEST(RowSplit, WidthOnTheLeftOfTheProductAndInALongerChain) {
  EXPECT_EQ(split(add(mul(var("col"), var("r")), var("c")), var("col")), "r | c");
  EXPECT_EQ(split(add(mul(mul(constant(2), var("r")), var("col")), var("c")), var("col")), "2 * r | c");
}

// IDX(k, j, i) = (k * ny + j) * nx + i: the top level splits by nx; the row splits again by ny.
TEST(RowSplit, ThreeDimensionalIndexSplitsOneLevelAtATime) {
  ExprRef row = add(mul(var("k"), var("ny")), var("j"));
  ExprRef index = add(mul(row, var("nx")), var("i"));
  EXPECT_EQ(split(index, var("nx")), "k * ny + j | i");
  EXPECT_EQ(split(index, var("ny")), "none");
  EXPECT_EQ(split(row, var("ny")), "k | j");
}

TEST(RowSplit, NegatedTermsKeepTheirSign) {
  EXPECT_EQ(split(sub(var("c"), mul(var("r"), var("col"))), var("col")), "-r | c");
}

TEST(RowSplit, CandidatesAreTheFactorsOfProducts) {
  std::vector<ExprRef> widths = widthCandidates(add(mul(var("r"), var("col")), var("c")));
  ASSERT_EQ(widths.size(), 2u);
  EXPECT_EQ(toString(widths[0]), "r");
  EXPECT_EQ(toString(widths[1]), "col");
  EXPECT_TRUE(widthCandidates(add(var("i"), constant(1))).empty());
}

std::string symbolicColumns(const ExprRef& index) {
  std::string text;
  for (const SymbolicRowColumn& split : columnsOfSymbolicRows(index))
    text += (text.empty() ? "" : "; ") + toString(split.width) + ": " + toString(split.row) + " | " +
            toString(split.column);
  return text;
}

// hotspot's result[r * col + c]: rows of the input col; the counter r is no width.
TEST(RowSplit, SymbolicRowsAreTheRunsValues) {
  ExprRef r = variable("r", 1, Scope::Private), c = variable("c", 1, Scope::Private);
  EXPECT_EQ(symbolicColumns(add(mul(r, var("col")), c)), "col: r#1 | c#1");
  ExprRef j = variable("j", 0, Scope::Counter), i = variable("i", 1, Scope::Private);
  EXPECT_EQ(symbolicColumns(add(mul(j, var("onx")), i)), "onx: j | i#1");
  // A width the loop changes (a later instance) is not the run's.
  EXPECT_EQ(symbolicColumns(add(mul(j, variable("w", 1, Scope::Shared)), i)), "");
  EXPECT_EQ(symbolicColumns(add(j, i)), "");
}

// IDX(k, j, i) = (k * ny + j) * nx + i: column i of rows of nx, and column j of rows of ny.
TEST(RowSplit, SymbolicRowsOfRowsSplitAgain) {
  ExprRef k = variable("k", 0, Scope::Counter), j = variable("j", 1, Scope::Private);
  ExprRef row = add(mul(k, var("ny")), j);
  EXPECT_EQ(symbolicColumns(add(mul(row, var("nx")), variable("i", 1, Scope::Private))),
            "nx: k * ny + j#1 | i#1; ny: k | j#1");
}

}  // namespace row_split_test
}  // namespace adrace::smt
