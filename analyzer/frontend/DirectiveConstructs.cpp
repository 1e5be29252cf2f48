#include "analyzer/frontend/DirectiveConstructs.h"

#include <llvm/ADT/STLExtras.h>

#include <optional>

namespace adrace::analyzer {

namespace {

std::optional<Construct> modelConstruct(llvm::omp::Directive construct) {
  switch (construct) {
    case llvm::omp::OMPD_target: return Construct::Target;
    case llvm::omp::OMPD_teams: return Construct::Teams;
    case llvm::omp::OMPD_distribute: return Construct::Distribute;
    case llvm::omp::OMPD_parallel: return Construct::Parallel;
    case llvm::omp::OMPD_master: return Construct::Master;
    case llvm::omp::OMPD_masked: return Construct::Masked;
    case llvm::omp::OMPD_sections: return Construct::Sections;
    case llvm::omp::OMPD_for: return Construct::For;
    case llvm::omp::OMPD_taskloop: return Construct::Taskloop;
    case llvm::omp::OMPD_task: return Construct::Task;
    case llvm::omp::OMPD_simd: return Construct::Simd;
    default: return std::nullopt;
  }
}

}  // namespace

llvm::ArrayRef<llvm::omp::Directive> constructsOf(llvm::omp::Directive kind) {
  return llvm::omp::getLeafConstructsOrSelf(kind);
}

llvm::ArrayRef<llvm::omp::Directive> constructsOf(const clang::OMPExecutableDirective& directive) {
  return constructsOf(directive.getDirectiveKind());
}

bool combines(const clang::OMPExecutableDirective& directive, llvm::omp::Directive construct) {
  return llvm::is_contained(constructsOf(directive), construct);
}

bool beginsWithTarget(llvm::omp::Directive kind) {
  switch (constructsOf(kind).front()) {
    case llvm::omp::OMPD_target:
    case llvm::omp::OMPD_target_data:
    case llvm::omp::OMPD_target_enter_data:
    case llvm::omp::OMPD_target_exit_data:
    case llvm::omp::OMPD_target_update: return true;
    default: return false;
  }
}

Directive modelDirectiveOf(llvm::omp::Directive kind) {
  Directive directive;
  for (llvm::omp::Directive construct : constructsOf(kind))
    if (std::optional<Construct> known = modelConstruct(construct)) directive.add(*known);
  return directive;
}

Directive modelDirectiveOf(const clang::OMPExecutableDirective& directive) {
  return modelDirectiveOf(directive.getDirectiveKind());
}

}  // namespace adrace::analyzer
