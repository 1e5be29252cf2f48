#include "analyzer/check/CheckReport.h"

#include "analyzer/model/ModelJson.h"

#include <cctype>
#include <sstream>

namespace adrace::analyzer {

using nlohmann::json;

namespace {

std::string location(const SourcePosition& at) {
  return at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

// SARIF rule per kind of finding; its id is what CI viewers group by.
struct Rule {
  const char* id;
  const char* name;
  const char* description;
  const char* level;  // SARIF default: definite kinds are errors
};

const Rule kRules[] = {
    {"ADR001", "ArrayRaceDefinite",
     "Two iterations of a parallel loop (or two threads of a parallel region) access the same array element, one "
     "writing.",
     "error"},
    {"ADR002", "SharedScalarRace",
     "A shared scalar is written by every iteration of a parallel loop or every thread of a parallel region.", "error"},
    {"ADR003", "UnsupportedConstruct", "A construct adrace does not model: the loop or region is not proven race-free.",
     "warning"},
    {"ADR004", "ArrayRacePossible",
     "Two iterations or threads may access the same array element (through index arrays, or an access not compared).",
     "warning"},
    {"ADR005", "PointerAliasRace",
     "Two pointers that may point into the same array (neither restrict) are accessed so that they would race if they "
     "did.",
     "warning"},
    {"ADR006", "MissingBarrier",
     "Accesses of two constructs of a parallel region that no barrier separates (nowait, master, single nowait) "
     "conflict.",
     "error"},
    {"ADR007", "CouldNotCheck",
     "Z3 could not decide within its resource limit (--z3-rlimit), its timeout or the time budget (--budget-ms): the "
     "loop or region is not proven race-free.",
     "warning"},
};

size_t ruleIndexFor(const RaceFinding& finding) {
  if (finding.certainty == Certainty::Undecided) return 6;
  switch (finding.kind) {
    case RaceFinding::Kind::Unsupported: return 2;
    case RaceFinding::Kind::SharedScalar: return 1;
    case RaceFinding::Kind::PointerAlias: return 4;
    case RaceFinding::Kind::MissingBarrier: return 5;
    case RaceFinding::Kind::ArrayConflict: break;
  }
  return finding.certainty == Certainty::Definite ? 0 : 3;
}

const Rule& ruleFor(const RaceFinding& finding) { return kRules[ruleIndexFor(finding)]; }

json idOrNull(int id) { return id >= 0 ? json(id) : json(nullptr); }

json witnessJson(const RaceFinding& finding) {
  json witness = json::object();
  for (const auto& [symbol, value] : finding.witness) witness[symbol] = value;
  return witness;
}

// A path as a URI reference: characters outside RFC 3986's unreserved set and '/' percent-encoded.
std::string uriOf(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string uri;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  return uri;
}

json physicalLocation(const SourcePosition& at) {
  return {{"artifactLocation", {{"uri", uriOf(at.file)}}},
          {"region", {{"startLine", std::max(1u, at.line)}, {"startColumn", std::max(1u, at.column)}}}};
}

// Every value of the witness, so that a developer can replay it: "witness: i=0, i'=1, n=2".
std::string witnessText(const std::vector<std::pair<std::string, std::string>>& witness) {
  std::string text = "witness:";
  for (size_t k = 0; k < witness.size(); ++k) text += (k ? ", " : " ") + witness[k].first + "=" + witness[k].second;
  return text;
}

}  // namespace

std::string checkText(const std::vector<CheckedFile>& files) {
  std::ostringstream out;
  for (const CheckedFile& file : files)
    for (const RaceFinding& finding : file.findings) {
      out << location(finding.at) << ": warning: " << finding.message << " [" << certaintyName(finding.certainty)
          << "]\n";
      if (finding.related.line && !finding.relatedMessage.empty())
        out << location(finding.related) << ": note: " << finding.relatedMessage << "\n";
      if (!finding.suggestion.empty()) out << location(finding.at) << ": note: " << finding.suggestion << "\n";
      if (!finding.witness.empty()) out << location(finding.at) << ": note: " << witnessText(finding.witness) << "\n";
    }
  return out.str();
}

json checkJson(const std::vector<CheckedFile>& files) {
  json filesJson = json::array();
  unsigned counts[4] = {0, 0, 0, 0};
  for (const CheckedFile& file : files) {
    json loops = json::array();
    for (const LoopModel* loop : file.loops) {
      bool raceFree = true, checked = true;
      for (const RaceFinding& finding : file.findings)
        if (finding.loop == loop->id) {
          raceFree = false;
          checked &= !couldNotCheck(finding.certainty);
        }
      loops.push_back({{"id", loop->id},
                       {"function", loop->function},
                       {"directive", loopDirectiveName(loop->directive)},
                       {"pragma_at", toJson(loop->pragmaAt)},
                       {"race_free", raceFree},
                       {"checked", checked}});
    }
    json regions = json::array();
    for (const RegionModel* region : file.regions) {
      bool raceFree = true, checked = true;
      for (const RaceFinding& finding : file.findings)
        if (finding.region == region->id) {
          raceFree = false;
          checked &= !couldNotCheck(finding.certainty);
        }
      regions.push_back({{"id", region->id},
                         {"function", region->function},
                         {"construct", directiveSpelling(region->directive)},
                         {"pragma_at", toJson(region->pragmaAt)},
                         {"race_free", raceFree},
                         {"checked", checked}});
    }
    json findings = json::array();
    for (const RaceFinding& finding : file.findings) {
      ++counts[static_cast<int>(finding.certainty)];
      json entry = {{"rule", ruleFor(finding).id},    {"certainty", certaintyName(finding.certainty)},
                    {"variable", finding.variable},   {"message", finding.message},
                    {"at", toJson(finding.at)},       {"function", finding.function},
                    {"loop", idOrNull(finding.loop)}, {"region", idOrNull(finding.region)}};
      if (finding.related.line)
        entry["related"] = {{"at", toJson(finding.related)}, {"message", finding.relatedMessage}};
      if (!finding.witness.empty()) entry["witness"] = witnessJson(finding);
      if (!finding.suggestion.empty()) entry["suggestion"] = finding.suggestion;
      findings.push_back(entry);
    }
    filesJson.push_back({{"file", file.file}, {"loops", loops}, {"regions", regions}, {"findings", findings}});
  }
  return {{"tool", "adrace"},
          {"version", ADRACE_VERSION},
          {"format", "adrace-check/1"},
          {"files", filesJson},
          {"summary",
           {{"definite", counts[0]}, {"possible", counts[1]}, {"unsupported", counts[2]}, {"undecided", counts[3]}}}};
}

json checkSarif(const std::vector<CheckedFile>& files) {
  json rules = json::array();
  for (const Rule& rule : kRules)
    rules.push_back({{"id", rule.id},
                     {"name", rule.name},
                     {"shortDescription", {{"text", rule.description}}},
                     {"defaultConfiguration", {{"level", rule.level}}}});
  json results = json::array();
  for (const CheckedFile& file : files)
    for (const RaceFinding& finding : file.findings) {
      json result = {
          {"ruleId", ruleFor(finding).id},
          {"ruleIndex", ruleIndexFor(finding)},
          {"level", finding.certainty == Certainty::Definite ? "error" : "warning"},
          {"message", {{"text", finding.message + (finding.suggestion.empty() ? "" : ". Fix: " + finding.suggestion)}}},
          {"locations", json::array({{{"physicalLocation", physicalLocation(finding.at)}}})},
          {"properties", {{"certainty", certaintyName(finding.certainty)}, {"variable", finding.variable}}}};
      if (finding.related.line)
        result["relatedLocations"] = json::array({{{"id", 1},
                                                   {"physicalLocation", physicalLocation(finding.related)},
                                                   {"message", {{"text", finding.relatedMessage}}}}});
      results.push_back(result);
    }
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", json::array({{{"tool",
                                  {{"driver",
                                    {{"name", "adrace"},
                                     {"version", ADRACE_VERSION},
                                     {"informationUri", "https://github.com/adrace/adrace"},
                                     {"rules", rules}}}}},
                                 {"results", results}}})}};
}

}  // namespace adrace::analyzer
