// Which variables of a loop get an adjoint. Without an activity analysis over the whole program,
// every floating-point variable is active (docs/design.md [FormAD] §5.4); the user narrows or widens
// that with --active / --inactive.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <set>
#include <string>

namespace adrace::analyzer {

struct ActivityOptions {
  std::set<std::string> active;    // forced active (even integer ones are refused: not differentiable)
  std::set<std::string> inactive;  // forced inactive
};

// A member path ("domain->m_v") is active or inactive with its root ("domain") too.
bool isActive(const Variable& variable, const ActivityOptions& options);

}  // namespace adrace::analyzer
