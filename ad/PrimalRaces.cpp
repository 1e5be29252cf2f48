#include "ad/PrimalRaces.h"

#include "analyzer/check/CheckFrontend.h"
#include "analyzer/check/RegionCheck.h"

namespace adrace::ad {
namespace {

std::string describe(const analyzer::RaceFinding& finding) {
  std::string text = "the primal races: " + finding.message;
  if (finding.related.line > 0 && finding.related.line != finding.at.line)
    text += " (the other access at line " + std::to_string(finding.related.line) + ")";
  return text;
}

}  // namespace

std::vector<analyzer::RaceFinding> definitePrimalRaces(const AdjointContext& context, const std::string& file) {
  std::vector<analyzer::Diagnostic> ignored;  // constructs check cannot model are the support check's to refuse
  analyzer::CheckModels models = analyzer::buildCheckModels(file, context.ast, ignored);
  const std::string name = context.function.getNameAsString();
  std::vector<analyzer::RaceFinding> findings;
  analyzer::LoopCheckOptions options;
  options.z3TimeoutMs = context.request.z3TimeoutMs;
  for (const analyzer::LoopModel& loop : models.loops)
    if (loop.function == name)
      for (analyzer::RaceFinding& finding : analyzer::checkLoop(loop, options)) findings.push_back(std::move(finding));
  for (const analyzer::RegionModel& region : models.regions)
    if (region.function == name)
      for (analyzer::RaceFinding& finding :
           analyzer::checkRegion(region, models.loops, context.request.z3TimeoutMs, {}))
        findings.push_back(std::move(finding));
  std::vector<analyzer::RaceFinding> definite;
  for (analyzer::RaceFinding& finding : findings)
    if (finding.certainty == analyzer::Certainty::Definite) definite.push_back(std::move(finding));
  return definite;
}

void refuseRacyPrimal(AdjointContext& context, const std::vector<analyzer::RaceFinding>& races,
                      std::vector<analyzer::Diagnostic>& warnings) {
  for (const analyzer::RaceFinding& finding : races) {
    analyzer::Diagnostic diagnostic;
    diagnostic.at = finding.at;
    if (!context.request.allowRacyPrimal) {
      diagnostic.message = describe(finding) +
                           ", as `adrace check` reports; an adjoint of a racy loop cannot be trusted (fix the race, "
                           "or pass --allow-racy-primal to write it anyway)";
      diagnostic.unsupported = true;
      context.error = diagnostic;
      return;
    }
    diagnostic.severity = analyzer::Diagnostic::Severity::Warning;
    diagnostic.message =
        describe(finding) + "; the adjoint is written anyway (--allow-racy-primal) and cannot be trusted";
    warnings.push_back(diagnostic);
  }
}

}  // namespace adrace::ad
