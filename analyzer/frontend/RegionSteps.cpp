#include "analyzer/frontend/RegionSteps.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/DirectiveConstructs.h"
#include "analyzer/frontend/LoopHeader.h"
#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/RegionStepShapes.h"
#include "analyzer/frontend/TaskLoops.h"
#include "analyzer/frontend/CalleeAccesses.h"

#include <algorithm>
#include <clang/AST/RecursiveASTVisitor.h>

#include <set>

namespace adrace::analyzer::region {

using Relation = smt::KnowledgeBase::Relation;

void RegionStepBuilder::addStep(const clang::Stmt* statement, size_t index) {
  if (llvm::isa<clang::NullStmt>(statement)) return;
  // A barrier or worksharing construct in a function called from a teams region would bind to one
  // team (a conforming program has none there): not modelled.
  if (state_.model.units == RegionUnits::Teams &&
      (worksharingCallee(statement) || callsBarrierFunction(statement) || blockOfSteps(statement) ||
       ifElseOfSteps(statement) || sequentialLoopAroundSteps(statement)))
    return state_.limit("a call to a function with OpenMP constructs inside a teams region is not modelled", statement);
  if (callsBarrierFunction(statement)) return addBarrierStep(statement);
  // In a called function the statements around its call are outside the block: if no thread runs
  // the block, nothing separates them.
  if (state_.inlined && (blockOfSteps(statement) || ifElseOfSteps(statement)))
    return state_.limit("a barrier under a condition in called function '" + state_.inlined->callee->getNameAsString() +
                            "' is not modelled",
                        statement);
  if (const clang::IfStmt* branch = ifElseOfSteps(statement)) return addBranchSteps(*branch, index);
  if (const clang::CompoundStmt* block = blockOfSteps(statement)) {
    // Every thread evaluates the condition, whether or not it runs the block.
    addStatementsStep(llvm::cast<clang::IfStmt>(statement)->getCond(), index, Executor::EveryThread,
                      StepConstruct::Statement);
    size_t first = state_.model.steps.size();
    if (!addArmSteps(std::vector<const clang::Stmt*>(block->body_begin(), block->body_end()), index)) return;
    // Unless the condition always holds, no thread may run the block.
    bool alwaysRuns = false;
    const clang::Expr* condition = llvm::cast<clang::IfStmt>(statement)->getCond();
    if (!condition->isValueDependent() && condition->EvaluateAsBooleanCondition(alwaysRuns, state_.context) &&
        alwaysRuns)
      return;
    for (size_t k = first; k < state_.model.steps.size(); ++k)
      state_.model.steps[k].conditionalBlock = conditionalBlocks_;
    ++conditionalBlocks_;
    return;
  }
  if (const clang::FunctionDecl* callee = calleeToInline(statement))
    return callees_.addCalleeSteps(*callee, statement, index);
  if (const clang::Stmt* loop = sequentialLoopAroundSteps(statement)) return addCycleSteps(*loop, index);
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    bool initialises = false;
    for (const clang::Decl* decl : declaration->decls())
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(decl)) initialises |= variable->hasInit();
    if (initialises) addStatementsStep(statement, index, Executor::EveryThread, StepConstruct::Statement);
    return;
  }
  auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement);
  if (!directive) {
    if (const clang::Stmt* nested = unsupportedDirectiveIn(statement, state_.request.site, state_.context)) {
      auto* inner = llvm::cast<clang::OMPExecutableDirective>(nested);
      if (!reportedByTheFrontEnd(*inner))
        state_.limit("'#pragma omp " + directiveName(*inner) +
                         "' nested inside a statement of the parallel region is not modelled",
                     nested);
      return;
    }
    addStatementsStep(statement, index, Executor::EveryThread, StepConstruct::Statement);
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
    std::vector<SinglePart> parts;
    std::string reason;
    if (findTaskSequence(*single, *state_.request.site.directive, state_.context, parts, reason))
      return tasks_.addTaskSequenceSteps(parts, single, index);
    if (std::optional<CalledTaskSequence> called = calledTaskSequenceOf(*single)) {
      if (findCalledTaskSequence(*single, *state_.request.site.directive, state_.context, *called, parts, reason))
        return tasks_.addCalledTaskSequenceSteps(*called, parts, single, index);
      return state_.limit(
          "tasks created in called function '" + called->callee->getNameAsString() + "' are not modelled: " + reason,
          single);
    }
    // The taskloop's iterations are shared out among the team as a worksharing loop's are, and
    // the single's barrier ends them (TaskloopInSingle.h).
    if (std::optional<TaskloopInSingle> shape = taskloopOfSingle(*single, reason))
      return tasks_.addTaskloopSteps(*shape, *single, index);
    // Taskloops and tasks mixed with the single's statements (SingleTimeline.h).
    std::vector<SinglePart> timeline;
    if (findSingleTimeline(*single, *state_.request.site.directive, state_.context, timeline, reason))
      return tasks_.addTimelineSteps(timeline, *single, index);
    // A region that is only a single whose loop creates tasks: the loop model checks the tasks
    // (TaskLoops.h), and no other thread runs a statement of the region that they could meet.
    if (onlyTaskLoopOfRegion(*single)) return;
  }
  if (llvm::isa<clang::OMPSingleDirective>(directive) || llvm::isa<clang::OMPMasterDirective>(directive) ||
      llvm::isa<clang::OMPMaskedDirective>(directive) || llvm::isa<clang::OMPCriticalDirective>(directive)) {
    if (const clang::Stmt* nested = unsupportedDirectiveIn(associated, state_.request.site, state_.context)) {
      auto* inner = llvm::cast<clang::OMPExecutableDirective>(nested);
      if (!reportedByTheFrontEnd(*inner))
        state_.limit(
            "'#pragma omp " + directiveName(*inner) + "' inside '" + directiveName(*directive) + "' is not modelled",
            nested);
      return;
    }
  }
  if (llvm::isa<clang::OMPSingleDirective>(directive))
    return addStatementsStep(associated, index, Executor::OneThread, StepConstruct::Single, nowait);
  if (llvm::isa<clang::OMPMasterDirective>(directive))
    return addStatementsStep(associated, index, Executor::MasterThread, StepConstruct::Master, true);
  if (llvm::isa<clang::OMPMaskedDirective>(directive)) {
    // masked filter(k) runs on thread k: the master for k == 0 (as master does), otherwise a thread
    // the model treats as some one thread.
    bool onMaster = true;
    if (const auto* filter = directive->getSingleClause<clang::OMPFilterClause>()) {
      clang::Expr::EvalResult value;
      onMaster = filter->getThreadID()->EvaluateAsInt(value, state_.context) && value.Val.getInt() == 0;
    }
    return addStatementsStep(associated, index, onMaster ? Executor::MasterThread : Executor::OneThread,
                             StepConstruct::Masked, true);
  }
  if (llvm::isa<clang::OMPCriticalDirective>(directive) || llvm::isa<clang::OMPAtomicDirective>(directive))
    return addStatementsStep(
        statement, index, Executor::EveryThread,
        llvm::isa<clang::OMPCriticalDirective>(directive) ? StepConstruct::Critical : StepConstruct::Atomic);
  // flush orders memory but synchronises nobody; taskwait and taskyield do nothing without tasks.
  if (llvm::isa<clang::OMPFlushDirective>(directive) || llvm::isa<clang::OMPTaskwaitDirective>(directive) ||
      llvm::isa<clang::OMPTaskyieldDirective>(directive))
    return;
  if (llvm::isa<clang::OMPSectionsDirective>(directive)) return addSectionSteps(associated, index, nowait);
  if (reportedByTheFrontEnd(*directive)) return;
  state_.limit("'#pragma omp " + directiveName(*directive) + "' directly inside a parallel region is not modelled",
               directive);
}

bool RegionStepBuilder::onlyTaskLoopOfRegion(const clang::OMPSingleDirective& single) const {
  for (const clang::Stmt* statement : state_.topLevel)
    if (statement != &single && !llvm::isa<clang::NullStmt>(statement)) return false;
  const clang::Stmt* body = single.getAssociatedStmt();
  if (unsupportedDirectiveIn(body, state_.request.site, state_.context)) return false;
  for (const clang::Stmt* statement : statementsOf(body))
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement))
      for (const clang::Stmt* inner : statementsOf(loop->getBody()))
        if (auto* task = llvm::dyn_cast<clang::OMPTaskDirective>(inner)) {
          TaskLoopSite site;
          std::string reason;
          return findTaskLoop(*task, state_.request.site.directive, state_.request.site.function, state_.context, site,
                              reason);
        }
  return false;
}

void RegionStepBuilder::addBarrierStep(const clang::Stmt* at) {
  RegionStep barrier;
  barrier.kind = RegionStep::Kind::Barrier;
  barrier.construct = StepConstruct::Barrier;
  barrier.at = positionOf(at->getBeginLoc(), state_.sources);
  state_.model.steps.push_back(barrier);
}

// The statements of a block that holds barriers or worksharing constructs, each a step of its own
// (barriers, worksharing loops, single, master, critical, atomic) or a statement of every thread.
// False when a directive it holds is not modelled there (the region is limited).
bool RegionStepBuilder::addArmSteps(const std::vector<const clang::Stmt*>& statements, size_t index) {
  for (const clang::Stmt* inner : statements) {
    if (isBarrier(inner)) {
      addBarrierStep(inner);
    } else if (isBlockStep(inner)) {
      addStep(inner, index);
    } else if (const clang::Stmt* nested = unsupportedDirectiveIn(inner, state_.request.site, state_.context)) {
      state_.limit("'#pragma omp " + directiveName(*llvm::cast<clang::OMPExecutableDirective>(nested)) +
                       "' in a block with a barrier is not modelled",
                   nested);
      return false;
    } else if (!llvm::isa<clang::NullStmt>(inner)) {
      addStatementsStep(inner, index, Executor::EveryThread, StepConstruct::Statement);
    }
  }
  return true;
}

// `if (c) { ...; #pragma omp for ...; } else { ...; #pragma omp barrier ...; }`: each arm a
// conditional block (as blockOfSteps's), exactly one of which runs. OpenMP requires every thread of
// the team or none to reach a worksharing construct or barrier, so a conforming program's threads
// agree on c; a condition that reads a thread's own value may differ between threads, and then
// the program is non-conforming: reported as such, not modelled.
void RegionStepBuilder::addBranchSteps(const clang::IfStmt& branch, size_t index) {
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
  for (const clang::Stmt *child = &branch, *parent = state_.parents.getParent(child); parent && child != state_.body;
       child = parent, parent = state_.parents.getParent(parent))
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
      PerThread inHeader(*state_.sharing, alike);
      if (part) inHeader.TraverseStmt(const_cast<clang::Expr*>(part));
      uniform &= inHeader.what.empty();
    }
    if (!uniform) break;
    alike.insert(header.counter);
  }
  PerThread perThread(*state_.sharing, alike);
  perThread.TraverseStmt(const_cast<clang::Expr*>(branch.getCond()));
  if (!perThread.what.empty())
    return state_.limit(
        "the condition of an if/else holding worksharing constructs or barriers reads " + perThread.what +
            ": if threads disagree on it, the program is non-conforming (every thread or none must reach "
            "them); not modelled",
        &branch);
  // Every thread evaluates the condition.
  addStatementsStep(branch.getCond(), index, Executor::EveryThread, StepConstruct::Statement);
  int thenArm = -1;
  for (const clang::Stmt* arm : {branch.getThen(), branch.getElse()}) {
    std::vector<const clang::Stmt*> statements;
    if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(arm))
      statements.assign(block->body_begin(), block->body_end());
    else
      statements.push_back(arm);
    size_t first = state_.model.steps.size();
    if (!addArmSteps(statements, index)) return;
    for (size_t k = first; k < state_.model.steps.size(); ++k) {
      state_.model.steps[k].conditionalBlock = conditionalBlocks_;
      state_.model.steps[k].alternativeTo = thenArm;
    }
    thenArm = conditionalBlocks_++;
  }
}

// A sequential loop whose body holds the region's worksharing constructs: every thread runs the same
// iterations (each must meet the same worksharing constructs and barriers in the same order), so the
// body's statements are steps, repeated. The header is a step of every thread too: its first test
// meets what comes before the loop, its last one what comes after, so it is placed at both ends.
//
// Such a loop inside another (`for (m ...) { for (i ...) { omp for ...; } omp for ...; }`, NPB SP's
// solvers) is a cycle of its own inside the outer one (RegionStep::innerCycles), wherever the
// barriers of the outer body are: each cycle joins, as above, its own end to its own start and what
// precedes it to what follows it, and the outer cycle's wrap holds the inner loop's steps that are in
// the outer body's first or last phase. An inner body with a break or continue of its own stays not
// modelled (which loop the jump leaves would have to be told apart).
void RegionStepBuilder::addCycleSteps(const clang::Stmt& loop, size_t index) {
  bool nested = cycleDepth_ > 0;
  const clang::Stmt* loopBody = sequentialBodyOf(&loop);
  if (nested) {
    JumpOutOfBody jumps;
    jumps.TraverseStmt(const_cast<clang::Stmt*>(loopBody));
    if (jumps.breaks || jumps.continues)
      return state_.limit(
          "a break or continue in a sequential loop holding worksharing constructs inside another such loop is "
          "not modelled",
          &loop);
  }
  // break and continue are taken by every thread in the same iteration (a conforming program has
  // every thread meet the same barriers): RegionStep::leavesCycle, restartsCycle.
  JumpOutOfBody exit;
  exit.TraverseStmt(const_cast<clang::Stmt*>(loopBody));
  if (exit.returnOrGoto)
    return state_.limit(
        "a return or goto out of the body of a sequential loop holding worksharing constructs is not "
        "modelled",
        exit.returnOrGoto);

  auto headerStep = [&] {
    RegionStep header;
    header.kind = RegionStep::Kind::Statements;
    header.construct = StepConstruct::Statement;
    header.at = positionOf(loop.getBeginLoc(), state_.sources);
    Scope scope{state_.sharing.get(), state_.translator.get(), false, index, state_.body};
    std::vector<const clang::Stmt*> parts;
    if (auto* forLoop = llvm::dyn_cast<clang::ForStmt>(&loop))
      parts = {forLoop->getInit(), forLoop->getCond(), forLoop->getInc()};
    else if (auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(&loop))
      parts = {whileLoop->getCond()};
    else
      parts = {llvm::cast<clang::DoStmt>(&loop)->getCond()};
    for (const clang::Stmt* part : parts)
      if (part)
        for (RegionAccess& access : accesses_.collect(part, scope)) header.accesses.push_back(std::move(access));
    for (size_t k = 0; k < header.accesses.size(); ++k) header.accesses[k].reference.id = static_cast<int>(k);
    return header;
  };
  size_t first = state_.model.steps.size();
  size_t limitationsBefore = state_.model.limitations.size();
  int number = cycles_++;
  ++cycleDepth_;
  state_.model.steps.push_back(headerStep());
  // The loop models take the counter of a `for` header as one value on every thread
  // (DataSharing::findStepCounters), under its own name.
  LoopHeader counted;
  std::string unread;
  std::vector<std::string>& counters = state_.model.cycleCounters;
  if (auto* forLoop = llvm::dyn_cast<clang::ForStmt>(&loop);
      forLoop && readLoopHeader(*forLoop, counted, unread) && counted.counter &&
      std::find(counters.begin(), counters.end(), counted.counter->getName().str()) == counters.end())
    counters.push_back(counted.counter->getName().str());
  std::vector<const clang::Stmt*> body;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(loopBody))
    body.assign(block->body_begin(), block->body_end());
  else
    body.push_back(loopBody);
  for (const clang::Stmt* inner : body) {
    size_t before = state_.model.steps.size();
    addStep(inner, index);
    JumpOutOfBody jumps;
    jumps.TraverseStmt(const_cast<clang::Stmt*>(inner));
    if (state_.model.steps.size() > before) {
      state_.model.steps.back().leavesCycle |= jumps.breaks;
      state_.model.steps.back().restartsCycle |= jumps.continues;
    }
  }
  state_.model.steps.push_back(headerStep());
  --cycleDepth_;

  auto endsInBarrier = [](const RegionStep& step) {
    return step.kind == RegionStep::Kind::Barrier ||
           (!step.nowait && (step.kind == RegionStep::Kind::Loop || step.executor == Executor::OneThread));
  };
  bool barrier = std::any_of(state_.model.steps.begin() + static_cast<std::ptrdiff_t>(first), state_.model.steps.end(),
                             endsInBarrier);
  for (size_t k = first; k < state_.model.steps.size(); ++k) {
    RegionStep& step = state_.model.steps[k];
    // Loops nested deeper finished first: this one goes before their numbers.
    if (nested)
      step.innerCycles.insert(step.innerCycles.begin(), number);
    else
      step.cycle = number;
  }
  if (!barrier && state_.model.limitations.size() == limitationsBefore)
    state_.limit(
        "a sequential loop whose body holds worksharing constructs but no barrier: threads in different "
        "iterations overlap, which is not modelled",
        &loop);
}

// `#pragma omp sections`: each section is run once, by one thread, and different sections run
// concurrently; the construct ends with a barrier unless nowait. A first section without its own
// `#pragma omp section` line is one statement.
void RegionStepBuilder::addSectionSteps(const clang::Stmt* sections, size_t index, bool nowait) {
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
        return state_.limit("a statement of a sections construct outside its section directives is not modelled",
                            child);
      }
    }
  } else if (sections) {
    bodies.push_back(sections);
  }
  // In `parallel sections` every section is a top-level statement of the region: its own position.
  bool combined = sections == state_.body;
  for (size_t k = 0; k < bodies.size(); ++k) {
    if (const clang::Stmt* nested = unsupportedDirectiveIn(bodies[k], state_.request.site, state_.context)) {
      auto* inner = llvm::cast<clang::OMPExecutableDirective>(nested);
      if (!reportedByTheFrontEnd(*inner))
        state_.limit("'#pragma omp " + directiveName(*inner) + "' inside a section is not modelled", nested);
      return;
    }
  }
  for (size_t k = 0; k < bodies.size(); ++k) {
    size_t at = combined ? state_.topLevelIndexOf(bodies[k]) : index;
    if (at >= state_.topLevel.size()) at = index;
    bool last = k + 1 == bodies.size();
    // Only the last section's end is the construct's end, where its barrier is.
    addStatementsStep(bodies[k], at, Executor::OneThread, StepConstruct::Section, last ? nowait : true);
  }
}

void RegionStepBuilder::addStatementsStep(const clang::Stmt* statement, size_t index, Executor executor,
                                          StepConstruct construct, bool nowait) {
  RegionStep step;
  step.kind = RegionStep::Kind::Statements;
  step.executor = executor;
  step.construct = construct;
  step.at = positionOf(state_.topLevel[index]->getBeginLoc(), state_.sources);
  step.nowait = nowait;
  if (statement)
    step.accesses =
        accesses_.collect(statement, {state_.sharing.get(), state_.translator.get(), false, index, state_.body});
  // Critical sections and locks exclude only the threads of one contention group, and every team
  // of a league is one of its own (OpenMP 5.2, 15.2 and 18.9); atomic binds to the whole device.
  if (state_.model.units == RegionUnits::Teams)
    for (const RegionAccess& access : step.accesses)
      if (access.reference.protection == Protection::Critical || access.reference.protection == Protection::Lock)
        state_.limit(
            "a critical section or a lock inside a teams region excludes only within one team: not modelled "
            "across teams",
            statement);
  state_.model.steps.push_back(std::move(step));
}

void RegionStepBuilder::addLoopStep(const clang::OMPLoopDirective& loop, size_t index,
                                    const clang::FunctionDecl* orphanedIn) {
  RegionStep step;
  step.kind = RegionStep::Kind::Loop;
  step.executor = Executor::Worksharing;
  step.construct = StepConstruct::Loop;
  step.loopDirective = modelDirectiveOf(loop);
  step.at = positionOf(loop.getBeginLoc(), state_.sources);
  step.nowait = loop.hasClausesOfKind<clang::OMPNowaitClause>();
  step.scheduleWritten = loop.hasClausesOfKind<clang::OMPScheduleClause>();
  if (state_.request.loops)
    if (auto found = state_.request.loops->find(&loop); found != state_.request.loops->end()) step.loop = found->second;
  if (step.loop < 0)
    state_.limit("the worksharing loop is not modelled, so the region around it is not checked", &loop);
  std::vector<const clang::ForStmt*> nest = associatedLoops(loop);
  if (!nest.empty()) {
    // The loop's own data sharing decides which of the scalars it names are shared.
    std::vector<const clang::VarDecl*> counters;
    for (const clang::Expr* counter : loop.counters())
      if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(counter->IgnoreParenImpCasts()))
        if (auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl())) counters.push_back(variable);
    const clang::Stmt* loopBody = nest.back()->getBody();
    state_.loopSharings.push_back(std::make_unique<DataSharing>(
        loop, orphanedIn ? nullptr : state_.request.site.directive, orphanedIn, counters, *loopBody, state_.context));
    state_.loopTranslators.push_back(std::make_unique<IndexTranslator>(state_.context, *state_.loopSharings.back(),
                                                                       nullptr, state_.writtenIntegerArrays));
    state_.loopTranslators.back()->nameThreadQueries(threadNumber(), teamSize());
    step.accesses = accesses_.collect(
        loopBody, {state_.loopSharings.back().get(), state_.loopTranslators.back().get(), true, index, loopBody});
    if (orphanedIn && state_.inlined && state_.inlined->callee == orphanedIn) bindLoopNames(step);
    step.boundsFromCall = orphanedIn && state_.inlined;
    addReductionCombination(loop, step);
  }
  state_.model.steps.push_back(std::move(step));
}

// A loop of the callee read at its call names the callee's pointer parameters: each stands for the
// variable passed for it (RegionStep::regionNames). A parameter given a scalar's address or the
// calling activation's own memory has no such name: the region is not modelled then.
void RegionStepBuilder::bindLoopNames(RegionStep& step) {
  const InlinedCall& call = *state_.inlined;
  DataSharing& loopSharing = *state_.loopSharings.back();
  for (const auto& [parameter, variable] : call.arrays)
    step.regionNames[loopSharing.of(parameter).name] = state_.sharing->of(variable).name;
  if (!call.addressed.empty() || !call.ownMemory.empty())
    state_.limit("worksharing loop in called function '" + call.callee->getNameAsString() +
                     "', whose pointer parameters are given a scalar's address or the caller's own memory, "
                     "is not modelled",
                 call.call);
}

// reduction(op: x) on a worksharing loop: at its end each thread combines its copy into the shared
// x, and the result is complete only at the barrier after the loop (with nowait, a later barrier).
// The combinations are a write of x that every thread makes, synchronised with each other (as
// atomic updates are) but not with the other threads' accesses of the phase.
void RegionStepBuilder::addReductionCombination(const clang::OMPLoopDirective& loop, RegionStep& step) {
  for (const auto* clause : loop.getClausesOfKind<clang::OMPReductionClause>())
    for (const clang::Expr* item : clause->varlists()) {
      auto* use = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts());
      auto* variable = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
      if (!variable || !variable->getType()->isArithmeticType()) continue;
      const DataSharing::Entry& outside = state_.sharing->of(variable);
      if (isPerThread(outside.sharing)) continue;  // the region's private copy: no other thread sees it
      RegionAccess combination;
      Reference& reference = combination.reference;
      reference.variable = outside.name;
      reference.kind = AccessKind::Increment;
      reference.isScalar = true;
      reference.text = variable->getName().str() + " (the reduction's combination at the end of the loop)";
      reference.span = spanOf(item->getSourceRange(), state_.sources);
      reference.protection = Protection::Atomic;
      reference.id = static_cast<int>(step.accesses.size());
      step.accesses.push_back(std::move(combination));
    }
}

// num_teams(n): at most n teams (OpenMP 5.2, 10.2), when n is a value known on entry.
void RegionStepBuilder::addLeagueSizeBound(const clang::OMPExecutableDirective& teams) {
  for (const auto* clause : teams.getClausesOfKind<clang::OMPNumTeamsClause>()) {
    IndexTranslator::Result bound = state_.translator->translate(clause->getNumTeams());
    Scope scope{state_.sharing.get(), state_.translator.get(), false, 0, state_.body};
    if (bound.expr && values_.knownAt(bound.expr, scope, {}))
      state_.model.facts.push_back({unitCount(RegionUnits::Teams), Relation::LessEqual, bound.expr});
  }
}

// num_threads(n): at most n threads (OpenMP 5.2, 10.1.1: the team has at most the number asked
// for), when n is a value known on entry. A flag counter the waiter waits to reach needs it.
void RegionStepBuilder::addTeamSizeBound(const clang::OMPExecutableDirective& parallel) {
  for (const auto* clause : parallel.getClausesOfKind<clang::OMPNumThreadsClause>()) {
    IndexTranslator::Result bound = state_.translator->translate(clause->getNumThreads());
    Scope scope{state_.sharing.get(), state_.translator.get(), false, 0, state_.body};
    if (bound.expr && values_.knownAt(bound.expr, scope, {}))
      state_.model.facts.push_back({unitCount(RegionUnits::Threads), Relation::LessEqual, bound.expr});
  }
}

// A loop that waits for a flag another thread sets, reading it with an atomic read or after a flush
// (`while (!seen) { #pragma omp atomic read acquire  seen = ready; }`): a flag wait FlagWaits.h
// recognises orders what the flag's release and acquire order (RegionAccess::flagReleases); in any
// other shape the region is reported as not checked rather than its ordered accesses as races.
void RegionStepBuilder::findSpinWaits() {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::vector<const clang::Stmt*> found;
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
      if (synchronisesIn(loop)) found.push_back(loop);
      return true;
    }
    bool VisitDoStmt(clang::DoStmt* loop) {
      if (synchronisesIn(loop)) found.push_back(loop);
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(state_.body));
  // A call of the region whose callee's body is only a waiting loop (`wait_for(&ready);`) is a flag
  // wait of its own; any other wait in a function the region calls, at any depth, is not recognised.
  struct Calls : clang::RecursiveASTVisitor<Calls> {
    std::vector<std::pair<const clang::CallExpr*, const clang::FunctionDecl*>> pending;
    std::set<const clang::FunctionDecl*> seen;
    bool inCallees = false;
    std::vector<std::pair<const clang::CallExpr*, const clang::FunctionDecl*>> fromCallees;  // calls in callees
    bool VisitCallExpr(clang::CallExpr* call) {
      const clang::FunctionDecl* definition = nullptr;
      if (!call->getDirectCallee() || !call->getDirectCallee()->hasBody(definition)) return true;
      if (inCallees) fromCallees.push_back({call, definition});
      if (seen.insert(definition).second) pending.push_back({call, definition});
      return true;
    }
  } calls;
  calls.TraverseStmt(const_cast<clang::Stmt*>(state_.body));
  std::set<const clang::CallExpr*> regionCalls;
  for (const auto& [call, callee] : calls.pending) regionCalls.insert(call);
  auto waitsIn = [](const clang::FunctionDecl* callee) {
    Finder inCallee;
    inCallee.TraverseStmt(callee->getBody());
    return inCallee.found;
  };
  // Every call of the region to a function that waits: each is recognised or limits the region.
  struct RegionCallSites : clang::RecursiveASTVisitor<RegionCallSites> {
    std::vector<const clang::CallExpr*> found;
    bool VisitCallExpr(clang::CallExpr* call) {
      found.push_back(call);
      return true;
    }
  } sites;
  sites.TraverseStmt(const_cast<clang::Stmt*>(state_.body));
  std::set<const clang::FunctionDecl*> recognisedWaits;
  for (const clang::CallExpr* call : sites.found) {
    const clang::FunctionDecl* definition = nullptr;
    if (!call->getDirectCallee() || !call->getDirectCallee()->hasBody(definition)) continue;
    std::vector<const clang::Stmt*> waits = waitsIn(definition);
    if (waits.empty()) continue;
    std::string whyNot;
    std::optional<FlagWait> wait = recogniseCalledFlagWait(
        *call, *state_.request.site.directive, *state_.request.site.function, state_.parents, state_.context, whyNot);
    addFlagWait(wait, call, whyNot);
    recognisedWaits.insert(definition);
  }
  calls.inCallees = true;
  while (!calls.pending.empty()) {
    auto [call, callee] = calls.pending.back();
    calls.pending.pop_back();
    if (regionCalls.count(call) && recognisedWaits.count(callee)) continue;  // its waits are placed above
    std::vector<const clang::Stmt*> waits = waitsIn(callee);
    if (!waits.empty())
      state_.limit(
          "a thread waits in a loop on a flag (an atomic read or a flush inside the loop) in called function '" +
              callee->getNameAsString() + "': not modelled",
          waits.front());
    calls.TraverseStmt(callee->getBody());
  }
  // A function recognised as a wait where the region calls it, called again below another callee.
  for (const auto& [call, callee] : calls.fromCallees)
    if (recognisedWaits.count(callee)) {
      state_.limit("a thread waits on a flag in '" + callee->getNameAsString() +
                       "', called from another called function: not modelled",
                   call);
      break;
    }
  for (const clang::Stmt* loop : finder.found) {
    std::string whyNot;
    std::optional<FlagWait> wait = recogniseFlagWait(
        *loop, *state_.request.site.directive, *state_.request.site.function, state_.parents, state_.context, whyNot);
    addFlagWait(wait, loop, whyNot);
  }
}

void RegionStepBuilder::addFlagWait(std::optional<FlagWait>& wait, const clang::Stmt* at, std::string whyNot) {
  if (wait && isPerThread(state_.sharing->of(wait->flag).sharing)) {
    whyNot = "a thread waits on flag '" + wait->flag->getName().str() + "', which is private in the region";
    wait.reset();
  }
  if (!wait) {
    state_.limit(whyNot, at);
    return;
  }
  state_.model.flagWaits.push_back({wait->flag->getName().str(), positionOf(at->getBeginLoc(), state_.sources),
                                    wait->orders, wait->why, wait->writesNeeded});
  state_.flagWaits.push_back(*wait);
}

}  // namespace adrace::analyzer::region
