// adrace as a library, for AD tools (Tapenade, Clad, compiler passes) that know their parallel
// loops and adjoint references already and need only the verdicts: which adjoint arrays may be
// updated with plain stores (shared), which need reduction(+), which #pragma omp atomic — per
// array and per reference, with a Z3 witness for every pair not proven disjoint.
//
// Two ways in: a loop the tool holds in Clang's AST, or a clang-free description in the index IR
// (analyzer::LoopModel, analyzer/model/LoopModel.h). adrace/Protocol.h takes that description as JSON.
// Link with adrace::analysis (find_package(adrace)).
#pragma once

#include "analyzer/verdicts/LoopAnalysis.h"
#include "analyzer/model/LoopModel.h"

#include <optional>

namespace clang {
class ASTContext;
class ForStmt;
class OMPLoopDirective;
}  // namespace clang

namespace adrace {

using analyzer::AdjointQuestion;
using analyzer::AnalysisOptions;
using analyzer::ArrayVerdict;
using analyzer::LoopAnalysis;
using analyzer::LoopModel;
using analyzer::Verdict;

// The clang-free entries: every active variable of a LoopModel, or exactly the questions given.
using analyzer::analyzeLoop;

struct ClangLoopAnalysis {
  std::optional<LoopModel> model;             // what adrace read from the AST
  std::optional<LoopAnalysis> analysis;       // the verdicts; reference ids are the model's
  std::optional<analyzer::Diagnostic> error;  // the loop cannot be modelled: neither of the above
};

// An OpenMP loop directive (parallel for, for, simd, ...) of a function in `context`.
ClangLoopAnalysis analyzeLoop(const clang::OMPLoopDirective& directive, clang::ASTContext& context,
                              const AnalysisOptions& options);
// The for statement an OpenMP loop directive is associated with (any loop of a collapse nest).
ClangLoopAnalysis analyzeLoop(const clang::ForStmt& loop, clang::ASTContext& context, const AnalysisOptions& options);

}  // namespace adrace
