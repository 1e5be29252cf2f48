#include "ad/InPlaceRewriter.h"

#include <clang/AST/StmtOpenMP.h>

namespace adrace::ad {

void transformBodies(clang::Stmt* statement, const std::function<clang::Stmt*(clang::Stmt*)>& transform) {
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    branch->setThen(transform(branch->getThen()));
    if (branch->getElse()) branch->setElse(transform(branch->getElse()));
  } else if (auto* loop = llvm::dyn_cast<clang::ForStmt>(statement)) {
    loop->setBody(transform(loop->getBody()));
  } else if (auto* loop = llvm::dyn_cast<clang::WhileStmt>(statement)) {
    loop->setBody(transform(loop->getBody()));
  } else if (auto* loop = llvm::dyn_cast<clang::DoStmt>(statement)) {
    loop->setBody(transform(loop->getBody()));
  }
}

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
