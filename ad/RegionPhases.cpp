// The phases of a parallel region and the sweeps that run them (RegionPhases.h).
#include "ad/RegionPhases.h"

#include "ad/ExclusiveUpdates.h"
#include "ad/ParallelLoopAdjoint.h"
#include "ad/Sweeps.h"
#include "ad/TeamRegion.h"

#include "analyzer/frontend/LoopModelBuilder.h"

namespace adrace::ad {
namespace {

const clang::Stmt* onceBody(const clang::Stmt* item) {
  if (!llvm::isa<clang::OMPSingleDirective>(item) && !llvm::isa<clang::OMPMasterDirective>(item)) return nullptr;
  return llvm::cast<clang::OMPExecutableDirective>(item)->getRawStmt();
}

// omp_get_num_threads() is the team's size inside the primal's region and 1 outside any region.
bool callsTheRuntime(const clang::Stmt* statement) {
  if (!statement) return false;
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(statement))
    if (auto* callee = call->getDirectCallee(); callee && callee->getName().starts_with("omp_")) return true;
  for (const clang::Stmt* child : statement->children())
    if (callsTheRuntime(child)) return true;
  return false;
}

}  // namespace

std::vector<const clang::Stmt*> regionPhases(const clang::OMPExecutableDirective* directive) {
  std::vector<const clang::Stmt*> phases;
  if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(directive)) {
    phases.push_back(loop);
    return phases;
  }
  if (!directive->hasAssociatedStmt()) return phases;  // a barrier
  if (const clang::Stmt* updates = exclusiveBody(directive)) return {updates};
  if (const clang::Stmt* once = onceBody(directive)) return {once};  // a team region's block (TeamRegion.h)
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

void RegionSweeps::forward(const clang::OMPExecutableDirective* directive, CodeWriter& out) {
  for (const clang::Stmt* phase : regionPhases(directive)) {
    if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(phase)) {
      auto found = context_.loops.find(loop);
      if (found == context_.loops.end()) {
        context_.unsupported(loop->getBeginLoc(), "parallel loop the analyzer could not model");
        return;
      }
      forwardLoop(found->second, out);
    } else if (sweeps_.forwardEmits(phase)) {
      onceBlock(phase, out, [&](CodeWriter& writer) { sweeps_.forward(phase, writer); });
    }
  }
}

void RegionSweeps::backward(const clang::OMPExecutableDirective* directive, CodeWriter& out) {
  std::vector<const clang::Stmt*> phases = regionPhases(directive);
  for (auto it = phases.rbegin(); it != phases.rend(); ++it) {
    if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(*it)) {
      auto found = context_.loops.find(loop);
      if (found == context_.loops.end()) {
        context_.unsupported(loop->getBeginLoc(), "parallel loop the analyzer could not model");
        return;
      }
      backwardLoop(found->second, out);
    } else if (sweeps_.backwardEmits(*it)) {
      const clang::Stmt* phase = *it;
      onceBlock(phase, out, [&](CodeWriter& writer) { sweeps_.backward(phase, writer); });
    }
  }
}

void RegionSweeps::forwardLoop(const ParallelLoop& loop, CodeWriter& out) {
  if (context_.request.strategy == Strategy::Serial)
    return sweeps_.forward(analyzer::associatedLoops(*loop.directive).front(), out);
  ParallelLoopAdjoint adjoint(sweeps_, context_, loop);
  adjoint.forward(out);
  needsOmpHelpers_ |= adjoint.needsOmpHelpers();
}

void RegionSweeps::backwardLoop(const ParallelLoop& loop, CodeWriter& out) {
  if (context_.request.strategy == Strategy::Serial)
    return sweeps_.backward(analyzer::associatedLoops(*loop.directive).front(), out);
  ParallelLoopAdjoint adjoint(sweeps_, context_, loop);
  adjoint.backward(out);
  needsOmpHelpers_ |= adjoint.needsOmpHelpers();
}

// The initial thread runs the block in both sweeps (sequential code, or `master` of a team when the
// block asks the runtime about its team), so the values it pushes and pops are on one tape.
void RegionSweeps::onceBlock(const clang::Stmt* body, CodeWriter& out, const std::function<void(CodeWriter&)>& emit) {
  if (!callsTheRuntime(body)) return emit(out);
  out.open(c::governed(c::directive(c::Omp::Parallel), c::block({})));
  out.open(c::governed(c::directive(c::Omp::Master), c::block({})));
  emit(out);
  out.close();
  out.close();
}

}  // namespace adrace::ad
