// Control contexts from the CFG's dominator and post-dominator trees (docs/design.md [FormAD] §5.1).
#include "ParseSnippet.h"

#include <set>

namespace adrace::analyzer::testing {
namespace context_builder_test {

int contextOf(const LoopModel& loop, const std::string& array, size_t which = 0) {
  auto references = referencesTo(loop, array);
  EXPECT_GT(references.size(), which);
  return references.size() > which ? references[which].context : -1;
}

TEST(ContextBuilder, IfElseMakesTwoChildrenOfTheRoot) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, double *a, double *b, double *c, double *d) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        a[i] = 1;
        if (i % 2 == 0) b[i] = 2; else c[i] = 3;
        d[i] = 4;
      }
    })");
  int root = contextOf(loop, "a");
  int then = contextOf(loop, "b");
  int otherwise = contextOf(loop, "c");
  EXPECT_EQ(root, 0);
  EXPECT_EQ(contextOf(loop, "d"), 0) << "the join post-dominates the branch: same context as its start";
  EXPECT_NE(then, 0);
  EXPECT_NE(otherwise, 0);
  EXPECT_NE(then, otherwise);
  EXPECT_EQ(loop.contexts[then].parent, 0);
  EXPECT_EQ(loop.contexts[otherwise].parent, 0);
  EXPECT_EQ(loop.contexts[then].kind, ContextKind::Branch);
  // Branch conditions become facts of their contexts: i % 2 == 0 in one, != in the other.
  int conditionFacts = 0;
  for (const Fact& fact : loop.facts)
    if (fact.origin.find("condition") != std::string::npos) {
      ++conditionFacts;
      EXPECT_TRUE(fact.context == then || fact.context == otherwise);
    }
  EXPECT_EQ(conditionFacts, 2);
}

TEST(ContextBuilder, NestedIfAndInnerLoop) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, int m, double *a, double *b, double *c) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        if (i > 2) {
          a[i] = 1;
          if (i > 4) b[i] = 2;
        }
        for (int k = 0; k < m; k++) c[i * m + k] = 3;
      }
    })");
  int outer = contextOf(loop, "a");
  int inner = contextOf(loop, "b");
  int loopBody = contextOf(loop, "c");
  EXPECT_NE(outer, 0);
  EXPECT_EQ(loop.contexts[inner].parent, outer);
  EXPECT_EQ(loop.contexts[loopBody].parent, 0);
  EXPECT_EQ(loop.contexts[loopBody].kind, ContextKind::InnerLoopBody);
  bool sawBound = false;
  for (const Fact& fact : loop.facts)
    sawBound |= fact.context == loopBody && smt::toString(fact.lhs).rfind("k", 0) == 0 &&
                fact.relation == smt::KnowledgeBase::Relation::Less && smt::toString(fact.rhs) == "m";
  EXPECT_TRUE(sawBound) << "an inner loop's condition holds in its body";
}

TEST(ContextBuilder, EarlyContinueSplitsTheRest) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, double *a, double *b, const int *skip) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        a[i] = 1;
        if (skip[i]) continue;
        b[i] = 2;
      }
    })");
  EXPECT_EQ(contextOf(loop, "a"), 0);
  int after = contextOf(loop, "b");
  EXPECT_NE(after, 0) << "statements after a conditional continue run on fewer iterations";
  EXPECT_EQ(loop.contexts[after].parent, 0);
}

TEST(ContextBuilder, AJoinReachedFromInsideTheBranchKnowsNoCondition) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, double *x, double *s) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        if (i != 0) {
          if (x[i] > 0) continue;
          x[i] = 1.0;
        }
        s[0] = x[i];
      }
    })");
  int join = contextOf(loop, "s");
  EXPECT_NE(join, 0) << "the continue makes s[0] run on fewer iterations";
  // s[0] runs for i == 0 and for every i whose x[i] <= 0: `i == 0` must not become its fact.
  for (const Fact& fact : loop.facts) EXPECT_NE(fact.context, join) << smt::toString(fact.lhs);
}

TEST(ContextBuilder, ConjunctionsGiveAFactPerOperand) {
  LoopModel loop = onlyLoop(R"(
    void f(int nb, int ny, double *a) {
      #pragma omp parallel for
      for (int b = 0; b < nb; b++)
        for (int j = 4 * b; j < 4 * b + 4 && j < ny; j++)
          if (!(j == 0 || j > 100)) a[j] = 1.0;
    })");
  std::set<std::string> facts;
  for (const Fact& fact : loop.facts) {
    const char* relation[] = {"==", "!=", "<", "<=", ">", ">="};
    facts.insert(smt::toString(fact.lhs) + " " + relation[static_cast<int>(fact.relation)] + " " +
                 smt::toString(fact.rhs));
  }
  EXPECT_TRUE(facts.count("j#1 < 4 * b + 4")) << "left operand of the loop's &&";
  EXPECT_TRUE(facts.count("j#1 < ny")) << "right operand of the loop's &&";
  EXPECT_TRUE(facts.count("j#1 == 4 * b + trip_j#1")) << "the inner counter's stride, whatever its condition";
  EXPECT_TRUE(facts.count("j#1 != 0")) << "a false || gives the negation of each operand";
  EXPECT_TRUE(facts.count("j#1 <= 100"));
}

TEST(ContextBuilder, StraightLineCodeIsOneContext) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, double *a, double *b) {
      #pragma omp parallel for
      for (int i = 1; i < n; i++) { a[i] = b[i]; a[i - 1] += b[i]; }
    })");
  EXPECT_EQ(loop.contexts.size(), 1u);
  for (const Reference& reference : loop.references) EXPECT_EQ(reference.context, 0);
}

}  // namespace context_builder_test
}  // namespace adrace::analyzer::testing
