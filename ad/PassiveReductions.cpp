// Reductions other than + on passive values (PassiveReductions.h).
#include "ad/PassiveReductions.h"

#include "analyzer/frontend/DataSharing.h"

#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::ad {
namespace {

// Whether an assignment stores into `variable` itself or into a passive variable.
bool storesPassively(const AdjointContext& context, const clang::BinaryOperator& store,
                     const clang::VarDecl* variable) {
  const clang::VarDecl* target = baseVariable(store.getLHS());
  const VariableInfo* info = target ? context.variable(target) : nullptr;
  return target == variable || (info && !info->active);
}

// Whether a statement only stores into `variable` or passive variables (`v = e;`, a block of such).
bool onlyStoresPassively(const AdjointContext& context, const clang::Stmt* statement, const clang::VarDecl* variable) {
  if (!statement) return true;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    for (const clang::Stmt* child : block->body())
      if (!onlyStoresPassively(context, child, variable)) return false;
    return true;
  }
  auto* store = llvm::dyn_cast<clang::BinaryOperator>(statement);
  return store && store->isAssignmentOp() && storesPassively(context, *store, variable);
}

// Whether a read of `variable` at `use` reaches no active value: it is in a value stored into the
// variable itself or into a passive variable, in the condition of an `if` that only stores so
// (`if (r > worst) worst = r;`), or in the return of a function whose result is not
// floating (a status).
bool readFeedsNothingActive(const AdjointContext& context, const clang::DeclRefExpr* use,
                            const clang::VarDecl* variable) {
  const clang::Stmt* child = use;
  clang::DynTypedNodeList parents = context.ast.getParents(*use);
  while (!parents.empty()) {
    const clang::Stmt* parent = parents[0].get<clang::Stmt>();
    if (!parent) return false;
    if (auto* store = llvm::dyn_cast<clang::BinaryOperator>(parent); store && store->isAssignmentOp()) {
      if (store->getLHS() == child)  // the target itself is stored into; a subscript of it is read
        return child == use && baseVariable(store->getLHS()) == variable;
      return storesPassively(context, *store, variable);
    }
    if (llvm::isa<clang::ReturnStmt>(parent))  // an int status (`return worst < tol;`) is passive
      return !context.function.getReturnType()->isRealFloatingType();
    if (auto* branch = llvm::dyn_cast<clang::IfStmt>(parent))
      return branch->getCond() == child && onlyStoresPassively(context, branch->getThen(), variable) &&
             onlyStoresPassively(context, branch->getElse(), variable);
    if (llvm::isa<clang::CompoundStmt, clang::OMPExecutableDirective, clang::CapturedStmt>(parent))
      return false;  // a statement of its own that reads it: a call, a return...
    child = parent;
    parents = context.ast.getParents(*parent);
  }
  return false;
}

// The reads of `variable` in the function: the first that may feed an active value (or null), and
// whether there is any.
struct Reads {
  const clang::DeclRefExpr* active = nullptr;
  bool any = false;
};

Reads readsOf(const AdjointContext& context, const clang::VarDecl* variable) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const AdjointContext& context;
    const clang::VarDecl* variable;
    Reads found;
    Finder(const AdjointContext& context, const clang::VarDecl* variable) : context(context), variable(variable) {}
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (use->getDecl() != variable) return true;
      found.any = true;
      if (readFeedsNothingActive(context, use, variable)) return true;
      found.active = use;
      return false;
    }
    // A clause, or a captured statement's list of captures, names the variable: that is not a read.
    bool TraverseOMPClause(clang::OMPClause*) { return true; }
    bool TraverseCapturedStmt(clang::CapturedStmt* captured) { return TraverseStmt(captured->getCapturedStmt()); }
  } finder(context, variable);
  finder.TraverseStmt(const_cast<clang::Stmt*>(context.function.getBody()));
  return finder.found;
}

}  // namespace

std::vector<NonSumReduction> nonSumReductionItems(const clang::OMPReductionClause& clause) {
  std::vector<NonSumReduction> items;
  if (analyzer::reductionOperator(clause) == "+") return items;
  for (const clang::Expr* item : clause.varlists()) {
    auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts());
    items.push_back({&clause, ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr});
  }
  return items;
}

void makeReductionsPassive(AdjointContext& context, const std::vector<NonSumReduction>& reductions) {
  for (const NonSumReduction& reduction : reductions) {
    if (!reduction.variable)
      return context.unsupported(reduction.clause->getBeginLoc(),
                                 "reduction operator other than + on an array section or element");
    auto found = context.variables.find(reduction.variable);
    VariableInfo* info = found == context.variables.end() ? nullptr : &found->second;
    const std::string name = reduction.variable->getNameAsString();
    if (!info || info->parameter || info->global)
      return context.unsupported(reduction.clause->getBeginLoc(),
                                 "reduction operator other than + on '" + name +
                                     "', which is not a local of the function (only a passive local's)");
    if (const clang::DeclRefExpr* read = readsOf(context, reduction.variable).active)
      return context.unsupported(read->getBeginLoc(),
                                 "reduction operator other than + on '" + name +
                                     "', whose value may reach an active output here (the adjoint of a max or "
                                     "min goes to the iteration that gave it, which is not tracked)");
    info->active = false;
  }
  // What only fed them is passive too (`d` in `d = fabs(du); if (d > worst) worst = d;`).
  for (bool shrank = !reductions.empty(); shrank;) {
    shrank = false;
    for (auto& [decl, info] : context.variables) {
      if (info.parameter || info.global || !info.active || !info.floating || context.pointerAliases.count(decl))
        continue;
      const Reads reads = readsOf(context, decl);
      if (!reads.any || reads.active) continue;
      info.active = false;
      shrank = true;
    }
  }
}

}  // namespace adrace::ad
