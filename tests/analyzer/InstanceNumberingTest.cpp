// Instance numbers (docs/design.md [FormAD] §5.2) and the definition facts built on them.
#include "ParseSnippet.h"

namespace adrace::analyzer::testing {
namespace instance_numbering_test {

TEST(InstanceNumbering, RedefinitionGivesANewInstance) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, double *a, double *b) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        int k = 2 * i;
        a[k] = 1;
        k = k + 1;
        b[k] = a[k - 1];
      }
    })");
  auto a = referencesTo(loop, "a");
  auto b = referencesTo(loop, "b");
  ASSERT_EQ(a.size(), 2u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(indexText(a[0]), "[k#1]");
  EXPECT_EQ(indexText(b[0]), "[k#2]");
  EXPECT_EQ(indexText(a[1]), "[k#2 - 1]");
  std::set<std::string> facts;
  for (const Fact& fact : loop.facts)
    if (fact.origin == "definition") facts.insert(smt::toString(fact.lhs) + " == " + smt::toString(fact.rhs));
  EXPECT_TRUE(facts.count("k#1 == 2 * i"));
  EXPECT_TRUE(facts.count("k#2 == k#1 + 1"));
}

TEST(InstanceNumbering, MergeOfDifferentDefinitions) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, double *a, const int *c) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        int k;
        if (c[i] > 0) k = i; else k = n + i;
        a[k] = 1;
        a[k + n] = 2;
      }
    })");
  auto a = referencesTo(loop, "a");
  ASSERT_EQ(a.size(), 2u);
  // Two definitions reach the uses: one merged instance, and no definition fact for it.
  const smt::ExprRef& k = a[0].indices.at(0);
  ASSERT_EQ(k->op, smt::Expr::Op::Var);
  EXPECT_NE(k->instance, 0);
  EXPECT_EQ(indexText(a[1]), "[" + smt::toString(k) + " + n]");
  for (const Fact& fact : loop.facts) EXPECT_NE(smt::toString(fact.lhs), smt::toString(k));
  bool sawMerge = false;
  for (const Instance& instance : loop.instances)
    sawMerge |=
        instance.variable == "k" && instance.instance == k->instance && instance.reachingDefinitions.size() == 2;
  EXPECT_TRUE(sawMerge);
}

TEST(InstanceNumbering, InnerLoopThatRedefines) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, int m, double *a, const int *c) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        int idx = c[i];
        a[idx] = 0;
        for (int k = 0; k < m; k++) {
          a[idx] += 1;
          idx = idx + 1;
        }
        a[idx] -= 1;
      }
    })");
  auto a = referencesTo(loop, "a");
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(indexText(a[0]), "[idx#1]");
  std::string inLoop = indexText(a[1]);
  EXPECT_NE(inLoop, "[idx#1]") << "entry value and the loop's own definition both reach the loop body";
  // After the loop the same merge reaches as in it (no definition between).
  EXPECT_EQ(indexText(a[2]), inLoop);
}

TEST(InstanceNumbering, SharedAndCounterSymbolsKeepInstanceZero) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, int offset, double *a) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) a[i + offset] = 1;
    })");
  auto a = referencesTo(loop, "a");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(indexText(a[0]), "[i + offset]");
  EXPECT_EQ(a[0].indices[0]->args[0]->scope, smt::Scope::Counter);
  EXPECT_EQ(a[0].indices[0]->args[1]->scope, smt::Scope::Shared);
}

}  // namespace instance_numbering_test
}  // namespace adrace::analyzer::testing
