#include "analyzer/check/CheckModelJson.h"

#include "analyzer/model/ModelJson.h"

namespace adrace::analyzer {
namespace {

using nlohmann::json;

const char* executorName(Executor executor) {
  switch (executor) {
    case Executor::EveryThread: return "every thread";
    case Executor::OneThread: return "one thread";
    case Executor::MasterThread: return "master thread";
    case Executor::Worksharing: return "worksharing";
  }
  return "?";
}

std::string conditionText(const smt::Condition& condition) {
  return smt::toString(condition.lhs) + " " + relationText(condition.relation) + " " + smt::toString(condition.rhs);
}

json toJson(const RegionAccess& access) {
  const Reference& reference = access.reference;
  json indices = json::array();
  for (const smt::ExprRef& index : reference.indices) indices.push_back(smt::toString(index));
  json guards = json::array();
  for (const smt::Condition& guard : access.guards) guards.push_back(conditionText(guard));
  json result = {{"variable", reference.variable},
                 {"kind", accessKindName(reference.kind)},
                 {"text", reference.text},
                 {"index", indices},
                 {"scalar", reference.isScalar},
                 {"opaque", reference.opaque},
                 {"protection", protectionName(reference.protection)},
                 {"guards", guards},
                 {"guard_unknown", access.guardUnknown},
                 {"at", toJson(reference.span.begin)}};
  if (reference.opaque) result["opaque_reason"] = reference.opaqueReason;
  return result;
}

}  // namespace

json toJson(const RegionModel& region) {
  json steps = json::array();
  for (const RegionStep& step : region.steps) {
    json accesses = json::array();
    for (const RegionAccess& access : step.accesses) accesses.push_back(toJson(access));
    json entry = {{"construct", stepConstructName(step)},
                  {"executor", executorName(step.executor)},
                  {"at", toJson(step.at)},
                  {"nowait", step.nowait},
                  {"accesses", accesses}};
    if (step.kind == RegionStep::Kind::Loop) entry["loop"] = step.loop;
    if (step.cycle >= 0) entry["cycle"] = step.cycle;
    if (!step.innerCycles.empty()) entry["inner_cycles"] = step.innerCycles;
    if (step.conditionalBlock >= 0) entry["conditional_block"] = step.conditionalBlock;
    if (!step.after.empty()) entry["after"] = step.after;
    steps.push_back(std::move(entry));
  }
  json facts = json::array();
  for (const smt::Condition& fact : region.facts) facts.push_back(conditionText(fact));
  json flagWaits = json::array();
  for (const FlagWaitModel& wait : region.flagWaits) {
    json entry = {{"flag", wait.flag},
                  {"wait_at", toJson(wait.waitAt)},
                  {"orders", wait.orders},
                  {"writes_needed", wait.writesNeeded}};
    if (!wait.orders) entry["why"] = wait.why;
    flagWaits.push_back(std::move(entry));
  }
  json limitations = json::array();
  for (const Limitation& limitation : region.limitations)
    limitations.push_back({{"message", limitation.message}, {"at", toJson(limitation.at)}});
  return {{"id", region.id},
          {"function", region.function},
          {"directive", directiveSpelling(region.directive)},
          {"pragma_at", toJson(region.pragmaAt)},
          {"facts", facts},
          {"steps", steps},
          {"flag_waits", flagWaits},
          {"limitations", limitations}};
}

json checkModelsJson(const CheckFrontendResult& models) {
  json files = json::array();
  for (const CheckModels& file : models.files) {
    json loops = json::array();
    for (const LoopModel& loop : file.loops) loops.push_back(toJson(loop));
    json regions = json::array();
    for (const RegionModel& region : file.regions) regions.push_back(toJson(region));
    json notModelled = json::array();
    for (const Diagnostic& diagnostic : models.diagnostics)
      if (diagnostic.unsupported && diagnostic.at.file == file.file)
        notModelled.push_back({{"at", toJson(diagnostic.at)}, {"reason", diagnostic.message}});
    files.push_back({{"file", file.file}, {"loops", loops}, {"regions", regions}, {"not_modelled", notModelled}});
  }
  return {{"tool", "adrace"}, {"assumptions", modelAssumptions()}, {"files", files}};
}

}  // namespace adrace::analyzer
