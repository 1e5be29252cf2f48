#include "analyzer/check/RaceCheck.h"

#include "analyzer/check/ColumnsWithinRows.h"
#include "analyzer/check/TaskOrdering.h"

#include "smt/Encoder.h"
#include "smt/KnowledgeBase.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

namespace adrace::analyzer {

const char* certaintyName(Certainty certainty) {
  switch (certainty) {
    case Certainty::Definite: return "definite";
    case Certainty::Possible: return "possible";
    case Certainty::Unsupported: return "unsupported";
    case Certainty::Undecided: return "undecided";
  }
  return "?";
}

bool couldNotCheck(Certainty certainty) {
  return certainty == Certainty::Unsupported || certainty == Certainty::Undecided;
}

bool mutuallyExclusive(const Reference& a, const Reference& b) {
  if (a.protection == Protection::None || a.protection != b.protection) return false;
  if (a.protection == Protection::Critical) return a.exclusionName == b.exclusionName;
  // Two different locks exclude nothing; a lock the model cannot name (an element of an array of
  // locks) is taken to be the other access's lock, as before locks had names.
  if (a.protection == Protection::Lock)
    return a.exclusionName.empty() || b.exclusionName.empty() || a.exclusionName == b.exclusionName;
  return true;
}

std::string accessPhrase(const Reference& reference) {
  const char* verb = reference.kind == AccessKind::Read ? "read" : "write";
  return std::string(verb) + " " + reference.text;
}

namespace {

std::string witnessValue(const std::vector<std::pair<std::string, std::string>>& witness, const std::string& name) {
  for (const auto& [symbol, value] : witness)
    if (symbol == name) return value;
  return "?";
}

std::string iterationPhrase(const LoopModel& loop, const std::vector<std::pair<std::string, std::string>>& witness,
                            bool second) {
  std::string text = "(iteration ";
  for (size_t d = 0; d < loop.dimensions.size(); ++d) {
    std::string counter = loop.dimensions[d].domain.counter + (second ? "'" : "");
    text += (d ? ", " : "") + counter + "=" + witnessValue(witness, counter);
  }
  return text + ")";
}

// The clause that would make a shared scalar's accesses race-free.
std::string scalarSuggestion(const LoopModel& loop, const std::string& name) {
  bool incremented = false, readFirst = false, written = false;
  for (const Reference& reference : loop.references) {
    if (reference.variable != name) continue;
    if (reference.kind == AccessKind::Increment) incremented = true;
    if (reference.kind == AccessKind::Read && !written) readFirst = true;
    if (reference.kind != AccessKind::Read) written = true;
  }
  // A clause cannot name a struct member ("g->n", "p[].x"): the fix goes through a local.
  bool member = name.find_first_of(".-[") != std::string::npos;
  // An inner loop's counter declared outside the loop (C89) is shared unless it is made private.
  if (const Variable* variable = loop.findVariable(name); variable && variable->countsInnerLoop)
    return "it counts an inner loop: declare it private(" + name + "), or declare it in the loop's own header";
  if (incremented)
    return member ? "accumulate into a local variable with reduction(+:local), then add it to " + name +
                        " after the loop, or protect the update with #pragma omp atomic"
                  : "declare it reduction(+:" + name + ") or protect the update with #pragma omp atomic";
  if (readFirst) return "protect it with #pragma omp critical, or give each iteration its own copy";
  if (member)
    return "write a local variable declared in the loop body instead, or protect it with #pragma omp critical";
  return "declare it private(" + name + "), or lastprivate(" + name + ") if its value is used after the loop";
}

// A private scalar or array is the iteration's own, and so is an array section in a reduction
// clause (`reduction(+:h[:n])`). A private pointer is not: it may point into shared memory, and the
// collector leaves its accesses opaque, so they are compared as possible races. (A pointer has no
// declared extent; an array always has one.)
bool ownedByTheIteration(const Variable* variable, const Reference& reference) {
  if (!variable || !isPerThread(variable->sharing)) return false;
  bool pointer = variable->isArray && variable->extent.empty();
  return !(pointer && reference.opaque && variable->sharing != Sharing::Reduction);
}

// A second, independent look at a Z3 witness before a race is called definite: the witness's
// values, put into the loop's constraints by plain integer arithmetic (no solver), must satisfy
// every constraint whose symbols the witness names: the two indices are equal, the iterations
// differ, each lies in its bounds and on its stride, and each side's facts (conditions, definitions,
// bounds) hold on that side. A witness that fails is a bug of the encoding; the finding is demoted.
class WitnessEvaluator {
 public:
  using Witness = std::vector<std::pair<std::string, std::string>>;
  explicit WitnessEvaluator(const Witness& witness) : values_(integerValues(witness)) {}

  // The first constraint the witness violates, described; nothing when none is violated.
  // `sameIterationAllowed`: two tasks created by one iteration are two instances (TaskOrdering.h).
  std::optional<std::string> violation(const LoopModel& loop, const smt::ContextTree& contexts, const Reference& first,
                                       const Reference& second, bool sameIterationAllowed = false) const {
    using smt::Thread;
    for (size_t k = 0; k < first.indices.size() && k < second.indices.size(); ++k) {
      auto a = evaluate(first.indices[k], Thread::A), b = evaluate(second.indices[k], Thread::B);
      if (a && b && *a != *b)
        return "the two indices differ: " + smt::toString(first.indices[k]) + " = " + std::to_string(*a) + ", " +
               smt::toString(second.indices[k], true) + " = " + std::to_string(*b);
    }
    size_t countersKnown = 0;
    bool someCounterDiffers = false;
    for (const LoopDimensionModel& dimension : loop.dimensions) {
      smt::ExprRef counter = smt::variable(dimension.domain.counter, 0, smt::Scope::Counter);
      auto a = evaluate(counter, Thread::A), b = evaluate(counter, Thread::B);
      if (a && b) {
        ++countersKnown;
        someCounterDiffers |= *a != *b;
      }
      for (Thread thread : {Thread::A, Thread::B})
        if (auto problem = outsideDomain(dimension.domain, thread)) return problem;
    }
    if (countersKnown > 0 && countersKnown == loop.dimensions.size() && !someCounterDiffers && !sameIterationAllowed)
      return std::string("the two iterations are one");
    for (const Fact& fact : loop.facts)
      for (Thread thread : {Thread::A, Thread::B}) {
        int context = thread == Thread::A ? first.context : second.context;
        if (!contexts.isAncestorOrSelf(fact.context, context)) continue;
        auto lhs = evaluate(fact.lhs, thread), rhs = evaluate(fact.rhs, thread);
        if (lhs && rhs && !holds(*lhs, fact.relation, *rhs))
          return "the " + fact.origin + " " + smt::toString(fact.lhs, thread == Thread::B) + " " +
                 relationText(fact.relation) + " " + smt::toString(fact.rhs, thread == Thread::B) + " fails";
      }
    return std::nullopt;
  }

  // The value of `expr` on `thread` under the witness; nothing when a symbol is not in it.
  std::optional<long long> value(const smt::ExprRef& expr, smt::Thread thread) const { return evaluate(expr, thread); }

  static bool holds(long long lhs, smt::Relation relation, long long rhs) {
    switch (relation) {
      case smt::Relation::Equal: return lhs == rhs;
      case smt::Relation::NotEqual: return lhs != rhs;
      case smt::Relation::Less: return lhs < rhs;
      case smt::Relation::LessEqual: return lhs <= rhs;
      case smt::Relation::Greater: return lhs > rhs;
      case smt::Relation::GreaterEqual: return lhs >= rhs;
    }
    return true;
  }

 private:
  static const char* relationText(smt::Relation relation) {
    switch (relation) {
      case smt::Relation::Equal: return "==";
      case smt::Relation::NotEqual: return "!=";
      case smt::Relation::Less: return "<";
      case smt::Relation::LessEqual: return "<=";
      case smt::Relation::Greater: return ">";
      case smt::Relation::GreaterEqual: return ">=";
    }
    return "?";
  }
  std::optional<std::string> outsideDomain(const smt::LoopDimension& dimension, smt::Thread thread) const {
    auto counter = evaluate(smt::variable(dimension.counter, 0, smt::Scope::Counter), thread);
    if (!counter) return std::nullopt;
    std::string name = dimension.counter + (thread == smt::Thread::B ? "'" : "");
    if (dimension.first && dimension.step) {
      auto first = evaluate(dimension.first, thread), step = evaluate(dimension.step, thread);
      if (first && step && *step != 0 && ((*counter - *first) % *step != 0 || (*counter - *first) / *step < 0))
        return name + " = " + std::to_string(*counter) + " is not on the loop's stride";
    }
    if (dimension.bound) {
      auto bound = evaluate(dimension.bound, thread);
      if (!bound) return std::nullopt;
      bool inside = true;
      switch (dimension.comparison) {
        case smt::Comparison::Less: inside = *counter < *bound; break;
        case smt::Comparison::LessEqual: inside = *counter <= *bound; break;
        case smt::Comparison::Greater: inside = *counter > *bound; break;
        case smt::Comparison::GreaterEqual: inside = *counter >= *bound; break;
        case smt::Comparison::NotEqual: inside = *counter != *bound; break;
      }
      if (!inside) return name + " = " + std::to_string(*counter) + " is outside the loop's bound";
    }
    return std::nullopt;
  }

  // The value of `expr` on `thread` under the witness; nothing when a symbol is not in it.
  std::optional<long long> evaluate(const smt::ExprRef& expr, smt::Thread thread) const {
    using Op = smt::Expr::Op;
    switch (expr->op) {
      case Op::Const: return expr->value;
      case Op::Var: {
        auto found = values_.find(smt::symbolName(*expr, thread));
        if (found == values_.end()) return std::nullopt;
        return found->second;
      }
      case Op::Read: {
        std::string name = smt::symbolName(*expr, thread);
        for (const smt::ExprRef& subscript : expr->args) {
          auto index = evaluate(subscript, thread);
          if (!index) return std::nullopt;
          name += "[" + std::to_string(*index) + "]";
        }
        auto found = values_.find(name);
        if (found == values_.end()) return std::nullopt;
        return found->second;
      }
      case Op::Neg: {
        auto operand = evaluate(expr->args.at(0), thread);
        if (!operand) return std::nullopt;
        return -*operand;
      }
      case Op::IfLess: {
        auto a = evaluate(expr->args.at(0), thread), b = evaluate(expr->args.at(1), thread);
        if (!a || !b) return std::nullopt;
        return evaluate(expr->args.at(*a < *b ? 2 : 3), thread);
      }
      default: break;
    }
    auto lhs = evaluate(expr->args.at(0), thread), rhs = evaluate(expr->args.at(1), thread);
    if (!lhs || !rhs) return std::nullopt;
    switch (expr->op) {
      case Op::Add: return *lhs + *rhs;
      case Op::Sub: return *lhs - *rhs;
      case Op::Mul: return *lhs * *rhs;
      case Op::Div: return *rhs == 0 ? std::nullopt : std::optional<long long>(*lhs / *rhs);  // C: towards zero
      case Op::Mod: return *rhs == 0 ? std::nullopt : std::optional<long long>(*lhs % *rhs);
      default: return std::nullopt;
    }
  }

  std::map<std::string, long long> values_;
};

// How many times the per-query limit the exact checker's queries get (LoopChecker::exactChecker).
constexpr unsigned kExactQueryTimeoutFactor = 4;
// The most choices-and-sides the exact checker splits into their arms (2^4 cases).
constexpr size_t kMostArmSides = 4;

class LoopChecker {
 public:
  // `exact`: the loop's facts hold its `?:` choices exact (exactChecker()).
  LoopChecker(const LoopModel& loop, const LoopCheckOptions& options, bool exact = false)
      : loop_(loop),
        options_(options),
        exact_(exact),
        session_(options.z3TimeoutMs),
        knowledge_(session_, loop.contextTree(), loop.domain()) {
    session_.setDeadline(options.deadline);
    for (const Fact& fact : loop.facts) knowledge_.addFact(fact.context, fact.lhs, fact.relation, fact.rhs);
    // Two iterations race only when different threads run them; simd lanes of one thread are
    // concurrent too, so not for simd loops; nor for distribute loops, where the threads of
    // different teams have the same numbers.
    const Directive& directive = loop.directive;
    if (!loop.threadNumberSymbol.empty() && !directive.has(Construct::Simd) && !directive.has(Construct::Task) &&
        !directive.has(Construct::Taskloop) && !directive.has(Construct::Distribute))
      knowledge_.addDistinct(smt::variable(loop.threadNumberSymbol, 0, smt::Scope::Private));
    for (const smt::ExprRef& ticket : loop.distinctPerIteration) knowledge_.addDistinct(ticket);
    // Witnesses show the values chosen with `?:` and what they choose from, so that the witness's
    // own check (WitnessEvaluator) evaluates the choices too, and a witness that already holds them
    // exact needs no second search.
    for (const Fact& choice : loop.exactChoices) {
      knowledge_.nameInWitnesses(choice.lhs);
      knowledge_.nameInWitnesses(choice.rhs);
    }
    if (!loop.createdTasks.empty())
      tasks_ = std::make_unique<TaskOrdering>(loop, options.z3TimeoutMs, options.deadline);
  }

  std::vector<RaceFinding> run() {
    for (const Limitation& limitation : loop_.limitations)
      if (limitation.unsafe) {
        RaceFinding finding = base(RaceFinding::Kind::Unsupported, Certainty::Unsupported, "");
        finding.message = "cannot check this loop: " + limitation.message;
        finding.at = limitation.at;
        findings_.push_back(finding);
      }
    std::vector<std::string> reportedScalars;
    for (size_t w = 0; w < loop_.references.size(); ++w) {
      const Reference& write = loop_.references[w];
      if (write.kind == AccessKind::Read) continue;
      if (ownedByTheIteration(loop_.findVariable(write.variable), write)) continue;
      for (size_t x = 0; x < loop_.references.size(); ++x) {
        const Reference& other = loop_.references[x];
        if (other.variable != write.variable) continue;
        if (other.kind != AccessKind::Read && x < w) continue;  // write pairs once
        if (mutuallyExclusive(write, other)) continue;
        if (tasks_ && tasks_->sameThread(write, other)) continue;
        // Several tasks per iteration: a scalar's accesses are compared pair by pair, as elements
        // are, since dependences may order some of them.
        if (write.isScalar && !tasks_) {
          checkScalar(write, other, reportedScalars);
          continue;
        }
        if (session_.budgetExhausted()) return budgetSpent(write);
        checkPair(write, other);
      }
    }
    for (const MayAlias& pair : options_.mayAlias) checkAliasing(pair);
    return std::move(findings_);
  }

 private:
  RaceFinding base(RaceFinding::Kind kind, Certainty certainty, const std::string& variable) const {
    RaceFinding finding;
    finding.kind = kind;
    finding.certainty = certainty;
    finding.variable = variable;
    finding.function = loop_.function;
    finding.loop = loop_.id;
    return finding;
  }

  // The file's budget ran out: one finding for what is left of the loop, instead of one per pair.
  std::vector<RaceFinding> budgetSpent(const Reference& next) {
    RaceFinding finding = base(RaceFinding::Kind::Unsupported, Certainty::Undecided, next.variable);
    finding.message = "could not check the rest of this loop: " + std::string(smt::kBudgetExhausted) +
                      " (--budget-ms), from " + accessPhrase(next) + " on";
    finding.at = next.span.begin;
    findings_.push_back(finding);
    return std::move(findings_);
  }

  void checkScalar(const Reference& write, const Reference& other, std::vector<std::string>& reported) {
    for (const std::string& name : reported)
      if (name == write.variable) return;
    reported.push_back(write.variable);
    const UnmodelledSynchronisation* ordered = orderingUnmodelled(write.variable);
    Certainty certainty = write.conditional || ordered ? Certainty::Possible : Certainty::Definite;
    RaceFinding finding = base(RaceFinding::Kind::SharedScalar, certainty, write.variable);
    finding.message = std::string(certainty == Certainty::Possible ? "possible " : "") +
                      "data race on shared variable '" + write.variable + "': every iteration writes it (" +
                      accessPhrase(write) + ")";
    if (ordered)
      finding.message += ", unless the loop's " + ordered->what + " at line " + std::to_string(ordered->at.line) +
                         " orders the iterations";
    finding.at = write.span.begin;
    finding.related = other.span.begin;
    finding.relatedMessage = accessPhrase(other) + " in another iteration";
    finding.suggestion = write.hiddenState ? kHiddenStateSuggestion : scalarSuggestion(loop_, write.variable);
    findings_.push_back(finding);
  }

  void checkPair(const Reference& write, const Reference& other) {
    if (write.opaque || other.opaque) {
      // Accesses that cannot be compared say the same thing for every pair of their two statements
      // (a helper called with `rhs[i][j][k]` makes hundreds): one finding per pair of statements.
      if (!opaquePairs_.insert({write.variable, write.span.begin.line, other.span.begin.line}).second) return;
      RaceFinding finding = base(RaceFinding::Kind::ArrayConflict, Certainty::Possible, write.variable);
      finding.message = "possible data race on '" + write.variable + "': " + accessPhrase(write) + " and " +
                        accessPhrase(other) + " cannot be compared (" +
                        (write.opaque ? write.opaqueReason : other.opaqueReason) + ")";
      finding.at = write.span.begin;
      finding.related = other.span.begin;
      finding.relatedMessage = accessPhrase(other);
      findings_.push_back(finding);
      return;
    }
    // Each access with the facts of its own context (an inner loop's bounds hold on its side only).
    smt::Coincidence answer = coincide(write, other);
    if (answer.status == smt::Coincidence::Status::Disjoint) return;
    bool definite = answer.status == smt::Coincidence::Status::Overlap && !answer.throughArrayRead &&
                    !write.conditional && !other.conditional && write.unknownSubscripts.empty() &&
                    other.unknownSubscripts.empty();
    // A definite race's witness is evaluated again, with plain arithmetic, against every constraint of
    // the loop: one that fails is an adrace bug, and the finding is only possible.
    std::optional<std::string> violation;
    if (answer.status == smt::Coincidence::Status::Overlap)
      violation = WitnessEvaluator(answer.witness)
                      .violation(loop_, knowledge_.contexts(), write, other,
                                 tasks_ && tasks_->taskOf(write) != tasks_->taskOf(other));
    if (violation) definite = false;
    // Private values the model knows nothing of (`int nx = m->nx;` that it cannot translate, a second
    // counter `k` of `for (k = m * box, ii = 0; ...; ++ii, ++k)`) are free in Z3, each iteration its
    // own: a witness that needs any value of them proves nothing about the program.
    std::string unknownValues;
    if (definite && !violation)
      for (const smt::ExprRef& symbol : unknownPrivatesIn(write, other))
        unknownValues += (unknownValues.empty() ? "" : ", ") + symbol->name;
    if (!unknownValues.empty()) definite = false;
    // The witness must stand for a run of the program: every value it names is one the function can
    // give (docs/check.md, "What a definite race means"), the loop's synchronisation is all modelled,
    // and the subscripts are in bounds.
    std::string notProven;
    if (definite && !violation) notProven = unprovenBy(answer, write, other);
    if (!notProven.empty()) definite = false;
    // The values chosen with `?:` the witness reaches are only bounded in this model: the race is
    // looked for again where they are exact, and what is found there is the answer (nothing: the
    // two accesses never meet).
    if (definite && !holdsExactChoices(answer.witness, write, other))
      if (std::string chosen = choicesReached(write, other); !chosen.empty()) {
        std::optional<RaceFinding> exact = exactChecker().checkExactly(indexOf(write), indexOf(other));
        if (!exact) return;
        if (exact->certainty != Certainty::Undecided) {
          findings_.push_back(*exact);
          return;
        }
        definite = false;
        notProven =
            "if " + chosen + " can take such values (Z3 could not decide it with the exact values " + "chosen by ?:)";
      }
    // And replayed on the source itself, by a translation that shares none of the model's.
    std::optional<ReplayOutcome> replayed;
    if (definite && options_.replay) replayed = replayWitness(*options_.replay, answer.witness, write.span, other.span);
    if (replayed && replayed->status == ReplayOutcome::Status::Refuted) definite = false;
    // What Z3 could not decide is not a finding either way: a timeout never makes a race a pass.
    Certainty certainty = answer.status == smt::Coincidence::Status::Unknown ? Certainty::Undecided
                          : definite                                         ? Certainty::Definite
                                                                             : Certainty::Possible;
    RaceFinding finding = base(RaceFinding::Kind::ArrayConflict, certainty, write.variable);
    finding.witness = answer.witness;
    finding.at = write.span.begin;
    finding.related = other.span.begin;
    finding.relatedMessage = accessPhrase(other);
    if (answer.status == smt::Coincidence::Status::Unknown) {
      finding.message = "could not check '" + write.variable + "': " + accessPhrase(write) + " and " +
                        accessPhrase(other) + " (Z3 could not decide: " + answer.reason + ")";
    } else {
      finding.message = std::string(definite ? "" : "possible ") + "data race on '" + write.variable +
                        "': " + accessPhrase(write) + " " + iterationPhrase(loop_, answer.witness, false) + " and " +
                        accessPhrase(other) + " " + iterationPhrase(loop_, answer.witness, true);
      if (violation)
        finding.message +=
            " (adrace bug: the witness does not satisfy the loop: " + *violation + "; reported as possible)";
      else if (replayed && replayed->status == ReplayOutcome::Status::Refuted)
        finding.message +=
            " (adrace bug: the witness is not a run of the source: " + replayed->reason + "; reported as possible)";
      else if (answer.throughArrayRead)
        finding.message += " if the index arrays hold such values";
      else if (write.conditional || other.conditional)
        finding.message += " if the called function makes the access (it is under a condition there)";
      else if (!write.unknownSubscripts.empty() || !other.unknownSubscripts.empty())
        finding.message += " if the subscripts it cannot follow are equal (" +
                           (write.unknownSubscripts.empty() ? other.unknownSubscripts : write.unknownSubscripts) + ")";
      else if (!unknownValues.empty())
        finding.message += " if " + unknownValues + " can take such values (not known to the model)";
      else if (!notProven.empty())
        finding.message += " " + notProven;
    }
    if (violation) finding.witnessReplay = "model bug: " + *violation;
    if (replayed)
      finding.witnessReplay = replayed->status == ReplayOutcome::Status::Confirmed ? "replayed on the source"
                              : replayed->status == ReplayOutcome::Status::Refuted
                                  ? "model bug, the source refutes the witness: " + replayed->reason
                                  : "not replayed: " + replayed->reason;
    findings_.push_back(finding);
  }

  // The pair's finding in this checker, if any (the exact checker's answer for its parent). A
  // choice is a case split Z3 may not finish within its limit: the pair is asked once per arm each
  // choice takes on each side (at most 2^kMostArmSides cases), each case linear; a definite race in
  // one is the answer, none in any means the accesses never meet, and otherwise the finding is the
  // least certain case's.
  std::optional<RaceFinding> checkExactly(size_t writeIndex, size_t otherIndex) {
    const Reference& write = loop_.references.at(writeIndex);
    const Reference& other = loop_.references.at(otherIndex);
    std::vector<ChoiceOnSide> sides = choicesOnSides(write, other);
    bool split =
        !sides.empty() && sides.size() <= kMostArmSides &&
        std::all_of(sides.begin(), sides.end(), [](const ChoiceOnSide& side) {
          return side.choice->rhs->op == smt::Expr::Op::IfLess && side.choice->relation != smt::Relation::NotEqual;
        });
    if (!split) return findingOf(write, other);
    std::optional<RaceFinding> weakest;
    for (unsigned arms = 0; arms < (1u << sides.size()); ++arms) {
      smt::KnowledgeBase::NonNegative taken;
      for (size_t k = 0; k < sides.size(); ++k)
        addArm(*sides[k].choice, (arms >> k) & 1u, sides[k].thread == smt::Thread::B, taken);
      arms_ = &taken;
      std::optional<RaceFinding> finding = findingOf(write, other);
      arms_ = nullptr;
      if (!finding) continue;
      if (finding->certainty == Certainty::Definite) return finding;
      if (!weakest || finding->certainty == Certainty::Undecided) weakest = finding;
    }
    return weakest;
  }

  std::optional<RaceFinding> findingOf(const Reference& write, const Reference& other) {
    size_t before = findings_.size();
    checkPair(write, other);
    if (findings_.size() == before) return std::nullopt;
    RaceFinding finding = findings_.back();
    findings_.resize(before);
    return finding;
  }

  // One arm of `lhs relation (a < b ? x : y)`, as values at least 0 on one side: a < b and
  // `lhs relation x` (`otherwise` false), or a >= b and `lhs relation y`.
  static void addArm(const Fact& choice, bool otherwise, bool secondSide, smt::KnowledgeBase::NonNegative& into) {
    const std::vector<smt::ExprRef>& args = choice.rhs->args;
    std::vector<smt::ExprRef>& side = secondSide ? into.onSecond : into.onFirst;
    smt::ExprRef one = smt::constant(1), arm = otherwise ? args.at(3) : args.at(2);
    side.push_back(otherwise ? smt::sub(args.at(0), args.at(1)) : smt::sub(smt::sub(args.at(1), args.at(0)), one));
    smt::ExprRef above = smt::sub(choice.lhs, arm), below = smt::sub(arm, choice.lhs);  // lhs - arm, arm - lhs
    switch (choice.relation) {
      case smt::Relation::Equal:
        side.push_back(above);
        side.push_back(below);
        break;
      case smt::Relation::Less: side.push_back(smt::sub(below, one)); break;
      case smt::Relation::LessEqual: side.push_back(below); break;
      case smt::Relation::Greater: side.push_back(smt::sub(above, one)); break;
      case smt::Relation::GreaterEqual: side.push_back(above); break;
      case smt::Relation::NotEqual: break;  // not split (checkExactly)
    }
  }

  // Whether the witness's values hold every exact choice of the loop on the side of each access
  // whose context it applies to (a witness Z3 found with the bounds only may hold them already).
  bool holdsExactChoices(const WitnessEvaluator::Witness& witness, const Reference& write,
                         const Reference& other) const {
    WitnessEvaluator values(witness);
    for (const ChoiceOnSide& side : choicesOnSides(write, other)) {
      auto lhs = values.value(side.choice->lhs, side.thread), rhs = values.value(side.choice->rhs, side.thread);
      if (!lhs || !rhs || !WitnessEvaluator::holds(*lhs, side.choice->relation, *rhs)) return false;
    }
    return true;
  }

  // An exact choice of the loop (LoopModel::exactChoices) that applies to one of the two accesses:
  // the write's (thread A in the pair's questions) or the other's (thread B).
  struct ChoiceOnSide {
    const Fact* choice;
    smt::Thread thread;
  };

  // Each exact choice whose context encloses an access, once per such access.
  std::vector<ChoiceOnSide> choicesOnSides(const Reference& write, const Reference& other) const {
    std::vector<ChoiceOnSide> sides;
    for (const Fact& choice : loop_.exactChoices)
      for (smt::Thread thread : {smt::Thread::A, smt::Thread::B})
        if (knowledge_.contexts().isAncestorOrSelf(choice.context, (thread == smt::Thread::A ? write : other).context))
          sides.push_back({&choice, thread});
    return sides;
  }

  size_t indexOf(const Reference& reference) const { return static_cast<size_t>(&reference - loop_.references.data()); }

  // The symbols chosen with `?:` (LoopModel::exactChoices) that the two accesses reach, as a list
  // ("hi#1, c_end#1"); "" when none.
  std::string choicesReached(const Reference& write, const Reference& other) const {
    if (exact_ || loop_.exactChoices.empty()) return "";
    std::set<std::string> shared;
    std::set<std::string> reached = symbolsReached(write, other, shared);
    std::set<std::string> chosen;
    for (const ChoiceOnSide& side : choicesOnSides(write, other))
      smt::forEachSymbol(side.choice->lhs, [&](const smt::Expr& symbol) {
        if (symbol.op == smt::Expr::Op::Var && reached.count(symbol.name)) chosen.insert(symbol.name);
      });
    std::string list;
    for (const std::string& name : chosen) list += (list.empty() ? "" : ", ") + name;
    return list;
  }

  // The loop again, with its `?:` choices exact instead of bounded, built when a definite race first
  // needs it: it answers the question only once a witness is found, so no other query pays for the
  // case split.
  LoopChecker& exactChecker() {
    if (!exactChecker_) {
      exactLoop_ = std::make_unique<LoopModel>(loop_);
      exactLoop_->facts.insert(exactLoop_->facts.end(), loop_.exactChoices.begin(), loop_.exactChoices.end());
      // Its queries are few (one pair's, once a race is found) and harder (a case split per choice
      // and thread): each gets a longer limit, within the file's budget all the same.
      exactOptions_ = options_;
      exactOptions_.z3TimeoutMs = options_.z3TimeoutMs * kExactQueryTimeoutFactor;
      exactChecker_ = std::make_unique<LoopChecker>(*exactLoop_, exactOptions_, /*exact=*/true);
    }
    return *exactChecker_;
  }

  // Why a witness Z3 found does not prove a race of the program, "" when it does: an unpinned value
  // it needs, synchronisation the model does not follow, a subscript that must be negative, or a
  // column that must leave its row where some run keeps it within (ColumnsWithinRows.h).
  std::string unprovenBy(smt::Coincidence& answer, const Reference& write, const Reference& other) {
    if (const UnmodelledSynchronisation* sync = orderingUnmodelled(write.variable))
      return "unless the loop's " + sync->what + " at line " + std::to_string(sync->at.line) + " orders them";
    std::set<std::string> shared;
    std::set<std::string> reached = symbolsReached(write, other, shared);
    if (const UnpinnedValue* unpinned = unpinnedAmong(reached))
      return "if " + unpinned->symbol + " can take such a value (its value is not modelled: " + unpinned->reason + ")";
    if (tasks_)
      if (std::string ordered = tasks_->mayBeOrdered(write, other, answer.witness); !ordered.empty()) return ordered;
    smt::KnowledgeBase::NonNegative assumed{subscriptsReaching(write.context), subscriptsReaching(other.context)};
    for (const smt::ExprRef& input : inputsAmong(shared)) assumed.onFirst.push_back(input);
    smt::Coincidence inBounds = coincide(write, other, &assumed);
    if (inBounds.status == smt::Coincidence::Status::Disjoint)
      return "only with a negative subscript or size (an empty or degenerate problem)";
    if (inBounds.status != smt::Coincidence::Status::Overlap)
      return "(Z3 could not decide whether the subscripts can all be in bounds)";
    answer.witness = inBounds.witness;
    return columnsLeavingRows(answer, write, other, assumed);
  }

  // Why the witness proves no race of a program whose columns stay within their rows
  // (analyzer/check/ColumnsWithinRows.h), "" when it does: asked again with each column that
  // some run keeps in its row held there, when the witness takes one out.
  std::string columnsLeavingRows(smt::Coincidence& answer, const Reference& write, const Reference& other,
                                 smt::KnowledgeBase::NonNegative assumed) {
    std::vector<ColumnInRow> onWrite = columnsInRows(write), onOther = columnsInRows(other);
    WitnessEvaluator witness(answer.witness);
    const ColumnInRow* leavingColumn = nullptr;
    auto firstLeaving = [&](const std::vector<ColumnInRow>& columns, smt::Thread thread) {
      std::optional<std::string> leaving;
      for (const ColumnInRow& column : columns) {
        auto value = witness.value(column.column, thread);
        auto width = witness.value(column.width, thread);
        if (value && width && !leaving) leaving = leavingRowPhrase(column, *value, *width);
        if (leaving && !leavingColumn) leavingColumn = &column;
      }
      return leaving;
    };
    if (!firstLeaving(onWrite, smt::Thread::A) && !firstLeaving(onOther, smt::Thread::B)) return "";
    onWrite = keptWithinRows(write, onWrite);
    onOther = keptWithinRows(other, onOther);
    leavingColumn = nullptr;
    std::optional<std::string> leaving = firstLeaving(onWrite, smt::Thread::A);
    if (!leaving) leaving = firstLeaving(onOther, smt::Thread::B);
    if (!leaving) return "";  // only columns that leave their rows in every run are out of them
    for (const smt::ExprRef& room : roomsInRows(onWrite)) assumed.onFirst.push_back(room);
    for (const smt::ExprRef& room : roomsInRows(onOther)) assumed.onSecond.push_back(room);
    smt::Coincidence inRows = coincide(write, other, &assumed);
    if (inRows.status == smt::Coincidence::Status::Overlap) {
      answer.witness = inRows.witness;
      return "";
    }
    if (inRows.status == smt::Coincidence::Status::Disjoint && leavingColumn->symbolicWidth())
      return *leaving + ": rows of " + write.variable + " overlap (a run whose " + smt::toString(leavingColumn->width) +
             " holds every column has no such race)";
    if (inRows.status == smt::Coincidence::Status::Disjoint)
      return *leaving +
             " (values the model does not know bound it: a run that keeps it within its row has no such race)";
    return "(Z3 could not decide whether the columns can stay within their rows)";
  }

  // ColumnsWithinRows' question, asked once per reference.
  const std::vector<ColumnInRow>& keptWithinRows(const Reference& reference, const std::vector<ColumnInRow>& columns) {
    auto known = keptColumns_.find(reference.id);
    if (known == keptColumns_.end())
      known = keptColumns_.emplace(reference.id, keptWithinRowsBySomeRun(loop_, reference, columns, session_)).first;
    return known->second;
  }

  // Can the two accesses be one element on two iterations (two task instances that nothing orders,
  // TaskOrdering.h), with the values `nonNegative` names at least 0 (subscripts, sizes, the room
  // a column leaves in its row)?
  smt::Coincidence coincide(const Reference& write, const Reference& other,
                            const smt::KnowledgeBase::NonNegative* nonNegative = nullptr) {
    smt::KnowledgeBase::NonNegative withArms;
    if (arms_) {  // the arms checkExactly has taken hold in every question
      if (nonNegative) withArms = *nonNegative;
      withArms.onFirst.insert(withArms.onFirst.end(), arms_->onFirst.begin(), arms_->onFirst.end());
      withArms.onSecond.insert(withArms.onSecond.end(), arms_->onSecond.begin(), arms_->onSecond.end());
      nonNegative = &withArms;
    }
    if (!tasks_)
      return knowledge_.mayCoincideAt(write.context, other.context, write.indices, other.indices, {}, nonNegative);
    std::vector<smt::Condition> onFirst, onSecond;
    if (nonNegative) {
      for (const smt::ExprRef& subscript : nonNegative->onFirst)
        onFirst.push_back({subscript, smt::Relation::GreaterEqual, smt::constant(0)});
      for (const smt::ExprRef& subscript : nonNegative->onSecond)
        onSecond.push_back({subscript, smt::Relation::GreaterEqual, smt::constant(0)});
    }
    return tasks_->mayMeet(write, other, onFirst, onSecond);
  }

  // Synchronisation of the loop that the model does not follow and that may order accesses of
  // `variable` (a flag's own accesses are not ordered by the protocol built on it).
  const UnmodelledSynchronisation* orderingUnmodelled(const std::string& variable) const {
    for (const UnmodelledSynchronisation& sync : loop_.unmodelledSynchronisation)
      if (std::find(sync.flags.begin(), sync.flags.end(), variable) == sync.flags.end()) return &sync;
    return nullptr;
  }

  // The subscripts of every access an iteration makes whenever it reaches `context` (its own
  // context's and its ancestors'), which a working program keeps in bounds.
  std::vector<smt::ExprRef> subscriptsReaching(int context) const {
    std::vector<smt::ExprRef> subscripts;
    for (const Reference& reference : loop_.references)
      if (!reference.opaque && knowledge_.contexts().isAncestorOrSelf(reference.context, context))
        subscripts.insert(subscripts.end(), reference.indices.begin(), reference.indices.end());
    return subscripts;
  }

  // The symbols two accesses depend on: through their subscripts, the loop's bounds, and the facts
  // that relate those symbols on either side.
  // `shared` gets those that hold one value on both iterations (instance 0 of a shared symbol).
  std::set<std::string> symbolsReached(const Reference& first, const Reference& second,
                                       std::set<std::string>& shared) const {
    std::set<std::string> reached;
    auto symbolsOf = [&shared](const smt::ExprRef& expr, std::set<std::string>& into) {
      smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
        if (symbol.op != smt::Expr::Op::Var) return;
        into.insert(symbol.name);
        if (symbol.scope == smt::Scope::Shared && symbol.instance == 0) shared.insert(symbol.name);
      });
    };
    for (const Reference* reference : {&first, &second})
      for (const smt::ExprRef& index : reference->indices) symbolsOf(index, reached);
    for (const LoopDimensionModel& dimension : loop_.dimensions)
      for (const smt::ExprRef& part : {dimension.domain.first, dimension.domain.bound, dimension.domain.step})
        if (part) symbolsOf(part, reached);
    const smt::ContextTree& contexts = knowledge_.contexts();
    for (bool grew = true; grew;) {
      grew = false;
      for (const Fact& fact : loop_.facts) {
        if (!contexts.isAncestorOrSelf(fact.context, first.context) &&
            !contexts.isAncestorOrSelf(fact.context, second.context))
          continue;
        std::set<std::string> mentioned;
        symbolsOf(fact.lhs, mentioned);
        symbolsOf(fact.rhs, mentioned);
        if (std::none_of(mentioned.begin(), mentioned.end(),
                         [&](const std::string& name) { return reached.count(name); }))
          continue;
        for (const std::string& name : mentioned) grew |= reached.insert(name).second;
      }
    }
    return reached;
  }

  // The first unpinned value (LoopModel::unpinnedValues) among `reached`.
  const UnpinnedValue* unpinnedAmong(const std::set<std::string>& reached) const {
    for (const UnpinnedValue& value : loop_.unpinnedValues)
      if (reached.count(value.symbol)) return &value;
    return nullptr;
  }

  // The inputs among `reached`: values shared by both iterations that no fact defines (parameters,
  // file-scope variables, sizes read from structs). A working program's sizes are not negative.
  std::vector<smt::ExprRef> inputsAmong(const std::set<std::string>& shared) const {
    std::set<std::string> defined;
    for (const Fact& fact : loop_.facts)
      if (fact.lhs->op == smt::Expr::Op::Var) defined.insert(fact.lhs->name);
    std::vector<smt::ExprRef> inputs;
    for (const std::string& name : shared) {
      if (defined.count(name)) continue;
      for (const LoopDimensionModel& dimension : loop_.dimensions)
        if (dimension.domain.counter == name) defined.insert(name);
      if (!defined.count(name)) inputs.push_back(smt::variable(name, 0, smt::Scope::Shared));
    }
    return inputs;
  }

  // The private symbols the two accesses' indices depend on (directly, or through the facts that
  // define the symbols they name) that no fact defines or bounds: values the model does not know.
  // A ticket (LoopModel::distinctPerIteration) is only known to differ between iterations: which
  // values two tickets take, a race through them needs, is not known either.
  std::vector<smt::ExprRef> unknownPrivatesIn(const Reference& first, const Reference& second) const {
    std::set<std::string> constrained;
    for (const Fact& fact : loop_.facts) constrained.insert(smt::toString(fact.lhs));
    std::vector<smt::ExprRef> pending, unknown;
    for (const Reference* reference : {&first, &second})
      for (const smt::ExprRef& index : reference->indices) pending.push_back(index);
    std::set<std::string> seen;
    while (!pending.empty()) {
      smt::ExprRef expr = pending.back();
      pending.pop_back();
      smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
        if (symbol.op != smt::Expr::Op::Var || symbol.scope != smt::Scope::Private ||
            symbol.name.rfind(kUnknownSubscript, 0) == 0)
          return;
        smt::ExprRef variable = smt::variable(symbol.name, symbol.instance, symbol.scope);
        std::string name = smt::toString(variable);
        if (!seen.insert(name).second) return;
        if (!constrained.count(name)) {
          unknown.push_back(variable);
          return;
        }
        for (const Fact& fact : loop_.facts)
          if (smt::toString(fact.lhs) == name) pending.push_back(fact.rhs);
      });
    }
    return unknown;
  }

  // What the user can do about two names that may be one array. `restrict` speaks of pointers only:
  // two container references may be bound to one container, and only the callers can tell.
  static std::string aliasSuggestion(const MayAlias& pair) {
    if (!pair.evidence.empty())
      return "pass different " + std::string(pair.containers ? "containers" : "arrays") + " for " + pair.first +
             " and " + pair.second + " (a copy of the input)";
    if (pair.containers)
      return "the check cannot tell whether every caller passes distinct containers for " + pair.first + " and " +
             pair.second +
             " (restrict does not apply to references): make sure they do, or check with "
             "--assume-no-alias if they never are the same";
    return "declare them restrict if they never overlap (or check with --assume-no-alias)";
  }

  // Accesses through two pointers that may point into one array, asked as if they did: the first
  // pair that can meet on two iterations gives one possible finding for the two pointers.
  void checkAliasing(const MayAlias& pair) {
    for (const Variable* variable : {loop_.findVariable(pair.first), loop_.findVariable(pair.second)})
      if (!variable || isPerThread(variable->sharing)) return;
    for (const Reference& write : loop_.references) {
      if (write.kind == AccessKind::Read || write.opaque) continue;
      if (write.variable != pair.first && write.variable != pair.second) continue;
      const std::string& otherName = write.variable == pair.first ? pair.second : pair.first;
      for (const Reference& other : loop_.references) {
        if (other.variable != otherName || other.opaque || other.indices.size() != write.indices.size()) continue;
        if (mutuallyExclusive(write, other)) continue;
        smt::Coincidence answer = knowledge_.mayCoincideAt(write.context, other.context, write.indices, other.indices);
        if (answer.status == smt::Coincidence::Status::Disjoint) continue;
        RaceFinding finding = base(RaceFinding::Kind::PointerAlias, Certainty::Possible, write.variable);
        finding.witness = answer.witness;
        finding.at = write.span.begin;
        finding.related = other.span.begin;
        finding.relatedMessage = accessPhrase(other) + " through '" + otherName + "'";
        std::string sameMemory = pair.containers ? " are the same container: " : " point into the same array: ";
        finding.message =
            pair.evidence.empty()
                ? "possible data race if " + pair.first + " and " + pair.second + sameMemory + accessPhrase(write) + " "
                : "possible data race: " + pair.first + " and " + pair.second + " point into one array (" +
                      pair.evidence + "): " + accessPhrase(write) + " ";
        if (answer.status == smt::Coincidence::Status::Unknown)
          finding.message += "and " + accessPhrase(other) + " (Z3 could not decide: " + answer.reason + ")";
        else
          finding.message += iterationPhrase(loop_, answer.witness, false) + " and " + accessPhrase(other) + " " +
                             iterationPhrase(loop_, answer.witness, true);
        finding.suggestion = aliasSuggestion(pair);
        findings_.push_back(finding);
        return;
      }
    }
  }

  const LoopModel& loop_;
  const LoopCheckOptions& options_;
  bool exact_ = false;
  smt::SolverSession session_;
  smt::KnowledgeBase knowledge_;
  std::unique_ptr<TaskOrdering> tasks_;  // tasks created in a loop, several per iteration or with depend
  std::vector<RaceFinding> findings_;
  std::set<std::tuple<std::string, unsigned, unsigned>> opaquePairs_;
  std::map<int, std::vector<ColumnInRow>> keptColumns_;    // by reference id
  std::unique_ptr<LoopModel> exactLoop_;                   // exactChecker()'s loop
  LoopCheckOptions exactOptions_;                          // and its options
  const smt::KnowledgeBase::NonNegative* arms_ = nullptr;  // checkExactly's case, while it asks
  std::unique_ptr<LoopChecker> exactChecker_;
};

}  // namespace

std::vector<RaceFinding> checkLoop(const LoopModel& loop, const LoopCheckOptions& options) {
  return LoopChecker(loop, options).run();
}

}  // namespace adrace::analyzer
