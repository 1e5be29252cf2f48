// Test support for `adrace check`'s analyses: parse a C snippet in memory, build what the check
// needs (loop models, region models, aliasing pointers) and run the loop and region checks.
#pragma once

#include "ParseSnippet.h"
#include "analyzer/check/CheckFrontend.h"
#include "analyzer/check/RaceCheck.h"
#include "analyzer/check/RegionCheck.h"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

namespace adrace::analyzer::testing {

struct CheckedSnippet {
  std::unique_ptr<clang::ASTUnit> unit;
  CheckModels models;
  std::vector<Diagnostic> diagnostics;
  std::vector<RaceFinding> findings;  // every loop's, then every region's
};

// Z3's limit per query in these tests: they test what is decided, not how fast, and a 2 s limit
// left queries undecided on a loaded machine (a test that fails under load blocks everyone).
constexpr unsigned kSnippetQueryTimeoutMs = 60000;

inline CheckedSnippet checkSnippet(const std::string& code, const CheckModelOptions& modelOptions = {},
                                   bool checkAliasing = true) {
  CheckedSnippet checked;
  checked.unit = clang::tooling::buildASTFromCodeWithArgs(
      code, {"-fopenmp", "-std=c99", "-Wno-everything", std::string("-resource-dir=") + clangResourceDirectory()},
      "snippet.c");
  if (!checked.unit) {
    ADD_FAILURE() << "the snippet does not parse";
    return checked;
  }
  // A snippet with an error would pass any test that expects no finding.
  if (checked.unit->getDiagnostics().hasErrorOccurred()) ADD_FAILURE() << "the snippet does not compile:\n" << code;
  checked.models = buildCheckModels("snippet.c", checked.unit->getASTContext(), checked.diagnostics, modelOptions);
  // As `adrace check` does: a construct the front-end could not model is a finding, so that a test
  // expecting no finding fails when the snippet was not modelled at all; any other error fails it.
  for (const Diagnostic& diagnostic : checked.diagnostics) {
    if (!diagnostic.unsupported) {
      if (diagnostic.severity == Diagnostic::Severity::Error)
        ADD_FAILURE() << "the front-end reports an error: " << formatDiagnostic(diagnostic);
      continue;
    }
    RaceFinding finding;
    finding.kind = RaceFinding::Kind::Unsupported;
    finding.certainty = Certainty::Unsupported;
    finding.message = "cannot check: " + diagnostic.message;
    finding.at = diagnostic.at;
    checked.findings.push_back(finding);
  }
  for (size_t index = 0; index < checked.models.loops.size(); ++index) {
    LoopCheckOptions options;
    if (checkAliasing) options.mayAlias = checked.models.mayAlias[index];
    options.replay = &checked.models.replays[index];
    options.z3TimeoutMs = kSnippetQueryTimeoutMs;
    for (RaceFinding& finding : checkLoop(checked.models.loops[index], options))
      checked.findings.push_back(std::move(finding));
  }
  for (const RegionModel& region : checked.models.regions)
    for (RaceFinding& finding : checkRegion(region, checked.models.loops, kSnippetQueryTimeoutMs))
      checked.findings.push_back(std::move(finding));
  return checked;
}

inline std::vector<RaceFinding> findingsOf(const CheckedSnippet& checked, RaceFinding::Kind kind) {
  std::vector<RaceFinding> result;
  std::copy_if(checked.findings.begin(), checked.findings.end(), std::back_inserter(result),
               [&](const RaceFinding& finding) { return finding.kind == kind; });
  return result;
}

// A definite race on `variable` (or a possible one too, unless `definite` asks for certainty).
inline bool reportsRaceOn(const CheckedSnippet& checked, const std::string& variable, bool definite = false) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.variable == variable &&
        (finding.certainty == Certainty::Definite || (!definite && finding.certainty == Certainty::Possible)))
      return true;
  return false;
}

// Whether something was reported "cannot check": a finding or a front-end diagnostic.
inline bool anyUnsupported(const CheckedSnippet& checked) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported) return true;
  for (const Diagnostic& diagnostic : checked.diagnostics)
    if (diagnostic.unsupported) return true;
  return false;
}

// Whether some finding is a definite race.
inline bool hasDefinite(const CheckedSnippet& checked) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Definite) return true;
  return false;
}

// The first finding on `variable`; null when there is none.
inline const RaceFinding* findingOn(const CheckedSnippet& checked, const std::string& variable) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.variable == variable) return &finding;
  return nullptr;
}

// Whether a "cannot check" finding says `words`.
inline bool unsupportedSaying(const CheckedSnippet& checked, const std::string& words) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported && finding.message.find(words) != std::string::npos) return true;
  return false;
}

// A snippet template with each "%s" replaced by the next of `parts`, in order.
inline std::string fillIn(std::string code, std::initializer_list<std::string> parts) {
  size_t at = 0;
  for (const std::string& part : parts) {
    at = code.find("%s", at);
    if (at == std::string::npos) break;
    code.replace(at, 2, part);
    at += part.size();
  }
  return code;
}

// "definite ADR-kind on 'a'" lines, for readable failure messages.
inline std::string describe(const std::vector<RaceFinding>& findings) {
  std::string text;
  for (const RaceFinding& finding : findings)
    text += std::string(certaintyName(finding.certainty)) + ": " + finding.message + "\n";
  return text.empty() ? "no findings\n" : text;
}

}  // namespace adrace::analyzer::testing
