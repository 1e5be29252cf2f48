#include "ad/InPlaceRewriter.h"

#include <clang/AST/StmtOpenMP.h>

namespace adrace::ad {

clang::Stmt* InPlaceRewriter::rewrite(clang::Stmt* stmt) {
  if (!stmt) return stmt;
  if (clang::Stmt* replacement = substitute(stmt)) return replacement;
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
    if (dropped_.count(declaration)) return new (ast_) clang::NullStmt(declaration->getBeginLoc());
    for (clang::Decl* decl : declaration->decls())
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(decl); var && var->getInit())
        var->setInit(llvm::cast<clang::Expr>(rewrite(var->getInit())));
    return stmt;
  }
  if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(stmt)) {
    if (directive->hasAssociatedStmt()) rewriteChildren(directive->getRawStmt());
    return stmt;
  }
  rewriteChildren(stmt);
  return stmt;
}

void InPlaceRewriter::rewriteChildren(clang::Stmt* stmt) {
  for (clang::Stmt*& child : stmt->children()) child = rewrite(child);
}

}  // namespace adrace::ad
