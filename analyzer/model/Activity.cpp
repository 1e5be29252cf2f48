#include "analyzer/model/Activity.h"

namespace adrace::analyzer {

bool isActive(const Variable& variable, const ActivityOptions& options) {
  if (options.inactive.count(variable.name)) return false;
  if (!variable.isFloating) return false;
  if (!options.active.empty()) return options.active.count(variable.name) > 0;
  return true;
}

}  // namespace adrace::analyzer
