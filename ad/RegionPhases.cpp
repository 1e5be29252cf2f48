// Parallel regions (docs/design.md [TOMS-AD] §3.1): both sweeps run a region as its phases in order (the
// forward sweep) or in reverse (the backward sweep). A worksharing loop becomes a parallel region of
// its own (ParallelLoopAdjoint.h); a `single` or `master` body runs once, between those regions.
// Every phase ends where the next begins, so the adjoint synchronises at least as much as the primal
// whatever its barriers and `nowait` clauses say: a `nowait` between two loops is correct in the
// primal because each thread's iterations meet only its own, but in reverse the adjoint's
// increments of shared reads (a neighbour's elements) meet other threads', so no `nowait` is copied.
// A region with statements every thread runs is a team region instead (TeamRegion.h), and an
// `omp critical` or `omp atomic` update is emitted as ExclusiveUpdates.h says.
#include "ad/Sweeps.h"

#include "ad/ExclusiveUpdates.h"
#include "ad/ParallelLoopAdjoint.h"
#include "ad/TeamRegion.h"

#include "analyzer/frontend/LoopModelBuilder.h"

#include <clang/AST/StmtOpenMP.h>

namespace adrace::ad {
namespace {

const clang::Stmt* onceBody(const clang::Stmt* item) {
  if (!llvm::isa<clang::OMPSingleDirective>(item) && !llvm::isa<clang::OMPMasterDirective>(item)) return nullptr;
  return llvm::cast<clang::OMPExecutableDirective>(item)->getRawStmt();
}

bool callsTheRuntime(const clang::Stmt* statement) {
  if (!statement) return false;
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(statement))
    if (auto* callee = call->getDirectCallee(); callee && callee->getName().starts_with("omp_")) return true;
  for (const clang::Stmt* child : statement->children())
    if (callsTheRuntime(child)) return true;
  return false;
}

}  // namespace

std::vector<const clang::Stmt*> Sweeps::regionPhases(const clang::OMPExecutableDirective* directive) const {
  std::vector<const clang::Stmt*> phases;
  if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(directive)) {
    phases.push_back(loop);
    return phases;
  }
  if (!directive->hasAssociatedStmt()) return phases;  // a barrier
  if (const clang::Stmt* updates = exclusiveBody(directive)) return {updates};
  const clang::Stmt* body = directive->getRawStmt();
  std::vector<const clang::Stmt*> items{body};
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body))
    items.assign(compound->body_begin(), compound->body_end());
  // A team region (TeamRegion.h) runs every statement, on every thread.
  if (auto* region = llvm::dyn_cast<clang::OMPParallelDirective>(directive); region && runsAsTeam(*region)) {
    for (const clang::Stmt* item : items)
      if (!llvm::isa<clang::NullStmt, clang::OMPBarrierDirective>(item)) phases.push_back(item);
    return phases;
  }
  for (const clang::Stmt* item : items) {
    if (llvm::isa<clang::OMPLoopDirective>(item))
      phases.push_back(item);
    else if (const clang::Stmt* once = onceBody(item))
      phases.push_back(once);
  }
  return phases;
}

// omp_get_num_threads() is the team's size inside the primal's region and 1 outside any region.
bool Sweeps::asksTheTeam(const clang::Stmt* once) const { return callsTheRuntime(once); }

void Sweeps::forwardParallel(const clang::OMPExecutableDirective* directive, CodeWriter& out) {
  if (exclusiveBody(directive)) return forwardExclusive(directive, out);
  if (auto* region = llvm::dyn_cast<clang::OMPParallelDirective>(directive); region && runsAsTeam(*region))
    return forwardTeam(region, out);
  for (const clang::Stmt* phase : regionPhases(directive)) {
    if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(phase)) {
      auto found = context_.loops.find(loop);
      if (found == context_.loops.end()) {
        context_.unsupported(loop->getBeginLoc(), "parallel loop the analyzer could not model");
        return;
      }
      forwardParallelLoop(found->second, out);
    } else if (forwardEmits(phase)) {
      onceBlock(phase, out, [&](CodeWriter& writer) { forward(phase, writer); });
    }
  }
}

void Sweeps::backwardParallel(const clang::OMPExecutableDirective* directive, CodeWriter& out) {
  if (exclusiveBody(directive)) return backwardExclusive(directive, out);
  if (auto* region = llvm::dyn_cast<clang::OMPParallelDirective>(directive); region && runsAsTeam(*region))
    return backwardTeam(region, out);
  std::vector<const clang::Stmt*> phases = regionPhases(directive);
  for (auto it = phases.rbegin(); it != phases.rend(); ++it) {
    if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(*it)) {
      auto found = context_.loops.find(loop);
      if (found == context_.loops.end()) {
        context_.unsupported(loop->getBeginLoc(), "parallel loop the analyzer could not model");
        return;
      }
      backwardParallelLoop(found->second, out);
    } else if (backwardEmits(*it)) {
      const clang::Stmt* phase = *it;
      onceBlock(phase, out, [&](CodeWriter& writer) { backward(phase, writer); });
    }
  }
}

void Sweeps::forwardParallelLoop(const ParallelLoop& loop, CodeWriter& out) {
  if (context_.request.strategy == Strategy::Serial)
    return forward(analyzer::associatedLoops(*loop.directive).front(), out);
  ParallelLoopAdjoint adjoint(*this, context_, loop);
  adjoint.forward(out);
  needsOmpHelpers_ |= adjoint.needsOmpHelpers();
}

void Sweeps::backwardParallelLoop(const ParallelLoop& loop, CodeWriter& out) {
  if (context_.request.strategy == Strategy::Serial)
    return backward(analyzer::associatedLoops(*loop.directive).front(), out);
  ParallelLoopAdjoint adjoint(*this, context_, loop);
  adjoint.backward(out);
  needsOmpHelpers_ |= adjoint.needsOmpHelpers();
}

// The initial thread runs the block in both sweeps (sequential code, or `master` of a team when the
// block asks the runtime about its team), so the values it pushes and pops are on one tape.
void Sweeps::onceBlock(const clang::Stmt* body, CodeWriter& out, const std::function<void(CodeWriter&)>& emit) {
  if (!asksTheTeam(body)) return emit(out);
  out.open(c::governed(c::directive(c::Omp::Parallel), c::block({})));
  out.open(c::governed(c::directive(c::Omp::Master), c::block({})));
  emit(out);
  out.close();
  out.close();
}

}  // namespace adrace::ad
