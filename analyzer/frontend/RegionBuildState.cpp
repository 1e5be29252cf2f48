#include "analyzer/frontend/RegionBuildState.h"

#include "analyzer/frontend/ClangSource.h"

namespace adrace::analyzer::region {

RegionBuildState::RegionBuildState(const RegionModelRequest& request, clang::ASTContext& context)
    : request(request),
      context(context),
      sources(context.getSourceManager()),
      body(request.site.window ? request.site.window->block
                               : request.site.directive->getInnermostCapturedStmt()->getCapturedStmt()),
      parents(const_cast<clang::Stmt*>(body)),
      aliases(request.site.function) {
  if (request.site.window)
    topLevel = request.site.window->statements;
  else if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(body))
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

std::optional<InlinedCall> RegionBuildState::bindCall(const clang::CallExpr& call, std::string& whyNot) {
  if (!inlined) return bindInlinedCall(call, inlinedCalls, whyNot);
  std::set<const clang::FunctionDecl*> active{inlined->callee->getCanonicalDecl()};
  for (const InlinedCall& outer : outerCalls) active.insert(outer.callee->getCanonicalDecl());
  return bindNestedCall(call, *inlined, active, taskSharedLocals, inlinedCalls, whyNot);
}

void RegionBuildState::enterCall(InlinedCall call) {
  parents.addStmt(const_cast<clang::Stmt*>(call.callee->getBody()));
  if (inlined) outerCalls.push_back(std::move(*inlined));
  inlined = std::move(call);
  translator->enterCall(*inlined->call);
}

void RegionBuildState::leaveCall() {
  translator->leaveCall();
  inlined.reset();
  if (outerCalls.empty()) return;
  inlined = std::move(outerCalls.back());
  outerCalls.pop_back();
}

}  // namespace adrace::analyzer::region
