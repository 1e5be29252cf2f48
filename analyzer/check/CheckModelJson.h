// What `adrace check --dump-model` prints: the models the check would decide, before any Z3 query.
// Per file, its loops as `analyze --dump-model` writes them (with the tasks a loop creates,
// `created_tasks`), its parallel and teams regions as steps with their accesses, and the constructs
// left unmodelled. Schema: docs/check.md, "Dumping the model".
#pragma once

#include "analyzer/check/CheckFrontend.h"

#include <nlohmann/json.hpp>

namespace adrace::analyzer {

nlohmann::json toJson(const RegionModel& region);
nlohmann::json checkModelsJson(const CheckFrontendResult& models);

}  // namespace adrace::analyzer
