#include "smt/RowSplit.h"

#include <gtest/gtest.h>

namespace adrace::smt {
namespace {

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

}  // namespace
}  // namespace adrace::smt
