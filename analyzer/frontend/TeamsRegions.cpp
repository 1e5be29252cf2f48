#include "analyzer/frontend/TeamsRegions.h"

#include "analyzer/frontend/DirectiveConstructs.h"
#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/MainFileFunctions.h"

#include <clang/Basic/SourceManager.h>

namespace adrace::analyzer {
namespace {

bool isTeams(const clang::OMPExecutableDirective& directive) {
  return llvm::isa<clang::OMPTeamsDirective>(directive) || llvm::isa<clang::OMPTargetTeamsDirective>(directive);
}

bool runsAsynchronously(const clang::OMPExecutableDirective& directive) {
  return directive.hasClausesOfKind<clang::OMPNowaitClause>() || directive.hasClausesOfKind<clang::OMPDependClause>();
}

// The statement a directive's structured block is, through the captured statements around it.
const clang::Stmt* structuredBlock(const clang::OMPExecutableDirective& directive) {
  if (!directive.hasAssociatedStmt()) return nullptr;
  return directive.getInnermostCapturedStmt()->getCapturedStmt();
}

// The only statement of a `target`'s block when it is a `teams` directive (`{ teams }` too).
const clang::OMPExecutableDirective* teamsOfTarget(const clang::OMPTargetDirective& target) {
  const clang::Stmt* block = structuredBlock(target);
  if (auto* compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(block)) {
    if (compound->size() != 1) return nullptr;
    block = compound->body_front();
  }
  auto* teams = llvm::dyn_cast_or_null<clang::OMPTeamsDirective>(block);
  return teams;
}

class Finder : public MainFileFunctionVisitor<Finder> {
 public:
  explicit Finder(const clang::SourceManager& sources) : MainFileFunctionVisitor(sources), sources_(sources) {}

  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
    if (!currentFunction()) return true;
    directives_.push_back({directive, currentFunction()});
    return true;
  }

  std::vector<TeamsRegion> regions() const {
    std::vector<TeamsRegion> result;
    for (const auto& [directive, function] : directives_) {
      if (!isTeams(*directive)) continue;
      TeamsRegion region;
      region.teams = directive;
      region.function = function;
      const clang::OMPLoopDirective* distributed = onlyDistributeLoop(*directive);
      region.whyNot = whyNotModelled(region, /*body=*/!distributed);
      if (region.whyNot.empty()) region.distributed = distributed;
      region.modelled = region.whyNot.empty() && !region.distributed;
      result.push_back(region);
    }
    return result;
  }

 private:
  bool contains(const clang::OMPExecutableDirective& outer, const clang::Stmt& inner) const {
    const clang::Stmt* block = structuredBlock(outer);
    // The block may be the inner directive itself (`target` > `teams`).
    return block && &outer != &inner &&
           !sources_.isBeforeInTranslationUnit(inner.getBeginLoc(), block->getBeginLoc()) &&
           !sources_.isBeforeInTranslationUnit(block->getEndLoc(), inner.getEndLoc());
  }

  // The `distribute` loop that is all of the teams' body but declarations, or null.
  static const clang::OMPLoopDirective* onlyDistributeLoop(const clang::OMPExecutableDirective& teams) {
    const clang::Stmt* block = structuredBlock(teams);
    const clang::OMPLoopDirective* loop = nullptr;
    auto consider = [&](const clang::Stmt* statement) {
      if (llvm::isa<clang::DeclStmt>(statement) || llvm::isa<clang::NullStmt>(statement)) return true;
      auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement);
      if (loop || !directive || constructsOf(*directive).front() != llvm::omp::OMPD_distribute) return false;
      loop = directive;
      return true;
    };
    if (auto* compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(block)) {
      for (const clang::Stmt* statement : compound->body())
        if (!consider(statement)) return nullptr;
    } else if (!block || !consider(block)) {
      return nullptr;
    }
    return loop;
  }

  // Why the region is not modelled: where it stands, and (`body`) what its body holds.
  std::string whyNotModelled(TeamsRegion& region, bool body) const {
    const clang::OMPExecutableDirective& teams = *region.teams;
    if (runsAsynchronously(teams))
      return "a target region with nowait or depend runs asynchronously with the host, which is not modelled";
    for (const auto& [outer, function] : directives_) {
      if (function != region.function || !contains(*outer, teams)) continue;
      auto* target = llvm::dyn_cast<clang::OMPTargetDirective>(outer);
      if (target && teamsOfTarget(*target) == &teams) {
        region.target = target;
        if (runsAsynchronously(*target))
          return "a target region with nowait or depend runs asynchronously with the host, which is not modelled";
        continue;
      }
      if (llvm::isa<clang::OMPTargetDataDirective>(outer)) continue;  // a data environment: it runs nothing
      return "a teams construct inside '#pragma omp " + directiveName(*outer) +
             "' (which may run it more than once at a time) is not modelled";
    }
    for (const auto& [inner, function] : directives_) {
      if (!body) break;
      if (function != region.function || !contains(teams, *inner)) continue;
      if (llvm::isa<clang::OMPAtomicDirective>(inner)) continue;
      std::string name = directiveName(*inner);
      if (combines(*inner, llvm::omp::OMPD_distribute))
        return "'#pragma omp " + name + "' inside a teams construct (not combined with it) is not modelled";
      if (combines(*inner, llvm::omp::OMPD_parallel))
        return "a parallel region nested in a teams region (the threads of a team and the teams are both "
               "concurrent) is not modelled";
      return "'#pragma omp " + name + "' inside a teams region is not modelled";
    }
    return "";
  }

  const clang::SourceManager& sources_;
  std::vector<std::pair<const clang::OMPExecutableDirective*, const clang::FunctionDecl*>> directives_;
};

}  // namespace

std::vector<TeamsRegion> findTeamsRegions(clang::ASTContext& context) {
  Finder finder(context.getSourceManager());
  finder.TraverseDecl(context.getTranslationUnitDecl());
  return finder.regions();
}

}  // namespace adrace::analyzer
