// The gather's proofs: a read's offsets are exact on every iteration, and no element is read twice.
#include "smt/ShiftQuery.h"

#include <gtest/gtest.h>

namespace adrace::smt {
namespace shift_query_test {

ExprRef i() { return variable("i", 0, Scope::Counter); }
ExprRef j() { return variable("j", 0, Scope::Counter); }
ExprRef n() { return variable("n"); }

LoopDimension dimension(const std::string& counter, ExprRef first, ExprRef bound) {
  return LoopDimension{counter, std::move(first), std::move(bound), Comparison::Less, constant(1)};
}

TEST(ShiftQuery, StencilReadsAreExactShifts) {
  SolverSession session;
  LoopDomain domain{{dimension("i", constant(1), sub(n(), constant(1)))}, std::nullopt};
  EXPECT_TRUE(proveUnitShift(session, domain, {sub(i(), constant(1))}, {-1}).proven);
  EXPECT_TRUE(proveUnitShift(session, domain, {i()}, {0}).proven);
  EXPECT_TRUE(proveUnitShift(session, domain, {add(constant(1), i())}, {1}).proven);
  EXPECT_GT(session.statistics().queries, 0u);
}

TEST(ShiftQuery, AWrongOffsetIsRefutedWithAnIteration) {
  SolverSession session;
  LoopDomain domain{{dimension("i", constant(1), sub(n(), constant(1)))}, std::nullopt};
  ShiftProof proof = proveUnitShift(session, domain, {add(i(), constant(1))}, {-1});
  EXPECT_FALSE(proof.proven);
  EXPECT_NE(proof.reason.find("Z3 found an iteration (i="), std::string::npos) << proof.reason;
}

TEST(ShiftQuery, TwoDimensionsEachOnItsOwnCounter) {
  SolverSession session;
  LoopDomain domain{
      {dimension("j", constant(1), sub(n(), constant(1))), dimension("i", constant(1), sub(n(), constant(1)))},
      std::nullopt};
  EXPECT_TRUE(proveUnitShift(session, domain, {add(j(), constant(1)), sub(i(), constant(1))}, {1, -1}).proven);
  // The transposed element u[i][j] is not (j + c, i + c') on every iteration.
  EXPECT_FALSE(proveUnitShift(session, domain, {i(), j()}, {0, 0}).proven);
  // u[j][j]: exact only where i == j; and not a subscript per counter.
  EXPECT_FALSE(proveUnitShift(session, domain, {j(), j()}, {0, 0}).proven);
}

TEST(ShiftQuery, ASubscriptCountOtherThanTheNestsIsRefused) {
  SolverSession session;
  LoopDomain domain{{dimension("i", constant(0), n())}, std::nullopt};
  ShiftProof proof = proveUnitShift(session, domain, {i(), i()}, {0, 0});
  EXPECT_FALSE(proof.proven);
  EXPECT_NE(proof.reason.find("2 subscript(s)"), std::string::npos) << proof.reason;
}

// u[(j * nx + i) + c]: a 2-D grid stored flat. The layout j * nx + i is one-to-one only because the
// inner bound keeps i below nx: the bounds are facts of the query.
TEST(ShiftQuery, LinearisedIndexIsExactAndOneToOneWithinTheInnerBound) {
  SolverSession session;
  ExprRef nx = variable("nx");
  LoopDomain domain{
      {dimension("j", constant(1), sub(n(), constant(1))), dimension("i", constant(1), sub(nx, constant(1)))},
      std::nullopt};
  ExprRef layout = add(mul(j(), nx), i());
  ExprRef north = add(mul(add(j(), constant(1)), nx), i());  // IDX(j + 1, i)
  ShiftProof proof = proveLinearisedShift(session, domain, north, layout, {1, 0}, {-1, -1}, {1, 1});
  EXPECT_TRUE(proof.proven) << proof.reason;
  // Offsets that do not match the index are refuted.
  EXPECT_FALSE(proveLinearisedShift(session, domain, north, layout, {0, 1}, {-1, -1}, {1, 1}).proven);
  // Targets that run past the row (i up to nx + 1) wrap into the next one: not one-to-one.
  LoopDomain wide{
      {dimension("j", constant(1), sub(n(), constant(1))), dimension("i", constant(1), add(nx, constant(1)))},
      std::nullopt};
  ShiftProof wrapped = proveLinearisedShift(session, wide, north, layout, {1, 0}, {-1, -1}, {1, 1});
  EXPECT_FALSE(wrapped.proven);
  EXPECT_NE(wrapped.reason.find("same element"), std::string::npos) << wrapped.reason;
}

// A 2-D filter's in[(j + a) * nx + i + b], taps a, b in [-1, 1], read at every point of the box j in
// [1, n - 1), i in [1, nx - 1): the term of (j, i, a, b) reaches the target (j + a, i + b). The
// targets' box, widened by the taps, keeps i + b in [0, nx): one-to-one. Taps of [-2, 2] along the
// rows reach past them and wrap.
TEST(ShiftQuery, FamilyThroughALinearisedIndexIsExactAndOneToOneOverTheTargets) {
  SolverSession session;
  ExprRef nx = variable("nx");
  auto counter = [](const char* name) { return variable(name, 0, Scope::Counter); };
  auto taps = [&](std::int64_t reach) {
    return LoopDomain{
        {dimension("j", constant(1), sub(n(), constant(1))), dimension("i", constant(1), sub(nx, constant(1))),
         LoopDimension{"a", constant(-1), constant(1), Comparison::LessEqual, constant(1)},
         LoopDimension{"b", constant(-reach), constant(reach), Comparison::LessEqual, constant(1)}},
        std::nullopt};
  };
  ExprRef layout = add(mul(j(), nx), i());
  ExprRef read = add(mul(add(j(), counter("a")), nx), add(i(), counter("b")));
  ExprRef expected = add(mul(add(j(), counter("a")), nx), add(i(), counter("b")));
  ShiftProof proof = proveLinearisedFamilyShift(session, taps(1), read, expected, layout, {-1, -1}, {1, 1});
  EXPECT_TRUE(proof.proven) << proof.reason;
  // A read that is not the expected target (b shifting j instead of i) is refuted.
  ExprRef swapped = add(mul(add(j(), counter("b")), nx), add(i(), counter("a")));
  EXPECT_FALSE(proveLinearisedFamilyShift(session, taps(1), read, swapped, layout, {-1, -1}, {1, 1}).proven);
  ShiftProof wrapped = proveLinearisedFamilyShift(session, taps(2), read, expected, layout, {-1, -2}, {1, 2});
  EXPECT_FALSE(wrapped.proven);
  EXPECT_NE(wrapped.reason.find("same element"), std::string::npos) << wrapped.reason;
}

TEST(ShiftQuery, APassedDeadlineProvesNothing) {
  SolverSession session;
  session.setDeadline(Deadline::after(0));
  LoopDomain domain{{dimension("i", constant(0), n())}, std::nullopt};
  ShiftProof proof = proveUnitShift(session, domain, {i()}, {0});
  EXPECT_FALSE(proof.proven);
  EXPECT_NE(proof.reason.find("could not decide"), std::string::npos) << proof.reason;
}

}  // namespace shift_query_test
}  // namespace adrace::smt
