#include "analyzer/verdicts/KnowledgeExtraction.h"

#include <map>
#include <set>
#include <string>
#include <tuple>

namespace adrace::analyzer {

std::optional<int> knowledgeContext(int a, int b, const smt::ContextTree& tree) {
  if (tree.isAncestorOrSelf(a, b)) return b;
  if (tree.isAncestorOrSelf(b, a)) return a;
  return std::nullopt;
}

// An access a called function makes under its own condition may not happen where the call does:
// the primal's correctness says nothing about it there.
bool carriesNoKnowledge(const Reference& reference) {
  return reference.opaque || reference.isScalar || reference.protection != Protection::None || reference.conditional;
}

namespace {

bool hasPerThreadSymbol(const smt::IndexTuple& tuple) {
  bool found = false;
  for (const smt::ExprRef& index : tuple)
    smt::forEachSymbol(index, [&](const smt::Expr& symbol) { found |= symbol.scope != smt::Scope::Shared; });
  return found;
}

// References of one array alike in all the knowledge sees (context, indices, write or read): one
// fact covers every pair of their members, so a body of thousands of identical statements asserts
// what its distinct references assert, not a fact per pair of statements.
struct ReferenceClass {
  std::vector<size_t> members;  // positions in loop.references, ascending
  bool write = false;
};

std::vector<ReferenceClass> knowledgeClasses(const LoopModel& loop) {
  std::vector<ReferenceClass> classes;
  std::map<std::tuple<std::string, int, bool, std::string>, size_t> byKey;
  for (size_t r = 0; r < loop.references.size(); ++r) {
    const Reference& reference = loop.references[r];
    if (carriesNoKnowledge(reference)) continue;
    bool write = reference.kind != AccessKind::Read;
    auto key = std::make_tuple(reference.variable, reference.context, write, smt::toString(reference.indices));
    auto [found, added] = byKey.emplace(key, classes.size());
    if (added) classes.push_back({{}, write});
    classes[found->second].members.push_back(r);
  }
  return classes;
}

}  // namespace

std::vector<Inconsistency> extractKnowledge(const LoopModel& loop, smt::KnowledgeBase& knowledge) {
  for (const Fact& fact : loop.facts) knowledge.addFact(fact.context, fact.lhs, fact.relation, fact.rhs);

  std::vector<Inconsistency> inconsistencies;
  const smt::ContextTree& tree = knowledge.contexts();
  const auto& references = loop.references;
  std::vector<ReferenceClass> classes = knowledgeClasses(loop);
  for (size_t w = 0; w < classes.size(); ++w) {
    if (!classes[w].write) continue;
    const Reference& write = references[classes[w].members.front()];
    const Variable* array = loop.findVariable(write.variable);
    if (!array || isPerThread(array->sharing)) continue;
    for (size_t x = 0; x < classes.size(); ++x) {
      const Reference& other = references[classes[x].members.front()];
      if (other.variable != write.variable) continue;
      // Each unordered pair once; a write paired with itself is the paper's c(i) != c(i').
      if (classes[x].write && x < w) continue;
      std::optional<int> context = knowledgeContext(write.context, other.context, tree);
      if (!context) continue;
      // The same element named without any per-thread symbol is the same element on every
      // iteration: the primal writes it from all of them (reported for each pair of statements).
      if (smt::sameTuple(write.indices, other.indices) && !hasPerThreadSymbol(write.indices)) {
        for (size_t first : classes[w].members)
          for (size_t second : classes[x].members)
            if (w != x || second >= first)
              inconsistencies.push_back(
                  {references[first].id, references[second].id, *context,
                   "every iteration accesses " + references[first].text + ": the primal loop races on it"});
        continue;
      }
      knowledge.addDisjoint(*context, write.indices, other.indices);
    }
  }
  // A context holds everything its ancestors hold, so consistent leaves vouch for the whole tree;
  // only below an inconsistent leaf are the ancestors asked, to find each context that fails.
  std::vector<bool> hasChildren(tree.parent.size(), false);
  for (int parent : tree.parent)
    if (parent >= 0) hasChildren[parent] = true;
  std::set<int> inconsistent;
  for (int leaf = 0; leaf < static_cast<int>(tree.parent.size()); ++leaf) {
    if (hasChildren[leaf]) continue;
    for (int context = leaf; context >= 0 && !inconsistent.count(context); context = tree.parent[context]) {
      if (knowledge.checkConsistent(context).outcome != smt::CheckOutcome::Unsat) break;
      if (knowledge.pairCanReach(context) == smt::CheckOutcome::Unsat) continue;  // one iteration at most: no pair
      inconsistent.insert(context);
    }
  }
  for (int context : inconsistent)
    inconsistencies.push_back(
        {-1, -1, context,
         "the primal's disjointness facts contradict each other in this context: the primal loop races"});
  return inconsistencies;
}

}  // namespace adrace::analyzer
