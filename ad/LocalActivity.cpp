#include "ad/LocalActivity.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <vector>

namespace adrace::ad {
namespace {

// Every store into a variable and the expressions it reads: `v = e` (e), `v op= e` (v and e),
// `T v = e` (e). RecursiveASTVisitor enters OpenMP directives' captured statements.
class Stores : public clang::RecursiveASTVisitor<Stores> {
 public:
  bool VisitBinaryOperator(clang::BinaryOperator* binary) {
    if (!binary->isAssignmentOp()) return true;
    const clang::VarDecl* target = baseVariable(binary->getLHS());
    if (!target) return true;
    stores.push_back({target, binary->getRHS(), binary->isCompoundAssignmentOp()});
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {
    if (var->getInit()) stores.push_back({var, var->getInit(), false});
    return true;
  }
  struct Store {
    const clang::VarDecl* target;
    const clang::Expr* value;
    bool readsTarget;  // a compound assignment
  };
  std::vector<Store> stores;
};

}  // namespace

void findInactiveLocals(AdjointContext& context) {
  Stores finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(context.function.getBody()));
  std::set<const clang::VarDecl*> candidates;  // floating locals, active until proven otherwise
  for (const auto& [decl, info] : context.variables)
    if (!info.parameter && info.active) candidates.insert(decl);
  auto isActive = [&](const clang::VarDecl* var, const std::set<const clang::VarDecl*>& varied) {
    const VariableInfo* info = context.variable(var);
    return info && info->active && (info->parameter || varied.count(var));
  };
  std::set<const clang::VarDecl*> varied;  // least fixpoint: reached by an active value
  for (bool grew = true; grew;) {
    grew = false;
    for (const Stores::Store& store : finder.stores) {
      if (!candidates.count(store.target) || varied.count(store.target)) continue;
      std::set<const clang::VarDecl*> reads;
      collectVariables(store.value, reads);
      bool reached = false;
      for (const clang::VarDecl* read : reads) reached |= isActive(read, varied);
      if (reached) {
        varied.insert(store.target);
        grew = true;
      }
    }
  }
  for (const clang::VarDecl* local : candidates)
    if (!varied.count(local)) context.variables[local].active = false;
}

}  // namespace adrace::ad
