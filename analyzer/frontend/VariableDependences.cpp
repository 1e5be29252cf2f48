#include "analyzer/frontend/VariableDependences.h"

#include "analyzer/frontend/ClangSource.h"

namespace adrace::analyzer {

std::optional<std::vector<VariableDependence>> variableDependencesOf(const clang::OMPExecutableDirective& task,
                                                                     std::string& reason) {
  std::vector<VariableDependence> result;
  for (const auto* clause : task.getClausesOfKind<clang::OMPDependClause>()) {
    clang::OpenMPDependClauseKind kind = clause->getDependencyKind();
    if ((kind != clang::OMPC_DEPEND_in && kind != clang::OMPC_DEPEND_out && kind != clang::OMPC_DEPEND_inout &&
         kind != clang::OMPC_DEPEND_mutexinoutset) ||
        clause->getModifier()) {
      reason = "a depend clause other than in, out, inout or mutexinoutset";
      return std::nullopt;
    }
    for (const clang::Expr* item : clause->varlists()) {
      const clang::VarDecl* variable = variableOf(item);
      if (!variable) {
        reason = "a depend item that is not a plain variable (an element or an array section)";
        return std::nullopt;
      }
      result.push_back({kind, variable});
    }
  }
  return result;
}

DependenceRelation relationOf(const std::vector<VariableDependence>& earlier,
                              const std::vector<VariableDependence>& later, std::string& exclusion) {
  DependenceRelation relation = DependenceRelation::None;
  for (const VariableDependence& a : earlier)
    for (const VariableDependence& b : later) {
      if (a.variable != b.variable) continue;
      if (a.kind == clang::OMPC_DEPEND_in && b.kind == clang::OMPC_DEPEND_in) continue;
      if (a.kind == clang::OMPC_DEPEND_mutexinoutset && b.kind == clang::OMPC_DEPEND_mutexinoutset) {
        if (relation == DependenceRelation::None) relation = DependenceRelation::Exclusive;
        exclusion = "depend(mutexinoutset: " + a.variable->getName().str() + ")";
        continue;
      }
      return DependenceRelation::Ordered;
    }
  return relation;
}

}  // namespace adrace::analyzer
