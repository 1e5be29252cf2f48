#include "analyzer/frontend/Frontend.h"

#include "analyzer/frontend/CalledTaskSequences.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ClauseCoverage.h"
#include "analyzer/frontend/CompileCommand.h"
#include "analyzer/frontend/DirectiveConstructs.h"
#include "analyzer/frontend/ExpressionDepth.h"
#include "analyzer/frontend/LargeStack.h"
#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/MainFileFunctions.h"
#include "analyzer/frontend/SingleTimeline.h"
#include "analyzer/frontend/TaskLoops.h"
#include "analyzer/frontend/TaskSequences.h"
#include "analyzer/frontend/TargetTasks.h"
#include "analyzer/frontend/TaskloopInSingle.h"
#include "analyzer/frontend/TeamsRegions.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/DiagnosticParse.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <map>
#include <set>

namespace adrace::analyzer {
namespace {

// The directives the models read (or that unsupportedConstruct names above): any other one,
// such as those a newer Clang parses (scope, error, parallel masked, cancel, scan, interop...), is
// unsupported by its name rather than read as plain statements.
bool readDirective(const clang::OMPExecutableDirective& directive) {
  switch (directive.getDirectiveKind()) {
    case llvm::omp::OMPD_parallel:
    case llvm::omp::OMPD_for:
    case llvm::omp::OMPD_for_simd:
    case llvm::omp::OMPD_parallel_for:
    case llvm::omp::OMPD_parallel_for_simd:
    case llvm::omp::OMPD_simd:
    case llvm::omp::OMPD_sections:
    case llvm::omp::OMPD_parallel_sections:
    case llvm::omp::OMPD_section:
    case llvm::omp::OMPD_single:
    case llvm::omp::OMPD_master:
    case llvm::omp::OMPD_masked:
    case llvm::omp::OMPD_critical:
    case llvm::omp::OMPD_atomic:
    case llvm::omp::OMPD_barrier:
    case llvm::omp::OMPD_flush:
    case llvm::omp::OMPD_ordered:
    case llvm::omp::OMPD_task:
    case llvm::omp::OMPD_taskgroup:
    case llvm::omp::OMPD_taskwait:
    case llvm::omp::OMPD_taskyield:
    case llvm::omp::OMPD_teams:
    case llvm::omp::OMPD_distribute:
    case llvm::omp::OMPD_teams_distribute:
    case llvm::omp::OMPD_teams_distribute_parallel_for:
    case llvm::omp::OMPD_teams_distribute_parallel_for_simd: return true;
    default: return false;
  }
}

// The OpenMP constructs adrace has no model for. Anything else is either a loop it models, or
// synchronisation/data-sharing it reads (atomic, critical, barrier, single, master, ordered...).
const char* unsupportedConstruct(const clang::OMPExecutableDirective& directive) {
  switch (directive.getDirectiveKind()) {
    case llvm::omp::OMPD_task: return "task";
    case llvm::omp::OMPD_taskloop:
    case llvm::omp::OMPD_taskloop_simd: return "taskloop";
    case llvm::omp::OMPD_taskgroup: return "taskgroup";
    case llvm::omp::OMPD_sections:
    case llvm::omp::OMPD_parallel_sections: return "sections";
    case llvm::omp::OMPD_distribute: return "distribute";
    case llvm::omp::OMPD_teams: return "teams";
    case llvm::omp::OMPD_taskwait:
      // It waits only for the tasks its depend items name, or (nowait) for none.
      if (!directive.clauses().empty()) return "taskwait with depend or nowait";
      break;
    default: break;
  }
  llvm::StringRef name = llvm::omp::getOpenMPDirectiveName(directive.getDirectiveKind());
  if (beginsWithTarget(directive.getDirectiveKind())) return "target offload";
  if (combines(directive, llvm::omp::OMPD_taskloop)) return "taskloop";  // master taskloop, parallel master taskloop...
  if (llvm::isa<clang::OMPGenericLoopDirective>(directive)) return "loop";
  if (llvm::isa<clang::OMPTileDirective>(directive)) return "tile";
  if (llvm::isa<clang::OMPUnrollDirective>(directive)) return "unroll";
  if (!readDirective(directive)) return name.data();  // the names are string literals
  return nullptr;
}

// Combined target/teams/distribute loops: every iteration may run concurrently with every other
// (on different teams, or different threads of a team), as in a parallel for; the map clauses copy
// data to and from the device around the loop and order nothing inside it. With nowait or depend
// the target region runs asynchronously with the host, which is not modelled.
bool isOffloadedLoop(const clang::OMPExecutableDirective& directive) {
  bool combinedLoop = llvm::isa<clang::OMPTargetParallelForDirective>(directive) ||
                      llvm::isa<clang::OMPTargetParallelForSimdDirective>(directive) ||
                      llvm::isa<clang::OMPTargetTeamsDistributeDirective>(directive) ||
                      llvm::isa<clang::OMPTargetTeamsDistributeParallelForDirective>(directive) ||
                      llvm::isa<clang::OMPTargetTeamsDistributeParallelForSimdDirective>(directive) ||
                      llvm::isa<clang::OMPTeamsDistributeParallelForDirective>(directive) ||
                      llvm::isa<clang::OMPTeamsDistributeParallelForSimdDirective>(directive) ||
                      llvm::isa<clang::OMPTeamsDistributeDirective>(directive);
  return combinedLoop && !directive.hasClausesOfKind<clang::OMPNowaitClause>() &&
         !directive.hasClausesOfKind<clang::OMPDependClause>();
}

bool isModelledLoop(const clang::OMPExecutableDirective& directive);

// The OpenMP directives inside `statement` (not inside nested directives), in source order.
void directivesIn(const clang::Stmt* statement, std::vector<const clang::OMPExecutableDirective*>& out) {
  if (!statement) return;
  if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) {
    out.push_back(directive);
    return;
  }
  for (const clang::Stmt* child : statement->children()) directivesIn(child, out);
}

// A target construct that adds no concurrency of its own, so that what it holds is checked as on
// the host (OpenMP 5.2, 13.8: the encountering thread waits for a target region without nowait):
//   - `target data`, `target enter data`, `target exit data`, `target update`: they map or copy data
//     and run no code; map clauses order nothing between threads in the model;
//   - `target` outside a parallel region whose body is sequential code (one initial thread of the
//     device runs it while the host waits), or exactly one construct the models read (`parallel for`,
//     `parallel`, `teams distribute parallel for`, ...), which is then checked as that construct.
// With nowait or depend the target task runs beside the host, which is not modelled; a target in a
// parallel region runs once per thread, concurrently, which is not modelled either.
bool isTransparentTarget(const clang::OMPExecutableDirective& directive, bool inParallelRegion) {
  if (directive.hasClausesOfKind<clang::OMPNowaitClause>() || directive.hasClausesOfKind<clang::OMPDependClause>())
    return false;
  if (llvm::isa<clang::OMPTargetDataDirective>(directive) || llvm::isa<clang::OMPTargetEnterDataDirective>(directive) ||
      llvm::isa<clang::OMPTargetExitDataDirective>(directive) || llvm::isa<clang::OMPTargetUpdateDirective>(directive))
    return true;
  if (!llvm::isa<clang::OMPTargetDirective>(directive) || inParallelRegion) return false;
  std::vector<const clang::OMPExecutableDirective*> inner;
  directivesIn(directive.getInnermostCapturedStmt()->getCapturedStmt(), inner);
  if (inner.empty()) return true;
  if (inner.size() != 1) return false;
  // The one construct must be all the body holds but declarations.
  const clang::Stmt* body = directive.getInnermostCapturedStmt()->getCapturedStmt();
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(body))
    for (const clang::Stmt* statement : block->body())
      if (statement != inner.front() && !llvm::isa<clang::DeclStmt>(statement) &&
          !llvm::isa<clang::NullStmt>(statement))
        return false;
  return isModelledLoop(*inner.front()) || llvm::isa<clang::OMPParallelDirective>(inner.front());
}

bool isModelledLoop(const clang::OMPExecutableDirective& directive) {
  return llvm::isa<clang::OMPParallelForDirective>(directive) ||
         llvm::isa<clang::OMPParallelForSimdDirective>(directive) || llvm::isa<clang::OMPForDirective>(directive) ||
         llvm::isa<clang::OMPForSimdDirective>(directive) || llvm::isa<clang::OMPSimdDirective>(directive) ||
         isOffloadedLoop(directive);
}

class LoopFinder : public MainFileFunctionVisitor<LoopFinder> {
 public:
  LoopFinder(clang::ASTContext& context, std::vector<Diagnostic>& diagnostics, bool modelTaskLoops = false)
      : MainFileFunctionVisitor(context.getSourceManager()),
        context_(context),
        diagnostics_(diagnostics),
        modelTaskLoops_(modelTaskLoops) {
    for (const TeamsRegion& teams : findTeamsRegions(context)) {
      teamsRegions_[teams.teams] = teams;
      if (teams.target) teamsRegions_[teams.target] = teams;
      if (teams.distributed) distributedLoops_.insert(teams.distributed);
    }
    if (modelTaskLoops)
      for (const TargetTaskWindow& window : findTargetTaskWindows(context))
        for (const clang::OMPExecutableDirective* target : window.targets) targetTasks_[target] = window.whyNot;
  }

  bool TraverseOMPParallelDirective(clang::OMPParallelDirective* region) {
    regions_.push_back(region);
    bool result = MainFileFunctionVisitor::TraverseOMPParallelDirective(region);
    regions_.pop_back();
    return result;
  }

  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
    const clang::FunctionDecl* function = currentFunction();
    if (!function) return true;
    if (fromMetadirective(*directive, context_.getSourceManager())) {
      diagnostics_.push_back({Diagnostic::Severity::Error,
                              positionOf(directive->getBeginLoc(), context_.getSourceManager()),
                              "unsupported OpenMP construct: metadirective (the variant a compiler selects is its own)",
                              true, function->getNameAsString()});
      return true;
    }
    std::string why;
    if (auto* task = llvm::dyn_cast<clang::OMPTaskDirective>(directive); task && modelTaskLoops_) {
      TaskLoopSite site;
      const clang::OMPExecutableDirective* region = regions_.empty() ? nullptr : regions_.back();
      // Created in a function a single calls: the region model reads it there (CalledTaskSequences.h).
      std::string notCalled;
      if (!region && tasksOfCalledSequences(*function, context_, notCalled)) return true;
      if (findTaskLoop(*task, region, function, context_, site, why)) {
        if (site.task == task) taskLoops_.push_back(site);  // one model for all the tasks of the loop
        return true;
      }
      // Tasks created one by one in a single: the region model covers them (RegionModelBuilder).
      std::string notSequence;
      if (inTaskSequence(*task, region, context_, notSequence)) return true;
      if (inSingleTimeline(*task, region, context_)) return true;
      if (!notSequence.empty()) why = notSequence;
      if (!notCalled.empty()) why = notCalled;
      why = " (not modelled: " + why + ")";
    }
    if (llvm::isa<clang::OMPTaskgroupDirective>(directive) && modelTaskLoops_) {
      std::string notSequence;
      const clang::OMPExecutableDirective* region = regions_.empty() ? nullptr : regions_.back();
      if (inTaskSequence(*directive, region, context_, notSequence)) return true;
      if (inSingleTimeline(*directive, region, context_)) return true;
      if (!region && tasksOfCalledSequences(*function, context_, notSequence)) return true;
      if (!notSequence.empty()) why = " (not modelled: " + notSequence + ")";
    }
    if (isTaskloop(*directive) && modelTaskLoops_) {
      const clang::OMPExecutableDirective* region = regions_.empty() ? nullptr : regions_.back();
      // Several taskloops, or tasks beside it, in a single (SingleTimeline.h).
      if (inSingleTimeline(*directive, region, context_)) {
        sites_.push_back({llvm::cast<clang::OMPLoopDirective>(directive), region, function});
        return true;
      }
      if (const clang::OMPSingleDirective* single = singleAround(*directive, region)) {
        std::string notModelled;
        if (std::optional<TaskloopInSingle> shape = taskloopOfSingle(*single, notModelled);
            shape && shape->taskloop == directive) {
          sites_.push_back({llvm::cast<clang::OMPLoopDirective>(directive), region, function});
          return true;
        }
        std::vector<SinglePart> parts;
        std::string notTimeline;
        if (!findSingleTimeline(*single, *region, context_, parts, notTimeline) && !notTimeline.empty())
          notModelled = notTimeline;
        why = " (not modelled: " + notModelled + ")";
      } else {
        why = " (not modelled: a taskloop that is not all of a `single` directly inside a parallel region)";
      }
    }
    // A teams region without distribute (and the target around it) is the region model's (check);
    // it holds no loop for analyze.
    if (auto teams = teamsRegions_.find(directive); teams != teamsRegions_.end()) {
      if (teams->second.modelled || teams->second.distributed) return true;
      why = " (not modelled: " + teams->second.whyNot + ")";
    }
    if (isTransparentTarget(*directive, !regions_.empty())) return true;
    // A target nowait beside the host's statements: the window's region model (TargetTasks.h); a
    // target loop's iterations get a loop model of their own.
    if (auto target = targetTasks_.find(directive); target != targetTasks_.end()) {
      if (!target->second.empty()) {
        if (why.empty()) why = " (not modelled: " + target->second + ")";  // a teams region says its own
      } else {
        if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(directive))
          sites_.push_back({loop, nullptr, function});
        return true;
      }
    }
    // `teams { distribute parallel for }`: the combined construct, written in two directives.
    bool distributed = distributedLoops_.count(directive) > 0;
    if (const char* construct = unsupportedConstruct(*directive);
        construct && !modelledAsRegionSteps(*directive) && !isOffloadedLoop(*directive) && !distributed) {
      diagnostics_.push_back(
          {Diagnostic::Severity::Error, positionOf(directive->getBeginLoc(), context_.getSourceManager()),
           std::string("unsupported OpenMP construct: ") + construct + why, true, function->getNameAsString()});
      return true;
    }
    if (!isModelledLoop(*directive) && !distributed) {
      // A loop construct with no model (`loop`, `tile`, `unroll`...) must not pass unchecked.
      if (llvm::isa<clang::OMPLoopBasedDirective>(directive) && !insideModelledLoop(*directive, function))
        diagnostics_.push_back(
            {Diagnostic::Severity::Error, positionOf(directive->getBeginLoc(), context_.getSourceManager()),
             "unsupported OpenMP construct: " + directiveName(*directive), true, function->getNameAsString()});
      return true;
    }
    auto* loop = llvm::cast<clang::OMPLoopDirective>(directive);
    // A simd or worksharing loop nested in a modelled loop's body belongs to that loop's model.
    if (insideModelledLoop(*directive, function)) return true;
    sites_.push_back({loop, regions_.empty() ? nullptr : regions_.back(), function});
    return true;
  }

  std::vector<LoopSite> sites() { return std::move(sites_); }
  std::vector<TaskLoopSite> taskLoops() { return std::move(taskLoops_); }

 private:
  // `parallel sections`, and `sections` directly inside a parallel region of this function: the
  // region model makes each section a step (analyze looks at loops only; check's region model
  // reports what it cannot place). An orphaned `sections` stays unsupported.
  bool modelledAsRegionSteps(const clang::OMPExecutableDirective& directive) const {
    if (llvm::isa<clang::OMPParallelSectionsDirective>(directive)) return true;
    return llvm::isa<clang::OMPSectionsDirective>(directive) && !regions_.empty();
  }

  bool insideModelledLoop(const clang::OMPExecutableDirective& directive, const clang::FunctionDecl* function) const {
    for (const LoopSite& outer : sites_)
      if (outer.function == function && contains(outer.directive, &directive)) return true;
    return false;
  }

  // The `single` among the region's own statements whose block holds `directive`.
  const clang::OMPSingleDirective* singleAround(const clang::OMPExecutableDirective& directive,
                                                const clang::OMPExecutableDirective* region) const {
    if (!region) return nullptr;
    for (const clang::Stmt* statement : statementsOf(region->getInnermostCapturedStmt()->getCapturedStmt()))
      if (auto* single = llvm::dyn_cast<clang::OMPSingleDirective>(statement))
        for (const clang::Stmt* inner : statementsOf(single->getAssociatedStmt()))
          if (inner == &directive) return single;
    return nullptr;
  }

  // Whether `inner` lies in the loop `outer` is associated with (a directive's own range ends
  // with its pragma line).
  bool contains(const clang::OMPLoopDirective* outer, const clang::Stmt* inner) const {
    const clang::SourceManager& sources = context_.getSourceManager();
    const clang::Stmt* loop = outer->getAssociatedStmt();
    return sources.isBeforeInTranslationUnit(loop->getBeginLoc(), inner->getBeginLoc()) &&
           sources.isBeforeInTranslationUnit(inner->getEndLoc(), loop->getEndLoc());
  }

  clang::ASTContext& context_;
  std::vector<Diagnostic>& diagnostics_;
  std::vector<const clang::OMPExecutableDirective*> regions_;
  std::vector<LoopSite> sites_;
  bool modelTaskLoops_ = false;
  std::vector<TaskLoopSite> taskLoops_;
  std::map<const clang::Stmt*, TeamsRegion> teamsRegions_;  // by teams directive, and by a target around one
  std::set<const clang::Stmt*> distributedLoops_;           // TeamsRegion::distributed
  // check: each target nowait, with why its window is not modelled (empty when it is)
  std::map<const clang::Stmt*, std::string> targetTasks_;
};

// Clang's errors as adrace diagnostics; warnings are the compiler's business, not ours.
class ErrorCollector : public clang::DiagnosticConsumer {
 public:
  explicit ErrorCollector(std::vector<Diagnostic>& out) : out_(out) {}
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    // The base class is not called: it counts errors, and Clang would print "N errors generated".
    if (level < clang::DiagnosticsEngine::Error) return;
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    if (info.getID() == clang::diag::warn_omp_extra_tokens_at_eol)
      message = (message.str() +
                 " by Clang (a directive or clause of a later OpenMP version, or a misspelt "
                 "one): adrace would read a different program than the one written")
                    .str();
    SourcePosition at;
    if (info.hasSourceManager() && info.getLocation().isValid())
      at = positionOf(info.getLocation(), info.getSourceManager());
    out_.push_back({Diagnostic::Severity::Error, at, message.str().str()});
  }

 private:
  std::vector<Diagnostic>& out_;
};

class VisitAction : public clang::ASTFrontendAction {
 public:
  using Visit = std::function<void(const std::string&, clang::ASTContext&)>;
  VisitAction(const Visit& visit, std::vector<Diagnostic>& diagnostics, bool& visiting)
      : visit_(visit), diagnostics_(diagnostics), visiting_(visiting) {}

  // Clang reads a directive it does not know the end of (`#pragma omp parallel frobnicate`; Clang 14
  // also `parallel loop`) as the part it knows and ignores the rest with a warning: a parallel
  // region in which every thread runs the whole loop. Make that an error.
  bool BeginSourceFileAction(clang::CompilerInstance& instance) override {
    instance.getDiagnostics().setSeverity(clang::diag::warn_omp_extra_tokens_at_eol, clang::diag::Severity::Error, {});
    return true;
  }

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& instance,
                                                        llvm::StringRef file) override {
    struct Consumer : clang::ASTConsumer {
      Consumer(const Visit& visit, std::vector<Diagnostic>& diagnostics, bool& visiting,
               clang::CompilerInstance& instance, std::string file)
          : visit(visit), diagnostics(diagnostics), visiting(visiting), instance(instance), file(std::move(file)) {}
      void HandleTranslationUnit(clang::ASTContext& context) override {
        if (instance.getDiagnostics().hasErrorOccurred()) return;
        // Clang's CFG builder and our walks recurse per level: refuse what would overflow the stack.
        if (std::optional<Diagnostic> tooDeep = findTooDeepExpression(context)) {
          diagnostics.push_back(*tooDeep);
          return;
        }
        visiting = true;  // a crash from here on is adrace's own, not the front-end's
        visit(file, context);
        visiting = false;
      }
      const Visit& visit;
      std::vector<Diagnostic>& diagnostics;
      bool& visiting;
      clang::CompilerInstance& instance;
      std::string file;
    };
    return std::make_unique<Consumer>(visit_, diagnostics_, visiting_, instance, file.str());
  }

 private:
  const Visit& visit_;
  std::vector<Diagnostic>& diagnostics_;
  bool& visiting_;
};

class VisitActionFactory : public clang::tooling::FrontendActionFactory {
 public:
  VisitActionFactory(VisitAction::Visit visit, std::vector<Diagnostic>& diagnostics)
      : visit_(std::move(visit)), diagnostics_(diagnostics) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<VisitAction>(visit_, diagnostics_, visiting);
  }
  bool visiting = false;  // inside the visit callback: adrace's own code, not Clang's, is running

 private:
  VisitAction::Visit visit_;
  std::vector<Diagnostic>& diagnostics_;
};

// An error about a whole file (no line or column to point at).
Diagnostic fileError(const std::string& file, std::string message) {
  Diagnostic diagnostic;
  diagnostic.at.file = file;
  diagnostic.message = std::move(message);
  return diagnostic;
}

std::unique_ptr<clang::tooling::CompilationDatabase> compilationDatabase(const CompileSettings& settings,
                                                                         std::vector<Diagnostic>& diagnostics) {
  if (!settings.buildDirectory.empty()) {
    std::string error;
    auto database = clang::tooling::CompilationDatabase::loadFromDirectory(settings.buildDirectory, error);
    if (!database)
      diagnostics.push_back(fileError(settings.buildDirectory, "cannot read compile_commands.json: " + error));
    return database;
  }
  return std::make_unique<clang::tooling::FixedCompilationDatabase>(
      ".", flagsOfCompileCommand(settings.compilerArguments, settings.files));
}

}  // namespace

bool FrontendResult::hasErrors() const {
  for (const Diagnostic& diagnostic : diagnostics)
    if (diagnostic.severity == Diagnostic::Severity::Error) return true;
  return false;
}

std::vector<LoopSite> findLoops(clang::ASTContext& context, std::vector<Diagnostic>& diagnostics) {
  LoopFinder finder(context, diagnostics);
  finder.TraverseDecl(context.getTranslationUnitDecl());
  return finder.sites();
}

LoopsAndTaskLoops findLoopsAndTaskLoops(clang::ASTContext& context, std::vector<Diagnostic>& diagnostics) {
  LoopFinder finder(context, diagnostics, true);
  finder.TraverseDecl(context.getTranslationUnitDecl());
  return {finder.sites(), finder.taskLoops()};
}

bool fromMetadirective(const clang::OMPExecutableDirective& directive, const clang::SourceManager& sources) {
  clang::SourceLocation at = sources.getSpellingLoc(directive.getBeginLoc());
  bool invalid = false;
  llvm::StringRef buffer = sources.getBufferData(sources.getFileID(at), &invalid);
  unsigned offset = sources.getFileOffset(at);
  if (invalid || offset >= buffer.size() || buffer[offset] == '#') return false;
  // Back to the `#` that starts the pragma, across line continuations.
  size_t start = buffer.rfind('#', offset);
  if (start == llvm::StringRef::npos) return false;
  std::string text = buffer.slice(start + 1, offset).str();
  for (char& c : text)
    if (c == '\t' || c == '\r' || c == '\n' || c == '\\') c = ' ';
  llvm::SmallVector<llvm::StringRef, 4> words;
  llvm::StringRef(text).split(words, ' ', -1, false);
  for (llvm::StringRef word : words) {
    if (word == "metadirective") return true;
    if (!word.empty() && word != "pragma" && word != "omp" && word != "begin") return false;
  }
  return false;
}

const char* unsupportedOpenMPConstruct(const clang::OMPExecutableDirective& directive) {
  return unsupportedConstruct(directive);
}

const char* clangResourceDirectory() { return ADRACE_CLANG_RESOURCE_DIR; }

void parseFiles(const CompileSettings& settings, std::vector<Diagnostic>& diagnostics,
                const std::function<void(const std::string&, clang::ASTContext&)>& visit) {
  std::vector<std::string> files;
  for (const std::string& file : settings.files) {
    if (!llvm::sys::fs::exists(file)) {
      diagnostics.push_back(fileError(file, "no such file"));
      continue;
    }
    if (llvm::sys::fs::is_directory(file)) {
      diagnostics.push_back(fileError(file, "is a directory, not a source file"));
      continue;
    }
    if (!llvm::sys::fs::is_regular_file(file)) {
      diagnostics.push_back(fileError(file, "is not a regular file (a device, FIFO or socket), not a source file"));
      continue;
    }
    files.push_back(file);
  }
  if (files.empty()) return;
  auto database = compilationDatabase(settings, diagnostics);
  if (!database) return;

  // Clang (14 and 19) segfaults on some input it should reject (`allocate(i)` on a loop counter, in
  // Sema): recover from a crash, a stack overflow included, as from an error, so the user gets a
  // diagnostic naming the file (runRecoverablyOnLargeStack).
  // One file at a time, so that an error Clang gives without a location can name its file.
  for (const std::string& file : files) {
    std::vector<Diagnostic> fileDiagnostics;
    clang::tooling::ClangTool tool(*database, {file});
    // OpenMP pragmas are what we read; the builtin headers (omp.h, stddef.h) come from our Clang's
    // resource directory, which a tool outside the LLVM tree cannot find by itself.
    tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        {"-fopenmp", std::string("-resource-dir=") + clangResourceDirectory(), "-Wno-everything"},
        clang::tooling::ArgumentInsertPosition::END));
    if (!settings.extraArgumentsBefore.empty())
      tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
          settings.extraArgumentsBefore, clang::tooling::ArgumentInsertPosition::BEGIN));
    if (!settings.extraArguments.empty())
      tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
          settings.extraArguments, clang::tooling::ArgumentInsertPosition::END));
    ErrorCollector errors(fileDiagnostics);
    tool.setDiagnosticConsumer(&errors);
    tool.setPrintErrorMessage(false);
    VisitActionFactory fileFactory(visit, fileDiagnostics);
    LargeStackOutcome outcome = runRecoverablyOnLargeStack([&] { tool.run(&fileFactory); });
    if (outcome.stackOverflow)
      fileDiagnostics.push_back(
          fileError(file,
                    "nested too deeply: adrace ran out of stack reading this file (statements or expressions nested "
                    "thousands of levels deep; split the deepest one)"));
    else if (!outcome.completed)
      fileDiagnostics.push_back(fileError(
          file, fileFactory.visiting
                    ? "internal error: adrace crashed while processing this file (a bug in adrace: please report it "
                      "with the file)"
                    : "the C front-end (Clang " ADRACE_CLANG_MAJOR
                      ") crashed on this file; adrace cannot read it (an OpenMP clause Clang "
                      "mishandles, such as allocate() on a loop counter, is a known cause)"));
    for (Diagnostic& diagnostic : fileDiagnostics) {
      if (diagnostic.at.file.empty()) diagnostic.at.file = file;
      // The driver's words for a file it cannot classify by its name.
      if (diagnostic.message.find("expected exactly one compiler job") != std::string::npos)
        diagnostic.message = "cannot tell the language from the file name: give a .c or .cpp file, or -x c after --";
      diagnostics.push_back(std::move(diagnostic));
    }
  }
}

FrontendResult buildModels(const CompileSettings& settings) {
  FrontendResult result;
  parseFiles(settings, result.diagnostics, [&](const std::string& file, clang::ASTContext& context) {
    FileModel model{file, {}};
    std::vector<LoopSite> sites = findLoops(context, result.diagnostics);
    for (const LoopSite& site : sites) {
      std::optional<Diagnostic> unmodelled = unmodelledClause(*site.directive, context);
      if (!unmodelled && site.region) unmodelled = unmodelledClause(*site.region, context);
      if (unmodelled) {
        result.diagnostics.push_back(*unmodelled);
        continue;
      }
      LoopModelResult built =
          buildLoopModel({site.directive, site.region, site.function, static_cast<int>(model.loops.size())}, context);
      if (built.error) result.diagnostics.push_back(*built.error);
      if (built.model) model.loops.push_back(std::move(*built.model));
    }
    result.files.push_back(std::move(model));
  });
  return result;
}

}  // namespace adrace::analyzer
