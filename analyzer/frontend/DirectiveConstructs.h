// The constructs (model/Directive.h) of a Clang directive, read from the leaf constructs LLVM's
// OpenMP tables give each combined directive, so that nothing asks a directive's name what it is.
#pragma once

#include "analyzer/model/Directive.h"

#include <clang/AST/StmtOpenMP.h>
#include <llvm/ADT/ArrayRef.h>
#include <llvm/Frontend/OpenMP/OMP.h>

namespace adrace::analyzer {

// The constructs `kind` combines, in order: {target, teams, distribute} for `target teams
// distribute`; a directive that combines none is its own one construct.
llvm::ArrayRef<llvm::omp::Directive> constructsOf(llvm::omp::Directive kind);
llvm::ArrayRef<llvm::omp::Directive> constructsOf(const clang::OMPExecutableDirective& directive);
bool combines(const clang::OMPExecutableDirective& directive, llvm::omp::Directive construct);
// Whether `kind` begins with a target construct: `target`, combined or not, or target data management
// (`target data`, `target enter data`, `target exit data`, `target update`).
bool beginsWithTarget(llvm::omp::Directive kind);

// The model's directive for `kind`. Constructs the model has no name for (none of those of the loop
// and region directives the models are built from) are left out.
Directive modelDirectiveOf(llvm::omp::Directive kind);
Directive modelDirectiveOf(const clang::OMPExecutableDirective& directive);

}  // namespace adrace::analyzer
