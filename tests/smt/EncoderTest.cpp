#include "smt/Encoder.h"
#include "smt/SolverSession.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace adrace::smt {
namespace encoder_test {

class EncoderTest : public ::testing::Test {
 protected:
  // Holds in every model of what has been asserted so far.
  bool valid(const z3::expr& claim) {
    session.solver().push();
    session.solver().add(!claim);
    CheckOutcome outcome = session.check(z3::expr_vector(session.context()));
    session.solver().pop();
    return outcome == CheckOutcome::Unsat;
  }
  // Holds in some model.
  bool possible(const z3::expr& claim) {
    session.solver().push();
    session.solver().add(claim);
    CheckOutcome outcome = session.check(z3::expr_vector(session.context()));
    session.solver().pop();
    return outcome == CheckOutcome::Sat;
  }
  z3::expr encode(const ExprRef& expr, Thread thread = Thread::A) { return session.encoder().encode(expr, thread); }

  SolverSession session;
};

TEST_F(EncoderTest, SymbolNamesPrimeThreadBPrivateAndCounterSymbols) {
  EXPECT_EQ(symbolName(*variable("i", 0, Scope::Counter), Thread::B), "i'");
  EXPECT_EQ(symbolName(*variable("k", 1, Scope::Private), Thread::B), "k#1'");
  EXPECT_EQ(symbolName(*variable("k", 1, Scope::Private), Thread::A), "k#1");
  EXPECT_EQ(symbolName(*variable("n", 0, Scope::Shared), Thread::B), "n");
}

TEST_F(EncoderTest, SharedSymbolIsOneValueForBothThreads) {
  ExprRef n = variable("n");
  EXPECT_TRUE(valid(encode(n, Thread::A) == encode(n, Thread::B)));
}

TEST_F(EncoderTest, PrivateAndCounterSymbolsDifferBetweenThreads) {
  ExprRef t = variable("t", 0, Scope::Private);
  ExprRef i = variable("i", 0, Scope::Counter);
  EXPECT_TRUE(possible(encode(t, Thread::A) != encode(t, Thread::B)));
  EXPECT_TRUE(possible(encode(i, Thread::A) != encode(i, Thread::B)));
}

TEST_F(EncoderTest, InstancesAreDifferentSymbols) {
  EXPECT_TRUE(possible(encode(variable("k", 1)) != encode(variable("k", 2))));
  EXPECT_TRUE(valid(encode(variable("k", 1)) == encode(variable("k", 1))));
}

TEST_F(EncoderTest, ArrayReadsAreUninterpretedFunctions) {
  ExprRef i = variable("i", 0, Scope::Counter);
  ExprRef ci = arrayRead("c", {i});
  z3::expr iA = encode(i, Thread::A);
  z3::expr iB = encode(i, Thread::B);
  // Nothing is known about c: c[i] and c[i'] may coincide on different iterations ...
  EXPECT_TRUE(possible(iA != iB && encode(ci, Thread::A) == encode(ci, Thread::B)));
  // ... but a function gives equal values for equal subscripts.
  EXPECT_TRUE(valid(z3::implies(iA == iB, encode(ci, Thread::A) == encode(ci, Thread::B))));
}

TEST_F(EncoderTest, PrivateArraysAreSeparateFunctionsPerThread) {
  ExprRef n = variable("n");
  ExprRef t = arrayRead("t", {n}, 0, Scope::Private);
  EXPECT_TRUE(possible(encode(t, Thread::A) != encode(t, Thread::B)));
  ExprRef c = arrayRead("c", {n});
  EXPECT_TRUE(valid(encode(c, Thread::A) == encode(c, Thread::B)));
}

TEST_F(EncoderTest, SameElementComparesEveryComponent) {
  ExprRef i = variable("i", 0, Scope::Counter);
  ExprRef j = variable("j", 0, Scope::Counter);
  IndexTuple ij{i, j};
  Encoder& encoder = session.encoder();
  // a[i][j] vs a[i'][j']: the same element exactly when both counters agree.
  z3::expr same = encoder.sameElement(ij, Thread::A, ij, Thread::B);
  z3::expr countersAgree = encode(i, Thread::A) == encode(i, Thread::B) && encode(j, Thread::A) == encode(j, Thread::B);
  EXPECT_TRUE(valid(same == countersAgree));
  EXPECT_TRUE(valid(encoder.differentElement(ij, Thread::A, ij, Thread::B) == !countersAgree));
  // a[i][j] vs a[j'][i']: the transposed element.
  IndexTuple ji{j, i};
  EXPECT_TRUE(
      possible(encoder.sameElement(ij, Thread::A, ji, Thread::B) && encode(i, Thread::A) != encode(i, Thread::B)));
}

TEST_F(EncoderTest, TuplesOfDifferentLengthNeverCoincide) {
  ExprRef i = variable("i", 0, Scope::Counter);
  Encoder& encoder = session.encoder();
  EXPECT_TRUE(valid(!encoder.sameElement({i}, Thread::A, {i, i}, Thread::B)));
  EXPECT_TRUE(valid(encoder.differentElement({i}, Thread::A, {i, i}, Thread::B)));
}

struct DivisionCase {
  std::int64_t dividend, divisor, quotient, remainder;
};

TEST_F(EncoderTest, DivisionAndModuloTruncateTowardsZeroLikeC) {
  ExprRef a = variable("a");
  ExprRef b = variable("b");
  for (DivisionCase c : {DivisionCase{-7, 2, -3, -1}, DivisionCase{7, -2, -3, 1}, DivisionCase{-7, -2, 3, -1},
                         DivisionCase{7, 2, 3, 1}, DivisionCase{0, -5, 0, 0}, DivisionCase{-6, 3, -2, 0}}) {
    SCOPED_TRACE(std::to_string(c.dividend) + " / " + std::to_string(c.divisor));
    // Symbolic operands, so that the builders cannot fold the operation away.
    z3::expr operands = encode(a) == session.context().int_val(static_cast<int64_t>(c.dividend)) &&
                        encode(b) == session.context().int_val(static_cast<int64_t>(c.divisor));
    z3::expr quotient = session.context().int_val(static_cast<int64_t>(c.quotient));
    z3::expr remainder = session.context().int_val(static_cast<int64_t>(c.remainder));
    EXPECT_TRUE(valid(z3::implies(operands, encode(div(a, b)) == quotient)));
    EXPECT_TRUE(valid(z3::implies(operands, encode(mod(a, b)) == remainder)));
  }
}

TEST_F(EncoderTest, ChoiceIsTheArmItsComparisonSelects) {
  ExprRef a = variable("a"), b = variable("b");
  z3::expr minimum = encode(ifLess(a, b, a, b));
  EXPECT_TRUE(valid(minimum <= encode(a) && minimum <= encode(b)));
  EXPECT_TRUE(valid(minimum == encode(a) || minimum == encode(b)));
  EXPECT_FALSE(possible(encode(a) < encode(b) && minimum == encode(b)));
}

TEST_F(EncoderTest, SymbolsAreRecordedForWitnesses) {
  encode(add(arrayRead("c", {variable("i", 0, Scope::Counter)}), variable("k", 1, Scope::Private)), Thread::B);
  const auto& symbols = session.encoder().symbols();
  auto find = [&](const std::string& name) {
    return std::find_if(symbols.begin(), symbols.end(), [&](const Encoder::Symbol& s) { return s.name == name; });
  };
  ASSERT_NE(find("i'"), symbols.end());
  EXPECT_FALSE(find("i'")->isArray);
  ASSERT_NE(find("k#1'"), symbols.end());
  ASSERT_NE(find("c"), symbols.end());
  EXPECT_TRUE(find("c")->isArray);
  EXPECT_EQ(find("c")->term.decl().name().str(), "c");
  EXPECT_EQ(find("i"), symbols.end());  // thread A's i was never encoded
}

TEST_F(EncoderTest, SessionCountsAssertionsAndQueries) {
  session.add(encode(variable("n")) > 0);
  EXPECT_EQ(session.statistics().assertions, 1u);
  z3::expr_vector none(session.context());
  EXPECT_EQ(session.check(none), CheckOutcome::Sat);
  session.add(encode(variable("n")) < 0);
  EXPECT_EQ(session.check(none), CheckOutcome::Unsat);
  EXPECT_EQ(session.statistics().queries, 2u);
  EXPECT_GE(session.statistics().z3Milliseconds, 0.0);
}

}  // namespace encoder_test
}  // namespace adrace::smt
