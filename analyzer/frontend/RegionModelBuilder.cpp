#include "analyzer/frontend/RegionModelBuilder.h"

#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/CalleeInlining.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/DataSharing.h"
#include "analyzer/frontend/ElementAddresses.h"
#include "analyzer/frontend/Frontend.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/frontend/LibraryCalls.h"
#include "analyzer/frontend/LoopHeader.h"
#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/MainFileFunctions.h"
#include "analyzer/frontend/DerivedPointers.h"
#include "analyzer/frontend/ReferenceCollector.h"
#include "analyzer/frontend/Synchronisation.h"
#include "analyzer/frontend/TaskLoops.h"
#include "analyzer/frontend/TaskloopInSingle.h"
#include "analyzer/frontend/TaskSequences.h"
#include "analyzer/frontend/TeamsRegions.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>

namespace adrace::analyzer {
namespace {

using Relation = smt::KnowledgeBase::Relation;

// Where each variable is (re)defined inside the region: declarations with an initialiser,
// assignments, increments; and whose address is taken. The headers of loops associated with an
// OpenMP loop directive define the construct's private copy of the counter, not the variable.
struct DefinitionFinder : clang::RecursiveASTVisitor<DefinitionFinder> {
  std::map<const clang::VarDecl*, std::vector<const clang::Stmt*>> definitions;
  std::set<const clang::VarDecl*> addressTaken;
  std::set<const clang::Stmt*> privateCounterDefinitions;

  bool VisitDeclStmt(clang::DeclStmt* statement) {
    for (const clang::Decl* declaration : statement->decls())
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(declaration); variable && variable->hasInit())
        definitions[variable].push_back(statement);
    return true;
  }
  bool VisitOMPLoopDirective(clang::OMPLoopDirective* directive) {
    // lastprivate and linear copy the counter's last value out.
    if (directive->hasClausesOfKind<clang::OMPLastprivateClause>() ||
        directive->hasClausesOfKind<clang::OMPLinearClause>())
      return true;
    for (const clang::ForStmt* loop : associatedLoops(*directive))
      for (const clang::Stmt* part : {loop->getInit(), static_cast<const clang::Stmt*>(loop->getInc())})
        if (auto* expression = llvm::dyn_cast_or_null<clang::Expr>(part))
          privateCounterDefinitions.insert(expression->IgnoreParens());
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp() && !privateCounterDefinitions.count(op))
      if (const clang::VarDecl* variable = variableOf(op->getLHS())) definitions[variable].push_back(op);
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (const clang::VarDecl* variable = variableOf(op->getSubExpr())) {
      if (op->isIncrementDecrementOp() && !privateCounterDefinitions.count(op)) definitions[variable].push_back(op);
      if (op->getOpcode() == clang::UO_AddrOf) addressTaken.insert(variable);
    }
    return true;
  }
};

class RegionBuilder {
 public:
  RegionBuilder(const RegionModelRequest& request, clang::ASTContext& context)
      : request_(request),
        context_(context),
        sources_(context.getSourceManager()),
        body_(request.site.directive->getInnermostCapturedStmt()->getCapturedStmt()),
        parents_(const_cast<clang::Stmt*>(body_)),
        aliases_(request.site.function) {}

  RegionModel build();

 private:
  // How the value of a private integer of the region is known.
  struct PrivateValue {
    enum class Kind { Unknown, Defined, SequentialCounter } kind = Kind::Unknown;
    size_t definedAt = 0;                  // Defined: the top-level statement after which it holds
    bool inCallee = false;                 // Defined: a local of an inlined callee, defined where it is declared
    const clang::ForStmt* loop = nullptr;  // SequentialCounter: the loop whose body sees its range
  };
  // What the collector is gathering: a step of the region, or the shared scalars of a loop body.
  // A call in a statement of the region whose callee's statements are read where it is made
  // (collectCallee): what holds there, for the callee's accesses.
  struct CallSite {
    std::vector<smt::Condition> guards;
    bool guardUnknown = false;
    std::set<const clang::ForStmt*> loops;  // the sequential loops around the call
  };
  struct Scope {
    DataSharing* sharing = nullptr;
    IndexTranslator* translator = nullptr;
    bool scalarsOnly = false;
    size_t topLevel = 0;                 // the step's statement, for the order of definitions
    const clang::Stmt* root = nullptr;   // guards are read up to here
    const CallSite* callSite = nullptr;  // inside a callee read at its call
  };

  void findTopLevelStatements();
  void findSpinWaits();
  void describePrivateValues();
  bool visibleToLoops(const clang::VarDecl* variable) const;
  void addStep(const clang::Stmt* statement, size_t index);
  void addLeagueSizeBound(const clang::OMPExecutableDirective& teams);
  void addBarrierStep(const clang::Stmt* at);
  bool addArmSteps(const std::vector<const clang::Stmt*>& statements, size_t index);
  void addBranchSteps(const clang::IfStmt& branch, size_t index);
  void addCycleSteps(const clang::Stmt& loop, size_t index);
  void addSectionSteps(const clang::Stmt* sections, size_t index, bool nowait);
  void addTaskSequenceSteps(const std::vector<TaskSequencePart>& parts, const clang::Stmt* single, size_t index);
  void addTaskloopSteps(const TaskloopInSingle& shape, const clang::OMPSingleDirective& single, size_t index);
  RegionStep singleThreadStep(const std::vector<const clang::Stmt*>& statements, size_t index);
  void seeIntoTasks();
  void addReductionCombination(const clang::OMPLoopDirective& loop, RegionStep& step);
  void addLoopStep(const clang::OMPLoopDirective& loop, size_t index, const clang::FunctionDecl* orphanedIn = nullptr);
  void addCalleeSteps(const clang::FunctionDecl& callee, const clang::Stmt* call, size_t index);
  std::vector<const clang::VarDecl*> bindCalleeVariables(const InlinedCall& inlined, size_t index);
  std::string symbolOf(const clang::VarDecl* variable, const Scope& scope);
  void addStatementsStep(const clang::Stmt* statement, size_t index, Executor executor, std::string construct,
                         bool nowait = false);
  std::vector<RegionAccess> collect(const clang::Stmt* statement, const Scope& scope);
  void addArrayAccess(const clang::Expr* access, const Scope& scope, std::vector<RegionAccess>& out);
  void addMemberAccess(const clang::Expr* access, IndexTranslator::Access split, const Scope& scope,
                       RegionAccess result, std::vector<RegionAccess>& out);
  void readMember(const clang::MemberExpr* member, const Scope& scope, std::vector<RegionAccess>& out);
  void addScalarAccess(const clang::DeclRefExpr* use, const Scope& scope, std::vector<RegionAccess>& out);
  AccessKind kindOf(const clang::Expr* access, bool* addressTaken) const;
  void addGuards(const clang::Stmt* statement, const Scope& scope, RegionAccess& access);
  void addLibraryCall(const clang::CallExpr& call, const LibraryFunction& function, const Scope& scope,
                      std::vector<RegionAccess>& out);
  std::vector<smt::Condition> guardsOf(const clang::Stmt* statement, const Scope& scope,
                                       std::set<const clang::ForStmt*>& path, bool& unknown);
  bool collectCallee(const clang::CallExpr& call, const Scope& scope, std::vector<RegionAccess>& out);
  bool addCondition(const clang::Expr* condition, bool holds, const Scope& scope, std::vector<smt::Condition>& out);
  bool addSequentialRange(const clang::ForStmt& loop, const Scope& scope, std::vector<smt::Condition>& out);
  // Every symbol of `expr` has a value the model knows at `scope`, inside the loops on `path`.
  bool knownAt(const smt::ExprRef& expr, const Scope& scope, const std::set<const clang::ForStmt*>& path) const;
  const clang::Stmt* unsupportedDirectiveIn(const clang::Stmt* statement) const;
  void limit(const std::string& message, const clang::Stmt* at) {
    for (const Limitation& limitation : model_.limitations)
      if (limitation.message == message) return;  // once per region: the first place says it
    model_.limitations.push_back({message, positionOf(at->getBeginLoc(), sources_)});
  }

  const RegionModelRequest& request_;
  clang::ASTContext& context_;
  const clang::SourceManager& sources_;
  const clang::Stmt* body_;
  clang::ParentMap parents_;
  DerivedPointers aliases_;
  RegionModel model_;
  std::vector<const clang::Stmt*> topLevel_;
  std::unique_ptr<DataSharing> sharing_;
  std::unique_ptr<IndexTranslator> translator_;
  DefinitionFinder definitions_;
  std::set<const clang::VarDecl*> writtenIntegerArrays_;
  std::map<std::string, PrivateValue> privateValues_;  // by the region's name for the variable
  std::set<std::string> writtenShared_;                // shared integers some statement assigns
  int cycles_ = 0;                                     // sequential loops around steps, so far
  bool inCycle_ = false;
  int conditionalBlocks_ = 0;  // `if (c) { ...; barrier; ... }` blocks, so far
  // The call whose callee's statements are being read as if written at the call (CalleeInlining.h).
  std::optional<InlinedCall> inlined_;
  std::map<std::string, int> inlinedCalls_;  // calls inlined so far, per callee
  // Sequential loops whose step is not a constant, and how they are approximated (addSequentialRange).
  struct ApproximatedRange {
    std::string counter;  // the IR's name for the loop's counter
    std::string how;
  };
  std::map<const clang::ForStmt*, ApproximatedRange> approximatedRanges_;
  // The DataSharing and translator of each worksharing loop, alive as long as the builder.
  std::vector<std::unique_ptr<DataSharing>> loopSharings_;
  std::vector<std::unique_ptr<IndexTranslator>> loopTranslators_;
};

void RegionBuilder::findTopLevelStatements() {
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(body_))
    for (const clang::Stmt* statement : block->body()) topLevel_.push_back(statement);
  else
    topLevel_.push_back(body_);
}

size_t topLevelIndexOf(const clang::Stmt* statement, const std::vector<const clang::Stmt*>& topLevel,
                       const clang::ParentMap& parents) {
  for (const clang::Stmt* current = statement; current; current = parents.getParent(current))
    for (size_t index = 0; index < topLevel.size(); ++index)
      if (topLevel[index] == current) return index;
  return topLevel.size();
}

// The loop whose header holds a variable's only two definitions, `for (k = first; ...; k += step)`.
const clang::ForStmt* counterLoop(const std::vector<const clang::Stmt*>& definitions, const clang::ParentMap& parents) {
  if (definitions.size() != 2) return nullptr;
  auto* loop = llvm::dyn_cast_or_null<clang::ForStmt>(parents.getParent(definitions[0]));
  if (!loop || loop->getInit() != definitions[0] || !loop->getInc() || definitions[1] != loop->getInc()->IgnoreParens())
    return nullptr;
  return loop;
}

// Private integers of the region with one definition at its top level have that value from then
// on; counters of a sequential `for` have its range inside its body; the rest are unknown.
void RegionBuilder::describePrivateValues() {
  std::set<const clang::VarDecl*> seen;
  for (const auto& [variable, statements] : definitions_.definitions) seen.insert(variable);
  // A firstprivate integer never assigned keeps the shared value on every thread.
  for (const auto* clause : request_.site.directive->getClausesOfKind<clang::OMPFirstprivateClause>())
    for (const clang::Expr* item : clause->varlists())
      if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts()))
        if (auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl())) seen.insert(variable);
  // In the order they are first defined: a definition may use the values defined before it.
  auto firstDefinedAt = [&](const clang::VarDecl* variable) {
    auto found = definitions_.definitions.find(variable);
    return found == definitions_.definitions.end() ? variable->getLocation() : found->second.front()->getBeginLoc();
  };
  std::vector<const clang::VarDecl*> ordered(seen.begin(), seen.end());
  std::sort(ordered.begin(), ordered.end(), [&](const clang::VarDecl* a, const clang::VarDecl* b) {
    return sources_.isBeforeInTranslationUnit(firstDefinedAt(a), firstDefinedAt(b));
  });

  for (const clang::VarDecl* variable : ordered) {
    if (!variable->getType()->isIntegerType()) continue;
    const DataSharing::Entry& entry = sharing_->of(variable);
    auto found = definitions_.definitions.find(variable);
    size_t count = found == definitions_.definitions.end() ? 0 : found->second.size();
    if (!isPerThread(entry.sharing)) {
      if (count) writtenShared_.insert(entry.name);
      continue;
    }
    PrivateValue value;
    if (definitions_.addressTaken.count(variable)) {
      privateValues_[entry.name] = value;
      continue;
    }
    if (count == 0 && entry.sharing == Sharing::FirstPrivate) {
      // Its copy on each thread equals the one shared original: private `x` is shared `x`.
      smt::ExprRef own = smt::variable(entry.name, 0, smt::Scope::Private);
      model_.facts.push_back({own, Relation::Equal, smt::variable(entry.name, 0, smt::Scope::Shared)});
      value.kind = PrivateValue::Kind::Defined;
    } else if (count == 1) {
      const clang::Stmt* definition = found->second.front();
      size_t index = topLevelIndexOf(definition, topLevel_, parents_);
      const clang::Expr* valueExpr = nullptr;
      if (index < topLevel_.size() && topLevel_[index] == definition) {
        if (llvm::isa<clang::DeclStmt>(definition)) valueExpr = variable->getInit();
        if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(definition);
            assignment && assignment->getOpcode() == clang::BO_Assign)
          valueExpr = assignment->getRHS();
      }
      if (valueExpr) {
        IndexTranslator::Result translated = translator_->translate(valueExpr);
        Scope scope{sharing_.get(), translator_.get(), false, index, body_};
        if (translated.expr && knownAt(translated.expr, scope, {})) {
          model_.facts.push_back({smt::variable(entry.name, 0, smt::Scope::Private), Relation::Equal, translated.expr});
          value.kind = PrivateValue::Kind::Defined;
          value.definedAt = index;
        }
      }
    } else if (count == 2) {
      value.loop = counterLoop(found->second, parents_);
      if (value.loop) value.kind = PrivateValue::Kind::SequentialCounter;
    }
    privateValues_[entry.name] = value;
    if (value.kind == PrivateValue::Kind::Unknown && visibleToLoops(variable))
      model_.unknownValues.push_back(entry.name);
  }
}

// A loop that waits for a flag another thread sets, reading it with an atomic read or after a flush
// (`while (!seen) { #pragma omp atomic read acquire  seen = ready; }`): the accesses after it are
// ordered by release/acquire or flush semantics, which the region model does not follow; the
// region is reported as not checked rather than its ordered accesses as races.
void RegionBuilder::findSpinWaits() {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::Stmt* found = nullptr;
    static bool synchronisesIn(const clang::Stmt* statement) {
      struct Inner : clang::RecursiveASTVisitor<Inner> {
        bool found = false;
        bool VisitOMPAtomicDirective(clang::OMPAtomicDirective*) { return !(found = true); }
        bool VisitOMPFlushDirective(clang::OMPFlushDirective*) { return !(found = true); }
      } inner;
      inner.TraverseStmt(const_cast<clang::Stmt*>(statement));
      return inner.found;
    }
    bool VisitWhileStmt(clang::WhileStmt* loop) {
      if (!found && synchronisesIn(loop)) found = loop;
      return true;
    }
    bool VisitDoStmt(clang::DoStmt* loop) {
      if (!found && synchronisesIn(loop)) found = loop;
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(body_));
  if (finder.found)
    limit(
        "a thread waits in a loop on a flag (an atomic read or a flush inside the loop): synchronisation "
        "through flags, flush and release/acquire is not modelled",
        finder.found);
}

// Whether a worksharing loop at the region's top level can see the variable: declared there or
// before the region (not inside a nested block, whose names the loops never see).
bool RegionBuilder::visibleToLoops(const clang::VarDecl* variable) const {
  for (const clang::Stmt* statement : topLevel_)
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement))
      for (const clang::Decl* decl : declaration->decls())
        if (decl == variable) return true;
  clang::SourceRange region = wholeRangeOf(body_);
  return !(sources_.isBeforeInTranslationUnit(region.getBegin(), variable->getLocation()) &&
           sources_.isBeforeInTranslationUnit(variable->getLocation(), region.getEnd()));
}

bool RegionBuilder::knownAt(const smt::ExprRef& expr, const Scope& scope,
                            const std::set<const clang::ForStmt*>& path) const {
  bool known = true;
  smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
    if (symbol.op != smt::Expr::Op::Var || symbol.name == kThreadNumber || symbol.name == kTeamSize ||
        symbol.name == kTeamNumber || symbol.name == kLeagueSize)
      return;
    if (symbol.name.rfind("trip of ", 0) == 0) return;
    if (symbol.scope == smt::Scope::Counter) return;  // a worksharing loop's counter: its domain says it
    if (symbol.scope == smt::Scope::Shared) {
      known &= !writtenShared_.count(symbol.name);
      return;
    }
    auto found = privateValues_.find(symbol.name);
    if (found == privateValues_.end()) {
      known = false;  // private to a loop body: its instances are the loop model's business
      return;
    }
    const PrivateValue& value = found->second;
    if (value.kind == PrivateValue::Kind::Defined)
      known &= value.inCallee || scope.scalarsOnly || value.definedAt < scope.topLevel;
    else if (value.kind == PrivateValue::Kind::SequentialCounter)
      known &= path.count(value.loop) > 0;
    else
      known = false;
  });
  return known;
}

// The OpenMP directive inside a plain statement that the region model cannot place: anything but
// atomic, critical and flush, which act where they are.
// Tasks created in a loop of a single (TaskLoops.h) are modelled as loops of their own; within the
// region they are accesses of the single's thread, all done by the single's barrier, and a
// taskwait there only waits for them.
const clang::Stmt* RegionBuilder::unsupportedDirectiveIn(const clang::Stmt* statement) const {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const RegionModelRequest* request = nullptr;
    clang::ASTContext* context = nullptr;
    const clang::Stmt* found = nullptr;
    bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
      if (llvm::isa<clang::OMPAtomicDirective>(directive) || llvm::isa<clang::OMPCriticalDirective>(directive) ||
          llvm::isa<clang::OMPFlushDirective>(directive) || llvm::isa<clang::OMPTaskwaitDirective>(directive))
        return true;
      if (auto* task = llvm::dyn_cast<clang::OMPTaskDirective>(directive)) {
        TaskLoopSite site;
        std::string reason;
        if (findTaskLoop(*task, request->site.directive, request->site.function, *context, site, reason) ||
            inTaskSequence(*task, request->site.directive, *context, reason))
          return true;
      }
      found = directive;
      return false;
    }
  } finder;
  finder.request = &request_;
  finder.context = &context_;
  finder.TraverseStmt(const_cast<clang::Stmt*>(statement));
  return finder.found;
}

// The function a statement `f(...);` calls, when its body has OpenMP directives of its own (an
// orphaned worksharing loop, a barrier).
const clang::FunctionDecl* worksharingCallee(const clang::Stmt* statement) {
  auto* call = llvm::dyn_cast<clang::CallExpr>(statement);
  const clang::FunctionDecl* definition = nullptr;
  if (!call || !call->getDirectCallee() || !call->getDirectCallee()->hasBody(definition)) return nullptr;
  auto* body = llvm::dyn_cast<clang::CompoundStmt>(definition->getBody());
  if (!body) return nullptr;
  for (const clang::Stmt* inner : body->body())
    if (llvm::isa<clang::OMPExecutableDirective>(inner)) return definition;
  return nullptr;
}

// The function a statement `f(...);` calls when f is defined in the file and may touch memory: its
// statements are read where it is called (addCalleeSteps).
const clang::FunctionDecl* calleeToInline(const clang::Stmt* statement) {
  if (const clang::FunctionDecl* callee = worksharingCallee(statement)) return callee;
  auto* call = llvm::dyn_cast<clang::CallExpr>(statement);
  const clang::FunctionDecl* definition = nullptr;
  if (!call || !call->getDirectCallee() || !call->getDirectCallee()->hasBody(definition) ||
      !llvm::isa_and_nonnull<clang::CompoundStmt>(definition->getBody()) || touchesNoUserMemory(call))
    return nullptr;
  return definition;
}

// The constructs the front-end reports as unsupported itself (a task, a target region); sections
// inside a parallel region are the region model's to place, and it says where it cannot.
bool reportedByTheFrontEnd(const clang::OMPExecutableDirective& directive) {
  if (llvm::isa<clang::OMPSectionsDirective>(directive) || llvm::isa<clang::OMPParallelSectionsDirective>(directive))
    return false;
  return unsupportedOpenMPConstruct(directive) != nullptr;
}

// `f(...);` where f's body is nothing but barriers: a barrier where it is called.
bool callsBarrierFunction(const clang::Stmt* statement) {
  auto* call = llvm::dyn_cast<clang::CallExpr>(statement);
  const clang::FunctionDecl* definition = nullptr;
  if (!call || !call->getDirectCallee() || !call->getDirectCallee()->hasBody(definition)) return false;
  auto* body = llvm::dyn_cast<clang::CompoundStmt>(definition->getBody());
  if (!body) return false;
  bool barrier = false;
  for (const clang::Stmt* inner : body->body()) {
    if (llvm::isa<clang::NullStmt>(inner)) continue;
    if (!llvm::isa<clang::OMPBarrierDirective>(inner)) return false;
    barrier = true;
  }
  return barrier;
}

bool isBarrier(const clang::Stmt* statement) {
  return llvm::isa<clang::OMPBarrierDirective>(statement) || callsBarrierFunction(statement);
}

// A construct that a block of the region may hold as a step of its own: a worksharing loop,
// single, master, masked, critical or atomic.
bool isBlockStep(const clang::Stmt* statement) {
  return llvm::isa<clang::OMPForDirective>(statement) || llvm::isa<clang::OMPForSimdDirective>(statement) ||
         llvm::isa<clang::OMPSingleDirective>(statement) || llvm::isa<clang::OMPMasterDirective>(statement) ||
         llvm::isa<clang::OMPMaskedDirective>(statement) || llvm::isa<clang::OMPCriticalDirective>(statement) ||
         llvm::isa<clang::OMPAtomicDirective>(statement);
}

// `if (c) { ...; barrier; ... }` (no else) holding a barrier, a worksharing loop or a single: the
// block's statements are steps of their own, with the barriers between them. A conforming program
// has every thread or none reach a barrier or a worksharing construct, so the threads that run the
// block wait for each other there; when none runs it, the statements around it meet
// (RegionStep::conditionalBlock).
// A statement that is, or whose block holds, a barrier, a worksharing loop or a single.
bool holdsSteps(const clang::Stmt* arm) {
  auto holds = [](const clang::Stmt* inner) {
    return isBarrier(inner) || llvm::isa<clang::OMPForDirective>(inner) ||
           llvm::isa<clang::OMPForSimdDirective>(inner) || llvm::isa<clang::OMPSingleDirective>(inner);
  };
  if (auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(arm))
    return std::any_of(block->body_begin(), block->body_end(), holds);
  return arm && holds(arm);
}

// `if (c) { ... } else { ... }` (neither arm another `if`) where an arm holds a barrier, a worksharing
// loop or a single (addBranchSteps).
const clang::IfStmt* ifElseOfSteps(const clang::Stmt* statement) {
  auto* branch = llvm::dyn_cast<clang::IfStmt>(statement);
  if (!branch || !branch->getElse() || branch->hasInitStorage() || branch->hasVarStorage()) return nullptr;
  if (llvm::isa<clang::IfStmt>(branch->getElse())) return nullptr;
  return holdsSteps(branch->getThen()) || holdsSteps(branch->getElse()) ? branch : nullptr;
}

const clang::CompoundStmt* blockOfSteps(const clang::Stmt* statement) {
  auto* branch = llvm::dyn_cast<clang::IfStmt>(statement);
  if (!branch || branch->getElse() || branch->hasInitStorage() || branch->hasVarStorage()) return nullptr;
  auto* block = llvm::dyn_cast<clang::CompoundStmt>(branch->getThen());
  if (!block) return nullptr;
  for (const clang::Stmt* inner : block->body())
    if (isBarrier(inner) || llvm::isa<clang::OMPForDirective>(inner) || llvm::isa<clang::OMPForSimdDirective>(inner) ||
        llvm::isa<clang::OMPSingleDirective>(inner))
      return block;
  return nullptr;
}

// The body of a `for`, `while` or `do` loop; null for any other statement.
const clang::Stmt* sequentialBodyOf(const clang::Stmt* loop) {
  if (auto* forLoop = llvm::dyn_cast<clang::ForStmt>(loop)) return forLoop->getBody();
  if (auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(loop)) return whileLoop->getBody();
  if (auto* doLoop = llvm::dyn_cast<clang::DoStmt>(loop)) return doLoop->getBody();
  return nullptr;
}

// `for (t = 0; t < steps; t++) { ... }` (or `while (!converged) { ... }`, `do { ... } while (...)`)
// at the top of a region whose body holds worksharing constructs or barriers of its own (a
// time-step or convergence loop around the sweeps of one region).
const clang::Stmt* sequentialLoopAroundSteps(const clang::Stmt* statement) {
  const clang::Stmt* loop = statement;
  const clang::Stmt* loopBody = sequentialBodyOf(loop);
  if (!loopBody) return nullptr;
  std::vector<const clang::Stmt*> body;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(loopBody))
    body.assign(block->body_begin(), block->body_end());
  else
    body.push_back(loopBody);
  for (const clang::Stmt* inner : body) {
    if (isBarrier(inner) || worksharingCallee(inner) || blockOfSteps(inner) || ifElseOfSteps(inner)) return loop;
    auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(inner);
    if (directive && !llvm::isa<clang::OMPAtomicDirective>(directive) &&
        !llvm::isa<clang::OMPCriticalDirective>(directive) && !llvm::isa<clang::OMPFlushDirective>(directive))
      return loop;
  }
  return nullptr;
}

// The first `return` before the last statement of a function's body, or `goto`, in it; null if none.
const clang::Stmt* earlyExitIn(const clang::CompoundStmt& body) {
  struct EarlyExit : clang::RecursiveASTVisitor<EarlyExit> {
    const clang::Stmt* last = nullptr;
    const clang::Stmt* found = nullptr;
    bool VisitReturnStmt(clang::ReturnStmt* exit) {
      if (exit != last) found = exit;
      return !found;
    }
    bool VisitGotoStmt(clang::GotoStmt* jump) {
      found = jump;
      return false;
    }
  } exit;
  exit.last = body.body_empty() ? nullptr : body.body_back();
  exit.TraverseStmt(const_cast<clang::CompoundStmt*>(&body));
  return exit.found;
}

// `f(...);` where f is a function of the file, typically one whose body holds OpenMP constructs at
// its top level (orphaned worksharing loops, single, master, critical, atomic, barriers): OpenMP
// binds them to this region, so f's statements are read as steps of the region where it is called,
// with f's names bound as CalleeInlining.h says. Its `omp for` loops are modelled on their own (with f's locals
// private), and their references name f's parameters: with pointer parameters the region must then hold nothing but
// such calls and barriers, as other statements would not name the same arrays.
void RegionBuilder::addCalleeSteps(const clang::FunctionDecl& callee, const clang::Stmt* call, size_t index) {
  std::string name = callee.getNameAsString();
  if (inlined_)
    return limit("call to '" + name + "' inside called function '" + inlined_->callee->getNameAsString() +
                     "' is not followed (one level of calls is read as if written at the call)",
                 call);
  const auto* body = llvm::cast<clang::CompoundStmt>(callee.getBody());
  auto isLoop = [](const clang::Stmt* inner) {
    return llvm::isa<clang::OMPForDirective>(inner) || llvm::isa<clang::OMPForSimdDirective>(inner);
  };
  // Without pointer parameters the callee reaches shared memory by the names the caller uses (its
  // file-scope variables), so its loops and the statements beside the call name the same arrays.
  bool namesMemoryAsCaller = std::none_of(callee.param_begin(), callee.param_end(), [](const clang::ParmVarDecl* p) {
    clang::QualType type = p->getType();
    return type->isPointerType() || type->isArrayType() || type->isReferenceType();
  });
  bool loopsNameParameters = std::any_of(body->body_begin(), body->body_end(), isLoop) && !namesMemoryAsCaller;
  if (loopsNameParameters)
    for (const clang::Stmt* other : topLevel_)
      if (other != call && !worksharingCallee(other) && !llvm::isa<clang::OMPBarrierDirective>(other) &&
          !llvm::isa<clang::NullStmt>(other))
        return limit("call to '" + name +
                         "', which holds a worksharing loop and has pointer parameters, next to "
                         "other statements of the region is not modelled",
                     call);
  // A return before the end (or a goto) would make the statements after it conditional.
  if (const clang::Stmt* exit = earlyExitIn(*body))
    return limit("a return or goto inside called function '" + name +
                     "', which holds OpenMP constructs, is not "
                     "modelled",
                 exit);
  std::string whyNot;
  std::optional<InlinedCall> inlined = bindInlinedCall(*llvm::cast<clang::CallExpr>(call), inlinedCalls_, whyNot);
  if (!inlined) return limit(whyNot, call);
  // The caller reads its arguments (`f(a[k], x)`); an address `&x` bound to a parameter is no access.
  RegionStep arguments;
  arguments.construct = "statement";
  arguments.at = positionOf(call->getBeginLoc(), sources_);
  std::set<unsigned> addressArguments;
  for (const auto& [parameter, scalar] : inlined->addressed)
    addressArguments.insert(llvm::cast<clang::ParmVarDecl>(parameter)->getFunctionScopeIndex());
  for (unsigned k = 0; k < inlined->call->getNumArgs(); ++k) {
    if (addressArguments.count(k)) continue;
    for (RegionAccess& access :
         collect(inlined->call->getArg(k), {sharing_.get(), translator_.get(), false, index, body_}))
      arguments.accesses.push_back(std::move(access));
  }
  for (size_t k = 0; k < arguments.accesses.size(); ++k) arguments.accesses[k].reference.id = static_cast<int>(k);
  if (!arguments.accesses.empty()) model_.steps.push_back(std::move(arguments));
  parents_.addStmt(const_cast<clang::Stmt*>(callee.getBody()));
  inlined_ = std::move(inlined);
  translator_->enterCall(*inlined_->call);
  std::vector<const clang::VarDecl*> bound = bindCalleeVariables(*inlined_, index);
  for (const clang::Stmt* inner : body->body()) {
    if (isLoop(inner)) {
      addLoopStep(*llvm::cast<clang::OMPLoopDirective>(inner), index, &callee);
      continue;
    }
    if (sequentialLoopAroundSteps(inner)) {
      limit("a sequential loop holding OpenMP constructs inside called function '" + name + "' is not modelled", inner);
      continue;
    }
    if (loopsNameParameters && !llvm::isa<clang::OMPBarrierDirective>(inner)) {
      // The loops' references name f's parameters, which the other statements' would not match.
      CallSummary summary = followStatement(*inner, callee);
      if (!summary.unmodelled.empty() || !summary.accesses.empty() || llvm::isa<clang::OMPExecutableDirective>(inner)) {
        limit("statements of called function '" + name +
                  "' beside its worksharing loops, which name its pointer "
                  "parameters, are not modelled",
              inner);
        continue;
      }
    }
    size_t before = model_.steps.size();
    addStep(inner, index);
    // Steps read from the callee point at its statements, not at the call.
    for (size_t k = before; k < model_.steps.size(); ++k)
      if (model_.steps[k].kind == RegionStep::Kind::Statements)
        model_.steps[k].at = positionOf(inner->getBeginLoc(), sources_);
  }
  for (const clang::VarDecl* variable : bound) translator_->unbindCalleeCounter(variable);
  translator_->leaveCall();
  inlined_.reset();
}

// The symbols of the integers an inlined callee names: its locals get symbols of their own (each
// thread's, prefixed per call), with the value of a single definition at the callee's top level as
// a fact, or the range of a `for` counter; file-scope and static ones are the caller's shared
// symbols. Returns the variables bound in the translator.
std::vector<const clang::VarDecl*> RegionBuilder::bindCalleeVariables(const InlinedCall& inlined, size_t index) {
  const auto* body = llvm::cast<clang::CompoundStmt>(inlined.callee->getBody());
  struct Uses : clang::RecursiveASTVisitor<Uses> {
    std::vector<const clang::VarDecl*> variables;
    std::set<const clang::VarDecl*> seen;
    void add(const clang::VarDecl* variable) {
      if (variable && variable->getType()->isIntegerType() && !llvm::isa<clang::ParmVarDecl>(variable) &&
          seen.insert(variable).second)
        variables.push_back(variable);
    }
    bool VisitVarDecl(clang::VarDecl* variable) {
      add(variable);
      return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      add(llvm::dyn_cast<clang::VarDecl>(use->getDecl()));
      return true;
    }
  } uses;
  uses.TraverseStmt(const_cast<clang::CompoundStmt*>(body));
  DefinitionFinder definitions;
  definitions.TraverseStmt(const_cast<clang::CompoundStmt*>(body));

  std::vector<const clang::VarDecl*> bound;
  for (const clang::VarDecl* variable : uses.variables) {
    if (inlined.ownsVariable(variable)) {
      translator_->bindCalleeCounter(
          variable, smt::variable(inlined.symbolPrefix + variable->getName().str(), 0, smt::Scope::Private));
    } else if (variable->hasGlobalStorage()) {
      const DataSharing::Entry& entry = sharing_->of(variable);
      translator_->bindCalleeCounter(variable, smt::variable(entry.name, 0, sharing_->scopeOf(variable)));
    } else {
      continue;
    }
    bound.push_back(variable);
  }
  // Values in declaration order: a definition may use the locals defined before it.
  Scope scope{sharing_.get(), translator_.get(), false, index, body};
  for (const clang::VarDecl* variable : uses.variables) {
    if (!inlined.ownsVariable(variable)) continue;
    PrivateValue value;
    std::string name = inlined.symbolPrefix + variable->getName().str();
    auto found = definitions.definitions.find(variable);
    size_t count = found == definitions.definitions.end() ? 0 : found->second.size();
    if (definitions.addressTaken.count(variable)) {
      count = 0;
    } else if (count == 1) {
      const clang::Stmt* definition = found->second.front();
      const clang::Expr* valueExpr = nullptr;
      if (std::find(body->body_begin(), body->body_end(), definition) != body->body_end()) {
        if (llvm::isa<clang::DeclStmt>(definition)) valueExpr = variable->getInit();
        if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(definition);
            assignment && assignment->getOpcode() == clang::BO_Assign)
          valueExpr = assignment->getRHS();
      }
      IndexTranslator::Result translated = valueExpr ? translator_->translate(valueExpr) : IndexTranslator::Result{};
      if (translated.expr && knownAt(translated.expr, scope, {})) {
        model_.facts.push_back({smt::variable(name, 0, smt::Scope::Private), Relation::Equal, translated.expr});
        value.kind = PrivateValue::Kind::Defined;
        value.inCallee = true;
      }
    } else if (count == 2) {
      value.loop = counterLoop(found->second, parents_);
      if (value.loop) value.kind = PrivateValue::Kind::SequentialCounter;
    }
    privateValues_[name] = value;
  }
  return bound;
}

// The symbol of a sequential loop's counter: an inlined callee's local has its own.
std::string RegionBuilder::symbolOf(const clang::VarDecl* variable, const Scope& scope) {
  if (inlined_ && scope.translator == translator_.get() && inlined_->ownsVariable(variable))
    return inlined_->symbolPrefix + variable->getName().str();
  return scope.sharing->of(variable).name;
}

// A break or continue of the loop whose body is traversed (not of a loop or switch inside it), a
// return or a goto.
struct JumpOutOfBody : clang::RecursiveASTVisitor<JumpOutOfBody> {
  using Base = clang::RecursiveASTVisitor<JumpOutOfBody>;
  const clang::Stmt* returnOrGoto = nullptr;  // the first
  bool breaks = false, continues = false;
  int loops = 0, switches = 0;
  bool TraverseForStmt(clang::ForStmt* s) {
    return inside(loops, [&] { return Base::TraverseForStmt(s); });
  }
  bool TraverseWhileStmt(clang::WhileStmt* s) {
    return inside(loops, [&] { return Base::TraverseWhileStmt(s); });
  }
  bool TraverseDoStmt(clang::DoStmt* s) {
    return inside(loops, [&] { return Base::TraverseDoStmt(s); });
  }
  bool TraverseSwitchStmt(clang::SwitchStmt* s) {
    return inside(switches, [&] { return Base::TraverseSwitchStmt(s); });
  }
  template <typename Traverse>
  bool inside(int& depth, Traverse traverse) {
    ++depth;
    bool result = traverse();
    --depth;
    return result;
  }
  bool VisitStmt(clang::Stmt* statement) {
    bool exits = llvm::isa<clang::ReturnStmt>(statement) || llvm::isa<clang::GotoStmt>(statement);
    bool breaksLoop = llvm::isa<clang::BreakStmt>(statement) && loops == 0 && switches == 0;
    bool continuesLoop = llvm::isa<clang::ContinueStmt>(statement) && loops == 0;
    if (exits && !returnOrGoto) returnOrGoto = statement;
    breaks |= breaksLoop;
    continues |= continuesLoop;
    return true;
  }
};

// A sequential loop whose body holds the region's worksharing constructs: every thread runs the same
// iterations (each must meet the same worksharing constructs and barriers in the same order), so the
// body's statements are steps, repeated. The header is a step of every thread too: its first test
// meets what comes before the loop, its last one what comes after, so it is placed at both ends.
void RegionBuilder::addCycleSteps(const clang::Stmt& loop, size_t index) {
  if (inCycle_)
    return limit("a sequential loop holding worksharing constructs inside another such loop is not modelled", &loop);
  const clang::Stmt* loopBody = sequentialBodyOf(&loop);
  // break and continue are taken by every thread in the same iteration (a conforming program has
  // every thread meet the same barriers): RegionStep::leavesCycle, restartsCycle.
  JumpOutOfBody exit;
  exit.TraverseStmt(const_cast<clang::Stmt*>(loopBody));
  if (exit.returnOrGoto)
    return limit(
        "a return or goto out of the body of a sequential loop holding worksharing constructs is not "
        "modelled",
        exit.returnOrGoto);

  auto headerStep = [&] {
    RegionStep header;
    header.kind = RegionStep::Kind::Statements;
    header.construct = "statement";
    header.at = positionOf(loop.getBeginLoc(), sources_);
    Scope scope{sharing_.get(), translator_.get(), false, index, body_};
    std::vector<const clang::Stmt*> parts;
    if (auto* forLoop = llvm::dyn_cast<clang::ForStmt>(&loop))
      parts = {forLoop->getInit(), forLoop->getCond(), forLoop->getInc()};
    else if (auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(&loop))
      parts = {whileLoop->getCond()};
    else
      parts = {llvm::cast<clang::DoStmt>(&loop)->getCond()};
    for (const clang::Stmt* part : parts)
      if (part)
        for (RegionAccess& access : collect(part, scope)) header.accesses.push_back(std::move(access));
    for (size_t k = 0; k < header.accesses.size(); ++k) header.accesses[k].reference.id = static_cast<int>(k);
    return header;
  };
  size_t first = model_.steps.size();
  size_t limitationsBefore = model_.limitations.size();
  inCycle_ = true;
  model_.steps.push_back(headerStep());
  std::vector<const clang::Stmt*> body;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(loopBody))
    body.assign(block->body_begin(), block->body_end());
  else
    body.push_back(loopBody);
  for (const clang::Stmt* inner : body) {
    size_t before = model_.steps.size();
    addStep(inner, index);
    JumpOutOfBody jumps;
    jumps.TraverseStmt(const_cast<clang::Stmt*>(inner));
    if (model_.steps.size() > before) {
      model_.steps.back().leavesCycle |= jumps.breaks;
      model_.steps.back().restartsCycle |= jumps.continues;
    }
  }
  model_.steps.push_back(headerStep());
  inCycle_ = false;

  bool barrier = false;
  for (size_t k = first; k < model_.steps.size(); ++k) {
    const RegionStep& step = model_.steps[k];
    barrier |= step.kind == RegionStep::Kind::Barrier ||
               (!step.nowait && (step.kind == RegionStep::Kind::Loop || step.executor == Executor::OneThread));
    model_.steps[k].cycle = cycles_;
  }
  ++cycles_;
  if (!barrier && model_.limitations.size() == limitationsBefore)
    limit(
        "a sequential loop whose body holds worksharing constructs but no barrier: threads in different "
        "iterations overlap, which is not modelled",
        &loop);
}

// The statements of a block that holds barriers or worksharing constructs, each a step of its own
// (barriers, worksharing loops, single, master, critical, atomic) or a statement of every thread.
// False when a directive it holds is not modelled there (the region is limited).
bool RegionBuilder::addArmSteps(const std::vector<const clang::Stmt*>& statements, size_t index) {
  for (const clang::Stmt* inner : statements) {
    if (isBarrier(inner)) {
      addBarrierStep(inner);
    } else if (isBlockStep(inner)) {
      addStep(inner, index);
    } else if (const clang::Stmt* nested = unsupportedDirectiveIn(inner)) {
      limit("'#pragma omp " + directiveName(*llvm::cast<clang::OMPExecutableDirective>(nested)) +
                "' in a block with a barrier is not modelled",
            nested);
      return false;
    } else if (!llvm::isa<clang::NullStmt>(inner)) {
      addStatementsStep(inner, index, Executor::EveryThread, "statement");
    }
  }
  return true;
}

// `if (c) { ...; #pragma omp for ...; } else { ...; #pragma omp barrier ...; }`: each arm a
// conditional block (as blockOfSteps's), exactly one of which runs. OpenMP requires every thread of
// the team or none to reach a worksharing construct or barrier, so a conforming program's threads
// agree on c; a condition that reads a thread's own value may differ between threads, and then
// the program is non-conforming: reported as such, not modelled.
void RegionBuilder::addBranchSteps(const clang::IfStmt& branch, size_t index) {
  struct PerThread : clang::RecursiveASTVisitor<PerThread> {
    DataSharing& sharing;
    const std::set<const clang::VarDecl*>& alike;
    std::string what;
    PerThread(DataSharing& sharing, const std::set<const clang::VarDecl*>& alike) : sharing(sharing), alike(alike) {}
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl()))
        if (!variable->getType().isConstQualified() && !alike.count(variable) &&
            isPerThread(sharing.of(variable).sharing) && what.empty())
          what = "'" + variable->getNameAsString() + "', each thread's own";
      return what.empty();
    }
    bool VisitCallExpr(clang::CallExpr* call) {
      if (what.empty()) what = "a call to '" + calleeName(call) + "'";
      return what.empty();
    }
  };
  // The counters of the sequential loops around the branch (a time-step loop) that every thread runs
  // alike: a header without calls or other values of a thread's own, a body that leaves the counter alone.
  std::vector<const clang::ForStmt*> around;
  for (const clang::Stmt *child = &branch, *parent = parents_.getParent(child); parent && child != body_;
       child = parent, parent = parents_.getParent(parent))
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(parent); loop && loop->getBody() == child)
      around.insert(around.begin(), loop);
  std::set<const clang::VarDecl*> alike;
  for (const clang::ForStmt* loop : around) {
    LoopHeader header;
    std::string reason;
    if (!readLoopHeader(*loop, header, reason) || !header.counter || modifiedIn(*loop->getBody(), header.counter))
      break;
    bool uniform = true;
    for (const clang::Expr* part : {header.first, header.bound, header.step}) {
      PerThread inHeader(*sharing_, alike);
      if (part) inHeader.TraverseStmt(const_cast<clang::Expr*>(part));
      uniform &= inHeader.what.empty();
    }
    if (!uniform) break;
    alike.insert(header.counter);
  }
  PerThread perThread(*sharing_, alike);
  perThread.TraverseStmt(const_cast<clang::Expr*>(branch.getCond()));
  if (!perThread.what.empty())
    return limit("the condition of an if/else holding worksharing constructs or barriers reads " + perThread.what +
                     ": if threads disagree on it, the program is non-conforming (every thread or none must reach "
                     "them); not modelled",
                 &branch);
  // Every thread evaluates the condition.
  addStatementsStep(branch.getCond(), index, Executor::EveryThread, "statement");
  int thenArm = -1;
  for (const clang::Stmt* arm : {branch.getThen(), branch.getElse()}) {
    std::vector<const clang::Stmt*> statements;
    if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(arm))
      statements.assign(block->body_begin(), block->body_end());
    else
      statements.push_back(arm);
    size_t first = model_.steps.size();
    if (!addArmSteps(statements, index)) return;
    for (size_t k = first; k < model_.steps.size(); ++k) {
      model_.steps[k].conditionalBlock = conditionalBlocks_;
      model_.steps[k].alternativeTo = thenArm;
    }
    thenArm = conditionalBlocks_++;
  }
}

void RegionBuilder::addBarrierStep(const clang::Stmt* at) {
  RegionStep barrier;
  barrier.kind = RegionStep::Kind::Barrier;
  barrier.construct = "barrier";
  barrier.at = positionOf(at->getBeginLoc(), sources_);
  model_.steps.push_back(barrier);
}

void RegionBuilder::addStep(const clang::Stmt* statement, size_t index) {
  if (llvm::isa<clang::NullStmt>(statement)) return;
  // A barrier or worksharing construct in a function called from a teams region would bind to one
  // team (a conforming program has none there): not modelled.
  if (model_.units == RegionUnits::Teams &&
      (worksharingCallee(statement) || callsBarrierFunction(statement) || blockOfSteps(statement) ||
       ifElseOfSteps(statement) || sequentialLoopAroundSteps(statement)))
    return limit("a call to a function with OpenMP constructs inside a teams region is not modelled", statement);
  if (callsBarrierFunction(statement)) return addBarrierStep(statement);
  // In a called function the statements around its call are outside the block: if no thread runs
  // the block, nothing separates them.
  if (inlined_ && (blockOfSteps(statement) || ifElseOfSteps(statement)))
    return limit(
        "a barrier under a condition in called function '" + inlined_->callee->getNameAsString() + "' is not modelled",
        statement);
  if (const clang::IfStmt* branch = ifElseOfSteps(statement)) return addBranchSteps(*branch, index);
  if (const clang::CompoundStmt* block = blockOfSteps(statement)) {
    // Every thread evaluates the condition, whether or not it runs the block.
    addStatementsStep(llvm::cast<clang::IfStmt>(statement)->getCond(), index, Executor::EveryThread, "statement");
    size_t first = model_.steps.size();
    if (!addArmSteps(std::vector<const clang::Stmt*>(block->body_begin(), block->body_end()), index)) return;
    // Unless the condition always holds, no thread may run the block.
    bool alwaysRuns = false;
    const clang::Expr* condition = llvm::cast<clang::IfStmt>(statement)->getCond();
    if (!condition->isValueDependent() && condition->EvaluateAsBooleanCondition(alwaysRuns, context_) && alwaysRuns)
      return;
    for (size_t k = first; k < model_.steps.size(); ++k) model_.steps[k].conditionalBlock = conditionalBlocks_;
    ++conditionalBlocks_;
    return;
  }
  if (const clang::FunctionDecl* callee = calleeToInline(statement)) return addCalleeSteps(*callee, statement, index);
  if (const clang::Stmt* loop = sequentialLoopAroundSteps(statement)) return addCycleSteps(*loop, index);
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    bool initialises = false;
    for (const clang::Decl* decl : declaration->decls())
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(decl)) initialises |= variable->hasInit();
    if (initialises) addStatementsStep(statement, index, Executor::EveryThread, "statement");
    return;
  }
  auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement);
  if (!directive) {
    if (const clang::Stmt* nested = unsupportedDirectiveIn(statement)) {
      auto* inner = llvm::cast<clang::OMPExecutableDirective>(nested);
      if (!reportedByTheFrontEnd(*inner))
        limit("'#pragma omp " + directiveName(*inner) +
                  "' nested inside a statement of the parallel region is not modelled",
              nested);
      return;
    }
    addStatementsStep(statement, index, Executor::EveryThread, "statement");
    return;
  }
  if (llvm::isa<clang::OMPBarrierDirective>(directive)) return addBarrierStep(directive);
  if (llvm::isa<clang::OMPForDirective>(directive) || llvm::isa<clang::OMPForSimdDirective>(directive))
    return addLoopStep(*llvm::cast<clang::OMPLoopDirective>(directive), index);
  // The structured block: master, single and critical do not wrap it in a CapturedStmt as parallel does.
  const clang::Stmt* associated = directive->hasAssociatedStmt() ? directive->getAssociatedStmt() : nullptr;
  while (auto* captured = llvm::dyn_cast_or_null<clang::CapturedStmt>(associated))
    associated = captured->getCapturedStmt();
  bool nowait = directive->hasClausesOfKind<clang::OMPNowaitClause>();
  if (auto* single = llvm::dyn_cast<clang::OMPSingleDirective>(directive)) {
    std::vector<TaskSequencePart> parts;
    std::string reason;
    if (findTaskSequence(*single, *request_.site.directive, context_, parts, reason))
      return addTaskSequenceSteps(parts, single, index);
    // The taskloop's iterations are shared out among the team as a worksharing loop's are, and
    // the single's barrier ends them (TaskloopInSingle.h).
    if (std::optional<TaskloopInSingle> shape = taskloopOfSingle(*single, reason))
      return addTaskloopSteps(*shape, *single, index);
  }
  if (llvm::isa<clang::OMPSingleDirective>(directive) || llvm::isa<clang::OMPMasterDirective>(directive) ||
      llvm::isa<clang::OMPMaskedDirective>(directive) || llvm::isa<clang::OMPCriticalDirective>(directive)) {
    if (const clang::Stmt* nested = unsupportedDirectiveIn(associated)) {
      auto* inner = llvm::cast<clang::OMPExecutableDirective>(nested);
      if (!reportedByTheFrontEnd(*inner))
        limit("'#pragma omp " + directiveName(*inner) + "' inside '" + directiveName(*directive) + "' is not modelled",
              nested);
      return;
    }
  }
  if (llvm::isa<clang::OMPSingleDirective>(directive))
    return addStatementsStep(associated, index, Executor::OneThread, "single", nowait);
  if (llvm::isa<clang::OMPMasterDirective>(directive))
    return addStatementsStep(associated, index, Executor::MasterThread, "master", true);
  if (llvm::isa<clang::OMPMaskedDirective>(directive)) {
    // masked filter(k) runs on thread k: the master for k == 0 (as master does), otherwise a thread
    // the model treats as some one thread.
    bool onMaster = true;
    if (const auto* filter = directive->getSingleClause<clang::OMPFilterClause>()) {
      clang::Expr::EvalResult value;
      onMaster = filter->getThreadID()->EvaluateAsInt(value, context_) && value.Val.getInt() == 0;
    }
    return addStatementsStep(associated, index, onMaster ? Executor::MasterThread : Executor::OneThread, "masked",
                             true);
  }
  if (llvm::isa<clang::OMPCriticalDirective>(directive) || llvm::isa<clang::OMPAtomicDirective>(directive))
    return addStatementsStep(statement, index, Executor::EveryThread, directiveName(*directive));
  // flush orders memory but synchronises nobody; taskwait and taskyield do nothing without tasks.
  if (llvm::isa<clang::OMPFlushDirective>(directive) || llvm::isa<clang::OMPTaskwaitDirective>(directive) ||
      llvm::isa<clang::OMPTaskyieldDirective>(directive))
    return;
  if (llvm::isa<clang::OMPSectionsDirective>(directive)) return addSectionSteps(associated, index, nowait);
  if (reportedByTheFrontEnd(*directive)) return;
  limit("'#pragma omp " + directiveName(*directive) + "' directly inside a parallel region is not modelled", directive);
}

// `#pragma omp sections`: each section is run once, by one thread, and different sections run
// concurrently; the construct ends with a barrier unless nowait. A first section without its own
// `#pragma omp section` line is one statement.
void RegionBuilder::addSectionSteps(const clang::Stmt* sections, size_t index, bool nowait) {
  std::vector<const clang::Stmt*> bodies;
  if (auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(sections)) {
    for (const clang::Stmt* child : block->body()) {
      if (auto* section = llvm::dyn_cast<clang::OMPSectionDirective>(child)) {
        const clang::Stmt* body = section->getAssociatedStmt();
        while (auto* captured = llvm::dyn_cast_or_null<clang::CapturedStmt>(body)) body = captured->getCapturedStmt();
        bodies.push_back(body);
      } else if (bodies.empty() && !llvm::isa<clang::NullStmt>(child)) {
        bodies.push_back(child);
      } else if (!llvm::isa<clang::NullStmt>(child)) {
        return limit("a statement of a sections construct outside its section directives is not modelled", child);
      }
    }
  } else if (sections) {
    bodies.push_back(sections);
  }
  // In `parallel sections` every section is a top-level statement of the region: its own position.
  bool combined = sections == body_;
  for (size_t k = 0; k < bodies.size(); ++k) {
    if (const clang::Stmt* nested = unsupportedDirectiveIn(bodies[k])) {
      auto* inner = llvm::cast<clang::OMPExecutableDirective>(nested);
      if (!reportedByTheFrontEnd(*inner))
        limit("'#pragma omp " + directiveName(*inner) + "' inside a section is not modelled", nested);
      return;
    }
  }
  for (size_t k = 0; k < bodies.size(); ++k) {
    size_t at = combined ? topLevelIndexOf(bodies[k], topLevel_, parents_) : index;
    if (at >= topLevel_.size()) at = index;
    bool last = k + 1 == bodies.size();
    // Only the last section's end is the construct's end, where its barrier is.
    addStatementsStep(bodies[k], at, Executor::OneThread, "section", last ? nowait : true);
  }
}

// The parts of a single that creates a sequence of tasks (TaskSequences.h): each task a step of
// one thread, the single's own statements a step of one thread, barriers where the tasks before
// are finished; the single's own barrier at the end.
void RegionBuilder::addTaskSequenceSteps(const std::vector<TaskSequencePart>& parts, const clang::Stmt* single,
                                         size_t index) {
  std::vector<size_t> stepOfPart;
  for (const TaskSequencePart& part : parts) {
    stepOfPart.push_back(model_.steps.size());
    if (part.kind == TaskSequencePart::Kind::Barrier) {
      RegionStep barrier;
      barrier.kind = RegionStep::Kind::Barrier;
      barrier.construct = part.construct;
      barrier.at = positionOf(part.at->getBeginLoc(), sources_);
      model_.steps.push_back(barrier);
      continue;
    }
    RegionStep step;
    step.kind = RegionStep::Kind::Statements;
    step.executor = Executor::OneThread;
    step.construct = part.construct;
    step.at = positionOf(part.at->getBeginLoc(), sources_);
    step.nowait = true;
    for (size_t earlier : part.after) step.after.push_back(stepOfPart[earlier]);
    for (const clang::Stmt* statement : part.statements)
      for (RegionAccess& access : collect(statement, {sharing_.get(), translator_.get(), false, index, body_})) {
        if (!part.exclusion.empty()) {
          if (access.reference.protection != Protection::None)
            limit("atomic or critical inside a task with depend(mutexinoutset) is not modelled", part.at);
          access.reference.protection = Protection::Critical;
          access.reference.exclusionName = part.exclusion;
        }
        step.accesses.push_back(std::move(access));
      }
    model_.steps.push_back(std::move(step));
  }
  stepOfPart.push_back(model_.steps.size());  // parts.size(): the single's barrier
  addBarrierStep(single);
  model_.steps.back().construct = "single";
  for (size_t part = 0; part < parts.size(); ++part)
    if (parts[part].outlivesUntil)
      model_.steps[stepOfPart[part]].outlivesUntil = stepOfPart[*parts[part].outlivesUntil];
}

// A taskloop in a single (TaskloopInSingle.h): the single's statements before it, on the single's
// thread; the iterations, shared out as a loop's, after those; the statements after it, after the
// iterations too unless nogroup; then the single's barrier, which ends everything.
void RegionBuilder::addTaskloopSteps(const TaskloopInSingle& shape, const clang::OMPSingleDirective& single,
                                     size_t index) {
  std::vector<size_t> singleThread;  // the single's thread's steps so far
  if (!shape.before.empty()) {
    singleThread.push_back(model_.steps.size());
    model_.steps.push_back(singleThreadStep(shape.before, index));
  }
  size_t loop = model_.steps.size();
  addLoopStep(*shape.taskloop, index);
  model_.steps[loop].nowait = true;
  model_.steps[loop].after = singleThread;
  if (!shape.after.empty()) {
    RegionStep step = singleThreadStep(shape.after, index);
    step.after = singleThread;
    if (!shape.nogroup) step.after.push_back(loop);
    model_.steps.push_back(std::move(step));
  }
  addBarrierStep(&single);
  model_.steps.back().construct = "single";
}

// Statements of a single, run by its one thread without a barrier after them.
RegionStep RegionBuilder::singleThreadStep(const std::vector<const clang::Stmt*>& statements, size_t index) {
  RegionStep step;
  step.kind = RegionStep::Kind::Statements;
  step.executor = Executor::OneThread;
  step.construct = "single";
  step.at = positionOf(statements.front()->getBeginLoc(), sources_);
  step.nowait = true;
  for (const clang::Stmt* statement : statements)
    for (RegionAccess& access : collect(statement, {sharing_.get(), translator_.get(), false, index, body_}))
      step.accesses.push_back(std::move(access));
  return step;
}

// Clang's CapturedStmt does not list its body among its children: the parent map would not lead
// from a statement in a task to the atomic or critical around it, nor out of the task.
void RegionBuilder::seeIntoTasks() {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::vector<const clang::OMPTaskDirective*> tasks;
    bool VisitOMPTaskDirective(clang::OMPTaskDirective* task) {
      tasks.push_back(task);
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(body_));
  for (const clang::OMPTaskDirective* task : finder.tasks) {
    const clang::CapturedStmt* captured = task->getInnermostCapturedStmt();
    auto* taskBody = const_cast<clang::Stmt*>(captured->getCapturedStmt());
    parents_.addStmt(taskBody);
    parents_.setParent(taskBody, captured);
  }
}

void RegionBuilder::addStatementsStep(const clang::Stmt* statement, size_t index, Executor executor,
                                      std::string construct, bool nowait) {
  RegionStep step;
  step.kind = RegionStep::Kind::Statements;
  step.executor = executor;
  step.construct = std::move(construct);
  step.at = positionOf(topLevel_[index]->getBeginLoc(), sources_);
  step.nowait = nowait;
  if (statement) step.accesses = collect(statement, {sharing_.get(), translator_.get(), false, index, body_});
  // Critical sections and locks exclude only the threads of one contention group, and every team
  // of a league is one of its own (OpenMP 5.2, 15.2 and 18.9); atomic binds to the whole device.
  if (model_.units == RegionUnits::Teams)
    for (const RegionAccess& access : step.accesses)
      if (access.reference.protection == Protection::Critical || access.reference.protection == Protection::Lock)
        limit(
            "a critical section or a lock inside a teams region excludes only within one team: not modelled "
            "across teams",
            statement);
  model_.steps.push_back(std::move(step));
}

void RegionBuilder::addLoopStep(const clang::OMPLoopDirective& loop, size_t index,
                                const clang::FunctionDecl* orphanedIn) {
  RegionStep step;
  step.kind = RegionStep::Kind::Loop;
  step.executor = Executor::Worksharing;
  step.construct = directiveName(loop);
  step.at = positionOf(loop.getBeginLoc(), sources_);
  step.nowait = loop.hasClausesOfKind<clang::OMPNowaitClause>();
  step.scheduleWritten = loop.hasClausesOfKind<clang::OMPScheduleClause>();
  if (request_.loops)
    if (auto found = request_.loops->find(&loop); found != request_.loops->end()) step.loop = found->second;
  if (step.loop < 0) limit("the worksharing loop is not modelled, so the region around it is not checked", &loop);
  std::vector<const clang::ForStmt*> nest = associatedLoops(loop);
  if (!nest.empty()) {
    // The loop's own data sharing decides which of the scalars it names are shared.
    std::vector<const clang::VarDecl*> counters;
    for (const clang::Expr* counter : loop.counters())
      if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(counter->IgnoreParenImpCasts()))
        if (auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl())) counters.push_back(variable);
    const clang::Stmt* loopBody = nest.back()->getBody();
    loopSharings_.push_back(std::make_unique<DataSharing>(loop, orphanedIn ? nullptr : request_.site.directive,
                                                          orphanedIn, counters, *loopBody, context_));
    loopTranslators_.push_back(
        std::make_unique<IndexTranslator>(context_, *loopSharings_.back(), nullptr, writtenIntegerArrays_));
    loopTranslators_.back()->nameThreadQueries(threadNumber(), teamSize());
    step.accesses =
        collect(loopBody, {loopSharings_.back().get(), loopTranslators_.back().get(), true, index, loopBody});
    addReductionCombination(loop, step);
  }
  model_.steps.push_back(std::move(step));
}

// reduction(op: x) on a worksharing loop: at its end each thread combines its copy into the shared
// x, and the result is complete only at the barrier after the loop (with nowait, a later barrier).
// The combinations are a write of x that every thread makes, synchronised with each other (as
// atomic updates are) but not with the other threads' accesses of the phase.
void RegionBuilder::addReductionCombination(const clang::OMPLoopDirective& loop, RegionStep& step) {
  for (const auto* clause : loop.getClausesOfKind<clang::OMPReductionClause>())
    for (const clang::Expr* item : clause->varlists()) {
      auto* use = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts());
      auto* variable = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
      if (!variable || !variable->getType()->isArithmeticType()) continue;
      const DataSharing::Entry& outside = sharing_->of(variable);
      if (isPerThread(outside.sharing)) continue;  // the region's private copy: no other thread sees it
      RegionAccess combination;
      Reference& reference = combination.reference;
      reference.variable = outside.name;
      reference.kind = AccessKind::Increment;
      reference.isScalar = true;
      reference.text = variable->getName().str() + " (the reduction's combination at the end of the loop)";
      reference.span = spanOf(item->getSourceRange(), sources_);
      reference.protection = Protection::Atomic;
      reference.id = static_cast<int>(step.accesses.size());
      step.accesses.push_back(std::move(combination));
    }
}

// Gathers the accesses of one statement in source order.
std::vector<RegionAccess> RegionBuilder::collect(const clang::Stmt* statement, const Scope& scope) {
  struct Visitor : clang::RecursiveASTVisitor<Visitor> {
    using Base = clang::RecursiveASTVisitor<Visitor>;
    RegionBuilder& builder;
    const Scope& scope;
    std::vector<RegionAccess>& out;
    Visitor(RegionBuilder& builder, const Scope& scope, std::vector<RegionAccess>& out)
        : builder(builder), scope(scope), out(out) {}

    bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* access) {
      if (!scope.scalarsOnly) builder.addArrayAccess(access, scope, out);
      return true;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      if (op->getOpcode() == clang::UO_Deref && !scope.scalarsOnly) builder.addArrayAccess(op, scope, out);
      return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      builder.addScalarAccess(use, scope, out);
      return true;
    }
    // A pure callee is harmless; one that reaches shared memory is read where it is called, its
    // arguments but those bound to its parameters by address (`f(&x)`: x is what f touches).
    bool TraverseCallExpr(clang::CallExpr* call) { return readCall(call) || Base::TraverseCallExpr(call); }
    bool TraverseCXXMemberCallExpr(clang::CXXMemberCallExpr* call) {
      return readCall(call) || Base::TraverseCXXMemberCallExpr(call);
    }
    bool TraverseCXXOperatorCallExpr(clang::CXXOperatorCallExpr* call) {
      return readCall(call) || Base::TraverseCXXOperatorCallExpr(call);
    }
    // Whether the call is dealt with, its arguments included; false: traverse it as any expression.
    bool readCall(clang::CallExpr* call) {
      if (isTestLock(*call) && !isModelledTestLock(*call, builder.parents_))
        builder.limit(
            "omp_test_lock used other than as `while (!omp_test_lock(&l))` or `if (omp_test_lock(&l))`: "
            "the protection it gives is not modelled",
            call);
      if (scope.scalarsOnly || touchesNoUserMemory(call)) return false;
      if (const LibraryFunction* library = libraryFunction(*call)) {
        builder.addLibraryCall(*call, *library, scope, out);
        // The arguments are read where they stand, but `&x`, which the call's own access stands for.
        for (const clang::Expr* argument : call->arguments())
          if (!targetOf(*argument).scalar) TraverseStmt(const_cast<clang::Expr*>(argument));
        return true;
      }
      CallSummary summary = followCall(*call);
      if (!summary.unmodelled.empty()) {
        builder.limit(summary.unmodelled, call);
        return true;
      }
      if (summary.accesses.empty()) return false;
      if (llvm::isa<clang::CXXMemberCallExpr>(call) || llvm::isa<clang::CXXOperatorCallExpr>(call)) {
        builder.limit("call to '" + calleeName(call) +
                          "' accesses shared memory: member functions and operators "
                          "called in a region's own statements are not followed",
                      call);
        return true;
      }
      if (builder.inlined_ || scope.translator != builder.translator_.get()) {
        builder.limit("call to '" + calleeName(call) + "' inside called function '" +
                          (builder.inlined_ ? builder.inlined_->callee->getNameAsString() : calleeName(call)) +
                          "' is not followed (one level of calls is read as if written at the call)",
                      call);
        return true;
      }
      const clang::FunctionDecl* callee = call->getDirectCallee();
      for (unsigned k = 0; k < call->getNumArgs(); ++k) {
        bool byAddress = false;
        if (callee && k < callee->getNumParams() && callee->getParamDecl(k)->getType()->isPointerType())
          if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(call->getArg(k)->IgnoreParenImpCasts()))
            byAddress = address->getOpcode() == clang::UO_AddrOf &&
                        llvm::isa<clang::DeclRefExpr>(address->getSubExpr()->IgnoreParenImpCasts());
        if (!byAddress) TraverseStmt(call->getArg(k));
      }
      builder.collectCallee(*call, scope, out);
      return true;
    }
    bool VisitMemberExpr(clang::MemberExpr* member) {
      if (!scope.scalarsOnly) builder.readMember(member, scope, out);
      return true;
    }
  };
  std::vector<RegionAccess> out;
  Visitor(*this, scope, out).TraverseStmt(const_cast<clang::Stmt*>(statement));
  for (size_t k = 0; k < out.size(); ++k) out[k].reference.id = static_cast<int>(k);
  return out;
}

AccessKind RegionBuilder::kindOf(const clang::Expr* access, bool* addressTaken) const {
  *addressTaken = false;
  const clang::Stmt* parent = parents_.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access));
  if (auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent))
    if (assignment->isAssignmentOp() && assignment->getLHS()->IgnoreParenImpCasts() == access)
      return assignment->getOpcode() == clang::BO_Assign ? AccessKind::Write : AccessKind::Increment;
  if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent)) {
    if (unary->isIncrementDecrementOp()) return AccessKind::Increment;
    if (unary->getOpcode() == clang::UO_AddrOf) *addressTaken = true;
  }
  return AccessKind::Read;
}

bool RegionBuilder::addCondition(const clang::Expr* condition, bool holds, const Scope& scope,
                                 std::vector<smt::Condition>& out) {
  auto* binary = llvm::dyn_cast<clang::BinaryOperator>(condition->IgnoreParenImpCasts());
  if (!binary) return false;
  if (binary->getOpcode() == clang::BO_LAnd && holds)
    return addCondition(binary->getLHS(), true, scope, out) && addCondition(binary->getRHS(), true, scope, out);
  if (binary->getOpcode() == clang::BO_LOr && !holds)
    return addCondition(binary->getLHS(), false, scope, out) && addCondition(binary->getRHS(), false, scope, out);
  std::optional<Relation> relation = relationOf(binary->getOpcode(), holds);
  if (!relation || !binary->getLHS()->getType()->isIntegerType() || !binary->getRHS()->getType()->isIntegerType())
    return false;
  IndexTranslator::Result lhs = scope.translator->translate(binary->getLHS());
  IndexTranslator::Result rhs = scope.translator->translate(binary->getRHS());
  if (!lhs.expr || !rhs.expr) return false;
  out.push_back({lhs.expr, *relation, rhs.expr});
  return true;
}

// Inside the body of `for (k = first; k CMP bound; k += step)`: k is on its stride and in bounds.
bool RegionBuilder::addSequentialRange(const clang::ForStmt& loop, const Scope& scope,
                                       std::vector<smt::Condition>& out) {
  LoopHeader header;
  std::string reason;
  if (!readLoopHeader(loop, header, reason)) return false;
  IndexTranslator::Result first = scope.translator->translate(header.first);
  IndexTranslator::Result bound = scope.translator->translate(header.bound);
  smt::ExprRef step = smt::constant(header.unitStep);
  if (header.step) {
    IndexTranslator::Result translated = scope.translator->translate(header.step);
    if (!translated.expr) return false;
    step = header.negateStep ? smt::neg(translated.expr) : translated.expr;
  }
  if (!first.expr || !bound.expr) return false;
  std::string name = symbolOf(header.counter, scope);
  smt::ExprRef counter = smt::variable(name, 0, smt::Scope::Private);
  if (step->op != smt::Expr::Op::Const) {
    // `for (i = t; i < n; i += nt)`: counter = first + step * trip is not linear, and Z3 gives up on
    // it. What keeps threads apart is the residue: every value of the counter is its first value
    // modulo the step, a function (x mod step) both threads share; a thread number, below the team
    // size, is its own residue modulo the team size. The loop's other values are not modelled, so a
    // race through them is only possible.
    const std::string residue = "residue modulo the step";
    // `int t = omp_get_thread_num()` is a fact of the region: t stands for the thread number.
    auto definedAs = [&](const smt::ExprRef& expr) {
      std::string text = smt::toString(expr);
      for (const smt::Condition& fact : model_.facts)
        if (fact.relation == Relation::Equal && smt::toString(fact.lhs) == text) return smt::toString(fact.rhs);
      return text;
    };
    bool byTeamSize = definedAs(step) == smt::toString(teamSize());
    bool threadStrided = byTeamSize && definedAs(first.expr) == smt::toString(threadNumber());
    out.push_back({smt::arrayRead(residue, {counter, step}), Relation::Equal,
                   threadStrided ? first.expr : smt::arrayRead(residue, {first.expr, step})});
    if (byTeamSize) out.push_back({counter, Relation::GreaterEqual, first.expr});
    out.push_back({counter, boundRelation(header.comparison, smt::constant(header.negateStep ? -1 : 1)), bound.expr});
    approximatedRanges_[&loop] = {
        name, "the loop at line " + std::to_string(positionOf(loop.getBeginLoc(), sources_).line) + " steps by " +
                  smt::toString(step) + ", which the model follows only modulo the step"};
    return true;
  }
  smt::ExprRef trip = smt::variable("trip of " + name, 0, smt::Scope::Private);
  out.push_back({counter, Relation::Equal, smt::add(first.expr, smt::mul(step, trip))});
  out.push_back({trip, Relation::GreaterEqual, smt::constant(0)});
  out.push_back({counter, boundRelation(header.comparison, step), bound.expr});
  return true;
}

// Branch conditions and sequential-loop ranges between `statement` and the scope's root, and the
// loops on the way; inside a callee read at its call, the call's too. A condition the IR cannot say
// sets `unknown`.
std::vector<smt::Condition> RegionBuilder::guardsOf(const clang::Stmt* statement, const Scope& scope,
                                                    std::set<const clang::ForStmt*>& path, bool& unknown) {
  std::vector<smt::Condition> guards;
  if (scope.callSite) {
    guards = scope.callSite->guards;
    unknown |= scope.callSite->guardUnknown;
    path = scope.callSite->loops;
  }
  const clang::Stmt* child = statement;
  for (const clang::Stmt* parent = parents_.getParent(statement); parent && child != scope.root;
       child = parent, parent = parents_.getParent(parent)) {
    if (auto* branch = llvm::dyn_cast<clang::IfStmt>(parent)) {
      if (child == branch->getThen()) unknown |= !addCondition(branch->getCond(), true, scope, guards);
      if (child == branch->getElse()) unknown |= !addCondition(branch->getCond(), false, scope, guards);
    } else if (auto* loop = llvm::dyn_cast<clang::ForStmt>(parent)) {
      if (child != loop->getBody()) continue;
      path.insert(loop);
      unknown |= !addSequentialRange(*loop, scope, guards);
    } else if (auto* choice = llvm::dyn_cast<clang::ConditionalOperator>(parent);
               choice && (child == choice->getTrueExpr() || child == choice->getFalseExpr())) {
      // `(hi > lo) ? out[hi - 1] : 0`: each arm under the condition or its negation.
      unknown |= !addCondition(choice->getCond(), child == choice->getTrueExpr(), scope, guards);
    } else if (llvm::isa<clang::WhileStmt>(parent) || llvm::isa<clang::DoStmt>(parent) ||
               llvm::isa<clang::SwitchStmt>(parent) || llvm::isa<clang::ConditionalOperator>(parent) ||
               llvm::isa<clang::BinaryConditionalOperator>(parent)) {
      if (auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(parent); whileLoop && child == whileLoop->getCond())
        continue;
      unknown = true;
    } else if (auto* logical = llvm::dyn_cast<clang::BinaryOperator>(parent); logical && logical->isLogicalOp()) {
      unknown |= child == logical->getRHS();
    }
  }
  return guards;
}

// What holds where an access executes (RegionAccess::guards), and whether its indices are known.
void RegionBuilder::addGuards(const clang::Stmt* statement, const Scope& scope, RegionAccess& access) {
  std::set<const clang::ForStmt*> path;
  bool unknown = false;
  std::vector<smt::Condition> guards = guardsOf(statement, scope, path, unknown);
  for (const smt::Condition& guard : guards)
    unknown |= !knownAt(guard.lhs, scope, path) || !knownAt(guard.rhs, scope, path);
  access.guards = std::move(guards);
  access.guardUnknown = unknown;
  // An approximated loop matters to an access whose element depends on its counter: one that does
  // not is made by the loop's first iteration as well as by any.
  std::set<std::string> reached;
  auto collect = [&reached](const smt::ExprRef& expr) {
    smt::forEachSymbol(expr, [&](const smt::Expr& symbol) { reached.insert(symbol.name); });
  };
  for (const smt::ExprRef& index : access.reference.indices) collect(index);
  for (bool grew = true; grew;) {
    size_t before = reached.size();
    for (const auto* conditions : {&model_.facts, &access.guards})
      for (const smt::Condition& fact : *conditions)
        if (fact.relation == Relation::Equal && fact.lhs->op == smt::Expr::Op::Var && reached.count(fact.lhs->name))
          collect(fact.rhs);
    grew = reached.size() > before;
  }
  for (const clang::ForStmt* loop : path)
    if (auto approximated = approximatedRanges_.find(loop);
        approximated != approximatedRanges_.end() && reached.count(approximated->second.counter))
      access.approximated = approximated->second.how;
  for (const smt::ExprRef& index : access.reference.indices) access.valueUnknown |= !knownAt(index, scope, path);
}

// A call in a statement of the region to a function of the file that reaches shared memory, such
// as `norm = sum_sq(r, n);` in a single: the callee's statements are read as if written at the call
// (CalleeInlining.h), one level deep, under the call's own conditions and synchronisation.
// Returns false, with the region limited, when the call cannot be bound.
bool RegionBuilder::collectCallee(const clang::CallExpr& call, const Scope& scope, std::vector<RegionAccess>& out) {
  std::string whyNot;
  std::optional<InlinedCall> inlined = bindInlinedCall(call, inlinedCalls_, whyNot);
  if (!inlined) {
    limit(whyNot, &call);
    return false;
  }
  const auto* body = llvm::cast<clang::CompoundStmt>(inlined->callee->getBody());
  CallSite site;
  site.guards = guardsOf(&call, scope, site.loops, site.guardUnknown);
  // A return before the end makes what follows it conditional.
  site.guardUnknown |= earlyExitIn(*body) != nullptr;
  std::string exclusionName;
  Protection protection = analyzer::protectionOf(&call, parents_, false, &exclusionName);

  parents_.addStmt(const_cast<clang::Stmt*>(inlined->callee->getBody()));
  inlined_ = std::move(inlined);
  translator_->enterCall(call);
  std::vector<const clang::VarDecl*> bound = bindCalleeVariables(*inlined_, scope.topLevel);
  Scope inside = scope;
  inside.root = body;
  inside.callSite = &site;
  std::string where = " in '" + inlined_->callee->getNameAsString() + "'";
  for (RegionAccess& access : collect(body, inside)) {
    access.reference.text += where;
    if (access.reference.protection == Protection::None) {
      access.reference.protection = protection;
      access.reference.exclusionName = exclusionName;
    }
    out.push_back(std::move(access));
  }
  for (const clang::VarDecl* variable : bound) translator_->unbindCalleeCounter(variable);
  translator_->leaveCall();
  inlined_.reset();
  return true;
}

void RegionBuilder::addArrayAccess(const clang::Expr* access, const Scope& scope, std::vector<RegionAccess>& out) {
  // a[i] inside a[i][j], p[i] inside p[i].x are part of the larger access.
  const clang::Stmt* parent = parents_.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access));
  if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent))
    if (outer->getBase()->IgnoreParenImpCasts() == access) return;
  if (auto* outer = llvm::dyn_cast_or_null<clang::MemberExpr>(parent))
    if (outer->getBase()->IgnoreParenImpCasts() == access) return;
  RegionAccess result;
  Reference& reference = result.reference;
  bool addressTaken = false;
  reference.kind = kindOf(access, &addressTaken);
  reference.text = sourceText(access, context_);
  reference.span = spanOf(access->getSourceRange(), sources_);
  reference.protection = analyzer::protectionOf(access, parents_, false, &reference.exclusionName);

  IndexTranslator::Access split = IndexTranslator::splitAccess(access);
  if (split.member && !addressTaken) return addMemberAccess(access, std::move(split), scope, std::move(result), out);
  aliases_.follow(split);
  bool addressedScalar = false;  // `*p` in an inlined callee given `&x` for p
  if (inlined_ && split.variable && scope.translator == translator_.get()) {
    if (auto array = inlined_->arrays.find(split.variable); array != inlined_->arrays.end()) {
      split.variable = array->second;
    } else if (auto scalar = inlined_->addressed.find(split.variable); scalar != inlined_->addressed.end()) {
      split.variable = scalar->second;
      addressedScalar = true;
    } else if (inlined_->ownsVariable(split.variable)) {
      if (split.variable->getType()->isArrayType()) return;  // the activation's own array
      reference.variable = reference.text;
      reference.opaque = true;
      reference.opaqueReason = "pointer '" + split.variable->getName().str() + "' local to called function '" +
                               inlined_->callee->getNameAsString() + "' is not followed";
      split.variable = nullptr;
    }
  }
  if (!split.variable) {
    if (!reference.opaque) {
      reference.variable = reference.text;
      reference.opaque = true;
      reference.opaqueReason = split.reason;
    }
  } else if (addressedScalar) {
    const DataSharing::Entry& entry = scope.sharing->of(split.variable);
    if (isPerThread(entry.sharing)) return;  // the thread's own scalar
    reference.variable = entry.name;
    reference.isScalar = true;
    for (const clang::Expr* subscript : split.subscripts) {
      clang::Expr::EvalResult value;
      if (subscript && !(subscript->EvaluateAsInt(value, context_) && value.Val.getInt() == 0)) reference.opaque = true;
    }
    if (!split.offsets.empty()) reference.opaque = true;
    if (reference.opaque)
      reference.opaqueReason = "pointer to scalar '" + split.variable->getName().str() + "' indexed in '" +
                               inlined_->callee->getNameAsString() + "'";
  } else {
    const DataSharing::Entry& entry = scope.sharing->of(split.variable);
    reference.variable = entry.name;
    bool pointer = split.variable->getType()->isPointerType();
    // The thread's own array, or an array section in a reduction clause.
    if (isPerThread(entry.sharing) && (!pointer || entry.sharing == Sharing::Reduction)) return;
    if (pointer && (isPerThread(entry.sharing) || definitions_.definitions.count(split.variable))) {
      reference.opaque = true;
      reference.opaqueReason = "pointer '" + split.variable->getName().str() +
                               "' is private or assigned in the region: where it points is not followed";
    }
  }
  if (addressTaken) {
    auto* address =
        llvm::cast<clang::UnaryOperator>(parents_.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access)));
    if (passedToLockRoutine(*address, parents_)) return;
    bool readOnly = onlyReadThrough(*address, parents_);
    reference.kind = readOnly ? AccessKind::Read : AccessKind::Write;
    reference.opaque = true;
    reference.opaqueReason = readOnly ? "its address is read through a pointer to const: which elements is not followed"
                                      : "its address is taken: accesses through the pointer are not tracked";
  }
  if (!reference.opaque && !reference.isScalar &&
      !scope.translator->translateSubscripts(split, reference.indices, reference.opaqueReason))
    reference.opaque = true;
  addGuards(access, scope, result);
  out.push_back(std::move(result));
}

// An access through a struct member (MemberPath.h): the array or scalar the path names, as the loop
// model names it (`g->sum`, `grid.u`, `p[].x`). Memory reached through a pointer is shared whatever
// the root's sharing; the fields of a struct variable share as the variable.
void RegionBuilder::addMemberAccess(const clang::Expr* access, IndexTranslator::Access split, const Scope& scope,
                                    RegionAccess result, std::vector<RegionAccess>& out) {
  Reference& reference = result.reference;
  MemberPath& member = *split.member;
  if (inlined_ && scope.translator == translator_.get()) {
    // f(g) or f(&grid) for a parameter `grid_t *s`: s->u is g->u or grid.u.
    if (auto array = inlined_->arrays.find(member.root); array != inlined_->arrays.end()) {
      member.root = array->second;
    } else if (auto scalar = inlined_->addressed.find(member.root); scalar != inlined_->addressed.end()) {
      if (member.path.rfind("->", 0) != 0 || !member.rootSubscripts.empty()) {
        limit("struct member access '" + reference.text + "' in called function '" +
                  inlined_->callee->getNameAsString() + "' is not modelled",
              access);
        return;
      }
      member.root = scalar->second;
      member.path = "." + member.path.substr(2);
      member.throughPointer = false;
    } else if (inlined_->ownsVariable(member.root)) {
      if (!member.throughPointer) return;  // the activation's own struct
      limit("struct member access '" + reference.text + "' through a local of called function '" +
                inlined_->callee->getNameAsString() + "' is not modelled",
            access);
      return;
    }
  }
  const DataSharing::Entry& root = scope.sharing->of(member.root);
  bool pointee = member.reachesPointee(split.subscripts.size());
  if (!pointee && isPerThread(root.sharing)) return;  // a field of the thread's own struct
  reference.variable = root.name + member.path;
  reference.isScalar = split.subscripts.empty();
  if (pointee && (isPerThread(root.sharing) || definitions_.definitions.count(member.root))) {
    reference.opaque = true;
    reference.opaqueReason = "pointer '" + member.root->getName().str() +
                             "' is private or assigned in the region: which struct it points to is not followed";
  } else if (!scope.translator->translateSubscripts(split, reference.indices, reference.opaqueReason)) {
    reference.opaque = true;
  }
  // An opaque field is compared as possibly any element, never as a scalar every thread writes.
  if (reference.opaque) reference.isScalar = false;
  addGuards(access, scope, result);
  out.push_back(std::move(result));
}

// A member expression standing on its own: a scalar field (`g->n`, `p[i].x`) is an access; a
// pointer or array member is part of a larger access (`g->u[i]`) or a value read (the pointer),
// unless it is assigned as a whole, which changes what the accesses through it reach; a struct
// member read as a whole is not followed.
void RegionBuilder::readMember(const clang::MemberExpr* member, const Scope& scope, std::vector<RegionAccess>& out) {
  const clang::Stmt* parent = parents_.getParentIgnoreParenImpCasts(const_cast<clang::MemberExpr*>(member));
  if (auto* outer = llvm::dyn_cast_or_null<clang::MemberExpr>(parent);
      outer && outer->getBase()->IgnoreParenImpCasts() == member)
    return;
  if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent);
      outer && outer->getBase()->IgnoreParenImpCasts() == member)
    return;
  auto* base = llvm::dyn_cast<clang::DeclRefExpr>(member->getBase()->IgnoreParenImpCasts());
  auto* variable = base ? llvm::dyn_cast<clang::VarDecl>(base->getDecl()) : nullptr;
  if (variable && !member->isArrow() && isPerThread(scope.sharing->of(variable).sharing) &&
      !(inlined_ && inlined_->addressed.count(variable)))
    return;  // a field of the thread's own struct
  clang::QualType type = member->getType();
  bool assigned = false;
  if (auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent))
    assigned = assignment->isAssignmentOp() && assignment->getLHS()->IgnoreParenImpCasts() == member;
  if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent)) assigned |= unary->isIncrementDecrementOp();
  if (type->isPointerType() || type->isArrayType()) {
    if (assigned)
      limit("pointer member '" + sourceText(member, context_) +
                "' is assigned in the region: what is reached "
                "through it is not followed",
            member);
    return;
  }
  if (type->isRecordType()) {
    limit("struct member access '" + sourceText(member, context_) + "' is not modelled (a whole struct)", member);
    return;
  }
  std::string reason;
  if (!memberPathOf(member, &reason)) {
    limit("struct member access '" + sourceText(member, context_) + "' is not modelled (" + reason + ")", member);
    return;
  }
  addArrayAccess(member, scope, out);
}

void RegionBuilder::addScalarAccess(const clang::DeclRefExpr* use, const Scope& scope, std::vector<RegionAccess>& out) {
  auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
  if (!variable) return;
  clang::QualType type = variable->getType();
  if (type->isArrayType() || !(type->isArithmeticType() || type->isPointerType())) return;
  // An inlined callee's locals and parameters: every thread runs its own activation.
  if (inlined_ && inlined_->ownsVariable(variable)) return;
  const DataSharing::Entry& entry = scope.sharing->of(variable);
  if (isPerThread(entry.sharing)) return;
  RegionAccess result;
  Reference& reference = result.reference;
  bool addressTaken = false;
  reference.kind = kindOf(use, &addressTaken);
  if (addressTaken && !scope.scalarsOnly) {
    limit("the address of shared '" + variable->getName().str() + "' is taken: writes through it are not tracked", use);
    return;
  }
  reference.variable = entry.name;
  reference.isScalar = true;
  reference.text = variable->getName().str();
  reference.span = spanOf(use->getSourceRange(), sources_);
  reference.protection = analyzer::protectionOf(use, parents_, false, &reference.exclusionName);
  addGuards(use, scope, result);
  out.push_back(std::move(result));
}

// A function of the C library, POSIX or the OpenMP runtime (LibraryCalls.h), as in a loop
// (ReferenceCollector::addLibraryCall); in an inlined callee its parameters stand for the caller's arrays.
void RegionBuilder::addLibraryCall(const clang::CallExpr& call, const LibraryFunction& function, const Scope& scope,
                                   std::vector<RegionAccess>& out) {
  for (const LibraryAccess& access : libraryAccessesOf(call, function, context_)) {
    if (!access.whyNot.empty()) {
      limit(access.whyNot, &call);
      continue;
    }
    RegionAccess result;
    Reference& reference = result.reference;
    reference.kind = access.kind;
    reference.text = access.text;
    reference.span = spanOf(access.at->getSourceRange(), sources_);
    reference.protection = analyzer::protectionOf(&call, parents_, false, &reference.exclusionName);
    reference.isScalar = access.scalar;
    reference.hiddenState = !access.state.empty();
    reference.conditional = !access.certain;
    reference.variable = access.state;
    if (const clang::VarDecl* variable = access.variable) {
      if (inlined_ && scope.translator == translator_.get()) {
        if (auto array = inlined_->arrays.find(variable); array != inlined_->arrays.end()) {
          variable = array->second;
        } else if (auto scalar = inlined_->addressed.find(variable); scalar != inlined_->addressed.end()) {
          variable = scalar->second;
        } else if (inlined_->ownsVariable(variable)) {
          if (variable->getType()->isArrayType() || access.scalar) continue;  // the activation's own
          limit(access.text + ": pointer '" + variable->getName().str() + "' local to called function '" +
                    inlined_->callee->getNameAsString() + "' is not followed",
                &call);
          continue;
        }
      }
      const DataSharing::Entry& entry = scope.sharing->of(variable);
      bool pointer = variable->getType()->isPointerType();
      if (isPerThread(entry.sharing) && (access.scalar || !pointer)) continue;  // the thread's own memory
      reference.variable = entry.name;
    }
    if (!access.opaqueReason.empty()) {
      reference.opaque = true;
      reference.opaqueReason = access.opaqueReason;
    }
    addGuards(&call, scope, result);
    out.push_back(std::move(result));
  }
}

// num_teams(n): at most n teams (OpenMP 5.2, 10.2), when n is a value known on entry.
void RegionBuilder::addLeagueSizeBound(const clang::OMPExecutableDirective& teams) {
  for (const auto* clause : teams.getClausesOfKind<clang::OMPNumTeamsClause>()) {
    IndexTranslator::Result bound = translator_->translate(clause->getNumTeams());
    Scope scope{sharing_.get(), translator_.get(), false, 0, body_};
    if (bound.expr && knownAt(bound.expr, scope, {}))
      model_.facts.push_back({unitCount(RegionUnits::Teams), Relation::LessEqual, bound.expr});
  }
}

RegionModel RegionBuilder::build() {
  const clang::OMPExecutableDirective& directive = *request_.site.directive;
  model_.id = request_.id;
  model_.function = request_.site.function ? request_.site.function->getNameAsString() : "";
  model_.pragmaAt = positionOf(directive.getBeginLoc(), sources_);
  model_.construct = directiveName(directive);
  bool teams = llvm::isa<clang::OMPTeamsDirective>(directive) || llvm::isa<clang::OMPTargetTeamsDirective>(directive);
  if (teams) model_.units = RegionUnits::Teams;
  // The region as a "loop" without counters: its clauses and the declarations in its body decide.
  sharing_ = std::make_unique<DataSharing>(directive, nullptr, nullptr, std::vector<const clang::VarDecl*>{}, *body_,
                                           context_);
  writtenIntegerArrays_ = findWrittenVariables(*body_).arrays;
  // What the functions called in the region write is not a constant either.
  std::set<const clang::VarDecl*> writtenByCalls = writtenByCallees(*body_);
  for (const clang::VarDecl* variable : writtenByCalls)
    if (variable->getType()->isArrayType() || variable->getType()->isPointerType())
      writtenIntegerArrays_.insert(variable);
  translator_ = std::make_unique<IndexTranslator>(context_, *sharing_, nullptr, writtenIntegerArrays_);
  if (teams) {
    // Each team's statements run on its initial thread, thread 0 of a team of one.
    translator_->nameThreadQueries(smt::constant(0), smt::constant(1));
    translator_->nameTeamQueries(unitNumber(RegionUnits::Teams), unitCount(RegionUnits::Teams));
  } else {
    translator_->nameThreadQueries(threadNumber(), teamSize());
  }
  definitions_.TraverseStmt(const_cast<clang::Stmt*>(body_));
  seeIntoTasks();
  findTopLevelStatements();
  // Every thread's number is in [0, team size): also for the thread that runs a loop iteration.
  model_.facts.push_back({unitNumber(model_.units), Relation::GreaterEqual, smt::constant(0)});
  model_.facts.push_back({unitNumber(model_.units), Relation::Less, unitCount(model_.units)});
  describePrivateValues();
  for (const clang::VarDecl* variable : writtenByCalls)
    if (variable->getType()->isIntegerType() && !isPerThread(sharing_->of(variable).sharing))
      writtenShared_.insert(sharing_->of(variable).name);
  if (teams) addLeagueSizeBound(directive);
  findSpinWaits();
  if (llvm::isa<clang::OMPParallelSectionsDirective>(directive))
    addSectionSteps(body_, 0, false);
  else
    for (size_t index = 0; index < topLevel_.size(); ++index) addStep(topLevel_[index], index);
  return std::move(model_);
}

}  // namespace

std::vector<RegionSite> findRegions(clang::ASTContext& context) {
  struct Finder : MainFileFunctionVisitor<Finder> {
    using MainFileFunctionVisitor::MainFileFunctionVisitor;
    std::set<const clang::Stmt*> modelledTeams;
    bool VisitOMPTeamsDirective(clang::OMPTeamsDirective* region) { return addTeams(region); }
    bool VisitOMPTargetTeamsDirective(clang::OMPTargetTeamsDirective* region) { return addTeams(region); }
    bool addTeams(const clang::OMPExecutableDirective* region) {
      if (currentFunction() && modelledTeams.count(region)) sites.push_back({region, currentFunction()});
      return true;
    }
    bool VisitOMPParallelDirective(clang::OMPParallelDirective* region) {
      if (currentFunction()) sites.push_back({region, currentFunction()});
      return true;
    }
    bool VisitOMPParallelSectionsDirective(clang::OMPParallelSectionsDirective* region) {
      if (currentFunction()) sites.push_back({region, currentFunction()});
      return true;
    }
    std::vector<RegionSite> sites;
  } finder(context.getSourceManager());
  for (const TeamsRegion& teams : findTeamsRegions(context))
    if (teams.modelled) finder.modelledTeams.insert(teams.teams);
  finder.TraverseDecl(context.getTranslationUnitDecl());
  return finder.sites;
}

RegionModel buildRegionModel(const RegionModelRequest& request, clang::ASTContext& context) {
  return RegionBuilder(request, context).build();
}

}  // namespace adrace::analyzer
