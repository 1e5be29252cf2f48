#include "smt/IndexExpr.h"

#include <gtest/gtest.h>

namespace adrace::smt {
namespace index_expr_test {

ExprRef i() { return variable("i", 0, Scope::Counter); }
ExprRef x() { return variable("x"); }

TEST(IndexExprFolding, ConstantsFold) {
  EXPECT_EQ(toString(add(constant(2), constant(3))), "5");
  EXPECT_EQ(toString(sub(constant(2), constant(3))), "-1");
  EXPECT_EQ(toString(mul(constant(4), constant(-3))), "-12");
  EXPECT_EQ(toString(neg(constant(7))), "-7");
}

TEST(IndexExprFolding, DivisionAndModuloTruncateLikeC) {
  EXPECT_EQ(toString(div(constant(-7), constant(2))), "-3");
  EXPECT_EQ(toString(mod(constant(-7), constant(2))), "-1");
  EXPECT_EQ(toString(div(constant(7), constant(-2))), "-3");
  EXPECT_EQ(toString(mod(constant(7), constant(-2))), "1");
  // Division by zero is left for Z3 (where it is unconstrained), never folded.
  EXPECT_EQ(toString(div(constant(1), constant(0))), "1 / 0");
}

TEST(IndexExprFolding, NeutralAndAbsorbingElements) {
  EXPECT_TRUE(sameExpr(add(x(), constant(0)), x()));
  EXPECT_TRUE(sameExpr(add(constant(0), x()), x()));
  EXPECT_TRUE(sameExpr(sub(x(), constant(0)), x()));
  EXPECT_TRUE(sameExpr(mul(x(), constant(1)), x()));
  EXPECT_TRUE(sameExpr(mul(constant(1), x()), x()));
  EXPECT_TRUE(sameExpr(mul(x(), constant(0)), constant(0)));
  EXPECT_TRUE(sameExpr(mul(constant(0), x()), constant(0)));
  EXPECT_TRUE(sameExpr(div(x(), constant(1)), x()));
  EXPECT_TRUE(sameExpr(neg(neg(x())), x()));
}

TEST(IndexExprFolding, ConstantTailsMerge) {
  EXPECT_EQ(toString(add(add(i(), constant(3)), constant(4))), "i + 7");
  EXPECT_TRUE(sameExpr(sub(add(i(), constant(1)), constant(1)), i()));
  EXPECT_EQ(toString(add(sub(i(), constant(1)), constant(3))), "i + 2");
  // i + (-1) and i - 1 are the same index written two ways.
  EXPECT_TRUE(sameExpr(add(i(), constant(-1)), sub(i(), constant(1))));
  EXPECT_EQ(toString(add(i(), constant(-1))), "i - 1");
}

TEST(IndexExprPrinting, MinimalParentheses) {
  ExprRef k1 = variable("k", 1, Scope::Private);
  EXPECT_EQ(toString(add(mul(constant(2), k1), constant(1))), "2 * k#1 + 1");
  EXPECT_EQ(toString(mul(add(i(), constant(1)), constant(2))), "(i + 1) * 2");
  EXPECT_EQ(toString(sub(x(), add(i(), x()))), "x - (i + x)");
  EXPECT_EQ(toString(sub(sub(x(), i()), x())), "x - i - x");
  EXPECT_EQ(toString(div(x(), mul(i(), x()))), "x / (i * x)");
  EXPECT_EQ(toString(mod(add(x(), i()), constant(20))), "(x + i) % 20");
  EXPECT_EQ(toString(neg(add(x(), i()))), "-(x + i)");
  EXPECT_EQ(toString(neg(x())), "-x");
  EXPECT_EQ(toString(mul(x(), constant(-3))), "x * -3");
}

TEST(IndexExprPrinting, ArrayReadsAndInstances) {
  ExprRef c = arrayRead("c", {i()});
  EXPECT_EQ(toString(add(c, constant(7))), "c[i] + 7");
  ExprRef mss = arrayRead("mss", {variable("ig", 2, Scope::Private), constant(0)});
  EXPECT_EQ(toString(mss), "mss[ig#2][0]");
  EXPECT_EQ(toString(IndexTuple{variable("j"), variable("idd", 1, Scope::Private)}), "[j][idd#1]");
}

TEST(IndexExprPrinting, PrimesMarkThreadBPrivateAndCounterSymbolsOnly) {
  ExprRef k1 = variable("k", 1, Scope::Private);
  EXPECT_EQ(toString(i(), true), "i'");
  EXPECT_EQ(toString(k1, true), "k#1'");
  EXPECT_EQ(toString(x(), true), "x");
  EXPECT_EQ(toString(arrayRead("c", {i()}), true), "c[i']");
  EXPECT_EQ(toString(arrayRead("t", {x()}, 0, Scope::Private), true), "t'[x]");
  EXPECT_EQ(toString(IndexTuple{x(), add(k1, i())}, true), "[x][k#1' + i']");
}

TEST(IndexExprStructure, SameExprComparesNamesInstancesAndScopes) {
  EXPECT_TRUE(sameExpr(add(i(), constant(1)), add(i(), constant(1))));
  EXPECT_FALSE(sameExpr(variable("k", 1), variable("k", 2)));
  EXPECT_FALSE(sameExpr(variable("k", 1, Scope::Shared), variable("k", 1, Scope::Private)));
  EXPECT_FALSE(sameExpr(add(i(), x()), add(x(), i())));
  EXPECT_FALSE(sameExpr(arrayRead("c", {i()}), arrayRead("d", {i()})));
  EXPECT_TRUE(sameTuple({i(), x()}, {i(), x()}));
  EXPECT_FALSE(sameTuple({i(), x()}, {i()}));
}

TEST(IndexExprStructure, ReadsArrayFindsNestedReads) {
  EXPECT_FALSE(readsArray(add(i(), constant(7))));
  EXPECT_TRUE(readsArray(add(arrayRead("c", {i()}), constant(7))));
  EXPECT_TRUE(readsArray(IndexTuple{i(), mul(constant(2), arrayRead("c", {i()}))}));
  EXPECT_FALSE(readsArray(IndexTuple{i(), x()}));
}

TEST(IndexExprChoice, FoldsOnConstantComparisonsAndEqualArms) {
  EXPECT_TRUE(sameExpr(ifLess(constant(1), constant(2), x(), i()), x()));
  EXPECT_TRUE(sameExpr(ifLess(constant(2), constant(2), x(), i()), i()));
  EXPECT_TRUE(sameExpr(ifLess(x(), i(), add(x(), constant(1)), add(x(), constant(1))), add(x(), constant(1))));
}

TEST(IndexExprChoice, PrintsLikeCAndParenthesisedAsAnOperand) {
  ExprRef low = variable("lo", 0, Scope::Private), bound = variable("n");
  ExprRef minimum = ifLess(add(low, x()), bound, add(low, x()), bound);
  EXPECT_EQ(toString(minimum), "lo + x < n ? lo + x : n");
  EXPECT_EQ(toString(add(minimum, constant(1))), "(lo + x < n ? lo + x : n) + 1");
  EXPECT_EQ(toString(minimum, true), "lo' + x < n ? lo' + x : n");
  std::vector<std::string> names;
  forEachSymbol(minimum, [&](const Expr& symbol) { names.push_back(symbol.name); });
  EXPECT_EQ(names, (std::vector<std::string>{"lo", "x", "n", "lo", "x", "n"}));
  EXPECT_FALSE(sameExpr(minimum, ifLess(add(low, x()), bound, bound, add(low, x()))));
}

TEST(IndexExprStructure, ForEachSymbolVisitsOutermostFirst) {
  ExprRef e = add(arrayRead("c", {variable("k", 1)}), i());
  std::vector<std::string> names;
  forEachSymbol(e, [&](const Expr& symbol) { names.push_back(symbol.name); });
  EXPECT_EQ(names, (std::vector<std::string>{"c", "k", "i"}));
}

}  // namespace index_expr_test
}  // namespace adrace::smt
