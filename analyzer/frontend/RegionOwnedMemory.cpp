#include "analyzer/frontend/RegionOwnedMemory.h"

#include "analyzer/frontend/CallOwnedMemory.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/OpenMPKinds.h>

namespace adrace::analyzer {
namespace {

bool mentions(const clang::Stmt* statement, const clang::VarDecl& variable) {
  if (!statement) return false;
  if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(statement); use && use->getDecl() == &variable) return true;
  if (auto* declarations = llvm::dyn_cast<clang::DeclStmt>(statement))
    for (const clang::Decl* declared : declarations->decls())
      if (auto* local = llvm::dyn_cast<clang::VarDecl>(declared))
        if (local == &variable || mentions(local->getInit(), variable)) return true;
  for (const clang::Stmt* child : statement->children())
    if (mentions(child, variable)) return true;
  return false;
}

// Whether `statement` gives `pointer` an allocation: `p = malloc(...)`, `int *p = calloc(...)`.
bool allocates(const clang::Stmt* statement, const clang::VarDecl& pointer, clang::ASTContext& context) {
  if (auto* declarations = llvm::dyn_cast<clang::DeclStmt>(statement))
    return declarations->isSingleDecl() && declarations->getSingleDecl() == &pointer && pointer.getInit() &&
           isAllocation(pointer.getInit(), context);
  auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement);
  if (!assignment || assignment->getOpcode() != clang::BO_Assign) return false;
  auto* use = llvm::dyn_cast<clang::DeclRefExpr>(assignment->getLHS()->IgnoreParenImpCasts());
  return use && use->getDecl() == &pointer && isAllocation(assignment->getRHS(), context);
}

bool privateIn(const clang::OMPExecutableDirective& region, const clang::VarDecl& pointer, const clang::Stmt& body) {
  if (body.getSourceRange().fullyContains(pointer.getSourceRange())) return true;  // declared in the region
  for (const auto* clause : region.getClausesOfKind<clang::OMPPrivateClause>())
    for (const clang::Expr* listed : clause->varlists())
      if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(listed->IgnoreParenImpCasts());
          use && use->getDecl() == &pointer)
        return true;
  return false;
}

}  // namespace

bool holdsThreadOwnedMemory(const clang::OMPExecutableDirective& region, const clang::FunctionDecl& function,
                            const clang::VarDecl& pointer) {
  if (!pointer.getType()->isPointerType() || !region.hasAssociatedStmt()) return false;
  const clang::Stmt* body = region.getInnermostCapturedStmt()->getCapturedStmt();
  auto* block = llvm::dyn_cast<clang::CompoundStmt>(body);
  if (!block || !privateIn(region, pointer, *body)) return false;
  for (const clang::Stmt* statement : block->body()) {
    if (!mentions(statement, pointer)) continue;
    if (!allocates(statement, pointer, function.getASTContext())) return false;
    return regionUsesKeepBlocks(function, region, pointer);
  }
  return false;
}

const clang::OMPExecutableDirective* enclosingParallel(const clang::Stmt& statement,
                                                       const clang::FunctionDecl& function) {
  if (!function.getBody()) return nullptr;
  clang::ParentMap parents(const_cast<clang::Stmt*>(function.getBody()));
  for (const clang::Stmt* current = parents.getParent(&statement); current; current = parents.getParent(current))
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(current))
      if (clang::isOpenMPParallelDirective(directive->getDirectiveKind())) return directive;
  return nullptr;
}

}  // namespace adrace::analyzer
