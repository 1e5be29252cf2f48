#include "analyzer/check/TaskOrdering.h"

#include <charconv>
#include <optional>

namespace adrace::analyzer {
namespace {

using smt::Condition;
using Relation = smt::Relation;

// Two items of sibling tasks order them when their storage overlaps, unless both are `in`.
bool dependent(const TaskDependence& a, const TaskDependence& b) {
  return a.type != TaskDependence::Type::In || b.type != TaskDependence::Type::In;
}

// Whether the model can say where the two items overlap: one variable, both translated.
bool comparable(const TaskDependence& a, const TaskDependence& b) {
  return a.variable == b.variable && a.opaque.empty() && b.opaque.empty() && a.first.size() == b.first.size() &&
         a.length.size() == a.first.size() && b.length.size() == b.first.size();
}

// Links saying that item `a` (first side) and item `b` (second side) share an element: their
// sections meet in every subscript.
std::vector<Condition> overlap(const TaskDependence& a, const TaskDependence& b) {
  std::vector<Condition> links;
  for (size_t d = 0; d < a.first.size(); ++d) {
    links.push_back({a.first[d], Relation::Less, smt::add(b.first[d], b.length[d])});
    links.push_back({smt::add(a.first[d], a.length[d]), Relation::Greater, b.first[d]});
  }
  return links;
}

// Links saying that item `a` (first side) and item `b` (second side) are the same storage: the
// same first element and length in every subscript. OpenMP 5.2 15.9.5 allows the items of sibling
// tasks to be only identical or disjoint; runtimes match them by address (libomp by the first
// element), so a partial overlap orders nothing a proof may count on.
std::vector<Condition> identical(const TaskDependence& a, const TaskDependence& b) {
  std::vector<Condition> links;
  for (size_t d = 0; d < a.first.size(); ++d) {
    links.push_back({a.first[d], Relation::Equal, b.first[d]});
    links.push_back({a.length[d], Relation::Equal, b.length[d]});
  }
  return links;
}

}  // namespace

TaskOrdering::TaskOrdering(const LoopModel& loop, unsigned z3TimeoutMs, smt::Deadline deadline)
    : loop_(loop), session_(z3TimeoutMs), contexts_(loop.contextTree()) {
  session_.setDeadline(deadline);
  if (loop.dimensions.size() == 1 && loop.dimensions[0].domain.step &&
      loop.dimensions[0].domain.step->op == smt::Expr::Op::Const)
    stepSign_ = loop.dimensions[0].domain.step->value > 0 ? 1 : loop.dimensions[0].domain.step->value < 0 ? -1 : 0;
}

int TaskOrdering::taskOf(const Reference& reference) const {
  for (size_t k = 0; k < loop_.createdTasks.size(); ++k)
    if (reference.id >= loop_.createdTasks[k].firstReference && reference.id < loop_.createdTasks[k].endReference)
      return static_cast<int>(k);
  return -1;
}

// The place of an access in the order in which an iteration creates its tasks: task k is 2k + 1; a
// statement of the creating thread is 2p, p the number of tasks created before it, or -1 when its
// place is not known (an access of a function it calls).
int TaskOrdering::slotOf(const Reference& reference) const {
  if (int task = taskOf(reference); task >= 0) return 2 * task + 1;
  // The loop's increment, written in its header, runs after the iteration's tasks are created.
  if (reference.isScalar && reference.kind != AccessKind::Read && !loop_.dimensions.empty() &&
      reference.variable == loop_.dimensions[0].domain.counter)
    return 2 * static_cast<int>(loop_.createdTasks.size());
  const SourcePosition& at = reference.span.begin;
  auto before = [](const SourcePosition& a, const SourcePosition& b) {
    return a.line < b.line || (a.line == b.line && a.column < b.column);
  };
  if (at.file != loop_.loopSpan.begin.file || before(at, loop_.loopSpan.begin) || before(loop_.loopSpan.end, at))
    return -1;
  int created = 0;
  for (const CreatedTask& task : loop_.createdTasks) created += before(task.at, at);
  return 2 * created;
}

std::vector<Condition> TaskOrdering::factsAt(int context) const {
  std::vector<Condition> facts;
  for (const Fact& fact : loop_.facts)
    if (contexts_.isAncestorOrSelf(fact.context, context)) facts.push_back({fact.lhs, fact.relation, fact.rhs});
  return facts;
}

smt::AccessSite TaskOrdering::siteOf(const Reference& reference, const std::vector<Condition>& extra) const {
  smt::AccessSite site{loop_.domain(), factsAt(reference.context), reference.indices};
  site.facts.insert(site.facts.end(), extra.begin(), extra.end());
  return site;
}

std::vector<Condition> TaskOrdering::createdBefore(int earlier, int later, bool earlierOnFirst) const {
  smt::ExprRef counter = smt::variable(loop_.dimensions[0].domain.counter, 0, smt::Scope::Counter);
  // On the first side: the earlier iteration's counter is below (step > 0) the later one's.
  bool sameIterationToo = earlier < later;
  Relation relation = sameIterationToo ? Relation::LessEqual : Relation::Less;
  if (stepSign_ < 0) relation = sameIterationToo ? Relation::GreaterEqual : Relation::Greater;
  if (!earlierOnFirst) {
    if (relation == Relation::LessEqual)
      relation = Relation::GreaterEqual;
    else if (relation == Relation::Less)
      relation = Relation::Greater;
    else if (relation == Relation::GreaterEqual)
      relation = Relation::LessEqual;
    else
      relation = Relation::Less;
  }
  return {{counter, relation, counter}};
}

std::vector<std::vector<Condition>> TaskOrdering::orderings(int a, int b) const {
  std::vector<std::vector<Condition>> result;
  if (stepSign_ == 0 || a < 0 || b < 0) return result;
  bool aIsTask = a % 2 == 1, bIsTask = b % 2 == 1;
  // The creating thread's statement comes before the tasks it creates after it; a task it created
  // before may still be running.
  if (!aIsTask && bIsTask) result.push_back(createdBefore(a, b, true));
  if (aIsTask && !bIsTask) result.push_back(createdBefore(b, a, false));
  if (!aIsTask || !bIsTask) return result;
  const CreatedTask& first = loop_.createdTasks[a / 2];
  const CreatedTask& second = loop_.createdTasks[b / 2];
  for (const TaskDependence& x : first.depends)
    for (const TaskDependence& y : second.depends) {
      if (!dependent(x, y) || !comparable(x, y)) continue;
      for (bool firstEarlier : {true, false}) {
        std::vector<Condition> ordered = firstEarlier ? createdBefore(a, b, true) : createdBefore(b, a, false);
        std::vector<Condition> same = identical(x, y);
        ordered.insert(ordered.end(), same.begin(), same.end());
        result.push_back(ordered);
      }
    }
  return result;
}

smt::Coincidence TaskOrdering::mayMeet(const Reference& first, const Reference& second,
                                       const std::vector<Condition>& extraFirst,
                                       const std::vector<Condition>& extraSecond) {
  int a = slotOf(first), b = slotOf(second);
  // One task's instances are told apart by their iteration; two tasks may be created by one.
  smt::Pairing pairing = a == b && a >= 0 ? smt::Pairing::DifferentIterations : smt::Pairing::Any;
  return smt::mayCoincideAcross(session_, siteOf(first, extraFirst), siteOf(second, extraSecond), pairing, {},
                                orderings(a, b));
}

// Whether some instance of task `b` may depend directly on some instance of task `a`: items that
// overlap at all, since a runtime may order partly overlapping items too.
void TaskOrdering::buildGraph() {
  size_t count = loop_.createdTasks.size();
  dependsOn_.assign(count, std::vector<bool>(count, false));
  smt::AccessSite root{loop_.domain(), factsAt(0), {}};
  for (size_t a = 0; a < count; ++a)
    for (size_t b = 0; b < count; ++b)
      for (const TaskDependence& x : loop_.createdTasks[a].depends)
        for (const TaskDependence& y : loop_.createdTasks[b].depends) {
          if (dependsOn_[a][b] || !dependent(x, y)) continue;
          if (!comparable(x, y)) {
            // Storage the model cannot compare may be shared: a pointer's pointee may be any array.
            dependsOn_[a][b] = x.variable == y.variable || x.throughPointer || y.throughPointer;
            continue;
          }
          std::vector<Condition> links = createdBefore(static_cast<int>(2 * a + 1), static_cast<int>(2 * b + 1), true);
          std::vector<Condition> meet = overlap(x, y);
          links.insert(links.end(), meet.begin(), meet.end());
          smt::Pairing pairing = a == b ? smt::Pairing::DifferentIterations : smt::Pairing::Any;
          smt::Coincidence answer = smt::mayCoincideAcross(session_, root, root, pairing, links);
          dependsOn_[a][b] = answer.status != smt::Coincidence::Status::Disjoint;
        }
  graphBuilt_ = true;
}

bool TaskOrdering::reaches(int from, int to) {
  std::vector<bool> seen(loop_.createdTasks.size(), false);
  std::vector<int> pending{from};
  while (!pending.empty()) {
    int task = pending.back();
    pending.pop_back();
    for (size_t next = 0; next < seen.size(); ++next) {
      if (!dependsOn_[task][next] || seen[next]) continue;
      if (static_cast<int>(next) == to) return true;
      seen[next] = true;
      pending.push_back(static_cast<int>(next));
    }
  }
  return false;
}

std::string TaskOrdering::mayBeOrdered(const Reference& first, const Reference& second,
                                       const std::vector<std::pair<std::string, std::string>>& witness) {
  if (stepSign_ == 0)
    return "if the tasks run in such an order (the step of the loop creating them is not a known constant)";
  int a = slotOf(first), b = slotOf(second);
  if (a < 0 || b < 0)
    return "if the tasks run in such an order (where the creating thread makes one access is not known)";
  if (a % 2 == 0 || b % 2 == 0) return "";  // the creating thread's order is modelled exactly
  if (!graphBuilt_) buildGraph();
  // A chain of dependences runs from the instance created first to the later one.
  std::optional<long long> on[2];
  const std::string& counter = loop_.dimensions[0].domain.counter;
  for (const auto& [symbol, value] : witness)
    for (int side = 0; side < 2; ++side)
      if (long long number = 0; symbol == counter + (side ? "'" : "") &&
                                std::from_chars(value.data(), value.data() + value.size(), number).ec == std::errc())
        on[side] = number;
  bool firstEarlier = true, knownOrder = on[0] && on[1];
  if (knownOrder) firstEarlier = *on[0] == *on[1] ? a < b : (*on[0] < *on[1]) == (stepSign_ > 0);
  bool chain = knownOrder ? (firstEarlier ? reaches(a / 2, b / 2) : reaches(b / 2, a / 2))
                          : reaches(a / 2, b / 2) || reaches(b / 2, a / 2);
  return chain ? "unless a chain of task dependences orders the two tasks" : "";
}

}  // namespace adrace::analyzer
