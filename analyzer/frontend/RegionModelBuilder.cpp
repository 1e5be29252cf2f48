#include "analyzer/frontend/RegionModelBuilder.h"

#include "analyzer/frontend/CalleeInlining.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/DirectiveConstructs.h"
#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/MainFileFunctions.h"
#include "analyzer/frontend/ReferenceCollector.h"
#include "analyzer/frontend/RegionAccesses.h"
#include "analyzer/frontend/RegionBuildState.h"
#include "analyzer/frontend/RegionGuards.h"
#include "analyzer/frontend/RegionSteps.h"
#include "analyzer/frontend/RegionValues.h"
#include "analyzer/frontend/TeamsRegions.h"

#include <set>

namespace adrace::analyzer {

std::vector<RegionSite> findRegions(clang::ASTContext& context) {
  struct Finder : MainFileFunctionVisitor<Finder> {
    using MainFileFunctionVisitor::MainFileFunctionVisitor;
    std::set<const clang::Stmt*> modelledTeams;
    bool VisitOMPTeamsDirective(clang::OMPTeamsDirective* region) { return addTeams(region); }
    bool VisitOMPTargetTeamsDirective(clang::OMPTargetTeamsDirective* region) { return addTeams(region); }
    bool addTeams(const clang::OMPExecutableDirective* region) {
      if (currentFunction() && modelledTeams.count(region)) sites.push_back({region, currentFunction(), nullptr});
      return true;
    }
    bool VisitOMPParallelDirective(clang::OMPParallelDirective* region) {
      if (currentFunction()) sites.push_back({region, currentFunction(), nullptr});
      return true;
    }
    bool VisitOMPParallelSectionsDirective(clang::OMPParallelSectionsDirective* region) {
      if (currentFunction()) sites.push_back({region, currentFunction(), nullptr});
      return true;
    }
    std::vector<RegionSite> sites;
  } finder(context.getSourceManager());
  for (const TeamsRegion& teams : findTeamsRegions(context))
    if (teams.modelled) finder.modelledTeams.insert(teams.teams);
  finder.TraverseDecl(context.getTranslationUnitDecl());
  for (TargetTaskWindow& window : findTargetTaskWindows(context))
    if (window.whyNot.empty()) {
      const clang::OMPExecutableDirective* first = window.targets.front();
      const clang::FunctionDecl* function = window.function;
      finder.sites.push_back({first, function, std::make_shared<const TargetTaskWindow>(std::move(window))});
    }
  return finder.sites;
}

RegionModel buildRegionModel(const RegionModelRequest& request, clang::ASTContext& context) {
  using Relation = smt::KnowledgeBase::Relation;
  region::RegionBuildState state(request, context);
  region::RegionValues values(state);
  region::RegionGuards guards(state, values);
  region::RegionAccessCollector accesses(state, values, guards);
  region::RegionStepBuilder steps(state, values, accesses);

  RegionModel& model = state.model;
  const clang::OMPExecutableDirective& directive = *request.site.directive;
  model.id = request.id;
  model.function = request.site.function ? request.site.function->getNameAsString() : "";
  model.pragmaAt = positionOf(directive.getBeginLoc(), state.sources);
  model.directive = modelDirectiveOf(directive);
  bool teams = llvm::isa<clang::OMPTeamsDirective>(directive) || llvm::isa<clang::OMPTargetTeamsDirective>(directive);
  if (teams) model.units = RegionUnits::Teams;
  // The region as a "loop" without counters: its clauses and the declarations in its body decide.
  // A window of target nowait tasks: the first target's, and what the host only touches is its own.
  const TargetTaskWindow* window = request.site.window.get();
  state.sharing = std::make_unique<DataSharing>(
      directive, nullptr, nullptr, std::vector<const clang::VarDecl*>{},
      window ? *directive.getInnermostCapturedStmt()->getCapturedStmt() : *state.body, context);
  if (window) {
    model.hostWithTargetTasks = true;
    for (const auto& [variable, shared] : sharedWithTargets(*window))
      if (shared)
        state.sharing->assume(variable, Sharing::Shared, "named by a target nowait task and the host");
      else if (variable->hasLocalStorage())
        state.sharing->assume(variable, Sharing::Private, "touched by the host only, no target of the window names it");
  }
  state.writtenIntegerArrays = findWrittenVariables(*state.body).arrays;
  // What the functions called in the region write is not a constant either.
  std::set<const clang::VarDecl*> writtenByCalls = writtenByCallees(*state.body);
  for (const clang::VarDecl* variable : writtenByCalls)
    if (variable->getType()->isArrayType() || variable->getType()->isPointerType())
      state.writtenIntegerArrays.insert(variable);
  state.translator = std::make_unique<IndexTranslator>(context, *state.sharing, nullptr, state.writtenIntegerArrays);
  if (teams) {
    // Each team's statements run on its initial thread, thread 0 of a team of one.
    state.translator->nameThreadQueries(smt::constant(0), smt::constant(1));
    state.translator->nameTeamQueries(unitNumber(RegionUnits::Teams), unitCount(RegionUnits::Teams));
  } else {
    state.translator->nameThreadQueries(threadNumber(), teamSize());
  }
  if (window) {
    // The host's own definitions in the window: what came before it is not followed, and the
    // targets assign their own copies.
    for (const clang::Stmt* statement : window->statements)
      if (auto* target = llvm::dyn_cast<clang::OMPExecutableDirective>(statement); !target || !isTargetNowait(*target))
        state.definitions.TraverseStmt(const_cast<clang::Stmt*>(statement));
  } else {
    state.definitions.TraverseStmt(const_cast<clang::Stmt*>(state.body));
  }
  steps.tasks().seeIntoTasks(state.body);
  // Every thread's number is in [0, team size): also for the thread that runs a loop iteration.
  model.facts.push_back({unitNumber(model.units), Relation::GreaterEqual, smt::constant(0)});
  model.facts.push_back({unitNumber(model.units), Relation::Less, unitCount(model.units)});
  values.describePrivateValues();
  for (const clang::VarDecl* variable : writtenByCalls)
    if (variable->getType()->isIntegerType() && !isPerThread(state.sharing->of(variable).sharing))
      state.writtenShared.insert(state.sharing->of(variable).name);
  if (teams)
    steps.addLeagueSizeBound(directive);
  else if (!window)
    steps.addTeamSizeBound(directive);
  steps.findSpinWaits();
  if (window)
    steps.tasks().addTargetTaskSteps(*window);
  else if (llvm::isa<clang::OMPParallelSectionsDirective>(directive))
    steps.addSectionSteps(state.body, 0, false);
  else
    for (size_t index = 0; index < state.topLevel.size(); ++index) steps.addStep(state.topLevel[index], index);
  return std::move(model);
}

}  // namespace adrace::analyzer
