#include "smt/SomeRunKeeps.h"

#include <gtest/gtest.h>

namespace adrace::smt {
namespace some_run_keeps_test {

ExprRef i() { return variable("i", 0, Scope::Counter); }
ExprRef j() { return variable("j", 0, Scope::Private); }

// for (i = 1; i <= nx; i++) for (j = first; j <= last; j++): the inner loop's range as facts.
struct Nest {
  LoopDomain domain{{LoopDimension{"i", constant(1), variable("nx"), Comparison::LessEqual, constant(1)}},
                    std::nullopt};
  std::vector<Condition> facts;
  Nest(const ExprRef& first, const ExprRef& last)
      : facts{{j(), Relation::GreaterEqual, first}, {j(), Relation::LessEqual, last}} {}
};

// 0 <= column < width.
std::vector<Condition> within(const ExprRef& column, std::int64_t width) {
  return {{column, Relation::GreaterEqual, constant(0)}, {column, Relation::Less, constant(width)}};
}

// j <= ny with ny an input: a run with ny below the row's length keeps j in its row.
TEST(SomeRunKeeps, InputBoundLeavesTheRowOnlyInSomeRuns) {
  SolverSession session;
  Nest nest(constant(1), variable("ny"));
  EXPECT_EQ(someRunKeeps(session, nest.domain, nest.facts, within(j(), 50)), CheckOutcome::Sat);
}

// j <= 50 on rows of 50: every run has j = 50.
TEST(SomeRunKeeps, ConstantBoundPastTheRowLeavesItInEveryRun) {
  SolverSession session;
  Nest nest(constant(0), constant(50));
  EXPECT_EQ(someRunKeeps(session, nest.domain, nest.facts, within(j(), 50)), CheckOutcome::Unsat);
  Nest inside(constant(0), constant(49));
  EXPECT_EQ(someRunKeeps(session, inside.domain, inside.facts, within(j(), 50)), CheckOutcome::Sat);
}

// Column j - 1 from j = 0: negative in every run, whatever the input bound.
TEST(SomeRunKeeps, ColumnBelowZeroAtTheFirstIterationOfEveryRun) {
  SolverSession session;
  Nest nest(constant(0), variable("ny"));
  EXPECT_EQ(someRunKeeps(session, nest.domain, nest.facts, within(sub(j(), constant(1)), 50)), CheckOutcome::Unsat);
}

// The parallel counter as the column: i <= nx keeps it in its row when nx is small.
TEST(SomeRunKeeps, CounterOfTheParallelLoop) {
  SolverSession session;
  Nest nest(constant(0), constant(3));
  EXPECT_EQ(someRunKeeps(session, nest.domain, nest.facts, within(i(), 8)), CheckOutcome::Sat);
  EXPECT_EQ(someRunKeeps(session, nest.domain, nest.facts, within(add(i(), constant(8)), 8)), CheckOutcome::Unsat);
}

}  // namespace some_run_keeps_test
}  // namespace adrace::smt
