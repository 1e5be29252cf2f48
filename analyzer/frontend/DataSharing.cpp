#include "analyzer/frontend/DataSharing.h"

#include <clang/AST/ExprOpenMP.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::analyzer {
namespace {

// Every variable declared inside a statement (those are private to the iteration or thread).
class DeclarationCollector : public clang::RecursiveASTVisitor<DeclarationCollector> {
 public:
  explicit DeclarationCollector(std::set<const clang::VarDecl*>& out) : out_(out) {}
  bool VisitVarDecl(clang::VarDecl* variable) {
    if (!variable->isStaticLocal() && !variable->hasExternalStorage()) out_.insert(variable);
    return true;
  }

 private:
  std::set<const clang::VarDecl*>& out_;
};

// The variable a clause item names: `x`, or the array of a section `h[:n]` / element `a[0]`.
const clang::VarDecl* variableOf(const clang::Expr* expression) {
  expression = expression->IgnoreParenImpCasts();
  while (true) {
    if (auto* section = llvm::dyn_cast<clang::OMPArraySectionExpr>(expression))
      expression = section->getBase()->IgnoreParenImpCasts();
    else if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(expression))
      expression = element->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(expression->IgnoreParenImpCasts()))
    return llvm::dyn_cast<clang::VarDecl>(reference->getDecl());
  return nullptr;
}

std::string clauseText(const char* clause, const clang::VarDecl* variable, bool isRegion) {
  return std::string("clause ") + clause + "(" + variable->getName().str() + ")" +
         (isRegion ? " on the enclosing parallel region" : "");
}

}  // namespace

DataSharing::DataSharing(const clang::OMPExecutableDirective& loop,
                         const clang::OMPExecutableDirective* region,
                         const std::vector<const clang::VarDecl*>& counters,
                         const clang::Stmt& body, clang::ASTContext&) {
  counters_.insert(counters.begin(), counters.end());
  DeclarationCollector(declaredInBody_).TraverseStmt(const_cast<clang::Stmt*>(&body));
  if (region) {
    readClauses(*region, true);
    if (region->hasAssociatedStmt())
      DeclarationCollector(declaredInRegion_)
          .TraverseStmt(const_cast<clang::Stmt*>(region->getAssociatedStmt()));
  }
  // The worksharing construct's own clauses win over the region's.
  readClauses(loop, false);
}

void DataSharing::readClauses(const clang::OMPExecutableDirective& directive, bool isRegion) {
  auto record = [&](const clang::Expr* item, Sharing sharing, const char* clause,
                    std::string reduction = {}) {
    if (const clang::VarDecl* variable = variableOf(item))
      explicit_[variable] = {sharing, clauseText(clause, variable, isRegion), std::move(reduction), {}};
  };
  for (const auto* clause : directive.getClausesOfKind<clang::OMPPrivateClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::Private, "private");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPFirstprivateClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::FirstPrivate, "firstprivate");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPLastprivateClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::LastPrivate, "lastprivate");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPLinearClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::Linear, "linear");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPSharedClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::Shared, "shared");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPReductionClause>()) {
    std::string op = clause->getNameInfo().getAsString();
    if (op.rfind("operator", 0) == 0) op = op.substr(8);
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::Reduction, "reduction", op);
  }
  // default(none) needs no handling: Clang rejects a variable no clause names.
}

DataSharing::Entry DataSharing::resolve(const clang::VarDecl* variable) const {
  if (counters_.count(variable))
    return {Sharing::LoopCounter, "counter of the parallel loop (private, distinct per iteration)", {}, {}};
  if (declaredInBody_.count(variable)) return {Sharing::Private, "declared in the loop body", {}, {}};
  auto found = explicit_.find(variable);
  if (found != explicit_.end()) return found->second;
  if (variable->hasAttr<clang::OMPThreadPrivateDeclAttr>())
    return {Sharing::ThreadPrivate, "threadprivate", {}, {}};
  if (declaredInRegion_.count(variable))
    return {Sharing::Private, "declared in the enclosing parallel region", {}, {}};
  return {Sharing::Shared, "implicit rule: shared", {}, {}};
}

const DataSharing::Entry& DataSharing::of(const clang::VarDecl* variable) {
  auto found = resolved_.find(variable);
  if (found != resolved_.end()) return found->second;
  Entry entry = resolve(variable);
  entry.name = uniqueName(variable);
  order_.push_back(variable);
  return resolved_.emplace(variable, entry).first->second;
}

smt::Scope DataSharing::scopeOf(const clang::VarDecl* variable) {
  Sharing sharing = of(variable).sharing;
  if (sharing == Sharing::LoopCounter) return smt::Scope::Counter;
  return isPerThread(sharing) ? smt::Scope::Private : smt::Scope::Shared;
}

std::string DataSharing::uniqueName(const clang::VarDecl* variable) {
  std::string name = variable->getName().str();
  int& uses = namesTaken_[name];
  ++uses;
  return uses == 1 ? name : name + "_" + std::to_string(uses);
}

}  // namespace adrace::analyzer
