#include "smt/KnowledgeBase.h"

#include <gtest/gtest.h>

namespace adrace::smt {
namespace knowledge_base_test {

using Status = Coincidence::Status;
using Relation = KnowledgeBase::Relation;

ExprRef i() { return variable("i", 0, Scope::Counter); }
ExprRef n() { return variable("n"); }

// for (i = first; i < n; i += step)
LoopDomain loop(std::int64_t first, std::int64_t step) {
  return {{LoopDimension{"i", constant(first), n(), Comparison::Less, constant(step)}}, std::nullopt};
}

std::string witnessValue(const Coincidence& answer, const std::string& name) {
  for (const auto& [symbol, value] : answer.witness)
    if (symbol == name) return value;
  return "<absent>";
}

std::int64_t witnessNumber(const Coincidence& answer, const std::string& name) {
  return std::stoll(witnessValue(answer, name));
}

TEST(ContextTreeTest, AncestorsFollowParents) {
  // 0 ─┬─ 1 ── 3
  //    └─ 2
  ContextTree tree{{-1, 0, 0, 1}};
  EXPECT_TRUE(tree.isAncestorOrSelf(0, 3));
  EXPECT_TRUE(tree.isAncestorOrSelf(1, 3));
  EXPECT_TRUE(tree.isAncestorOrSelf(3, 3));
  EXPECT_FALSE(tree.isAncestorOrSelf(2, 3));
  EXPECT_FALSE(tree.isAncestorOrSelf(3, 1));
  EXPECT_EQ(tree.commonAncestor(3, 2), 0);
  EXPECT_EQ(tree.commonAncestor(3, 1), 1);
  EXPECT_EQ(tree.commonAncestor(1, 3), 1);
  EXPECT_EQ(tree.commonAncestor(2, 2), 2);
}

// docs/design.md [FormAD] figure 2: y[c[i]] = x[c[i] + 7]. The primal's writes to y tell us c[i] != c[i'], which
// makes the adjoint's increments of xb at c[i] + 7 disjoint.
TEST(KnowledgeBaseTest, IndirectWritesProveShiftedIncrementsDisjoint) {
  SolverSession session;
  KnowledgeBase knowledge(session, {}, loop(0, 1));
  IndexTuple y{arrayRead("c", {i()})};
  IndexTuple x{add(arrayRead("c", {i()}), constant(7))};
  knowledge.addDisjoint(0, y, y);
  EXPECT_EQ(knowledge.checkConsistent(0).outcome, CheckOutcome::Sat);
  EXPECT_EQ(knowledge.knowledgeAssertions(), 1u);

  EXPECT_EQ(knowledge.mayCoincide(0, x, x).status, Status::Disjoint);
  EXPECT_EQ(knowledge.mayCoincide(0, y, y).status, Status::Disjoint);

  // Without the primal's knowledge nothing is known about c.
  Coincidence unproven = knowledge.mayCoincide(0, x, x, /*useKnowledge=*/false);
  ASSERT_EQ(unproven.status, Status::Overlap);
  EXPECT_TRUE(unproven.throughArrayRead);
  ASSERT_GE(unproven.witness.size(), 2u);
  EXPECT_EQ(unproven.witness[0].first, "i");
  EXPECT_EQ(unproven.witness[1].first, "i'");
  EXPECT_NE(unproven.witness[0].second, unproven.witness[1].second);
  std::string readOnA = "c[" + unproven.witness[0].second + "]";
  std::string readOnB = "c[" + unproven.witness[1].second + "]";
  EXPECT_EQ(witnessValue(unproven, readOnA), witnessValue(unproven, readOnB));
}

TEST(KnowledgeBaseTest, StrideSeparatesNeighbours) {
  // for (i = 2; i < n; i += 2): i and i' + 1 have different parities.
  SolverSession session;
  KnowledgeBase even(session, {}, loop(2, 2));
  EXPECT_EQ(even.mayCoincide(0, {i()}, {add(i(), constant(1))}).status, Status::Disjoint);
  Coincidence two = even.mayCoincide(0, {i()}, {add(i(), constant(2))});
  ASSERT_EQ(two.status, Status::Overlap);
  EXPECT_EQ(witnessNumber(two, "i") - witnessNumber(two, "i'"), 2);
  EXPECT_EQ(witnessNumber(two, "i") % 2, 0);
  EXPECT_GE(witnessNumber(two, "i'"), 2);
}

TEST(KnowledgeBaseTest, UnitStrideLetsNeighboursMeet) {
  SolverSession session;
  KnowledgeBase dense(session, {}, loop(0, 1));
  Coincidence answer = dense.mayCoincide(0, {i()}, {add(i(), constant(1))});
  ASSERT_EQ(answer.status, Status::Overlap);
  EXPECT_FALSE(answer.throughArrayRead);
  EXPECT_EQ(witnessNumber(answer, "i"), witnessNumber(answer, "i'") + 1);
}

TEST(KnowledgeBaseTest, TwoDimensionalDomainNeedsBothCounters) {
  // collapse(2): for i, for j. Iterations differ in i or in j.
  SolverSession session;
  ExprRef j = variable("j", 0, Scope::Counter);
  LoopDomain domain{{LoopDimension{"i", constant(0), n(), Comparison::Less, constant(1)},
                     LoopDimension{"j", constant(0), n(), Comparison::Less, constant(1)}},
                    std::nullopt};
  KnowledgeBase knowledge(session, {}, domain);
  EXPECT_EQ(knowledge.mayCoincide(0, {i(), j}, {i(), j}).status, Status::Disjoint);
  Coincidence row = knowledge.mayCoincide(0, {i()}, {i()});
  ASSERT_EQ(row.status, Status::Overlap);
  EXPECT_EQ(row.witness[0].first, "i");
  EXPECT_EQ(row.witness[1].first, "j");
  EXPECT_EQ(row.witness[2].first, "i'");
  EXPECT_EQ(row.witness[3].first, "j'");
  EXPECT_EQ(knowledge.mayCoincide(0, {i(), j}, {j, i()}).status, Status::Overlap);
}

TEST(KnowledgeBaseTest, NotEqualBoundWithDescendingStepBoundsFromBelow) {
  // for (i = 10; i != 0; i--): i stays above 0.
  SolverSession session;
  LoopDomain domain{{LoopDimension{"i", constant(10), constant(0), Comparison::NotEqual, constant(-1)}}, std::nullopt};
  KnowledgeBase knowledge(session, {}, domain);
  EXPECT_EQ(knowledge.mayCoincide(0, {i()}, {constant(0)}).status, Status::Disjoint);
  EXPECT_EQ(knowledge.mayCoincide(0, {i()}, {constant(11)}).status, Status::Disjoint);
  EXPECT_EQ(knowledge.mayCoincide(0, {i()}, {constant(10)}).status, Status::Overlap);
}

// lbm-like: for (i = 0; i < n; i += 20) for (e = 0; e < 20; e++) ... a[e + i]: the cells of one
// iteration never reach the next one's.
TEST(KnowledgeBaseTest, FactsBoundAnOffsetWithinTheStride) {
  SolverSession session;
  KnowledgeBase knowledge(session, {{-1, 0}}, loop(0, 20));
  ExprRef e = variable("e", 0, Scope::Private);
  knowledge.addFact(1, e, Relation::GreaterEqual, constant(0));
  knowledge.addFact(1, e, Relation::Less, constant(20));
  IndexTuple cell{add(e, i())};

  EXPECT_EQ(knowledge.mayCoincide(1, cell, cell).status, Status::Disjoint);
  // The root does not know the range of e.
  Coincidence atRoot = knowledge.mayCoincide(0, cell, cell);
  ASSERT_EQ(atRoot.status, Status::Overlap);
  EXPECT_EQ(witnessNumber(atRoot, "e") + witnessNumber(atRoot, "i"),
            witnessNumber(atRoot, "e'") + witnessNumber(atRoot, "i'"));
  EXPECT_EQ(knowledge.checkConsistent(1).outcome, CheckOutcome::Sat);
}

TEST(KnowledgeBaseTest, KnowledgeIsInheritedByDescendantsOnly) {
  // 0 ─┬─ 1 ── 3
  //    └─ 2
  SolverSession session;
  KnowledgeBase knowledge(session, {{-1, 0, 0, 1}}, loop(0, 1));
  IndexTuple c{arrayRead("c", {i()})};
  IndexTuple d{arrayRead("d", {i()})};
  knowledge.addDisjoint(1, c, c);
  knowledge.addDisjoint(0, d, d);

  EXPECT_EQ(knowledge.mayCoincide(0, c, c).status, Status::Overlap);  // child's knowledge
  EXPECT_EQ(knowledge.mayCoincide(1, c, c).status, Status::Disjoint);
  EXPECT_EQ(knowledge.mayCoincide(3, c, c).status, Status::Disjoint);  // inherited
  EXPECT_EQ(knowledge.mayCoincide(2, c, c).status, Status::Overlap);   // sibling's knowledge
  for (int context : {0, 1, 2, 3}) EXPECT_EQ(knowledge.mayCoincide(context, d, d).status, Status::Disjoint) << context;
}

TEST(KnowledgeBaseTest, FactsAreInheritedByDescendantsOnly) {
  SolverSession session;
  KnowledgeBase knowledge(session, {{-1, 0, 0}}, loop(0, 1));
  ExprRef k = variable("k", 1, Scope::Private);
  knowledge.addFact(1, k, Relation::Equal, mul(constant(2), i()));
  EXPECT_EQ(knowledge.mayCoincide(1, {k}, {k}).status, Status::Disjoint);
  EXPECT_EQ(knowledge.mayCoincide(2, {k}, {k}).status, Status::Overlap);
  EXPECT_EQ(knowledge.mayCoincide(0, {k}, {k}).status, Status::Overlap);
}

TEST(KnowledgeBaseTest, ContradictoryKnowledgeIsInconsistent) {
  // Every iteration writes a[n] (a shared n): no two iterations can be disjoint there.
  SolverSession session;
  KnowledgeBase knowledge(session, {{-1, 0}}, loop(0, 1));
  knowledge.addDisjoint(1, {n()}, {n()});
  EXPECT_EQ(knowledge.checkConsistent(0).outcome, CheckOutcome::Sat);
  EXPECT_EQ(knowledge.checkConsistent(1).outcome, CheckOutcome::Unsat);
}

TEST(KnowledgeBaseTest, ContradictoryFactsAreInconsistent) {
  SolverSession session;
  KnowledgeBase knowledge(session, {{-1, 0}}, loop(0, 1));
  ExprRef k = variable("k", 0, Scope::Private);
  knowledge.addFact(1, k, Relation::Less, n());
  knowledge.addFact(1, k, Relation::GreaterEqual, n());
  EXPECT_EQ(knowledge.checkConsistent(0).outcome, CheckOutcome::Sat);
  EXPECT_EQ(knowledge.checkConsistent(1).outcome, CheckOutcome::Unsat);
}

TEST(KnowledgeBaseTest, FactsThroughArrayReadsMakeAnOverlapPossibleOnly) {
  SolverSession session;
  KnowledgeBase knowledge(session, {}, loop(0, 1));
  ExprRef k = variable("k", 1, Scope::Private);
  ExprRef m = variable("m", 1, Scope::Private);
  knowledge.addFact(0, k, Relation::Equal, arrayRead("c", {i()}));
  knowledge.addFact(0, m, Relation::Equal, add(k, constant(1)));  // reaches c through k

  EXPECT_TRUE(knowledge.mayCoincide(0, {k}, {k}).throughArrayRead);
  Coincidence throughDefinitions = knowledge.mayCoincide(0, {m}, {m});
  ASSERT_EQ(throughDefinitions.status, Status::Overlap);
  EXPECT_TRUE(throughDefinitions.throughArrayRead);
  EXPECT_FALSE(knowledge.mayCoincide(0, {i()}, {add(i(), constant(1))}).throughArrayRead);
}

TEST(KnowledgeBaseTest, WhatIsProvenWithLessHoldsWithMore) {
  // Root 0 with a branch 1 whose fact is i < 10. Disjoint at the root is disjoint in the branch;
  // disjoint without knowledge is disjoint with it. Overlap is never reused that way.
  SolverSession session;
  KnowledgeBase knowledge(session, ContextTree{{-1, 0}}, loop(0, 2));
  knowledge.addFact(1, i(), Relation::Less, constant(10));
  IndexTuple here{i()};
  IndexTuple next{add(i(), constant(1))};
  IndexTuple twoOn{add(i(), constant(2))};

  EXPECT_EQ(knowledge.mayCoincide(0, here, next, /*useKnowledge=*/false).status, Status::Disjoint);
  unsigned queries = session.statistics().queries;
  EXPECT_TRUE(knowledge.mayCoincide(1, here, next).fromCache);
  EXPECT_TRUE(knowledge.mayCoincide(1, next, here, /*useKnowledge=*/false).fromCache);
  EXPECT_EQ(session.statistics().queries, queries);

  // i and i + 2 meet at the root (stride 2); the branch must be asked on its own.
  EXPECT_EQ(knowledge.mayCoincide(0, here, twoOn, /*useKnowledge=*/false).status, Status::Overlap);
  Coincidence inBranch = knowledge.mayCoincide(1, here, twoOn, /*useKnowledge=*/false);
  EXPECT_FALSE(inBranch.fromCache);
  EXPECT_EQ(inBranch.status, Status::Overlap);
  EXPECT_LT(witnessNumber(inBranch, "i"), 10);
  EXPECT_LT(witnessNumber(inBranch, "i'"), 10);
}

TEST(KnowledgeBaseTest, RepeatedAndSwappedQuestionsComeFromTheCache) {
  SolverSession session;
  KnowledgeBase knowledge(session, {}, loop(0, 1));
  IndexTuple here{i()};
  IndexTuple next{add(i(), constant(1))};

  Coincidence first = knowledge.mayCoincide(0, here, next);
  unsigned queries = session.statistics().queries;
  Coincidence again = knowledge.mayCoincide(0, here, next);
  EXPECT_TRUE(again.fromCache);
  EXPECT_EQ(again.status, first.status);
  EXPECT_EQ(again.witness, first.witness);

  // The swapped question is the mirror image: its witness has i' = i + 1 instead.
  Coincidence swapped = knowledge.mayCoincide(0, next, here);
  EXPECT_TRUE(swapped.fromCache);
  ASSERT_EQ(swapped.status, Status::Overlap);
  EXPECT_EQ(witnessNumber(swapped, "i") + 1, witnessNumber(swapped, "i'"));

  EXPECT_EQ(session.statistics().queries, queries);
  EXPECT_EQ(session.statistics().cachedQueries, 2u);

  // A different question, or the same one without knowledge, goes to Z3.
  EXPECT_FALSE(knowledge.mayCoincide(0, here, next, /*useKnowledge=*/false).fromCache);
  EXPECT_FALSE(knowledge.mayCoincide(0, here, here).fromCache);
  EXPECT_EQ(session.statistics().queries, queries + 2);
}

TEST(KnowledgeBaseTest, NewKnowledgeInvalidatesCachedAnswers) {
  SolverSession session;
  KnowledgeBase knowledge(session, {}, loop(0, 1));
  IndexTuple c{arrayRead("c", {i()})};
  EXPECT_EQ(knowledge.mayCoincide(0, c, c).status, Status::Overlap);
  knowledge.addDisjoint(0, c, c);
  Coincidence after = knowledge.mayCoincide(0, c, c);
  EXPECT_FALSE(after.fromCache);
  EXPECT_EQ(after.status, Status::Disjoint);
}

TEST(KnowledgeBaseTest, SymbolicStepIsNeverProvenWrongly) {
  // for (i = 0; i < n; i += s): nonlinear, Z3 may give up, but i and i' + s can meet.
  SolverSession session(500);
  ExprRef s = variable("s");
  LoopDomain domain{{LoopDimension{"i", constant(0), n(), Comparison::Less, s}}, std::nullopt};
  KnowledgeBase knowledge(session, {}, domain);
  Coincidence answer = knowledge.mayCoincide(0, {i()}, {add(i(), s)});
  EXPECT_NE(answer.status, Status::Disjoint);
  // Equal counters are excluded whatever the step.
  EXPECT_EQ(knowledge.mayCoincide(0, {i()}, {i()}).status, Status::Disjoint);
}

TEST(KnowledgeBaseTest, GivingUpIsReportedAsUnknown) {
  // x³ + y³ = z'³ with positive integers has no solution (Fermat, n = 3), which Z3's nonlinear
  // integer reasoning cannot prove within the timeout (no resource limit here: the clock cuts it).
  SolverSession session(100, /*resourceLimit=*/0);
  KnowledgeBase knowledge(session, {}, loop(0, 1));
  auto cube = [](const ExprRef& v) { return mul(mul(v, v), v); };
  ExprRef x = variable("x", 0, Scope::Private);
  ExprRef y = variable("y", 0, Scope::Private);
  ExprRef z = variable("z", 0, Scope::Private);
  for (const ExprRef& v : {x, y, z}) knowledge.addFact(0, v, Relation::Greater, constant(0));
  Coincidence answer = knowledge.mayCoincide(0, {add(cube(x), cube(y))}, {cube(z)});
  EXPECT_EQ(answer.status, Status::Unknown);
  // Z3 itself says "canceled" or "(incomplete (theory arithmetic))" when it runs out of time.
  EXPECT_EQ(answer.reason, "timeout");
  EXPECT_GE(session.statistics().z3Milliseconds, 100.0);
  // The session stays usable after giving up.
  EXPECT_EQ(knowledge.mayCoincide(0, {i()}, {i()}).status, Status::Disjoint);
}

}  // namespace knowledge_base_test
}  // namespace adrace::smt
