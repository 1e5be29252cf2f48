#include "analyzer/check/CheckFrontend.h"

#include "analyzer/check/WitnessReplayBuilder.h"
#include "analyzer/frontend/ClauseCoverage.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ContainerSubscripts.h"
#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/RegionModelBuilder.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <map>

namespace adrace::analyzer {
namespace {

// `parallel for` directives in a loop's body, outermost only (deeper ones are found from them).
std::vector<const clang::OMPLoopDirective*> nestedParallelLoops(const clang::OMPLoopDirective& loop) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::vector<const clang::OMPLoopDirective*> found;
    bool TraverseOMPParallelForDirective(clang::OMPParallelForDirective* directive) {
      found.push_back(directive);
      return true;
    }
    bool TraverseOMPParallelForSimdDirective(clang::OMPParallelForSimdDirective* directive) {
      found.push_back(directive);
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(loop.getInnermostCapturedStmt()->getCapturedStmt()));
  return finder.found;
}

// Whether the outer loop's model sees the nested `parallel for` as it runs within one outer
// iteration: the nested loop privatises nothing the outer one would take for shared (no
// data-sharing clauses, counters declared in its own header).
bool outerModelHolds(const clang::OMPLoopDirective& nested) {
  for (const clang::OMPClause* clause : nested.clauses())
    if (!llvm::isa<clang::OMPScheduleClause>(clause) && !llvm::isa<clang::OMPNumThreadsClause>(clause) &&
        !llvm::isa<clang::OMPIfClause>(clause) && !llvm::isa<clang::OMPSharedClause>(clause) &&
        !llvm::isa<clang::OMPProcBindClause>(clause) && !llvm::isa<clang::OMPCollapseClause>(clause) &&
        !llvm::isa<clang::OMPSafelenClause>(clause) && !llvm::isa<clang::OMPSimdlenClause>(clause))
      return false;
  for (const clang::ForStmt* loop : associatedLoops(nested)) {
    auto* init = llvm::dyn_cast_or_null<clang::DeclStmt>(loop->getInit());
    if (!init || !init->isSingleDecl()) return false;
  }
  return true;
}

class ModelsBuilder {
 public:
  ModelsBuilder(const std::string& file, clang::ASTContext& context, std::vector<Diagnostic>& diagnostics,
                const CheckModelOptions& options)
      : context_(context), diagnostics_(diagnostics), options_(options) {
    models_.file = file;
  }

  CheckModels build() {
    // `v[i]` of a std::vector<double>& v is the subscript of an array, as the adjoint reads it
    // (ContainerSubscripts.h)
    lowerContainerSubscriptsInProgram(context_);
    LoopsAndTaskLoops found = findLoopsAndTaskLoops(context_, diagnostics_);
    const std::vector<LoopSite>& sites = found.loops;
    std::vector<int> indices;
    for (const LoopSite& site : sites) indices.push_back(addLoop(*site.directive, site.region, site.function));
    for (size_t k = 0; k < sites.size(); ++k)
      if (indices[k] >= 0) addNestedLoops(*sites[k].directive, {indices[k]}, sites[k].function);
    for (const TaskLoopSite& site : found.taskLoops) addTaskLoop(site);
    int id = 0;
    for (const RegionSite& site : findRegions(context_)) {
      if (reportUnmodelledClause(*site.directive, site.function)) continue;
      models_.regions.push_back(buildRegionModel({site, id++, &loopIndex_}, context_));
    }
    return std::move(models_);
  }

 private:
  int addLoop(const clang::OMPLoopDirective& directive, const clang::OMPExecutableDirective* region,
              const clang::FunctionDecl* function) {
    if (reportUnmodelledClause(directive, function) || (region && reportUnmodelledClause(*region, function))) return -1;
    LoopModelRequest request{&directive, region, function, static_cast<int>(models_.loops.size())};
    request.partlyKnownSubscripts = true;
    LoopModelResult built = buildLoopModel(request, context_);
    if (built.error) diagnostics_.push_back(*built.error);
    if (!built.model) return -1;
    loopIndex_[&directive] = static_cast<int>(models_.loops.size());
    models_.loops.push_back(std::move(*built.model));
    models_.mayAlias.push_back(mayAliasPairs(directive, context_, options_.constPointeesMayAlias));
    models_.replays.push_back(buildLoopReplay(directive, function, context_));
    return static_cast<int>(models_.loops.size()) - 1;
  }

  // Tasks created in a loop: a loop model over the creating loop, whose iterations are the tasks.
  void addTaskLoop(const TaskLoopSite& site) {
    LoopModelRequest request{nullptr, site.region, site.function, static_cast<int>(models_.loops.size()), &site};
    request.partlyKnownSubscripts = true;
    LoopModelResult built = buildLoopModel(request, context_);
    if (built.error) diagnostics_.push_back(*built.error);
    if (!built.model) return;
    models_.loops.push_back(std::move(*built.model));
    models_.mayAlias.push_back(mayAliasPairs(*site.generator->getBody(), context_, options_.constPointeesMayAlias));
    models_.replays.emplace_back();  // tasks of a loop: not replayed
  }

  // Each nested `parallel for` gets its own model; the enclosing loops' "nested parallel region"
  // limitation at it goes when it is checked on its own and their models hold.
  void addNestedLoops(const clang::OMPLoopDirective& outer, std::vector<int> enclosing,
                      const clang::FunctionDecl* function) {
    for (const clang::OMPLoopDirective* nested : nestedParallelLoops(outer)) {
      // findLoops may have modelled it already.
      auto modelled = loopIndex_.find(nested);
      int index = modelled != loopIndex_.end() ? modelled->second : addLoop(*nested, nullptr, function);
      if (index < 0) continue;
      if (outerModelHolds(*nested)) {
        SourcePosition at = positionOf(nested->getBeginLoc(), context_.getSourceManager());
        for (int loop : enclosing) {
          std::vector<Limitation>& limitations = models_.loops[loop].limitations;
          limitations.erase(std::remove_if(limitations.begin(), limitations.end(),
                                           [&](const Limitation& limitation) {
                                             return limitation.at.line == at.line &&
                                                    limitation.at.column == at.column && limitation.at.file == at.file;
                                           }),
                            limitations.end());
        }
      }
      std::vector<int> inner = enclosing;
      inner.push_back(index);
      addNestedLoops(*nested, inner, function);
    }
  }

  // A clause the check does not read makes the construct "cannot check" (check/ClauseCoverage.h).
  bool reportUnmodelledClause(const clang::OMPExecutableDirective& directive, const clang::FunctionDecl* function) {
    std::optional<Diagnostic> unmodelled = unmodelledClause(directive, context_);
    if (!unmodelled) return false;
    if (function) unmodelled->function = function->getNameAsString();
    for (const Diagnostic& reported : diagnostics_)
      if (reported.at.line == unmodelled->at.line && reported.at.column == unmodelled->at.column) return true;
    diagnostics_.push_back(*unmodelled);
    return true;
  }

  clang::ASTContext& context_;
  std::vector<Diagnostic>& diagnostics_;
  const CheckModelOptions& options_;
  CheckModels models_;
  std::map<const clang::OMPLoopDirective*, int> loopIndex_;
};

}  // namespace

CheckModels buildCheckModels(const std::string& file, clang::ASTContext& context, std::vector<Diagnostic>& diagnostics,
                             const CheckModelOptions& options) {
  return ModelsBuilder(file, context, diagnostics, options).build();
}

CheckFrontendResult buildCheckModels(const CompileSettings& settings, const CheckModelOptions& options) {
  CheckFrontendResult result;
  parseFiles(settings, result.diagnostics, [&](const std::string& file, clang::ASTContext& context) {
    result.files.push_back(buildCheckModels(file, context, result.diagnostics, options));
  });
  return result;
}

}  // namespace adrace::analyzer
