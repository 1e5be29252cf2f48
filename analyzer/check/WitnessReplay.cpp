#include "analyzer/check/WitnessReplay.h"

#include <map>

namespace adrace::analyzer {
namespace {

// Loops are run step by step from their initialisation; Z3's witnesses are small numbers, and a
// header that needs more steps than this to reach one is left unreplayed rather than slow.
constexpr long kMaximumSteps = 1 << 20;

using Lookup = std::function<std::optional<long long>(const std::string&)>;

std::string spanText(const SourceSpan& span) {
  return "line " + std::to_string(span.begin.line) + ":" + std::to_string(span.begin.column);
}

bool sameSpan(const SourceSpan& a, const SourceSpan& b) {
  return a.begin.line == b.begin.line && a.begin.column == b.begin.column && a.end.line == b.end.line &&
         a.end.column == b.end.column && a.begin.file == b.begin.file;
}

class Replayer {
 public:
  Replayer(const LoopReplay& replay, const WitnessValues& witness) : replay_(replay), values_(integerValues(witness)) {}

  ReplayOutcome run(const SourceSpan& first, const SourceSpan& second) {
    const ReplayAccess* a = find(first);
    const ReplayAccess* b = find(second);
    if (!a || !b) return notReplayable("the access at " + spanText(a ? second : first) + " is not one it reads");
    if (a->array != b->array) return notReplayable("the two accesses go through different names");
    for (auto [access, onSecond] : {std::pair{a, false}, std::pair{b, true}})
      for (int header : access->headers)
        if (auto outcome = reachable(replay_.headers[header], onSecond)) return *outcome;
    if (auto outcome = distinctIterations()) return *outcome;
    if (a->subscripts.size() != b->subscripts.size())
      return notReplayable("the accesses have different numbers of subscripts");
    for (size_t k = 0; k < a->subscripts.size(); ++k) {
      auto x = evaluateReplay(*a->subscripts[k], lookup(false));
      auto y = evaluateReplay(*b->subscripts[k], lookup(true));
      if (!x || !y) return notReplayable("a subscript names a value the witness does not give");
      if (*x != *y)
        return refuted("the accesses name different elements: subscript " + std::to_string(k + 1) + " is " +
                       std::to_string(*x) + " on the first iteration and " + std::to_string(*y) + " on the other");
    }
    return {ReplayOutcome::Status::Confirmed, ""};
  }

 private:
  static ReplayOutcome notReplayable(std::string reason) {
    return {ReplayOutcome::Status::NotReplayable, std::move(reason)};
  }
  static ReplayOutcome refuted(std::string reason) { return {ReplayOutcome::Status::Refuted, std::move(reason)}; }

  const ReplayAccess* find(const SourceSpan& span) const {
    for (const ReplayAccess& access : replay_.accesses)
      if (sameSpan(access.span, span)) return &access;
    return nullptr;
  }

  // A variable's value on one of the two iterations: the witness primes the second iteration's
  // own values ("i'"); a shared one is one value for both, and an iteration's own variable the
  // witness gives no second value for is unknown there.
  std::optional<long long> value(const std::string& name, bool second) const {
    if (second)
      if (auto primed = instanceValue(name, "'")) return primed;
    if (second && replay_.perIteration.count(name)) return std::nullopt;
    return instanceValue(name, "");
  }

  // The witness names a variable's value as the model numbers its definitions: "j", or "j#1" for
  // the first inner loop's counter. One value under any of those names is the variable's value;
  // several different ones (two loops on `j`) leave it unknown.
  std::optional<long long> instanceValue(const std::string& name, const std::string& prime) const {
    auto exact = values_.find(name + prime);
    if (exact != values_.end()) return exact->second;
    std::optional<long long> found;
    for (auto it = values_.lower_bound(name + "#"); it != values_.end() && it->first.rfind(name + "#", 0) == 0; ++it) {
      const std::string instance = it->first.substr(name.size() + 1);
      bool primed = !instance.empty() && instance.back() == '\'';
      std::string digits = primed ? instance.substr(0, instance.size() - 1) : instance;
      if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) continue;
      if (primed != !prime.empty()) continue;
      if (found && *found != it->second) return std::nullopt;
      found = it->second;
    }
    return found;
  }
  Lookup lookup(bool second) const {
    return [this, second](const std::string& name) { return value(name, second); };
  }

  // Runs the header from its initialisation until its counters have the witness's values (nothing:
  // they do, or the witness does not name them) or its condition fails (refuted).
  std::optional<ReplayOutcome> reachable(const ReplayLoopHeader& header, bool second) const {
    if (!header.complete) return std::nullopt;
    std::map<std::string, long long> targets;
    for (const auto* list : {&header.init, &header.step})
      for (const ReplayAssignment& assignment : *list)
        if (auto target = value(assignment.variable, second)) targets[assignment.variable] = *target;
    if (targets.empty()) return std::nullopt;
    std::map<std::string, long long> counters;
    Lookup current = [&](const std::string& name) -> std::optional<long long> {
      auto found = counters.find(name);
      if (found != counters.end()) return found->second;
      return value(name, second);
    };
    auto assign = [&](const std::vector<ReplayAssignment>& assignments) {
      for (const ReplayAssignment& assignment : assignments) {
        auto result = evaluateReplay(*assignment.value, current);
        if (!result) return false;
        counters[assignment.variable] = *result;
      }
      return true;
    };
    auto described = [&] {
      std::string text;
      for (const auto& [name, target] : targets)
        text += (text.empty() ? "" : ", ") + name + (second ? "'" : "") + " = " + std::to_string(target);
      return text;
    };
    if (!assign(header.init)) return std::nullopt;
    for (long step = 0; step < kMaximumSteps; ++step) {
      bool there = true;
      for (const auto& [name, target] : targets) {
        auto at = current(name);
        there &= at && *at == target;
      }
      auto condition = evaluateReplay(*header.condition, current);
      if (!condition) return std::nullopt;
      if (!*condition)
        return refuted(described() + " is not an iteration of the loop at line " + std::to_string(header.line));
      if (there) return std::nullopt;
      if (!assign(header.step)) return std::nullopt;
    }
    return std::nullopt;
  }

  // The two iterations of the distributed loop differ in some counter.
  std::optional<ReplayOutcome> distinctIterations() const {
    bool allKnown = true, differ = false;
    std::string values;
    for (int index : replay_.parallelHeaders)
      for (const ReplayAssignment& assignment : replay_.headers[index].init) {
        auto a = value(assignment.variable, false), b = value(assignment.variable, true);
        if (!a || !b) {
          allKnown = false;
          continue;
        }
        differ |= *a != *b;
        values += (values.empty() ? "" : ", ") + assignment.variable + " = " + std::to_string(*a);
      }
    if (allKnown && !values.empty() && !differ) return refuted("the two iterations are one (" + values + ")");
    return std::nullopt;
  }

  const LoopReplay& replay_;
  std::map<std::string, long long> values_;
};

}  // namespace

std::optional<long long> evaluateReplay(const ReplayExpr& expr, const Lookup& value) {
  using Op = ReplayExpr::Op;
  switch (expr.op) {
    case Op::Constant: return expr.value;
    case Op::Variable: return value(expr.name);
    case Op::Choose: {
      auto condition = evaluateReplay(*expr.operands.at(0), value);
      if (!condition) return std::nullopt;
      return evaluateReplay(*expr.operands.at(*condition ? 1 : 2), value);
    }
    case Op::Negate:
    case Op::Not: {
      auto operand = evaluateReplay(*expr.operands.at(0), value);
      if (!operand) return std::nullopt;
      return expr.op == Op::Negate ? -*operand : static_cast<long long>(!*operand);
    }
    default: break;
  }
  auto lhs = evaluateReplay(*expr.operands.at(0), value);
  if (!lhs) return std::nullopt;
  // C's && and || do not evaluate their right operand when the left decides.
  if (expr.op == Op::And && !*lhs) return 0;
  if (expr.op == Op::Or && *lhs) return 1;
  auto rhs = evaluateReplay(*expr.operands.at(1), value);
  if (!rhs) return std::nullopt;
  long long a = *lhs, b = *rhs;
  switch (expr.op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Div: return b == 0 ? std::nullopt : std::optional<long long>(a / b);  // C: towards zero
    case Op::Mod: return b == 0 ? std::nullopt : std::optional<long long>(a % b);
    case Op::Less: return a < b;
    case Op::LessEqual: return a <= b;
    case Op::Greater: return a > b;
    case Op::GreaterEqual: return a >= b;
    case Op::Equal: return a == b;
    case Op::NotEqual: return a != b;
    case Op::And:
    case Op::Or: return b != 0;
    default: return std::nullopt;
  }
}

std::map<std::string, long long> integerValues(const WitnessValues& witness) {
  std::map<std::string, long long> values;
  for (const auto& [name, text] : witness) {
    try {
      size_t used = 0;
      long long value = std::stoll(text, &used);
      if (used == text.size()) values[name] = value;
    } catch (const std::exception&) {
    }
  }
  return values;
}

ReplayOutcome replayWitness(const LoopReplay& replay, const WitnessValues& witness, const SourceSpan& first,
                            const SourceSpan& second) {
  return Replayer(replay, witness).run(first, second);
}

}  // namespace adrace::analyzer
