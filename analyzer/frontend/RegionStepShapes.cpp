#include "analyzer/frontend/RegionStepShapes.h"

#include "analyzer/frontend/Frontend.h"
#include "analyzer/frontend/LibraryCalls.h"
#include "analyzer/frontend/TaskLoops.h"
#include "analyzer/frontend/TaskSequences.h"

#include <algorithm>
#include <set>

namespace adrace::analyzer::region {

// The OpenMP directive inside a plain statement that the region model cannot place: anything but
// atomic, critical and flush, which act where they are.
// Tasks created in a loop of a single (TaskLoops.h) are modelled as loops of their own; within the
// region they are accesses of the single's thread, all done by the single's barrier, and a
// taskwait there only waits for them.
const clang::Stmt* unsupportedDirectiveIn(const clang::Stmt* statement, const RegionSite& regionSite,
                                          clang::ASTContext& context) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const RegionSite* region = nullptr;
    clang::ASTContext* context = nullptr;
    const clang::Stmt* found = nullptr;
    bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
      if (llvm::isa<clang::OMPAtomicDirective>(directive) || llvm::isa<clang::OMPCriticalDirective>(directive) ||
          llvm::isa<clang::OMPFlushDirective>(directive) || llvm::isa<clang::OMPTaskwaitDirective>(directive))
        return true;
      if (auto* task = llvm::dyn_cast<clang::OMPTaskDirective>(directive)) {
        TaskLoopSite site;
        std::string reason;
        if (findTaskLoop(*task, region->directive, region->function, *context, site, reason) ||
            inTaskSequence(*task, region->directive, *context, reason))
          return true;
      }
      found = directive;
      return false;
    }
  } finder;
  finder.region = &regionSite;
  finder.context = &context;
  finder.TraverseStmt(const_cast<clang::Stmt*>(statement));
  return finder.found;
}

// The function a statement `f(...);` calls, when its body has OpenMP directives of its own (an
// orphaned worksharing loop, a barrier), or statements `g(...);` calling such functions, at any
// depth (a recursive chain is not one).
static const clang::FunctionDecl* worksharingCallee(const clang::Stmt* statement,
                                                    std::set<const clang::FunctionDecl*>& active) {
  auto* call = llvm::dyn_cast<clang::CallExpr>(statement);
  const clang::FunctionDecl* definition = nullptr;
  if (!call || !call->getDirectCallee() || !call->getDirectCallee()->hasBody(definition)) return nullptr;
  auto* body = llvm::dyn_cast<clang::CompoundStmt>(definition->getBody());
  if (!body || !active.insert(definition->getCanonicalDecl()).second) return nullptr;
  const clang::FunctionDecl* found = nullptr;
  for (const clang::Stmt* inner : body->body())
    if (llvm::isa<clang::OMPExecutableDirective>(inner) || worksharingCallee(inner, active)) {
      found = definition;
      break;
    }
  active.erase(definition->getCanonicalDecl());
  return found;
}

const clang::FunctionDecl* worksharingCallee(const clang::Stmt* statement) {
  std::set<const clang::FunctionDecl*> active;
  return worksharingCallee(statement, active);
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
static bool holdsSteps(const clang::Stmt* arm) {
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
// time-step or convergence loop around the sweeps of one region), or another such loop.
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
    if (isBarrier(inner) || worksharingCallee(inner) || blockOfSteps(inner) || ifElseOfSteps(inner) ||
        sequentialLoopAroundSteps(inner))
      return loop;
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

}  // namespace adrace::analyzer::region
