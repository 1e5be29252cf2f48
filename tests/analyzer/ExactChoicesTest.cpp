// Values chosen with `?:` (`hi = MIN(lo + TILE, n)`): the loop model bounds them for the search
// (hi <= lo + TILE, hi <= n) and keeps the exact choice, which a definite race's witness must
// satisfy (docs/check.md, "What a definite race means"). A race that needs hi below both arms is
// none; one through an arm stays definite, with a witness whose hi is that arm.
#include "CheckSnippet.h"

#include <map>

namespace adrace::analyzer::testing {
namespace exact_choices_test {

// Blocked running sums in tiles of 64, the last tile clipped with a MIN macro; each tile stores
// its total at `out[%s]`.
const char* kTileTotals = R"(
  #define TILE 64
  #define MIN(a, b) ((a) < (b) ? (a) : (b))
  int tile_sums(double *out, const double *in, int n)
  {
    int t, j, lo, hi;
    int ntiles = (n + TILE - 1) / TILE;
    double total;
    if (n <= 0)
      return 1;
  #pragma omp parallel for private(j, lo, hi, total)
    for (t = 0; t < ntiles; t++) {
      lo = t * TILE;
      hi = MIN(lo + TILE, n);
      total = 0.0;
      for (j = lo; j < hi; j++) {
        total += in[j];
        out[j] = total;
      }
      out[%s] = total;
    }
    return 0;
  })";

std::map<std::string, long long> valuesOf(const RaceFinding& finding) {
  std::map<std::string, long long> values;
  for (const auto& [symbol, value] : finding.witness) values[symbol] = std::stoll(value);
  return values;
}

TEST(ExactChoices, MinDefinitionIsBoundedAndKeptExact) {
  CheckedSnippet checked = checkSnippet(fillIn(kTileTotals, {"hi - 1"}));
  ASSERT_EQ(checked.models.loops.size(), 1u);
  const LoopModel& loop = checked.models.loops.front();
  int bounds = 0;
  for (const Fact& fact : loop.facts)
    if (fact.lhs->name == "hi" && fact.relation == smt::Relation::LessEqual) ++bounds;
  EXPECT_EQ(bounds, 2);
  ASSERT_EQ(loop.exactChoices.size(), 1u);
  const Fact& choice = loop.exactChoices.front();
  EXPECT_EQ(choice.lhs->name, "hi");
  EXPECT_EQ(choice.relation, smt::Relation::Equal);
  EXPECT_EQ(choice.rhs->op, smt::Expr::Op::IfLess);
}

TEST(ExactChoices, ValueBelowBothArmsIsNoRace) {
  // The tile's own last element: a race would need hi <= lo, below both of MIN's arms.
  CheckedSnippet checked = checkSnippet(fillIn(kTileTotals, {"hi - 1"}));
  EXPECT_FALSE(reportsRaceOn(checked, "out")) << describe(checked.findings);
}

TEST(ExactChoices, RaceThroughAnArmIsDefiniteWithThatArm) {
  // One past the tile's end: the next tile's first element when hi is its lo + TILE arm.
  CheckedSnippet checked = checkSnippet(fillIn(kTileTotals, {"hi"}));
  ASSERT_TRUE(reportsRaceOn(checked, "out", true)) << describe(checked.findings);
  for (const RaceFinding& finding : checked.findings) {
    if (finding.certainty != Certainty::Definite) continue;
    std::map<std::string, long long> values = valuesOf(finding);
    ASSERT_TRUE(values.count("n")) << describe({finding});
    for (const char* prime : {"", "'"}) {
      std::string hi = std::string("hi#1") + prime, lo = std::string("lo#1") + prime;
      if (!values.count(hi)) continue;
      ASSERT_TRUE(values.count(lo)) << describe({finding});
      EXPECT_EQ(values[hi], std::min(values[lo] + 64, values["n"])) << describe({finding});
    }
  }
}

// A condition below a min is below both arms: its two bounds are exact, no choice is kept. Above
// a min, the bounds say nothing: only the exact choice says it.
TEST(ExactChoices, ConditionsKeepTheChoiceOnlyWhereTheBoundsAreNotExact) {
  const char* kGuarded = R"(
    #define MIN(a, b) ((a) < (b) ? (a) : (b))
    void guarded(double *v, int n, int m)
    {
      int i;
    #pragma omp parallel for
      for (i = 0; i < n; i++)
        if (i %s MIN(n - 1, m))
          v[i] = 0.0;
    })";
  CheckedSnippet below = checkSnippet(fillIn(kGuarded, {"<"}));
  ASSERT_EQ(below.models.loops.size(), 1u);
  EXPECT_TRUE(below.models.loops.front().exactChoices.empty());
  CheckedSnippet above = checkSnippet(fillIn(kGuarded, {">"}));
  ASSERT_EQ(above.models.loops.size(), 1u);
  ASSERT_EQ(above.models.loops.front().exactChoices.size(), 1u);
  EXPECT_EQ(above.models.loops.front().exactChoices.front().relation, smt::Relation::Greater);
}

}  // namespace exact_choices_test
}  // namespace adrace::analyzer::testing
