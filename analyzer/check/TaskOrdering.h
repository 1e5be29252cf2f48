// Which instances of the tasks a loop creates may run at the same time (LoopModel::createdTasks):
// several tasks per iteration, with `depend` on variables, elements and array sections. Instance
// (T, i) is task T created by iteration i. OpenMP 5.2 15.9.5: a task depends on every earlier sibling
// with an item on the same storage, unless both items are `in` (the items of sibling tasks must be
// identical or disjoint); the creating thread's own statements run before the tasks it creates after
// them and beside every task it created before.
//
// Two instances are ordered when one depends on the other through identical items; that is what the
// race check asks Z3 to exclude (direct dependences only: a race that needs a chain through a third
// task is reported, and is then possible, never definite). A race is definite only when no chain of
// dependences at all can join the two tasks: for every pair of tasks, Z3 decides whether some
// instance of one can depend directly on some instance of the other through overlapping items, and a
// path between the two racing tasks in that graph leaves the race possible.
#pragma once

#include "analyzer/model/LoopModel.h"
#include "smt/CrossDomainQuery.h"
#include "smt/Deadline.h"

#include <string>
#include <vector>

namespace adrace::analyzer {

class TaskOrdering {
 public:
  TaskOrdering(const LoopModel& loop, unsigned z3TimeoutMs, smt::Deadline deadline);

  // The task whose body makes the reference, -1 for the creating thread's own statements.
  int taskOf(const Reference& reference) const;
  // Both accesses are the creating thread's: one thread, never concurrent.
  bool sameThread(const Reference& first, const Reference& second) const {
    return taskOf(first) < 0 && taskOf(second) < 0;
  }
  // Can `first` (with `extraFirst` holding on its side) and `second` be one element, made by two
  // instances that no direct dependence or creation order orders?
  smt::Coincidence mayMeet(const Reference& first, const Reference& second,
                           const std::vector<smt::Condition>& extraFirst = {},
                           const std::vector<smt::Condition>& extraSecond = {});
  // Why the race `witness` gives between the two accesses is not definite ("" when it is): a chain of
  // dependences may lead from the instance created first to the other, or the order of creation is
  // not known.
  std::string mayBeOrdered(const Reference& first, const Reference& second,
                           const std::vector<std::pair<std::string, std::string>>& witness);

 private:
  int slotOf(const Reference& reference) const;
  std::vector<smt::Condition> factsAt(int context) const;
  smt::AccessSite siteOf(const Reference& reference, const std::vector<smt::Condition>& extra) const;
  // Links (first side's values on the left) that hold when the instance of `earlier` on its side
  // (`earlierOnFirst`) is created before the instance of `later` on the other.
  std::vector<smt::Condition> createdBefore(int earlier, int later, bool earlierOnFirst) const;
  // Conjunctions each of which orders task `a` on the first side and task `b` on the second.
  std::vector<std::vector<smt::Condition>> orderings(int a, int b) const;
  bool reaches(int from, int to);
  void buildGraph();

  const LoopModel& loop_;
  smt::SolverSession session_;
  smt::ContextTree contexts_;
  int stepSign_ = 0;                          // the creating loop's step: +1, -1, or 0 when not a known constant
  std::vector<std::vector<bool>> dependsOn_;  // dependsOn_[a][b]: some instance of b may depend directly on one of a
  bool graphBuilt_ = false;
};

}  // namespace adrace::analyzer
