#include "analyzer/check/FindingSummary.h"

#include <map>
#include <utility>
#include <string>
#include <tuple>

namespace adrace::analyzer {
namespace {

// Which loop or region a finding belongs to; the file's own findings (unsupported constructs
// outside any) are one group.
std::pair<int, int> constructOf(const RaceFinding& finding) { return {finding.loop, finding.region}; }

using StatementPair = std::tuple<int, int, int, int, std::string, unsigned, unsigned>;

// The pair of statements in either order: a write on line 12 against a read on line 10 is the
// read on line 10 against the write on line 12.
StatementPair statementPairOf(const RaceFinding& finding) {
  unsigned a = finding.at.line, b = finding.related.line;
  if (b < a) std::swap(a, b);
  return {finding.loop,
          finding.region,
          static_cast<int>(finding.kind),
          static_cast<int>(finding.certainty),
          finding.variable,
          a,
          b};
}

bool sameFinding(const RaceFinding& a, const RaceFinding& b) {
  return a.kind == b.kind && a.certainty == b.certainty && a.variable == b.variable && a.message == b.message &&
         a.at.line == b.at.line && a.at.column == b.at.column && a.at.file == b.at.file &&
         a.related.line == b.related.line && a.related.column == b.related.column && a.loop == b.loop &&
         a.region == b.region;
}

}  // namespace

void summariseFindings(std::vector<RaceFinding>& findings) {
  std::vector<RaceFinding> kept;
  std::map<StatementPair, size_t> firstOfPair;
  std::map<size_t, size_t> others;  // kept index → findings folded into it
  for (RaceFinding& finding : findings) {
    if (finding.kind == RaceFinding::Kind::Unsupported) {
      bool duplicate = false;
      for (const RaceFinding& earlier : kept) duplicate |= sameFinding(earlier, finding);
      if (!duplicate) kept.push_back(std::move(finding));
      continue;
    }
    auto [entry, inserted] = firstOfPair.emplace(statementPairOf(finding), kept.size());
    if (!inserted) {
      if (!sameFinding(kept[entry->second], finding)) ++others[entry->second];
      continue;
    }
    kept.push_back(std::move(finding));
  }
  for (const auto& [index, count] : others)
    kept[index].message += " (and " + std::to_string(count) + " other pair" + (count == 1 ? "" : "s") +
                           " of accesses of these two statements)";

  findings.clear();
  std::map<std::pair<int, int>, size_t> possibleShown, possibleHidden;
  std::map<std::pair<int, int>, RaceFinding> lastHidden;
  for (RaceFinding& finding : kept) {
    if (finding.certainty == Certainty::Possible) {
      std::pair<int, int> construct = constructOf(finding);
      if (possibleShown[construct] >= kPossibleFindingsShown) {
        ++possibleHidden[construct];
        lastHidden[construct] = std::move(finding);
        continue;
      }
      ++possibleShown[construct];
    }
    findings.push_back(std::move(finding));
  }
  for (const auto& [construct, count] : possibleHidden) {
    RaceFinding summary = std::move(lastHidden[construct]);
    summary.message = std::to_string(count) + " more possible data race" + (count == 1 ? "" : "s") + " in this " +
                      (construct.first >= 0 ? "loop" : "region") + " not shown (the first " +
                      std::to_string(kPossibleFindingsShown) + " are)";
    summary.witness.clear();
    summary.suggestion.clear();
    summary.relatedMessage.clear();
    summary.related = {};
    findings.push_back(std::move(summary));
  }
}

}  // namespace adrace::analyzer
