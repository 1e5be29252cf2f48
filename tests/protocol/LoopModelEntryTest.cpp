// adrace/Analysis.h's clang-free entry: a LoopModel built in code, every active variable or
// exactly the questions asked.
#include "adrace/Analysis.h"

#include <gtest/gtest.h>

namespace adrace {
namespace loop_model_entry_test {

using namespace analyzer;

Variable variable(const std::string& name, bool integer, unsigned dimensions) {
  Variable result;
  result.name = name;
  result.isInteger = integer;
  result.isFloating = !integer;
  result.isArray = dimensions > 0;
  result.dimensions = dimensions;
  return result;
}

Reference reference(int id, const std::string& array, AccessKind kind, smt::ExprRef index) {
  Reference result;
  result.id = id;
  result.variable = array;
  result.kind = kind;
  result.indices = {std::move(index)};
  return result;
}

// for (i = 0; i < n; i++) y[c[i]] = x[c[i] + 7];
LoopModel figure2() {
  LoopModel loop;
  LoopDimensionModel dimension;
  dimension.domain = {"i", smt::constant(0), smt::variable("n"), smt::Comparison::Less, smt::constant(1)};
  loop.dimensions.push_back(dimension);
  Variable counter = variable("i", true, 0);
  counter.sharing = Sharing::LoopCounter;
  loop.variables = {counter, variable("n", true, 0), variable("c", true, 1), variable("x", false, 1),
                    variable("y", false, 1)};
  smt::ExprRef ci = smt::arrayRead("c", {smt::variable("i", 0, smt::Scope::Counter)});
  loop.references = {reference(0, "y", AccessKind::Write, ci),
                     reference(1, "x", AccessKind::Read, smt::add(ci, smt::constant(7)))};
  return loop;
}

TEST(LoopModelEntry, EveryActiveVariable) {
  LoopAnalysis analysis = analyzeLoop(figure2(), AnalysisOptions{});
  ASSERT_EQ(analysis.arrays.size(), 2u);
  for (const ArrayVerdict& verdict : analysis.arrays) EXPECT_EQ(verdict.verdict, Verdict::Shared) << verdict.array;
}

TEST(LoopModelEntry, ExplicitQuestions) {
  smt::ExprRef ci = smt::arrayRead("c", {smt::variable("i", 0, smt::Scope::Counter)});
  // x_b[c[i] + 8] += ... stands for a primal read of x[c[i] + 8]: it may meet another iteration's
  // x_b[c[i'] + 7].
  std::vector<Reference> increments = {reference(0, "x", AccessKind::Read, smt::add(ci, smt::constant(7))),
                                       reference(1, "x", AccessKind::Read, smt::add(ci, smt::constant(8)))};
  AdjointQuestion shifted{"x", "xb", increments};
  AdjointQuestion unknown{"z", "", std::nullopt};
  LoopAnalysis analysis = analyzeLoop(figure2(), {shifted, unknown}, AnalysisOptions{});
  ASSERT_EQ(analysis.arrays.size(), 2u);
  EXPECT_EQ(analysis.arrays[0].adjoint, "xb");
  EXPECT_EQ(analysis.arrays[0].verdict, Verdict::Atomic);
  EXPECT_EQ(analysis.arrays[0].guardedReferences, (std::vector<int>{0, 1}));
  EXPECT_EQ(analysis.arrays[1].adjoint, "z_b");
  EXPECT_EQ(analysis.arrays[1].verdict, Verdict::Atomic) << "unknown means unsafe";
  EXPECT_FALSE(analysis.arrays[1].proven);
}

}  // namespace loop_model_entry_test
}  // namespace adrace
