// Unit tests of GatheredSum (ad/GatheredSum.h): terms of a gather target that differ only in the
// adjoint they are linear in are merged, and nothing else is.
#include "ad/GatheredSum.h"

#include "ad/c/Printer.h"

#include <gtest/gtest.h>

namespace adrace::ad {
namespace gathered_sum_test {

using namespace c;

ExprRef u(const std::string& index) { return subscript(name("u"), name(index)); }
// 0.5 * (a_b * (u[j] - u[i])) * u[i]: the shape a flux's derivative takes
ExprRef fluxTerm(const std::string& adjoint) {
  return mul(mul(literal("0.5"), mul(name(adjoint), sub(u("j"), u("i")))), u("i"));
}

TEST(GatheredSum, MergesTermsThatDifferOnlyInTheirAdjoint) {
  GatheredSum sum({"east_b_at", "west_b_at"});
  sum.add(fluxTerm("east_b_at"), false);
  sum.add(fluxTerm("west_b_at"), false);
  EXPECT_EQ(print(sum.value()), "0.5 * ((east_b_at + west_b_at) * (u[j] - u[i])) * u[i]");
}

TEST(GatheredSum, SignsCarryIntoTheMergedAdjoint) {
  GatheredSum sum({"a_b", "b_b", "c_b"});
  sum.add(mul(name("k"), name("a_b")), true);
  sum.add(mul(name("k"), name("b_b")), false);
  sum.add(mul(name("k"), name("c_b")), true);
  EXPECT_EQ(print(sum.value()), "-(k * (a_b - b_b + c_b))");
}

TEST(GatheredSum, KeepsOrderAndTermsWithOtherCoefficients) {
  GatheredSum sum({"a_b", "b_b"});
  sum.add(name("v_b"), false);  // no adjoint of the set: kept as it is
  sum.add(mul(u("i"), name("a_b")), false);
  sum.add(mul(u("j"), name("b_b")), false);
  sum.add(mul(u("i"), name("b_b")), false);
  EXPECT_EQ(print(sum.value()), "v_b + u[i] * (a_b + b_b) + u[j] * b_b");
}

TEST(GatheredSum, MergesOnlyWhereTheTermIsLinearInTheAdjointByItsShape) {
  GatheredSum sum({"a_b", "b_b"});
  // a divisor, a call's argument and a term reading two adjoints are left alone
  sum.add(div(u("i"), name("a_b")), false);
  sum.add(div(u("i"), name("b_b")), false);
  sum.add(call("f", {name("a_b")}), false);
  sum.add(call("f", {name("b_b")}), false);
  sum.add(mul(name("a_b"), name("b_b")), false);
  sum.add(mul(name("a_b"), name("b_b")), false);
  EXPECT_EQ(print(sum.value()), "u[i] / a_b + u[i] / b_b + f(a_b) + f(b_b) + a_b * b_b + a_b * b_b");
}

TEST(GatheredSum, BareAdjointsStayASum) {
  GatheredSum sum({"a_b", "b_b"});
  sum.add(name("a_b"), false);
  sum.add(name("b_b"), false);
  sum.add(negate(name("a_b")), false);
  sum.add(negate(name("b_b")), false);
  EXPECT_EQ(print(sum.value()), "a_b + b_b + -a_b + -b_b");
}

TEST(GatheredSum, EmptyWithoutTerms) { EXPECT_EQ(GatheredSum({}).value(), nullptr); }

}  // namespace gathered_sum_test
}  // namespace adrace::ad
