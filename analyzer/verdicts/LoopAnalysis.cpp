// analyzeLoop: knowledge extraction, then one question per pair of adjoint references with at
// least one write, asked in the common ancestor of their contexts (docs/design.md [FormAD] §5.5).
#include "analyzer/verdicts/AdjointReferences.h"
#include "analyzer/verdicts/GatherAnalysis.h"
#include "analyzer/verdicts/KnowledgeExtraction.h"
#include "analyzer/verdicts/LoopAnalysis.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace adrace::analyzer {

const ArrayVerdict* LoopAnalysis::verdictOf(const std::string& array) const {
  for (const ArrayVerdict& verdict : arrays)
    if (verdict.array == array) return &verdict;
  return nullptr;
}

const char* verdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::Shared: return "shared";
    case Verdict::Reduction: return "reduction";
    case Verdict::Atomic: return "atomic";
    case Verdict::Private: return "private";
    case Verdict::FirstPrivate: return "firstprivate";
  }
  return "?";
}

namespace {

// Verdicts for scalars follow from their data sharing (docs/design.md [TOMS-AD] §3.2): no question to ask.
ArrayVerdict scalarVerdict(const Variable& variable, const std::string& adjoint, const LoopModel& loop) {
  ArrayVerdict verdict;
  verdict.array = variable.name;
  verdict.adjoint = adjoint;
  verdict.scalar = true;
  verdict.extent = "1";
  switch (variable.sharing) {
    case Sharing::Reduction:
      verdict.verdict = Verdict::FirstPrivate;
      verdict.reason = "reduction(" + variable.reductionOperator +
                       ") variable: every thread reads the same adjoint, so " + verdict.adjoint +
                       " is firstprivate (docs/design.md [TOMS-AD] §3.2)";
      return verdict;
    case Sharing::FirstPrivate:
      verdict.verdict = Verdict::Reduction;
      verdict.proven = false;
      verdict.reason =
          "firstprivate variable: each thread's copy starts from the shared value, so the copies' adjoints "
          "are summed back: reduction(+:" +
          verdict.adjoint + ") (docs/design.md [TOMS-AD] §3.2)";
      return verdict;
    case Sharing::Shared: break;
    default:
      verdict.verdict = Verdict::Private;
      verdict.reason = std::string(sharingName(variable.sharing)) + " variable: its adjoint is private to each thread";
      return verdict;
  }
  bool written = false;
  for (const Reference& reference : loop.references)
    if (reference.variable == variable.name && reference.kind != AccessKind::Read) written = true;
  verdict.proven = false;
  verdict.primalReadOnly = !written;
  verdict.verdict = written ? Verdict::Atomic : Verdict::Reduction;
  verdict.reason = written ? "shared scalar written by every iteration: the primal races on it"
                           : "shared scalar read by every iteration: every iteration increments " + verdict.adjoint +
                                 ", so it needs reduction(+)";
  return verdict;
}

class ArrayQuestions {
 public:
  ArrayQuestions(const LoopModel& loop, smt::KnowledgeBase& knowledge, const smt::SolverSession& session,
                 const AnalysisOptions& options, const std::vector<std::string>& loopWideDoubts)
      : loop_(loop), knowledge_(knowledge), session_(session), options_(options), doubts_(loopWideDoubts) {}

  ArrayVerdict answer(const Variable& variable, const std::string& adjoint,
                      const std::vector<AdjointReference>& references);

 private:
  // References alike in all a query sees (context, indices, opaqueness, whether they write): one
  // question answers every pair of their members.
  struct ReferenceClass {
    std::vector<size_t> members;  // positions in the array's adjoint references, ascending
    bool writes = false;
    bool guarded = false;  // an unproven pair already guards its members
  };
  static std::vector<ReferenceClass> classify(const std::vector<AdjointReference>& references);
  // The pair, unless Z3 proves it disjoint.
  std::optional<UnprovenPair> ask(const AdjointReference& a, const AdjointReference& b);
  // Records an unproven pair of classes as every pair of their members (listed up to the limit).
  void recordUnproven(const ReferenceClass& a, const ReferenceClass& b, bool same, const UnprovenPair& answer,
                      const std::vector<AdjointReference>& references, ArrayVerdict& verdict);
  void choosePolicy(ArrayVerdict& verdict, const Variable& variable);

  const LoopModel& loop_;
  smt::KnowledgeBase& knowledge_;
  const smt::SolverSession& session_;
  const AnalysisOptions& options_;
  const std::vector<std::string>& doubts_;
};

std::optional<UnprovenPair> ArrayQuestions::ask(const AdjointReference& a, const AdjointReference& b) {
  const Reference& first = *a.primal;
  const Reference& second = *b.primal;
  UnprovenPair pair{first.id, second.id, {}, {}};
  if (first.opaque || second.opaque) {
    pair.reason = "opaque index: " + (first.opaque ? first.opaqueReason : second.opaqueReason);
    return pair;
  }
  int context = knowledge_.contexts().commonAncestor(first.context, second.context);
  pair.answer = knowledge_.mayCoincide(context, first.indices, second.indices);
  if (pair.answer.status != smt::Coincidence::Status::Disjoint && first.context != second.context) {
    // The common context leaves out what each reference's own context knows (the bounds of the
    // inner loop it is in): asked again with each iteration's facts on its side, as the race check
    // asks (KnowledgeBase::mayCoincideAt), a pair in two sibling inner loops can be proven disjoint.
    smt::Coincidence own = knowledge_.mayCoincideAt(first.context, second.context, first.indices, second.indices);
    if (own.status == smt::Coincidence::Status::Disjoint) pair.answer = own;
  }
  switch (pair.answer.status) {
    case smt::Coincidence::Status::Disjoint: return std::nullopt;
    case smt::Coincidence::Status::Overlap: pair.reason = "Z3 found two iterations that touch the same element"; break;
    case smt::Coincidence::Status::Unknown: pair.reason = "Z3 could not decide (" + pair.answer.reason + ")"; break;
  }
  return pair;
}

std::vector<ArrayQuestions::ReferenceClass> ArrayQuestions::classify(const std::vector<AdjointReference>& references) {
  std::vector<ReferenceClass> classes;
  std::map<std::tuple<int, std::string, bool, std::string>, size_t> byKey;
  for (size_t r = 0; r < references.size(); ++r) {
    const Reference& primal = *references[r].primal;
    auto key = std::make_tuple(primal.context, smt::toString(primal.indices), references[r].writes,
                               primal.opaque ? primal.opaqueReason : std::string());
    auto [found, added] = byKey.emplace(key, classes.size());
    if (added) classes.push_back({{}, references[r].writes, false});
    classes[found->second].members.push_back(r);
  }
  return classes;
}

void ArrayQuestions::recordUnproven(const ReferenceClass& a, const ReferenceClass& b, bool same,
                                    const UnprovenPair& answer, const std::vector<AdjointReference>& references,
                                    ArrayVerdict& verdict) {
  for (const ReferenceClass* side : {&a, &b})
    if (side->writes)
      for (size_t member : side->members) verdict.guardedReferences.push_back(references[member].primal->id);
  for (size_t x = 0; x < a.members.size(); ++x)
    for (size_t y = same ? x : 0; y < b.members.size(); ++y) {
      if (verdict.unproven.size() >= kMaximumListedPairs) {
        ++verdict.unlistedPairs;
        continue;
      }
      UnprovenPair pair = answer;
      size_t first = std::min(a.members[x], b.members[y]), second = std::max(a.members[x], b.members[y]);
      pair.first = references[first].primal->id;
      pair.second = references[second].primal->id;
      verdict.unproven.push_back(std::move(pair));
    }
}

ArrayVerdict ArrayQuestions::answer(const Variable& variable, const std::string& adjoint,
                                    const std::vector<AdjointReference>& references) {
  ArrayVerdict verdict;
  verdict.array = variable.name;
  verdict.adjoint = adjoint;
  bool written = false;
  for (const AdjointReference& reference : references) {
    if (reference.writes) verdict.adjointWrites.push_back(reference.primal->id);
    written |= reference.primal->kind != AccessKind::Read;
  }
  verdict.primalReadOnly = !written;

  // Pairs of classes (a class with itself: two of its members, or one member in two iterations).
  // Shallow contexts first: a pair proven where fewer facts hold is reused for deeper contexts.
  std::vector<ReferenceClass> classes = classify(references);
  std::vector<std::pair<size_t, size_t>> pairs;
  for (size_t i = 0; i < classes.size(); ++i)
    for (size_t j = i; j < classes.size(); ++j)
      if (classes[i].writes || classes[j].writes) pairs.emplace_back(i, j);
  const smt::ContextTree& tree = knowledge_.contexts();
  auto contextOf = [&](size_t c) { return references[classes[c].members.front()].primal->context; };
  auto depthOfPair = [&](const std::pair<size_t, size_t>& pair) {
    return tree.depth(tree.commonAncestor(contextOf(pair.first), contextOf(pair.second)));
  };
  std::stable_sort(pairs.begin(), pairs.end(),
                   [&](const auto& a, const auto& b) { return depthOfPair(a) < depthOfPair(b); });
  bool skipped = false;
  for (const auto& [i, j] : pairs) {
    ReferenceClass& a = classes[i];
    ReferenceClass& b = classes[j];
    if (session_.budgetExhausted()) {
      // What the budget left is guarded without asking: every adjoint write (unknown means unsafe).
      for (const AdjointReference& reference : references)
        if (reference.writes) verdict.guardedReferences.push_back(reference.primal->id);
      verdict.unproven.push_back(
          {-1, -1, std::string(smt::kBudgetExhausted) + ": the remaining pairs were not asked", {}});
      break;
    }
    // Once the list is full, a pair matters only if it can guard a reference not yet guarded.
    if (verdict.unproven.size() >= kMaximumListedPairs && !(a.writes && !a.guarded) && !(b.writes && !b.guarded)) {
      skipped = true;
      continue;
    }
    std::optional<UnprovenPair> answer = ask(references[a.members.front()], references[b.members.front()]);
    if (answer) recordUnproven(a, b, i == j, *answer, references, verdict);
    a.guarded |= answer && a.writes;
    b.guarded |= answer && b.writes;
  }
  if (skipped)
    verdict.unproven.push_back({-1,
                                -1,
                                "more pairs than the report lists: pairs that could guard no further reference were "
                                "not asked",
                                {}});
  std::sort(verdict.unproven.begin(), verdict.unproven.end(), [](const UnprovenPair& a, const UnprovenPair& b) {
    return std::make_pair(a.first, a.second) < std::make_pair(b.first, b.second);
  });

  std::sort(verdict.guardedReferences.begin(), verdict.guardedReferences.end());
  verdict.guardedReferences.erase(std::unique(verdict.guardedReferences.begin(), verdict.guardedReferences.end()),
                                  verdict.guardedReferences.end());
  if (!doubts_.empty() && !verdict.adjointWrites.empty()) {
    // Something the model cannot see may touch this array: guard every adjoint write.
    verdict.guardedReferences = verdict.adjointWrites;
    for (const std::string& doubt : doubts_) verdict.unproven.push_back({-1, -1, doubt, {}});
  }
  verdict.proven = verdict.unproven.empty();
  if (verdict.proven) {
    verdict.verdict = Verdict::Shared;
    verdict.reason = verdict.adjointWrites.empty()
                         ? "the adjoint only reads " + verdict.adjoint
                         : "every pair of adjoint references with a write is proven disjoint across iterations";
  } else {
    choosePolicy(verdict, variable);
  }
  return verdict;
}

void ArrayQuestions::choosePolicy(ArrayVerdict& verdict, const Variable& variable) {
  auto hint = options_.extents.find(variable.name);
  verdict.extent = hint != options_.extents.end() ? hint->second : variable.extent;
  std::string why = std::to_string(verdict.unproven.size() + verdict.unlistedPairs) +
                    " pair(s) of adjoint references not proven disjoint";
  bool reductionPossible = verdict.primalReadOnly && !verdict.extent.empty();
  switch (options_.guard) {
    case GuardPolicy::Atomic:
      verdict.verdict = Verdict::Atomic;
      verdict.reason = why + "; --guard=atomic";
      return;
    case GuardPolicy::Reduction:
      if (!verdict.extent.empty()) {
        verdict.verdict = Verdict::Reduction;
        verdict.reason = why + "; --guard=reduction";
        return;
      }
      verdict.verdict = Verdict::Atomic;
      verdict.reason = why + "; --guard=reduction asked, but the extent of " + variable.name +
                       " is unknown (give --extent " + variable.name + "=EXPR): atomic";
      return;
    case GuardPolicy::Auto:
      verdict.verdict = reductionPossible ? Verdict::Reduction : Verdict::Atomic;
      if (reductionPossible)
        verdict.reason = why + "; the primal only reads " + variable.name + ", so a reduction(+) of " + verdict.extent +
                         " elements replaces every atomic";
      else if (!verdict.primalReadOnly)
        verdict.reason = why + "; the primal also writes " + variable.name + ": atomic on the guarded increments";
      else
        verdict.reason = why + "; the extent of " + variable.name +
                         " is unknown (give --extent NAME=EXPR for a reduction): atomic on the guarded increments";
      return;
  }
}

unsigned countUniqueExpressions(const LoopModel& loop) {
  std::set<std::string> unique;
  for (const Reference& reference : loop.references) {
    const Variable* variable = loop.findVariable(reference.variable);
    if (!reference.opaque && !reference.isScalar && variable && !isPerThread(variable->sharing))
      unique.insert(smt::toString(reference.indices));
  }
  return static_cast<unsigned>(unique.size());
}

}  // namespace

LoopAnalysis analyzeLoop(const LoopModel& loop, const AnalysisOptions& options) {
  std::vector<AdjointQuestion> questions;
  for (const Variable& variable : loop.variables)
    if (isActive(variable, options.activity)) questions.push_back({variable.name, {}, std::nullopt});
  return analyzeLoop(loop, questions, options);
}

LoopAnalysis analyzeLoop(const LoopModel& loop, const std::vector<AdjointQuestion>& questions,
                         const AnalysisOptions& options) {
  auto start = std::chrono::steady_clock::now();
  LoopAnalysis analysis;
  smt::SolverSession session(options.z3TimeoutMs);
  if (options.budgetMs) session.setDeadline(smt::Deadline::after(options.budgetMs));
  smt::KnowledgeBase knowledge(session, loop.contextTree(), loop.domain());
  analysis.inconsistencies = extractKnowledge(loop, knowledge);

  std::vector<std::string> doubts;
  for (const Limitation& limitation : loop.limitations)
    if (limitation.unsafe)
      doubts.push_back(limitation.at.line ? limitation.message + " (line " + std::to_string(limitation.at.line) + ")"
                                          : limitation.message);  // a question document has no lines
  for (const Inconsistency& inconsistency : analysis.inconsistencies)
    if (inconsistency.first < 0) doubts.push_back(inconsistency.message);
  analysis.notes = doubts;
  // Memory that no variable of the loop names (a struct member, a pointer expression) gets no
  // verdict: say so, rather than let the report look complete.
  for (const Reference& reference : loop.references)
    if (reference.opaque && !loop.findVariable(reference.variable))
      analysis.notes.push_back(
          reference.text +
          (reference.span.begin.line ? " (line " + std::to_string(reference.span.begin.line) + ")" : "") +
          " is not modelled (" + reference.opaqueReason + "): no verdict covers it");

  ArrayQuestions arrays(loop, knowledge, session, options, doubts);
  for (const AdjointQuestion& question : questions) {
    std::string adjoint = question.adjoint.empty() ? adjointNameOf(question.array) : question.adjoint;
    const Variable* variable = loop.findVariable(question.array);
    if (!variable) {
      ArrayVerdict verdict;
      verdict.array = question.array;
      verdict.adjoint = adjoint;
      verdict.verdict = Verdict::Atomic;
      verdict.proven = false;
      verdict.reason = "the loop model has no variable " + question.array + ": nothing is known about it";
      analysis.arrays.push_back(verdict);
      continue;
    }
    if (!variable->isArray) {
      analysis.arrays.push_back(scalarVerdict(*variable, adjoint, loop));
      continue;
    }
    if (isPerThread(variable->sharing)) {
      ArrayVerdict verdict;
      verdict.array = variable->name;
      verdict.adjoint = adjoint;
      verdict.verdict = Verdict::Private;
      verdict.reason = "array private to each iteration: its adjoint is private too";
      analysis.arrays.push_back(verdict);
      continue;
    }
    const std::vector<Reference>& references = question.references ? *question.references : loop.references;
    analysis.arrays.push_back(arrays.answer(*variable, adjoint, adjointReferences(references, variable->name)));
  }

  // After every verdict: a gather needs the verdicts of the arrays the loop writes.
  if (options.gather)
    for (ArrayVerdict& verdict : analysis.arrays)
      if (!verdict.scalar && (verdict.verdict == Verdict::Atomic || verdict.verdict == Verdict::Reduction))
        verdict.gather = gatherForm(loop, verdict, analysis.arrays, doubts, session);

  if (session.budgetExhausted())
    analysis.notes.push_back("the time budget of " + std::to_string(options.budgetMs) +
                             " ms for this loop ran out: what it left unasked is guarded (--budget-ms)");
  const smt::SolverStatistics& solver = session.statistics();
  analysis.statistics.z3Milliseconds = solver.z3Milliseconds;
  analysis.statistics.assertions = solver.assertions;
  analysis.statistics.knowledgeAssertions = knowledge.knowledgeAssertions();
  analysis.statistics.queries = solver.queries;
  analysis.statistics.cachedQueries = solver.cachedQueries;
  analysis.statistics.uniqueExpressions = countUniqueExpressions(loop);
  analysis.statistics.linesOfCode = loop.linesOfCode;
  analysis.statistics.totalMilliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return analysis;
}

}  // namespace adrace::analyzer
