#include "ad/LocalActivity.h"

#include "ad/StatementAdjoint.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <vector>

namespace adrace::ad {
namespace {

// Every store into a variable and the value it stores: `v = e`, `v op= e`, `T v = e`.
// RecursiveASTVisitor enters OpenMP directives' captured statements.
class Stores : public clang::RecursiveASTVisitor<Stores> {
 public:
  bool VisitBinaryOperator(clang::BinaryOperator* binary) {
    if (binary->isAssignmentOp()) stores.push_back({baseVariable(binary->getLHS()), binary->getRHS()});
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {
    if (var->getInit()) stores.push_back({var, var->getInit()});
    return true;
  }
  std::vector<std::pair<const clang::VarDecl*, const clang::Expr*>> stores;
};

}  // namespace

void findInactiveLocals(AdjointContext& context) {
  Stores finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(context.function.getBody()));
  // Candidates start inactive; a store whose value has an active leaf (hasActiveLeaf: piecewise
  // constant calls such as floor() carry no derivative) makes its target active, until nothing grows.
  std::vector<VariableInfo*> candidates;
  for (auto& [decl, info] : context.variables)
    if (!info.parameter && !info.global && info.active &&
        !context.pointerAliases.count(decl)) {  // an alias is as active as its array
      info.active = false;
      candidates.push_back(&info);
    }
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [target, value] : finder.stores) {
      auto found = context.variables.find(target);
      if (found == context.variables.end() || found->second.active || !found->second.floating ||
          std::find(candidates.begin(), candidates.end(), &found->second) == candidates.end())
        continue;
      if (hasActiveLeaf(context, value)) {
        found->second.active = true;
        grew = true;
      }
    }
  }
}

}  // namespace adrace::ad
