#include "analyzer/model/Activity.h"

namespace adrace::analyzer {

namespace {

// The variable a member path starts from: "domain" of "domain->m_v", "p" of "p[].x", "s" of "s.x".
std::string rootOf(const std::string& name) {
  size_t end = name.find_first_of("-.[");
  return end == std::string::npos ? name : name.substr(0, end);
}

}  // namespace

// Memory in a struct is named by its root and path (MemberPath.h): naming the root active or
// inactive names every floating member reached from it (the adjoint of `Domain *domain` is a
// `Domain *domain_b` holding the adjoints of its floating members).
bool isActive(const Variable& variable, const ActivityOptions& options) {
  const std::string root = rootOf(variable.name);
  if (options.inactive.count(variable.name) || options.inactive.count(root)) return false;
  if (!variable.isFloating) return false;
  if (!options.active.empty()) return options.active.count(variable.name) > 0 || options.active.count(root) > 0;
  return true;
}

}  // namespace adrace::analyzer
