// The time budget of a solver session: queries get min(timeout, time left), and none is sent to Z3
// once the deadline has passed.
#include "smt/Deadline.h"
#include "smt/SolverSession.h"

#include <gtest/gtest.h>

#include <thread>

namespace adrace::smt {
namespace deadline_test {

TEST(Deadline, QueryTimeoutIsTheSmallerOfTimeoutAndTimeLeft) {
  EXPECT_EQ(Deadline().queryTimeout(2000), 2000u);
  EXPECT_FALSE(Deadline().passed());
  Deadline soon = Deadline::after(50);
  EXPECT_LE(soon.queryTimeout(2000), 50u);
  EXPECT_GE(soon.queryTimeout(2000), 1u);
  EXPECT_EQ(Deadline::after(100000).queryTimeout(2000), 2000u);
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  EXPECT_TRUE(soon.passed());
  EXPECT_EQ(soon.queryTimeout(2000), 1u);
}

TEST(Deadline, SessionPastItsDeadlineSendsNothingAndSaysWhy) {
  SolverSession session;
  z3::expr x = session.context().int_const("x");
  session.add(x > 3);
  EXPECT_EQ(session.check(z3::expr_vector(session.context())), CheckOutcome::Sat);
  session.setDeadline(Deadline::after(0));
  EXPECT_TRUE(session.budgetExhausted());
  std::string reason;
  unsigned before = session.statistics().queries;
  EXPECT_EQ(session.check(z3::expr_vector(session.context()), &reason), CheckOutcome::Unknown);
  EXPECT_EQ(reason, kBudgetExhausted);
  EXPECT_EQ(session.statistics().queries, before);
}

TEST(Deadline, SessionWithTimeLeftAnswersAsBefore) {
  SolverSession session;
  session.setDeadline(Deadline::after(60000));
  z3::expr x = session.context().int_const("x");
  session.add(x > 3 && x < 2);
  EXPECT_EQ(session.check(z3::expr_vector(session.context())), CheckOutcome::Unsat);
  EXPECT_FALSE(session.budgetExhausted());
}

}  // namespace deadline_test
}  // namespace adrace::smt
