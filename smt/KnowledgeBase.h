// Knowledge per control context (docs/design.md [FormAD] §5.1 and §5.5), and the questions asked of it.
//
// Two incremental solvers: the session's holds everything, a second one only the loop's domain
// and facts (questions go there first: the knowledge slows every query down, and most questions
// do not need it). Each context C owns two Boolean literals: facts(C) guards what is true whenever
// both compared iterations reach C (branch conditions, definitions), knowledge(C) guards the
// primal's disjointness pairs executed in C. A child's literal implies its parent's, so assuming
// one context's literal brings in everything it inherits. Questions are check-under-assumptions
// with a structural cache: the same question is sent to Z3 once.
#pragma once

#include "smt/IterationSpace.h"
#include "smt/LoopDomain.h"
#include "smt/SolverSession.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace adrace::smt {

// The contexts of one loop body as a tree: parent[c] is c's parent, parent[0] == -1 (root).
struct ContextTree {
  std::vector<int> parent{-1};
  int commonAncestor(int a, int b) const;
  int depth(int context) const;  // 0 for the root
  bool isAncestorOrSelf(int ancestor, int context) const;
};

// What Z3 said about "can these two elements coincide on two different iterations?"
struct Coincidence {
  enum class Status {
    Disjoint,  // UNSAT: proven different on any two iterations
    Overlap,   // SAT: here is a witness
    Unknown,   // Z3 gave up (timeout, nonlinear arithmetic): treat as Overlap, with `reason`
  };
  Status status = Status::Unknown;
  std::string reason;                                        // for Unknown
  std::vector<std::pair<std::string, std::string>> witness;  // symbol → value, counters first
  bool throughArrayRead = false;  // the coincidence depends on an integer-array value (possible, not definite)
  bool fromCache = false;
};

struct ConsistencyResult {
  CheckOutcome outcome = CheckOutcome::Sat;  // Unsat: the knowledge contradicts itself (primal race)
  std::string reason;
};

class KnowledgeBase {
 public:
  KnowledgeBase(SolverSession& session, ContextTree contexts, LoopDomain domain);

  // A fact true in context C on both threads, e.g. a branch condition `i != j` or a definition
  // `k#1 == 2*i + 1`. Pass Expr nodes; `equal` false asserts lhs != rhs, and comparisons below.
  using Relation = smt::Relation;
  void addFact(int context, const ExprRef& lhs, Relation relation, const ExprRef& rhs);

  // A symbol whose value differs between the two compared iterations, on every context: the
  // thread number when only iterations on different threads matter (the race check).
  void addDistinct(const ExprRef& symbol);

  // Primal knowledge: on two different iterations that both reach `context`, the element `first`
  // (on either thread) differs from `second` (on the other). Asserted in both directions.
  void addDisjoint(int context, const IndexTuple& first, const IndexTuple& second);

  // Is everything asserted for `context` and its ancestors still satisfiable? (section 5.5's
  // safeguard: UNSAT means the primal loop itself cannot be race-free.)
  ConsistencyResult checkConsistent(int context);
  // Can two different iterations both reach `context`, by the domain and facts alone (no primal
  // knowledge)? Unsat under a branch that pins the parallel counter (`if (j == 0)`): no pair of
  // iterations meets there, so the knowledge contradicting itself there says nothing about a race.
  CheckOutcome pairCanReach(int context);

  // Can `first` on one iteration and `second` on another be the same element, for iterations that
  // reach `context`? `useKnowledge` false asks with facts and the domain only (the primal race
  // check, which must not assume what it is checking).
  Coincidence mayCoincide(int context, const IndexTuple& first, const IndexTuple& second, bool useKnowledge = true);

  // The race check's question: can `first`, made where `firstContext` holds, and `second`, made
  // where `secondContext` holds, be one element on two different iterations? Each thread brings the
  // facts of its own access's context (an inner loop's bounds on one side only), not merely those
  // of the two contexts' common ancestor; the knowledge is not used.
  // `sameOnBoth`: symbols taken to hold one value on both threads for this question only;
  // `nonNegative`: subscripts taken to be at least 0 on the first access's thread and on the
  // second's (a program that works indexes its arrays in bounds, so a witness needing a negative
  // subscript proves no race).
  struct NonNegative {
    std::vector<ExprRef> onFirst, onSecond;
  };
  Coincidence mayCoincideAt(int firstContext, int secondContext, const IndexTuple& first, const IndexTuple& second,
                            const std::vector<ExprRef>& sameOnBoth = {}, const NonNegative* nonNegative = nullptr);

  // Symbols every witness also names, on both threads, besides the counters and the subscripts'
  // symbols (the values chosen with `?:` that a definite race's witness must show exact).
  void nameInWitnesses(const ExprRef& expr) { witnessSymbols_.push_back(expr); }

  const ContextTree& contexts() const { return contexts_; }
  unsigned knowledgeAssertions() const { return knowledgeAssertions_; }

 private:
  std::optional<Coincidence> cachedAnswer(int context, bool useKnowledge, const std::string& question) const;
  z3::expr_vector assumptionsFor(int context, bool withKnowledge);
  void assertEverywhere(const z3::expr& assertion);  // domain and facts: both solvers
  void assertDomain();  // the loop's iteration space, unconditionally: called by the constructor
  // Values of the question's symbols named as if `first` ran on thread A. The model answers
  // "first on A, second on B"; evaluating with firstThread B reads it mirrored, which answers the
  // swapped question (every assertion is symmetric in the threads).
  std::vector<std::pair<std::string, std::string>> witnessFrom(const z3::model& model, const IndexTuple& first,
                                                               const IndexTuple& second,
                                                               Thread firstThread = Thread::A);

  SolverSession& session_;
  z3::solver arithmetic_;  // domain and facts, no knowledge
  ContextTree contexts_;
  LoopDomain domain_;
  std::vector<z3::expr> factLiteral_;                      // per context
  std::vector<z3::expr> knowledgeLiteral_;                 // per context
  std::vector<z3::expr> factLiteralOnA_, factLiteralOnB_;  // per context: its facts on one thread only
  std::vector<std::pair<ExprRef, ExprRef>>
      facts_;  // lhs, rhs: an array read reached through them makes a witness "possible"
  // Per question ("first vs second", primed text), the answers by (context, with knowledge).
  std::map<std::string, std::map<std::pair<int, bool>, Coincidence>> cache_;
  unsigned knowledgeAssertions_ = 0;
  std::vector<ExprRef> witnessSymbols_;  // nameInWitnesses
};

}  // namespace adrace::smt
