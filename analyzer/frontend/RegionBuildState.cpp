#include "analyzer/frontend/RegionBuildState.h"

#include "analyzer/frontend/ClangSource.h"

namespace adrace::analyzer::region {

RegionBuildState::RegionBuildState(const RegionModelRequest& request, clang::ASTContext& context)
    : request(request),
      context(context),
      sources(context.getSourceManager()),
      body(request.site.directive->getInnermostCapturedStmt()->getCapturedStmt()),
      parents(const_cast<clang::Stmt*>(body)),
      aliases(request.site.function) {
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(body))
    for (const clang::Stmt* statement : block->body()) topLevel.push_back(statement);
  else
    topLevel.push_back(body);
}

void RegionBuildState::limit(const std::string& message, const clang::Stmt* at) {
  for (const Limitation& limitation : model.limitations)
    if (limitation.message == message) return;  // once per region: the first place says it
  model.limitations.push_back({message, positionOf(at->getBeginLoc(), sources)});
}

size_t RegionBuildState::topLevelIndexOf(const clang::Stmt* statement) const {
  for (const clang::Stmt* current = statement; current; current = parents.getParent(current))
    for (size_t index = 0; index < topLevel.size(); ++index)
      if (topLevel[index] == current) return index;
  return topLevel.size();
}

}  // namespace adrace::analyzer::region
