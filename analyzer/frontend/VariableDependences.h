// `depend` clauses on plain variables between sibling tasks of one creating task — host tasks of a
// single's sequence (TaskSequences.h) or target tasks of a window (TargetTasks.h): OpenMP 5.2,
// 15.9.5, a later task depends on an earlier one when an item of each names the same storage and
// one of them is out or inout; two mutexinoutset items exclude the tasks without ordering them.
// Different variables are different storage, so only items that are plain variables are read here;
// elements and sections (whose overlap needs the indices: TaskDependences.h) are refused.
#pragma once

#include <clang/AST/StmtOpenMP.h>

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

// One `depend(kind: x)` item on a plain variable.
struct VariableDependence {
  clang::OpenMPDependClauseKind kind;
  const clang::VarDecl* variable = nullptr;
};

// The construct's dependences, or nullopt when one is not on a plain variable (an element, a
// section, an iterator, depobj, inoutset), whose overlap with others the model does not decide.
std::optional<std::vector<VariableDependence>> variableDependencesOf(const clang::OMPExecutableDirective& task,
                                                                     std::string& reason);

enum class DependenceRelation { None, Ordered, Exclusive };

// How a later task relates to an earlier one through their dependences: the same variable in both,
// not both `in`, orders them, except that two mutexinoutset exclude without ordering (`exclusion`
// then names the item).
DependenceRelation relationOf(const std::vector<VariableDependence>& earlier,
                              const std::vector<VariableDependence>& later, std::string& exclusion);

}  // namespace adrace::analyzer
