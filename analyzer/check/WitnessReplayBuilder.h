// Reads, from Clang's AST, what WitnessReplay evaluates: the `for` headers around each access of a
// parallel loop (the loops around the directive in its function, the loops it distributes, the
// loops inside its body) and each access's array and subscripts. It is a translation of its own,
// separate from the loop model's IndexTranslator, so that a shortcut of the model is not repeated.
#pragma once

#include "analyzer/check/WitnessReplay.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

namespace adrace::analyzer {

LoopReplay buildLoopReplay(const clang::OMPLoopDirective& directive, const clang::FunctionDecl* function,
                           clang::ASTContext& context);

}  // namespace adrace::analyzer
