// Elements at each thread's own number (ThreadSlots.h).
#include "ad/ThreadSlots.h"

#include "ad/PassiveCalls.h"
#include "ad/TeamRegion.h"
#include "ad/WriteSites.h"

#include <clang/AST/ParentMapContext.h>

namespace adrace::ad {
namespace {

bool isThreadNumberCall(const clang::Expr* expr) {
  auto* call = llvm::dyn_cast<clang::CallExpr>(expr->IgnoreParenImpCasts());
  return call && call->getNumArgs() == 0 && directCalleeName(call) == "omp_get_thread_num";
}

}  // namespace

bool isThreadNumber(const AdjointContext& context, const clang::Expr* expr) {
  if (!expr) return false;
  if (isThreadNumberCall(expr)) return true;
  auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
  auto* var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !var->getType()->isIntegerType() || !var->getInit() || !isThreadNumberCall(var->getInit()) ||
      !insideTeamRegion(context, var->getInit()))  // (outside a region, the initial thread's number: 0)
    return false;
  return !writesVariable(context.function.getBody(), var, /*addressCounts=*/true);
}

bool isThreadSlot(const AdjointContext& context, const clang::Expr* leaf) {
  auto* subscript = leaf ? llvm::dyn_cast<clang::ArraySubscriptExpr>(leaf->IgnoreParenImpCasts()) : nullptr;
  return subscript && llvm::isa<clang::DeclRefExpr>(subscript->getBase()->IgnoreParenImpCasts()) &&
         isThreadNumber(context, subscript->getIdx()) && insideTeamRegion(context, subscript);
}

bool insideTeamRegion(const AdjointContext& context, const clang::Expr* expr) {
  clang::DynTypedNodeList parents = context.ast.getParents(*expr);
  while (!parents.empty()) {
    const clang::DynTypedNode parent = parents[0];
    if (auto* region = parent.get<clang::OMPParallelDirective>()) return runsAsTeam(*region);
    if (parent.get<clang::FunctionDecl>()) return false;
    parents = context.ast.getParents(parent);
  }
  return false;
}

}  // namespace adrace::ad
