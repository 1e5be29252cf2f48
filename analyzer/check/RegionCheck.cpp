#include "analyzer/check/RegionCheck.h"

#include "analyzer/check/ColumnsWithinRows.h"
#include "smt/SomeRunKeeps.h"

#include "smt/CrossDomainQuery.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace adrace::analyzer {
namespace {

using Relation = smt::KnowledgeBase::Relation;
using Witness = std::vector<std::pair<std::string, std::string>>;

// One access as a question's side: who makes it, over which domain, under which facts.
struct Side {
  size_t step = 0;
  const Reference* reference = nullptr;
  smt::AccessSite site;
  bool uncertain = false;                // it may not execute, or its index is not fully known
  std::string uncertainty;               // why, for the message
  const LoopModel* loop = nullptr;       // for an iteration of a worksharing loop
  const RegionAccess* access = nullptr;  // for an access of the step's own statements
  std::string variable;                  // as the region names it (RegionStep::regionNames)
};

// Phases of each step: a barrier, or the implicit barrier that ends a `for` or `single` without
// nowait, starts the next one, and two steps may run at once only when they share a phase.
// A cycle (the body of a sequential loop, RegionStep::cycle) runs again after its last barrier:
// its steps before its first barrier and after its last one share one more phase, and, as it may
// run no iteration at all, so do the steps just before and just after it. A task that outlives
// barriers (RegionStep::outlivesUntil) is in every phase up to its end. A break out of a cycle
// (RegionStep::leavesCycle) joins its phase to the one after the loop.
using Phases = std::vector<std::set<int>>;

// `barrierPhases`: how many of the phases are the barriers' own (the rest are the cycles' additions).
Phases phasesOfOneWorld(const std::vector<RegionStep>& steps, int& barrierPhases) {
  Phases phases;
  std::vector<int> linear;
  int phase = 0;
  for (const RegionStep& step : steps) {
    linear.push_back(phase);
    phases.push_back({phase});
    bool endsWithBarrier =
        step.kind == RegionStep::Kind::Barrier ||
        (!step.nowait && (step.kind == RegionStep::Kind::Loop || step.executor == Executor::OneThread));
    if (endsWithBarrier) ++phase;
  }
  int extra = phase + 1;
  barrierPhases = extra;
  // Each cycle, a run of consecutive steps holding its number (RegionStep::cycle, or innerCycles for
  // a loop nested in another): [first, end).
  std::map<int, std::pair<size_t, size_t>> cycles;
  for (size_t k = 0; k < steps.size(); ++k) {
    std::vector<int> numbers = steps[k].innerCycles;
    if (steps[k].cycle >= 0) numbers.push_back(steps[k].cycle);
    for (int number : numbers) {
      auto [range, added] = cycles.try_emplace(number, k, k + 1);
      if (!added) range->second.second = k + 1;
    }
  }
  for (const auto& [cycle, range] : cycles) {
    const auto [first, end] = range;
    int entry = linear[first];
    int exit = end < steps.size() ? linear[end] : phase;
    auto inside = [&](size_t k) { return k >= first && k < end; };
    // Its steps in the phases where it starts and ends meet their next run; the steps around it in
    // those phases meet when it runs no iteration.
    int again = extra++, skipped = extra++;
    for (size_t k = 0; k < steps.size(); ++k)
      if (linear[k] == entry || linear[k] == exit) phases[k].insert(inside(k) ? again : skipped);
    // A break (continue): the steps of its phase up to it meet the steps after the loop (of the
    // next iteration's first phase).
    for (size_t jump = first; jump < end; ++jump)
      for (bool leaving : {true, false}) {
        if (leaving ? !steps[jump].leavesCycle : !steps[jump].restartsCycle) continue;
        int met = leaving ? exit : entry;
        int together = extra++;
        for (size_t k = 0; k < steps.size(); ++k) {
          bool upToTheJump = inside(k) && k <= jump && linear[k] == linear[jump];
          bool meets = linear[k] == met && inside(k) != leaving;
          if (upToTheJump || meets) phases[k].insert(together);
        }
      }
  }
  // A task that outlives barriers shares the phases up to the one its end barrier closes.
  for (size_t k = 0; k < steps.size(); ++k)
    if (int until = steps[k].outlivesUntil; until >= 0 && static_cast<size_t>(until) < steps.size())
      for (int later = linear[k] + 1; later <= linear[until]; ++later) phases[k].insert(later);
  return phases;
}

// A conditional block (RegionStep::conditionalBlock) runs on every thread or on none. Each way is
// a world of its own, with the block's steps and barriers or without them; two steps share a phase
// when they do in some world. The two arms of an if/else (RegionStep::alternativeTo) are one choice:
// exactly one of them runs. The worlds: every block runs (the `then` arm of each if/else), one choice
// goes the other way, every choice goes the other way (a pair that needs two choices one way and a
// third the other is not looked at).
// `acrossIterations` gets the phases that join steps of different iterations of a cycle (or the
// steps around a cycle that runs no iteration).
Phases phasesOf(const std::vector<RegionStep>& steps, std::set<int>& acrossIterations) {
  std::set<int> blocks;
  std::map<int, int> elseOf;  // then arm's block -> else arm's block
  for (const RegionStep& step : steps) {
    if (step.conditionalBlock >= 0) blocks.insert(step.conditionalBlock);
    if (step.alternativeTo >= 0) elseOf[step.alternativeTo] = step.conditionalBlock;
  }
  std::set<int> elseArms;
  for (const auto& [thenArm, elseArm] : elseOf) elseArms.insert(elseArm);
  // Going the other way: a block is skipped; an if/else runs its else arm instead of its then arm.
  auto flip = [&](std::set<int> skipped, int block) {
    if (auto arm = elseOf.find(block); arm != elseOf.end()) skipped.erase(arm->second);
    skipped.insert(block);
    return skipped;
  };
  std::vector<std::set<int>> worlds{elseArms};
  std::set<int> everyFlip = elseArms;
  int choices = 0;
  for (int block : blocks) {
    if (elseArms.count(block)) continue;
    worlds.push_back(flip(elseArms, block));
    everyFlip = flip(everyFlip, block);
    ++choices;
  }
  if (choices > 1) worlds.push_back(everyFlip);
  Phases phases(steps.size());
  int offset = 0;
  for (const std::set<int>& skipped : worlds) {
    std::vector<size_t> present;
    std::vector<int> indexInWorld(steps.size(), -1);
    for (size_t k = 0; k < steps.size(); ++k)
      if (!skipped.count(steps[k].conditionalBlock)) {
        indexInWorld[k] = static_cast<int>(present.size());
        present.push_back(k);
      }
    std::vector<RegionStep> world;
    for (size_t k : present) {
      world.push_back(steps[k]);
      int& until = world.back().outlivesUntil;
      if (until >= 0) until = indexInWorld[until];
    }
    int linear = 0;
    Phases worldPhases = phasesOfOneWorld(world, linear);
    int largest = 0;
    for (size_t i = 0; i < present.size(); ++i)
      for (int phase : worldPhases[i]) {
        phases[present[i]].insert(offset + phase);
        if (phase >= linear) acrossIterations.insert(offset + phase);
        largest = std::max(largest, phase);
      }
    offset += largest + 1;
  }
  return phases;
}

bool sharePhase(const Phases& phases, size_t a, size_t b) {
  for (int phase : phases[a])
    if (phases[b].count(phase)) return true;
  return false;
}

bool mentionsAny(const smt::IndexTuple& tuple, const std::vector<std::string>& names) {
  bool found = false;
  for (const smt::ExprRef& component : tuple)
    smt::forEachSymbol(component, [&](const smt::Expr& symbol) {
      for (const std::string& name : names) found |= symbol.name == name && symbol.scope != smt::Scope::Shared;
    });
  return found;
}

// An unpinned value of the loop (LoopModel::unpinnedValues) that the access's subscripts or the
// loop's bounds name, directly or through the facts of the access's context.
const UnpinnedValue* unpinnedIn(const LoopModel& loop, const Reference& reference) {
  if (loop.unpinnedValues.empty()) return nullptr;
  std::set<std::string> reached;
  auto note = [&](const smt::ExprRef& expr) {
    if (expr) smt::forEachSymbol(expr, [&](const smt::Expr& symbol) { reached.insert(symbol.name); });
  };
  for (const smt::ExprRef& index : reference.indices) note(index);
  for (const LoopDimensionModel& dimension : loop.dimensions) {
    note(dimension.domain.first);
    note(dimension.domain.bound);
    note(dimension.domain.step);
  }
  smt::ContextTree tree = loop.contextTree();
  for (const Fact& fact : loop.facts)
    if (tree.isAncestorOrSelf(fact.context, reference.context)) {
      note(fact.lhs);
      note(fact.rhs);
    }
  for (const UnpinnedValue& value : loop.unpinnedValues)
    if (reached.count(value.symbol)) return &value;
  return nullptr;
}

std::string valueOf(const Witness& witness, const std::string& name) {
  for (const auto& [symbol, value] : witness)
    if (symbol == name) return value;
  return "?";
}

// Whether a loop's bounds and step are constants (no variable they read).
bool constantDomain(const LoopModel& loop) {
  bool constant = true;
  auto note = [&](const smt::Expr&) { constant = false; };
  for (const LoopDimensionModel& dimension : loop.dimensions)
    for (const smt::ExprRef* part : {&dimension.domain.first, &dimension.domain.bound, &dimension.domain.step})
      if (*part) smt::forEachSymbol(*part, note);
  return constant;
}

bool sameDomain(const LoopModel& a, const LoopModel& b) {
  if (a.dimensions.size() != b.dimensions.size()) return false;
  for (size_t d = 0; d < a.dimensions.size(); ++d) {
    const smt::LoopDimension& x = a.dimensions[d].domain;
    const smt::LoopDimension& y = b.dimensions[d].domain;
    if (!x.first || !x.bound || !x.step || !y.first || !y.bound || !y.step) return false;
    if (x.comparison != y.comparison || !smt::sameExpr(x.first, y.first) || !smt::sameExpr(x.bound, y.bound) ||
        !smt::sameExpr(x.step, y.step))
      return false;
  }
  return true;
}

class RegionChecker {
 public:
  RegionChecker(const RegionModel& region, const std::vector<LoopModel>& loops, unsigned timeoutMs,
                smt::Deadline deadline)
      : region_(region), loops_(loops), session_(timeoutMs) {
    session_.setDeadline(deadline);
  }

  std::vector<RaceFinding> run() {
    for (const Limitation& limitation : region_.limitations) {
      RaceFinding finding = base(RaceFinding::Kind::Unsupported, Certainty::Unsupported, "");
      finding.message = "cannot check this " + region() + ": " + limitation.message;
      finding.at = limitation.at;
      findings_.push_back(finding);
    }
    Phases phases = phasesOf(region_.steps, acrossIterations_);
    phases_ = phases;
    reportIncompleteLoops(phases);
    std::vector<std::vector<Side>> sides;
    for (size_t step = 0; step < region_.steps.size(); ++step) sides.push_back(sidesOf(step));
    proveFlagWrites(sides);
    // A write every thread makes to one place first: it is the finding, and pairs with it add nothing.
    for (size_t a = 0; a < region_.steps.size(); ++a)
      if (mayRunConcurrently(a, a))
        for (const Side& side : sides[a]) checkPair(side, side);
    for (size_t a = 0; a < region_.steps.size(); ++a)
      for (size_t b = a; b < region_.steps.size(); ++b) {
        if (!sharePhase(phases, a, b) || !mayRunConcurrently(a, b) || ordered(a, b)) continue;
        for (size_t x = 0; x < sides[a].size(); ++x)
          for (size_t y = a == b ? x + 1 : 0; y < sides[b].size(); ++y) checkPair(sides[a][x], sides[b][y]);
      }
    return std::move(findings_);
  }

 private:
  // A loop the front-end could not fully model (an unknown call, say) may touch what the other
  // steps of its phase touch: the region cannot be proven race-free either.
  void reportIncompleteLoops(const Phases& phases) {
    for (size_t index = 0; index < region_.steps.size(); ++index) {
      const RegionStep& step = region_.steps[index];
      if (step.kind != RegionStep::Kind::Loop || step.loop < 0 || step.loop >= static_cast<int>(loops_.size()))
        continue;
      bool alone = true;
      for (size_t other = 0; other < region_.steps.size(); ++other)
        alone &= other == index || !sharePhase(phases, other, index) ||
                 region_.steps[other].kind == RegionStep::Kind::Barrier;
      if (alone) continue;
      for (const Limitation& limitation : loops_[step.loop].limitations)
        if (limitation.unsafe) {
          RaceFinding finding = base(RaceFinding::Kind::Unsupported, Certainty::Unsupported, "");
          finding.message = "cannot check this " + region() + ": the loop at line " + std::to_string(step.at.line) +
                            " is not fully modelled (" + limitation.message + ")";
          finding.at = limitation.at;
          findings_.push_back(finding);
          break;
        }
    }
  }

  // A flag wait orders (RegionModel::flagWaits) when the flag's write is certain and made by no more
  // threads than the waiter's exit needs writes (one for a flag set once): a waiter then leaves its
  // loop only after every writer's release. Else what it was meant to order is compared as any
  // other accesses are.
  void proveFlagWrites(const std::vector<std::vector<Side>>& sides) {
    flagOrders_.assign(region_.flagWaits.size(), false);
    for (size_t k = 0; k < region_.flagWaits.size(); ++k) {
      if (!region_.flagWaits[k].orders) continue;
      const Side* write = nullptr;
      for (const std::vector<Side>& ofStep : sides)
        for (const Side& side : ofStep)
          if (side.access &&
              std::count(side.access->flagWrites.begin(), side.access->flagWrites.end(), static_cast<int>(k)))
            write = &side;
      if (!write || write->uncertain || region_.steps[write->step].executor == Executor::Worksharing) continue;
      flagOrders_[k] = region_.steps[write->step].executor != Executor::EveryThread ||
                       writersAtMost(*write, region_.flagWaits[k].writesNeeded);
    }
  }

  // Whether at most `most` threads make `write`, an access of statements every thread runs under
  // its guards: one is two threads never making it; more are counted number by number (the first
  // kThreadNumbers), until no thread from a number on may make it.
  bool writersAtMost(const Side& write, std::int64_t most) {
    if (most <= 1) return ask(write, write, smt::Pairing::Any).status == smt::Coincidence::Status::Disjoint;
    constexpr std::int64_t kThreadNumbers = 128;
    auto mayWrite = [&](Relation relation, std::int64_t number) {
      smt::AccessSite site = write.site;
      site.facts.push_back({unitNumber(region_.units), relation, smt::constant(number)});
      return smt::mayCoincideAcross(session_, site, site, smt::Pairing::Any).status !=
             smt::Coincidence::Status::Disjoint;
    };
    std::int64_t writers = 0;
    for (std::int64_t number = 0; number < kThreadNumbers; ++number) {
      if (!mayWrite(Relation::GreaterEqual, number)) return true;
      if (mayWrite(Relation::Equal, number) && ++writers > most) return false;
    }
    return false;
  }

  // Whether a flag wait orders the two accesses: one precedes the release the other's thread acquires.
  bool orderedByFlag(const Side& x, const Side& y) const {
    if (!x.access || !y.access) return false;
    auto releasedTo = [this](const RegionAccess& first, const RegionAccess& second) {
      for (int k : first.flagReleases)
        if (flagOrders_[k] && std::count(second.flagAcquires.begin(), second.flagAcquires.end(), k)) return true;
      return false;
    };
    return releasedTo(*x.access, *y.access) || releasedTo(*y.access, *x.access);
  }

  // Whether one of two steps finishes before the other starts (RegionStep::after).
  bool ordered(size_t a, size_t b) const {
    const std::vector<size_t>& beforeA = region_.steps[a].after;
    const std::vector<size_t>& beforeB = region_.steps[b].after;
    return std::count(beforeA.begin(), beforeA.end(), b) || std::count(beforeB.begin(), beforeB.end(), a);
  }

  // Whether two steps of one phase can have accesses on two different threads at once.
  bool mayRunConcurrently(size_t a, size_t b) const {
    const RegionStep& first = region_.steps[a];
    const RegionStep& second = region_.steps[b];
    if (first.kind == RegionStep::Kind::Barrier || second.kind == RegionStep::Kind::Barrier) return false;
    if (a == b) return first.executor == Executor::EveryThread;  // a loop with itself is checkLoop's
    return !(first.executor == Executor::MasterThread && second.executor == Executor::MasterThread);
  }

  std::vector<Side> sidesOf(size_t index) {
    const RegionStep& step = region_.steps[index];
    std::vector<Side> result;
    std::vector<smt::Condition> common = region_.facts;
    smt::LoopDomain domain = unitDomain(region_.units);
    const LoopModel* loop = nullptr;
    if (step.kind == RegionStep::Kind::Loop) {
      if (step.loop < 0 || step.loop >= static_cast<int>(loops_.size())) return result;
      loop = &loops_[step.loop];
      domain = loop->domain();
      smt::ContextTree tree = loop->contextTree();
      for (const Reference& reference : loop->references) {
        const Variable* variable = loop->findVariable(reference.variable);
        // Scalars come from the step's own accesses, which include those the loop only reads.
        if (reference.isScalar || (variable && isPerThread(variable->sharing))) continue;
        auto named = step.regionNames.find(reference.variable);
        std::string name = named == step.regionNames.end() ? reference.variable : named->second;
        Side side{index, &reference, {domain, common, reference.indices}, false, {}, loop, nullptr, name};
        for (const Fact& fact : loop->facts)
          if (tree.isAncestorOrSelf(fact.context, reference.context))
            side.site.facts.push_back({fact.lhs, fact.relation, fact.rhs});
        if (reference.opaque) uncertain(side, "its index cannot be compared: " + reference.opaqueReason);
        if (!reference.unknownSubscripts.empty())
          uncertain(side, "some of its subscripts cannot be compared: " + reference.unknownSubscripts);
        if (mentionsAny(reference.indices, region_.unknownValues))
          uncertain(side, "its index uses a private variable whose value is not modelled");
        if (const UnpinnedValue* unpinned = unpinnedIn(*loop, reference))
          uncertain(side, "it depends on " + unpinned->symbol + ", whose value is not modelled: " + unpinned->reason);
        result.push_back(std::move(side));
      }
    } else if (step.executor == Executor::MasterThread) {
      common.push_back({unitNumber(region_.units), Relation::Equal, smt::constant(0)});
    }
    for (const RegionAccess& access : step.accesses) {
      Side side{index,   &access.reference,        {domain, common, access.reference.indices}, false, {}, loop,
                &access, access.reference.variable};
      side.site.facts.insert(side.site.facts.end(), access.guards.begin(), access.guards.end());
      if (access.reference.opaque) uncertain(side, "its index cannot be compared: " + access.reference.opaqueReason);
      if (access.valueUnknown) uncertain(side, "its index uses a private variable whose value is not modelled");
      if (access.guardUnknown) uncertain(side, "it runs under a condition the analysis cannot follow");
      if (!access.approximated.empty()) uncertain(side, access.approximated);
      if (access.reference.conditional)
        uncertain(side, "the library call may not make it, or may serialise it (" + access.reference.text + ")");
      result.push_back(std::move(side));
    }
    return result;
  }

  std::string region() const { return regionWord(region_.units); }
  std::string unit() const { return unitWord(region_.units); }
  std::string directive() const { return directiveSpelling(region_.directive); }

  static void uncertain(Side& side, const std::string& why) {
    if (!side.uncertain) side.uncertainty = why;
    side.uncertain = true;
  }

  RaceFinding base(RaceFinding::Kind kind, Certainty certainty, const std::string& variable) const {
    RaceFinding finding;
    finding.kind = kind;
    finding.certainty = certainty;
    finding.variable = variable;
    finding.function = region_.function;
    finding.region = region_.id;
    return finding;
  }

  // Different threads make the two accesses: the side's thread numbers differ.
  smt::Coincidence ask(const Side& x, const Side& y, smt::Pairing pairing,
                       const std::vector<smt::Condition>& extraOnSecond = {}) {
    smt::AccessSite second = y.site;
    second.facts.insert(second.facts.end(), extraOnSecond.begin(), extraOnSecond.end());
    return smt::mayCoincideAcross(session_, x.site, second, pairing,
                                  {{unitNumber(region_.units), Relation::NotEqual, unitNumber(region_.units)}});
  }

  void checkPair(const Side& x, const Side& y) {
    const Reference& first = *x.reference;
    const Reference& second = *y.reference;
    if (x.variable != y.variable || first.isScalar != second.isScalar) return;
    if (first.kind == AccessKind::Read && second.kind == AccessKind::Read) return;
    if (mutuallyExclusive(first, second) || orderedByFlag(x, y)) return;
    // One finding per variable and pair of steps: a definite pair replaces a possible one found first.
    if (auto found = reported_.find({x.variable, x.step, y.step});
        (found != reported_.end() && findings_[found->second].certainty != Certainty::Possible) ||
        selfRaced_.count(&first) || selfRaced_.count(&second))
      return;

    if (session_.budgetExhausted()) {
      if (budgetSpent_) return;
      budgetSpent_ = true;
      RaceFinding finding = base(RaceFinding::Kind::Unsupported, Certainty::Undecided, x.variable);
      finding.message =
          "could not check the rest of this " + region() + ": " + std::string(smt::kBudgetExhausted) + " (--budget-ms)";
      finding.at = first.span.begin;
      findings_.push_back(finding);
      return;
    }
    std::string qualifier;  // why an overlap is only possible
    smt::Coincidence answer = decide(x, y, qualifier);
    if (answer.status == smt::Coincidence::Status::Disjoint) return;
    bool definite = answer.status == smt::Coincidence::Status::Overlap && !answer.throughArrayRead && !x.uncertain &&
                    !y.uncertain && qualifier.empty();
    // What the model leaves out (a barrier or a flag inside a call or a loop it does not follow) may
    // order the two accesses: a race it finds is only possible.
    if (definite && !region_.limitations.empty())
      qualifier = "unless what the region model leaves out orders them: " + region_.limitations.front().message;
    definite = definite && region_.limitations.empty();
    // A witness of a working program: subscripts and sizes in bounds, columns within their rows.
    if (definite) {
      qualifier = unprovenBy(x, y, answer);
      definite = qualifier.empty();
    }
    if (qualifier.empty()) {
      if (x.uncertain || y.uncertain)
        qualifier = x.uncertain ? x.uncertainty : y.uncertainty;
      else if (answer.throughArrayRead)
        qualifier = "if the index arrays hold such values";
      else if (answer.status == smt::Coincidence::Status::Unknown)
        qualifier = "Z3 could not decide: " + answer.reason;
    }
    // What Z3 could not decide is neither a race nor a pass (opaque accesses stay possible races).
    bool undecided = answer.status == smt::Coincidence::Status::Unknown && !first.opaque && !second.opaque;
    report(x, y, answer, definite, qualifier, undecided);
  }

  // Whether the two sides' accesses can be one element on two threads, asked as their steps
  // require (different iterations of a sequential loop of steps, two worksharing loops, master
  // against a static loop); `qualifier` says why an overlap is only possible.
  smt::Coincidence decide(const Side& x, const Side& y, std::string& qualifier) {
    const Reference& first = *x.reference;
    const Reference& second = *y.reference;
    smt::Coincidence answer;
    std::string counter = counterAcrossIterations(x, y);
    if (first.opaque || second.opaque) {
      answer.status = smt::Coincidence::Status::Unknown;
    } else if (!counter.empty()) {
      // Different iterations: the counter is the two sides' own, any values (and no static pairing).
      Side ownX = x, ownY = y;
      counterOfEachSide(ownX.site);
      counterOfEachSide(ownY.site);
      answer = ask(ownX, ownY, smt::Pairing::Any);
      qualifier =
          "the two accesses meet only in different iterations of a sequential loop around them, whose "
          "counter '" +
          counter + "' they use";
    } else if (x.loop && y.loop) {
      answer = askAcrossLoops(x, y, qualifier);
    } else {
      answer = ask(x, y, smt::Pairing::Any);
      refineMasterAgainstStaticLoop(x, y, answer, qualifier);
    }
    return answer;
  }

  // Why an overlap proves no race of a working program, "" when it does (docs/check.md, "What a
  // definite race means"), as the loop check asks it: again with the subscripts and the sizes they
  // name at least 0, then with every column of a flattened row (a constant width or one the run
  // holds, ColumnsWithinRows.h) that some run keeps in its row held there. The witness becomes
  // the one found in bounds.
  std::string unprovenBy(const Side& x, const Side& y, smt::Coincidence& answer) {
    Side boundedX = x, boundedY = y;
    for (Side* side : {&boundedX, &boundedY}) {
      std::vector<smt::ExprRef> nonNegative = side->site.element;
      std::set<std::string> inputs;
      for (const smt::ExprRef& index : side->site.element)
        smt::forEachSymbol(index, [&](const smt::Expr& symbol) {
          if (symbol.op == smt::Expr::Op::Var && symbol.scope == smt::Scope::Shared && symbol.instance == 0 &&
              inputs.insert(symbol.name).second)
            nonNegative.push_back(smt::variable(symbol.name, 0, smt::Scope::Shared));
        });
      for (const smt::ExprRef& value : nonNegative)
        side->site.facts.push_back({value, Relation::GreaterEqual, smt::constant(0)});
    }
    std::string ignored;
    smt::Coincidence inBounds = decide(boundedX, boundedY, ignored);
    if (inBounds.status == smt::Coincidence::Status::Disjoint)
      return "only with a negative subscript or size (an empty or degenerate problem)";
    if (inBounds.status != smt::Coincidence::Status::Overlap)
      return "Z3 could not decide whether the subscripts can all be in bounds";
    answer.witness = inBounds.witness;
    std::vector<ColumnInRow> rowsOfX = keptWithinRows(boundedX), rowsOfY = keptWithinRows(boundedY);
    if (rowsOfX.empty() && rowsOfY.empty()) return "";
    for (const auto& [side, columns] : {std::pair{&boundedX, &rowsOfX}, std::pair{&boundedY, &rowsOfY}})
      for (const smt::ExprRef& room : roomsInRows(*columns))
        side->site.facts.push_back({room, Relation::GreaterEqual, smt::constant(0)});
    smt::Coincidence inRows = decide(boundedX, boundedY, ignored);
    if (inRows.status == smt::Coincidence::Status::Overlap) {
      answer.witness = inRows.witness;
      return "";
    }
    if (inRows.status != smt::Coincidence::Status::Disjoint)
      return "Z3 could not decide whether the columns can stay within their rows";
    const ColumnInRow& column = rowsOfX.empty() ? rowsOfY.front() : rowsOfX.front();
    std::string width = smt::toString(column.width);
    if (column.symbolicWidth())
      return "only if the row width " + width + " is at most a column of " + column.accessText + ": rows of " +
             x.variable + " overlap, and a run whose " + width + " holds every column has none";
    return "only if a column of " + column.accessText + " leaves its row of " + width +
           ": a run that keeps it within its row has no such race";
  }

  // The columns of a side's access that some run keeps within their rows (ColumnsWithinRows.h),
  // over the side's own iterations and facts.
  std::vector<ColumnInRow> keptWithinRows(const Side& side) {
    std::vector<ColumnInRow> kept;
    for (const ColumnInRow& column : columnsInRows(*side.reference)) {
      std::vector<smt::Condition> rooms;
      for (const smt::ExprRef& room : roomsInRows({column}))
        rooms.push_back({room, Relation::GreaterEqual, smt::constant(0)});
      if (smt::someRunKeeps(session_, side.site.domain, side.site.facts, rooms) != smt::CheckOutcome::Unsat)
        kept.push_back(column);
    }
    return kept;
  }

  // Two steps that meet only in different iterations of a sequential loop of steps (its end and its
  // next start, or around it when it runs no iteration), with an access that names one of the loops'
  // counters: the models take the counter as one value on every thread, which those iterations do
  // not share. The counter named, or empty when the pair does not depend on one.
  std::string counterAcrossIterations(const Side& x, const Side& y) const {
    for (int phase : phases_[x.step])
      if (phases_[y.step].count(phase) && !acrossIterations_.count(phase)) return "";
    // What decides the element and the iterations: the subscripts, the bounds, and the facts that
    // relate a symbol of those to others (`k == i + 1`), transitively.
    std::set<std::string> named;
    auto symbolsOf = [](const smt::ExprRef& expr, std::set<std::string>& into) {
      if (expr)
        smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
          if (symbol.scope == smt::Scope::Shared) into.insert(symbol.name);
        });
    };
    for (const Side* side : {&x, &y}) {
      for (const smt::ExprRef& index : side->site.element) symbolsOf(index, named);
      for (const smt::LoopDimension& dimension : side->site.domain.dimensions) {
        symbolsOf(dimension.first, named);
        symbolsOf(dimension.bound, named);
        symbolsOf(dimension.step, named);
      }
    }
    for (bool grew = true; grew;) {
      grew = false;
      for (const Side* side : {&x, &y})
        for (const smt::Condition& fact : side->site.facts) {
          std::set<std::string> in;
          symbolsOf(fact.lhs, in);
          symbolsOf(fact.rhs, in);
          if (std::none_of(in.begin(), in.end(), [&](const std::string& name) { return named.count(name) > 0; }))
            continue;
          for (const std::string& name : in) grew |= named.insert(name).second;
        }
    }
    for (const std::string& counter : region_.cycleCounters)
      if (named.count(counter)) return counter;
    return "";
  }

  // The site with the cycles' counters each side's own value (private symbols, primed on the second).
  void counterOfEachSide(smt::AccessSite& site) const {
    std::function<smt::ExprRef(const smt::ExprRef&)> own = [&](const smt::ExprRef& expr) -> smt::ExprRef {
      if (!expr) return expr;
      if (expr->op == smt::Expr::Op::Var && expr->scope == smt::Scope::Shared &&
          std::count(region_.cycleCounters.begin(), region_.cycleCounters.end(), expr->name))
        return smt::variable(expr->name, expr->instance, smt::Scope::Private);
      if (expr->args.empty()) return expr;
      auto copy = std::make_shared<smt::Expr>(*expr);
      for (smt::ExprRef& arg : copy->args) arg = own(arg);
      return copy;
    };
    for (smt::ExprRef& index : site.element) index = own(index);
    for (smt::Condition& fact : site.facts) {
      fact.lhs = own(fact.lhs);
      fact.rhs = own(fact.rhs);
    }
    for (smt::LoopDimension& dimension : site.domain.dimensions) {
      dimension.first = own(dimension.first);
      dimension.bound = own(dimension.bound);
      dimension.step = own(dimension.step);
    }
  }

  // A `nowait` loop and a loop after it in the same phase. OpenMP assigns iteration i of two
  // schedule(static) loops of one region to the same thread when they have the same number of
  // iterations and the same chunk size (or none), and neither is a simd loop; then only different
  // iterations can race. Otherwise any two iterations can.
  smt::Coincidence askAcrossLoops(const Side& x, const Side& y, std::string& qualifier) {
    const LoopModel& first = *x.loop;
    const LoopModel& second = *y.loop;
    // Two target tasks run their loops on teams of their own, concurrently: no iteration is bound to a thread.
    bool sameThreadRule = !region_.hostWithTargetTasks && sameDomain(first, second) &&
                          first.schedule == Schedule::Static && second.schedule == Schedule::Static &&
                          first.scheduleChunk == second.scheduleChunk && !first.directive.has(Construct::Simd) &&
                          !second.directive.has(Construct::Simd);
    // Bounds written alike in a called function's loop may read other values at two calls
    // (`scale(u, 1000); scale(u, 500);`): the same iteration number may then go to other threads.
    const RegionStep& stepX = region_.steps[x.step];
    const RegionStep& stepY = region_.steps[y.step];
    if (sameThreadRule &&
        ((stepX.boundsFromCall && !constantDomain(first)) || (stepY.boundsFromCall && !constantDomain(second)))) {
      smt::Coincidence any = ask(x, y, smt::Pairing::Any);
      if (any.status != smt::Coincidence::Status::Disjoint)
        qualifier =
            "if the two loops' bounds, read from their calls' arguments, differ (the same iteration then "
            "runs on another thread)";
      return any;
    }
    if (!sameThreadRule) return ask(x, y, smt::Pairing::Any);
    smt::Coincidence apart = ask(x, y, smt::Pairing::DifferentIterations);
    if (apart.status != smt::Coincidence::Status::Disjoint) return apart;
    if (region_.steps[x.step].scheduleWritten && region_.steps[y.step].scheduleWritten) return apart;
    // Only equal iterations meet: race-free if the default schedule is static, as it usually is.
    smt::Coincidence together = ask(x, y, smt::Pairing::Any);
    if (together.status != smt::Coincidence::Status::Disjoint)
      qualifier = "if the implementation's default schedule is not static (write schedule(static) on both loops)";
    return together;
  }

  // Master (thread 0) against a static loop: the loop's first iteration always runs on thread 0,
  // so the race is definite only if another iteration meets the master's access.
  void refineMasterAgainstStaticLoop(const Side& x, const Side& y, smt::Coincidence& answer, std::string& qualifier) {
    if (answer.status != smt::Coincidence::Status::Overlap) return;
    const Side* master = region_.steps[x.step].executor == Executor::MasterThread   ? &x
                         : region_.steps[y.step].executor == Executor::MasterThread ? &y
                                                                                    : nullptr;
    const Side* loop = x.loop ? &x : y.loop ? &y : nullptr;
    if (!master || !loop || loop->loop->schedule != Schedule::Static || loop->loop->dimensions.empty()) return;
    const smt::LoopDimension& outer = loop->loop->dimensions[0].domain;
    if (!outer.first) return;
    smt::Condition laterIteration{smt::variable(outer.counter, 0, smt::Scope::Counter), Relation::NotEqual,
                                  outer.first};
    smt::Coincidence later =
        loop == &y ? ask(x, y, smt::Pairing::Any, {laterIteration}) : ask(y, x, smt::Pairing::Any, {laterIteration});
    if (later.status == smt::Coincidence::Status::Disjoint)
      qualifier = "unless the schedule runs that iteration on the master thread (static schedules do)";
    else if (later.status == smt::Coincidence::Status::Overlap && loop == &y)
      answer.witness = later.witness;  // a witness on a later iteration (asked swapped, it would be named swapped)
  }

  // "(thread 1)", "in master", "in the loop at line 11 (iteration i=3)"
  std::string whoMakes(const Side& side, const Witness& witness, bool primed) const {
    const RegionStep& step = region_.steps[side.step];
    std::string prime = primed ? "'" : "";
    std::string thread = valueOf(witness, unitNumberName(region_.units) + prime);
    switch (step.executor) {
      case Executor::EveryThread:
        if (thread == "?") return primed ? "on another " + unit() : "";  // no witness: the indices were not compared
        return "(" + unit() + " " + thread + ")";
      case Executor::OneThread: return "in " + stepConstructName(step) + " at line " + std::to_string(step.at.line);
      case Executor::MasterThread:
        return "in " + stepConstructName(step) + " at line " + std::to_string(step.at.line) + " (thread 0)";
      case Executor::Worksharing: break;
    }
    std::string text = "in the loop at line " + std::to_string(step.at.line) + " (iteration ";
    for (size_t d = 0; d < side.loop->dimensions.size(); ++d) {
      std::string counter = side.loop->dimensions[d].domain.counter + prime;
      text += (d ? ", " : "") + counter + "=" + valueOf(witness, counter);
    }
    return text + ")";
  }

  std::string suggestionFor(const Side& earlier, const Side& later, RaceFinding::Kind kind) const {
    const Reference& write = earlier.reference->kind == AccessKind::Read ? *later.reference : *earlier.reference;
    if (region_.units == RegionUnits::Teams && kind != RaceFinding::Kind::SharedScalar)
      return "nothing orders the teams of a league: give each team its own elements (index them by "
             "omp_get_team_num()), or make the updates #pragma omp atomic";
    if (kind == RaceFinding::Kind::SharedScalar) {
      if (write.hiddenState) return kHiddenStateSuggestion;
      if (write.kind == AccessKind::Increment)
        return "declare it reduction(+:" + write.variable + ") on the " + directive() +
               " construct, or protect the update with "
               "#pragma omp atomic";
      return "declare it private(" + write.variable + ") on the " + directive() +
             " construct (or declare it inside it)" +
             (region_.units == RegionUnits::Threads ? ", or write it once in #pragma omp single" : "");
    }
    if (region_.hostWithTargetTasks)
      return "add #pragma omp taskwait after the target construct at line " +
             std::to_string(region_.steps[earlier.step].at.line) +
             " (before the host or another target touches what it maps), or remove nowait from it";
    bool firstProtected = earlier.reference->protection != Protection::None;
    if (firstProtected != (later.reference->protection != Protection::None)) {
      const Reference& bare = firstProtected ? *later.reference : *earlier.reference;
      return "protect " + accessPhrase(bare) +
             " with the same synchronisation as the other access (atomic, "
             "critical or the lock), or separate them with #pragma omp barrier";
    }
    if (kind == RaceFinding::Kind::ArrayConflict)
      return earlier.reference == later.reference
                 ? "index it by omp_get_thread_num(), or write it once in #pragma omp single"
                 : "put the write and the read in separate statements with #pragma omp barrier between them";
    const RegionStep& step = region_.steps[earlier.step];
    std::string line = std::to_string(step.at.line);
    if (step.kind == RegionStep::Kind::Loop && step.loopDirective.has(Construct::Taskloop))
      return "remove nogroup from the taskloop at line " + line + ", or add #pragma omp taskwait after it";
    if (step.kind == RegionStep::Kind::Loop)
      return "remove nowait from the loop at line " + line + ", or add #pragma omp barrier after it";
    for (const RegionStep* task : {&step, &region_.steps[later.step]})
      if (task->outlivesUntil >= 0)
        return "taskwait waits only for the tasks its own task created: put the creator of the task at line " +
               std::to_string(task->at.line) +
               " in #pragma omp taskgroup, or end the creator with #pragma omp taskwait";
    if (step.construct == StepConstruct::Task || region_.steps[later.step].construct == StepConstruct::Task)
      return "order the tasks with depend clauses, or add #pragma omp taskwait after the task at line " + line;
    if (sectionsOfOneConstruct(std::min(earlier.step, later.step), std::max(earlier.step, later.step)))
      return "the sections of one sections construct run at the same time on different threads: let each "
             "section write elements of its own, or move the write after the sections construct";
    if (step.executor == Executor::OneThread && step.construct == StepConstruct::Single)
      return "remove nowait from the single construct at line " + line + ", or add #pragma omp barrier after it";
    if (step.executor != Executor::EveryThread)
      return "add #pragma omp barrier after the " + stepConstructName(step) + " construct at line " + line + " (" +
             stepConstructName(step) + " has no implied barrier)";
    unsigned laterLine = region_.steps[later.step].at.line;
    // A statement that meets itself, or one before it, does so in the next iteration of a loop around them.
    if (laterLine <= step.at.line)
      return "add #pragma omp barrier after line " + line +
             ": the accesses meet in consecutive iterations of the "
             "loop around them";
    return "add #pragma omp barrier between line " + line + " and line " + std::to_string(laterLine);
  }

  // Whether steps `first`..`last` are sections of one construct: sections each, and no barrier
  // after any but the last (RegionSteps gives every section but a construct's last one nowait).
  bool sectionsOfOneConstruct(size_t first, size_t last) const {
    if (first == last) return false;
    for (size_t k = first; k <= last; ++k)
      if (region_.steps[k].construct != StepConstruct::Section || (k < last && !region_.steps[k].nowait)) return false;
    return true;
  }

  void report(const Side& x, const Side& y, const smt::Coincidence& answer, bool definite, const std::string& qualifier,
              bool undecided = false) {
    const Reference& first = *x.reference;
    bool selfPair = &first == y.reference;
    RaceFinding::Kind kind = RaceFinding::Kind::MissingBarrier;
    if (x.step == y.step)
      kind = selfPair && first.isScalar ? RaceFinding::Kind::SharedScalar : RaceFinding::Kind::ArrayConflict;
    // No barrier orders two teams: what two statements of a teams region do is simply a conflict.
    if (region_.units == RegionUnits::Teams && kind == RaceFinding::Kind::MissingBarrier)
      kind = RaceFinding::Kind::ArrayConflict;
    RaceFinding finding = base(kind,
                               undecided  ? Certainty::Undecided
                               : definite ? Certainty::Definite
                                          : Certainty::Possible,
                               x.variable);
    finding.witness = answer.witness;
    finding.suggestion = suggestionFor(x, y, kind);
    // The write leads: it is where the diagnostic points.
    bool writeFirst = first.kind != AccessKind::Read;
    const Side& lead = writeFirst ? x : y;
    const Side& other = writeFirst ? y : x;
    bool leadPrimed = !writeFirst;
    std::string prefix = undecided ? "could not check " : definite ? "data race on " : "possible data race on ";
    if (kind == RaceFinding::Kind::SharedScalar) {
      finding.message = prefix + "shared variable '" + x.variable + "': every " + unit() + " of the " + region() + " " +
                        "writes it (" + accessPhrase(first) + ")";
    } else {
      auto phrase = [&](const Side& side, bool primed) {
        std::string who = whoMakes(side, answer.witness, primed);
        return accessPhrase(*side.reference) + (who.empty() ? "" : " " + who);
      };
      finding.message =
          prefix + "'" + x.variable + "': " + phrase(lead, leadPrimed) + " and " + phrase(other, !leadPrimed);
      if (kind == RaceFinding::Kind::MissingBarrier)
        finding.message +=
            region_.hostWithTargetTasks ? ", with no taskwait between them" : ", with no barrier between them";
    }
    if (!qualifier.empty()) finding.message += " (" + qualifier + ")";
    finding.at = lead.reference->span.begin;
    finding.related = other.reference->span.begin;
    finding.relatedMessage = selfPair ? accessPhrase(first) + " on another " + unit() : accessPhrase(*other.reference);
    auto key = std::make_tuple(x.variable, x.step, y.step);
    if (auto found = reported_.find(key); found != reported_.end()) {
      if (finding.certainty == Certainty::Definite) findings_[found->second] = finding;
    } else {
      reported_[key] = findings_.size();
      findings_.push_back(finding);
    }
    if (selfPair) selfRaced_.insert(&first);
  }

  const RegionModel& region_;
  Phases phases_;                   // of each step (phasesOf)
  std::set<int> acrossIterations_;  // the phases that join different iterations of a cycle
  const std::vector<LoopModel>& loops_;
  smt::SolverSession session_;
  bool budgetSpent_ = false;
  std::vector<RaceFinding> findings_;
  std::map<std::tuple<std::string, size_t, size_t>, size_t> reported_;  // the finding of a variable and pair of steps
  std::set<const Reference*> selfRaced_;  // writes every thread makes to one place: other pairs add nothing
  std::vector<bool> flagOrders_;          // per flag wait of the region: whether it orders (proveFlagWrites)
};

}  // namespace

std::vector<RaceFinding> checkRegion(const RegionModel& region, const std::vector<LoopModel>& loops,
                                     unsigned z3TimeoutMs, smt::Deadline deadline) {
  return RegionChecker(region, loops, z3TimeoutMs, deadline).run();
}

}  // namespace adrace::analyzer
