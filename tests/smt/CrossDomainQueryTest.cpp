// Two-domain questions: accesses of two loops (a nowait loop and the next) or of a thread and a
// loop iteration, each side with its own domain and facts.
#include "smt/CrossDomainQuery.h"

#include <gtest/gtest.h>

namespace adrace::smt {
namespace cross_domain_query_test {

using Status = Coincidence::Status;
using Relation = KnowledgeBase::Relation;

ExprRef i() { return variable("i", 0, Scope::Counter); }
ExprRef n() { return variable("n"); }

// for (i = 0; i < bound; i++)
LoopDomain upTo(ExprRef bound) {
  return {{LoopDimension{"i", constant(0), std::move(bound), Comparison::Less, constant(1)}}, std::nullopt};
}

std::string witnessValue(const Coincidence& answer, const std::string& name) {
  for (const auto& [symbol, value] : answer.witness)
    if (symbol == name) return value;
  return "<absent>";
}

TEST(CrossDomainQuery, ShiftedReadOfTheNextLoopMeetsTheWrite) {
  SolverSession session;
  AccessSite write{upTo(n()), {}, {i()}};
  AccessSite read{upTo(sub(n(), constant(1))), {}, {add(i(), constant(1))}};
  Coincidence answer = mayCoincideAcross(session, write, read, Pairing::Any);
  ASSERT_EQ(answer.status, Status::Overlap);
  EXPECT_FALSE(answer.throughArrayRead);
  // The first side's counter plain, the second's primed: i == i' + 1.
  EXPECT_EQ(std::stoll(witnessValue(answer, "i")), std::stoll(witnessValue(answer, "i'")) + 1);
}

TEST(CrossDomainQuery, DifferentIterationsLeaveOnlyTheShift) {
  SolverSession session;
  AccessSite write{upTo(n()), {}, {i()}};
  AccessSite sameIndex{upTo(n()), {}, {i()}};
  EXPECT_EQ(mayCoincideAcross(session, write, sameIndex, Pairing::Any).status, Status::Overlap);
  EXPECT_EQ(mayCoincideAcross(session, write, sameIndex, Pairing::DifferentIterations).status, Status::Disjoint);
  AccessSite reversed{upTo(n()), {}, {sub(sub(n(), constant(1)), i())}};
  EXPECT_EQ(mayCoincideAcross(session, write, reversed, Pairing::DifferentIterations).status, Status::Overlap);
}

TEST(CrossDomainQuery, FactsAndLinksConstrainEachSide) {
  SolverSession session;
  ExprRef thread = variable("t", 0, Scope::Counter);
  LoopDomain threads{{LoopDimension{"t", constant(0), variable("nt"), Comparison::Less, constant(1)}}, std::nullopt};
  // Thread 0 writes x; every thread reads it: only another thread races.
  AccessSite master{threads, {{thread, Relation::Equal, constant(0)}}, {}};
  AccessSite reader{threads, {}, {}};
  std::vector<Condition> otherThread{{thread, Relation::NotEqual, thread}};
  EXPECT_EQ(mayCoincideAcross(session, master, reader, Pairing::Any, otherThread).status, Status::Overlap);
  AccessSite alsoMaster{threads, {{thread, Relation::Equal, constant(0)}}, {}};
  EXPECT_EQ(mayCoincideAcross(session, master, alsoMaster, Pairing::Any, otherThread).status, Status::Disjoint);
}

TEST(CrossDomainQuery, IndexArrayMakesTheOverlapPossibleOnly) {
  SolverSession session;
  AccessSite scatter{upTo(n()), {}, {arrayRead("idx", {i()})}};
  AccessSite read{upTo(n()), {}, {i()}};
  Coincidence answer = mayCoincideAcross(session, scatter, read, Pairing::Any);
  EXPECT_EQ(answer.status, Status::Overlap);
  EXPECT_TRUE(answer.throughArrayRead);
}

TEST(CrossDomainQuery, QuestionsLeaveNothingBehind) {
  SolverSession session;
  AccessSite first{upTo(constant(1)), {}, {i()}};
  AccessSite second{upTo(constant(1)), {}, {i()}};
  EXPECT_EQ(mayCoincideAcross(session, first, second, Pairing::DifferentIterations).status, Status::Disjoint);
  // The earlier question's assertions were popped: the same pair, paired freely, meets at i = 0.
  EXPECT_EQ(mayCoincideAcross(session, first, second, Pairing::Any).status, Status::Overlap);
}

// A thread's own chunk [t * LEN / nt, (t + 1) * LEN / nt), as hand-partitioned loops compute it:
// disjoint from another thread's only because `/` is monotone in its dividend, which the encoder's
// division lemmas state. Without them Z3's nonlinear search took 1.8 s on this question, so under the
// 1 s timeout here it answered Unknown; with them it takes about 20 ms.
TEST(CrossDomainQuery, ChunksByThreadNumberAreDisjoint) {
  SolverSession session(1000);
  ExprRef t = variable("t", 0, Scope::Counter), i = variable("i", 0, Scope::Counter), nt = variable("nt");
  auto chunkStart = [&](const ExprRef& thread) { return div(mul(thread, constant(1000)), nt); };
  LoopDomain chunks{{LoopDimension{"t", constant(0), nt, Comparison::Less, constant(1)},
                     LoopDimension{"i", chunkStart(t), chunkStart(add(t, constant(1))), Comparison::Less, constant(1)}},
                    std::nullopt};
  AccessSite write{chunks, {}, {i}};
  std::vector<Condition> otherThread{{t, Relation::NotEqual, t}};
  EXPECT_EQ(mayCoincideAcross(session, write, write, Pairing::Any, otherThread).status, Status::Disjoint);
  // A chunk one element too long reaches into the next thread's.
  LoopDomain overlapping{{LoopDimension{"t", constant(0), nt, Comparison::Less, constant(1)},
                          LoopDimension{"i", chunkStart(t), add(chunkStart(add(t, constant(1))), constant(1)),
                                        Comparison::Less, constant(1)}},
                         std::nullopt};
  AccessSite longer{overlapping, {}, {i}};
  EXPECT_EQ(mayCoincideAcross(session, longer, longer, Pairing::Any, otherThread).status, Status::Overlap);
}

// Rows of a grid of symbolic width w, four per thread: t writes r * w + c for r in [4t, 4t + 4)
// and c in [0, w). The index is nonlinear in w; the row-split lemma (RowSplit.h) says equal indices
// with columns inside a row have equal rows, which the threads' row ranges keep apart.
TEST(CrossDomainQuery, RowMajorBlocksOfASymbolicWidthAreDisjoint) {
  SolverSession session(2000);
  ExprRef t = variable("t", 0, Scope::Counter), r = variable("r", 0, Scope::Counter),
          c = variable("c", 0, Scope::Counter), nt = variable("nt"), w = variable("w");
  auto grid = [&](std::int64_t extraColumns) {
    ExprRef firstRow = mul(constant(4), t);
    return LoopDomain{{LoopDimension{"t", constant(0), nt, Comparison::Less, constant(1)},
                       LoopDimension{"r", firstRow, add(firstRow, constant(4)), Comparison::Less, constant(1)},
                       LoopDimension{"c", constant(0), add(w, constant(extraColumns)), Comparison::Less, constant(1)}},
                      std::nullopt};
  };
  std::vector<Condition> otherThread{{t, Relation::NotEqual, t}};
  AccessSite write{grid(0), {}, {add(mul(r, w), c)}};
  EXPECT_EQ(mayCoincideAcross(session, write, write, Pairing::Any, otherThread).status, Status::Disjoint);
  // Rows one column too wide: the last column of a thread's last row is the next thread's first.
  AccessSite wider{grid(1), {}, {add(mul(r, w), c)}};
  EXPECT_EQ(mayCoincideAcross(session, wider, wider, Pairing::Any, otherThread).status, Status::Overlap);
}

}  // namespace cross_domain_query_test
}  // namespace adrace::smt
