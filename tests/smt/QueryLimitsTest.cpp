// The limits of a Z3 query (smt/QueryLimits.h): the resource limit bounds each check() on its own,
// cuts a query with its own reason whatever the wall-clock timeout, and a larger one decides it.
// Measured on the libz3 the project links (Debian's 4.8.12), not taken from Z3's documentation.
#include "smt/QueryLimits.h"
#include "smt/SolverSession.h"

#include <gtest/gtest.h>

#include <string>

namespace adrace::smt {
namespace query_limits_test {

// No wall-clock limit worth the name: only the resource limit can cut these queries.
constexpr unsigned kNoTimeout = 600000;

// `holes + 1` pigeons in `holes` holes, each pigeon an integer: unsat, and Z3 has to work for it
// (case splits on the disequalities), a cost in steps that grows quickly with `holes`.
z3::expr pigeonsInHoles(z3::context& context, int holes, const std::string& prefix) {
  z3::expr_vector pigeons(context);
  z3::expr_vector placed(context);
  for (int p = 0; p <= holes; ++p) {
    z3::expr pigeon = context.int_const((prefix + std::to_string(p)).c_str());
    pigeons.push_back(pigeon);
    placed.push_back(pigeon >= 0 && pigeon < holes);
  }
  return z3::mk_and(placed) && z3::distinct(pigeons);
}

constexpr int kHoles = 5;

// The steps the pigeonhole query costs with no resource limit.
uint64_t pigeonholeCost() {
  SolverSession session(kNoTimeout, /*resourceLimit=*/0);
  session.add(pigeonsInHoles(session.context(), kHoles, "p"));
  EXPECT_EQ(session.check(z3::expr_vector(session.context())), CheckOutcome::Unsat);
  return session.statistics().z3Steps;
}

struct Answer {
  CheckOutcome outcome;
  std::string reason;
  uint64_t steps;
};

Answer askPigeonhole(unsigned timeoutMs, unsigned resourceLimit) {
  SolverSession session(timeoutMs, resourceLimit);
  session.add(pigeonsInHoles(session.context(), kHoles, "p"));
  Answer answer{CheckOutcome::Sat, "", 0};
  answer.outcome = session.check(z3::expr_vector(session.context()), &answer.reason);
  answer.steps = session.statistics().z3Steps;
  return answer;
}

TEST(QueryLimits, SolverSessionsCountTheStepsOfTheirQueries) {
  uint64_t cost = pigeonholeCost();
  EXPECT_GT(cost, 1000u);
  // The same query costs the same steps every time: what makes the limit deterministic.
  EXPECT_EQ(pigeonholeCost(), cost);
}

TEST(QueryLimits, AQueryTheResourceLimitCutsIsUnknownWithItsReasonAndALargerLimitDecidesIt) {
  uint64_t cost = pigeonholeCost();
  Answer cut = askPigeonhole(kNoTimeout, static_cast<unsigned>(cost / 10));
  EXPECT_EQ(cut.outcome, CheckOutcome::Unknown);
  EXPECT_EQ(cut.reason, kResourceLimitReached);
  EXPECT_GE(cut.steps, cost / 10);
  EXPECT_LT(cut.steps, cost);
  Answer decided = askPigeonhole(kNoTimeout, static_cast<unsigned>(cost * 2));
  EXPECT_EQ(decided.outcome, CheckOutcome::Unsat);
  EXPECT_EQ(decided.reason, "");
}

TEST(QueryLimits, TheVerdictDoesNotDependOnTheTimeoutAboveWhatTheLimitAllows) {
  uint64_t cost = pigeonholeCost();
  for (unsigned limit : {static_cast<unsigned>(cost / 10), static_cast<unsigned>(cost * 2)}) {
    Answer tight = askPigeonhole(2000, limit);
    Answer loose = askPigeonhole(60000, limit);
    EXPECT_EQ(tight.outcome, loose.outcome) << "limit " << limit;
    EXPECT_EQ(tight.reason, loose.reason) << "limit " << limit;
    EXPECT_EQ(tight.steps, loose.steps) << "limit " << limit;
  }
  // At the default limit the query is decided, at any timeout far above its time.
  EXPECT_EQ(askPigeonhole(2000, kDefaultQueryResourceLimit).outcome, CheckOutcome::Unsat);
  EXPECT_EQ(askPigeonhole(60000, kDefaultQueryResourceLimit).outcome, CheckOutcome::Unsat);
}

// Z3's solver parameter `rlimit` is the steps of one check(), not of the context: queries that
// together spend several times the limit are each decided. (Were it the context's total, the
// third query below would be cut.)
TEST(QueryLimits, TheResourceLimitBoundsEachQueryNotTheirSum) {
  uint64_t cost = pigeonholeCost();
  SolverSession session(kNoTimeout, static_cast<unsigned>(cost * 2));
  for (int round = 0; round < 5; ++round) {
    // A fresh solver of the same context, as the checks make for their side questions...
    z3::solver side = session.newSolver();
    side.add(pigeonsInHoles(session.context(), kHoles, "side" + std::to_string(round) + "_"));
    std::string reason;
    EXPECT_EQ(session.check(side, z3::expr_vector(session.context()), &reason), CheckOutcome::Unsat)
        << "round " << round << ": " << reason;
  }
  // ...and the session's own solver, one query per scope.
  for (int round = 0; round < 3; ++round) {
    session.solver().push();
    session.solver().add(pigeonsInHoles(session.context(), kHoles, "own" + std::to_string(round) + "_"));
    std::string reason;
    EXPECT_EQ(session.check(z3::expr_vector(session.context()), &reason), CheckOutcome::Unsat)
        << "round " << round << ": " << reason;
    session.solver().pop();
  }
  EXPECT_GT(session.statistics().z3Steps, 3 * uint64_t(session.resourceLimit()));
}

TEST(QueryLimits, TheLimitHoldsUnderADeadlineAndOnATacticsSolver) {
  uint64_t cost = pigeonholeCost();
  const unsigned tenth = static_cast<unsigned>(cost / 10);
  // A deadline re-sets the solver's timeout before each query; the resource limit stays.
  SolverSession session(kNoTimeout, tenth);
  session.setDeadline(Deadline::after(600000));
  session.add(pigeonsInHoles(session.context(), kHoles, "p"));
  std::string reason;
  EXPECT_EQ(session.check(z3::expr_vector(session.context()), &reason), CheckOutcome::Unknown);
  EXPECT_EQ(reason, kResourceLimitReached);
  // A solver made of tactics (SomeRunKeeps.cpp) gets the session's limits with applyLimits().
  z3::context& context = session.context();
  z3::solver tactics = (z3::tactic(context, "qe") & z3::tactic(context, "smt")).mk_solver();
  session.applyLimits(tactics);
  tactics.add(pigeonsInHoles(context, kHoles, "t"));
  EXPECT_EQ(session.check(tactics, z3::expr_vector(context), &reason), CheckOutcome::Unknown);
  EXPECT_EQ(reason, kResourceLimitReached);
}

TEST(QueryLimits, SessionsTakeTheProcessResourceLimitWhenMade) {
  EXPECT_EQ(SolverSession().resourceLimit(), queryResourceLimit());
  const unsigned before = queryResourceLimit();
  setQueryResourceLimit(12345);
  EXPECT_EQ(SolverSession().resourceLimit(), 12345u);
  EXPECT_EQ(SolverSession(2000, 7).resourceLimit(), 7u);
  setQueryResourceLimit(before);
  EXPECT_EQ(SolverSession().resourceLimit(), before);
  EXPECT_EQ(SolverSession().timeoutMilliseconds(), kDefaultQueryTimeoutMs);
}

}  // namespace query_limits_test
}  // namespace adrace::smt
