#include "analyzer/check/RaceCheck.h"

#include "smt/KnowledgeBase.h"

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
  if (a.protection == Protection::Critical) return a.criticalName == b.criticalName;
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
  if (incremented) return "declare it reduction(+:" + name + ") or protect the update with #pragma omp atomic";
  if (readFirst) return "protect it with #pragma omp critical, or give each iteration its own copy";
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

class LoopChecker {
 public:
  LoopChecker(const LoopModel& loop, const LoopCheckOptions& options)
      : loop_(loop), options_(options), session_(options.z3TimeoutMs),
        knowledge_(session_, loop.contextTree(), loop.domain()) {
    session_.setDeadline(options.deadline);
    for (const Fact& fact : loop.facts) knowledge_.addFact(fact.context, fact.lhs, fact.relation, fact.rhs);
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
        if (write.isScalar) {
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
    RaceFinding finding = base(RaceFinding::Kind::SharedScalar, Certainty::Definite, write.variable);
    finding.message = "data race on shared variable '" + write.variable + "': every iteration writes it (" +
                      accessPhrase(write) + ")";
    finding.at = write.span.begin;
    finding.related = other.span.begin;
    finding.relatedMessage = accessPhrase(other) + " in another iteration";
    finding.suggestion = scalarSuggestion(loop_, write.variable);
    findings_.push_back(finding);
  }

  void checkPair(const Reference& write, const Reference& other) {
    if (write.opaque || other.opaque) {
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
    int context = knowledge_.contexts().commonAncestor(write.context, other.context);
    smt::Coincidence answer = knowledge_.mayCoincide(context, write.indices, other.indices, /*useKnowledge=*/false);
    if (answer.status == smt::Coincidence::Status::Disjoint) return;
    bool definite = answer.status == smt::Coincidence::Status::Overlap && !answer.throughArrayRead;
    // What Z3 could not decide is not a finding either way: a timeout never makes a race a pass.
    Certainty certainty = answer.status == smt::Coincidence::Status::Unknown ? Certainty::Undecided
                          : definite                                       ? Certainty::Definite
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
      finding.message = "data race on '" + write.variable + "': " + accessPhrase(write) + " " +
                        iterationPhrase(loop_, answer.witness, false) + " and " + accessPhrase(other) + " " +
                        iterationPhrase(loop_, answer.witness, true);
      if (!definite) finding.message += " if the index arrays hold such values";
    }
    findings_.push_back(finding);
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
        int context = knowledge_.contexts().commonAncestor(write.context, other.context);
        smt::Coincidence answer = knowledge_.mayCoincide(context, write.indices, other.indices, false);
        if (answer.status == smt::Coincidence::Status::Disjoint) continue;
        RaceFinding finding = base(RaceFinding::Kind::PointerAlias, Certainty::Possible, write.variable);
        finding.witness = answer.witness;
        finding.at = write.span.begin;
        finding.related = other.span.begin;
        finding.relatedMessage = accessPhrase(other) + " through '" + otherName + "'";
        finding.message = "possible data race if " + pair.first + " and " + pair.second +
                          " point into the same array: " + accessPhrase(write) + " ";
        if (answer.status == smt::Coincidence::Status::Unknown)
          finding.message += "and " + accessPhrase(other) + " (Z3 could not decide: " + answer.reason + ")";
        else
          finding.message += iterationPhrase(loop_, answer.witness, false) + " and " + accessPhrase(other) + " " +
                             iterationPhrase(loop_, answer.witness, true);
        finding.suggestion = "declare them restrict if they never overlap (or check with --assume-no-alias)";
        findings_.push_back(finding);
        return;
      }
    }
  }

  const LoopModel& loop_;
  const LoopCheckOptions& options_;
  smt::SolverSession session_;
  smt::KnowledgeBase knowledge_;
  std::vector<RaceFinding> findings_;
};

}  // namespace

std::vector<RaceFinding> checkLoop(const LoopModel& loop, const LoopCheckOptions& options) {
  return LoopChecker(loop, options).run();
}

}  // namespace adrace::analyzer
