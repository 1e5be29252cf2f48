// adrace/Analysis.h's Clang entries. An AD tool hands over one loop, not a file: find what the
// front-end needs around it (its function, the enclosing `omp parallel`), then model and analyse
// it exactly as `adrace analyze` does.
#include "adrace/Analysis.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/LoopModelBuilder.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <algorithm>

namespace adrace {
namespace {

// Calls `visit` on each ancestor of `node`, innermost first, until it returns false.
template <typename Visit>
void forEachAncestor(clang::DynTypedNode node, clang::ASTContext& context, Visit visit) {
  for (auto parents = context.getParents(node); !parents.empty(); parents = context.getParents(node)) {
    node = parents[0];
    if (!visit(node)) return;
  }
}

ClangLoopAnalysis failure(const clang::Stmt& at, clang::ASTContext& context, std::string message) {
  analyzer::Diagnostic error{analyzer::Diagnostic::Severity::Error,
                             analyzer::positionOf(at.getBeginLoc(), context.getSourceManager()), std::move(message),
                             true};
  return {std::nullopt, std::nullopt, error};
}

}  // namespace

ClangLoopAnalysis analyzeLoop(const clang::OMPLoopDirective& directive, clang::ASTContext& context,
                              const AnalysisOptions& options) {
  if (!llvm::isa<clang::OMPParallelForDirective, clang::OMPParallelForSimdDirective, clang::OMPForDirective,
                 clang::OMPForSimdDirective, clang::OMPSimdDirective>(directive))
    return failure(directive, context,
                   "unsupported OpenMP construct: " + analyzer::directiveName(directive) +
                       " (adrace models parallel for, for, simd and their simd combinations)");
  analyzer::LoopModelRequest request;
  request.directive = &directive;
  forEachAncestor(clang::DynTypedNode::create(directive), context, [&](const clang::DynTypedNode& node) {
    if (auto* region = node.get<clang::OMPParallelDirective>(); region && !request.region) request.region = region;
    request.function = node.get<clang::FunctionDecl>();
    return request.function == nullptr;
  });
  if (!request.function) return failure(directive, context, "cannot model this loop: it is not inside a function");
  analyzer::LoopModelResult built = analyzer::buildLoopModel(request, context);
  if (built.error) return {std::nullopt, std::nullopt, built.error};
  LoopAnalysis analysis = analyzer::analyzeLoop(*built.model, options);
  return {std::move(built.model), std::move(analysis), std::nullopt};
}

ClangLoopAnalysis analyzeLoop(const clang::ForStmt& loop, clang::ASTContext& context, const AnalysisOptions& options) {
  const clang::OMPLoopDirective* directive = nullptr;
  forEachAncestor(clang::DynTypedNode::create(loop), context, [&](const clang::DynTypedNode& node) {
    auto* candidate = node.get<clang::OMPLoopDirective>();
    if (!candidate) return node.get<clang::FunctionDecl>() == nullptr;
    std::vector<const clang::ForStmt*> nest = analyzer::associatedLoops(*candidate);
    if (std::find(nest.begin(), nest.end(), &loop) != nest.end()) directive = candidate;
    return false;  // the innermost directive above the loop decides
  });
  if (!directive) return failure(loop, context, "this for statement is not the loop of an OpenMP loop directive");
  return analyzeLoop(*directive, context, options);
}

}  // namespace adrace
