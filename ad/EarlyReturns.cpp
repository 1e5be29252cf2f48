#include "ad/EarlyReturns.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

namespace adrace::ad {
namespace {

// `return e;` (alone, or as the only statement of a block): e; null otherwise.
clang::Expr* returnedValue(clang::Stmt* statement) {
  if (auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(statement); block && block->size() == 1)
    statement = block->body_front();
  auto* returned = llvm::dyn_cast_or_null<clang::ReturnStmt>(statement);
  return returned ? returned->getRetValue() : nullptr;
}

class Folder : public clang::RecursiveASTVisitor<Folder> {
 public:
  explicit Folder(AdjointContext& context) : context_(context), ast_(context.ast) {}

  bool VisitFunctionDecl(clang::FunctionDecl* function) {
    const clang::SourceManager& sources = ast_.getSourceManager();
    if (function == &context_.function || !function->doesThisDeclarationHaveABody() ||
        function->getReturnType()->isVoidType() ||
        !sources.isInMainFile(sources.getExpansionLoc(function->getLocation())))
      return true;
    if (auto* body = llvm::dyn_cast<clang::CompoundStmt>(function->getBody())) fold(function, body);
    return true;
  }

 private:
  void fold(clang::FunctionDecl* function, clang::CompoundStmt* body) {
    std::vector<clang::Stmt*> items(body->body_begin(), body->body_end());
    if (items.empty()) return;
    // The chain, from the end: `return e;`, or `if (c) return a; else return b;`.
    clang::Expr* value = returnedValue(items.back());
    size_t first = items.size() - 1;
    if (!value) {
      auto* branch = llvm::dyn_cast<clang::IfStmt>(items.back());
      if (!branch || !plainIf(branch) || !returnedValue(branch->getThen()) || !returnedValue(branch->getElse())) return;
      value = conditional(branch, returnedValue(branch->getThen()), returnedValue(branch->getElse()), function);
    }
    while (first > 0) {
      auto* branch = llvm::dyn_cast<clang::IfStmt>(items[first - 1]);
      if (!branch || !plainIf(branch) || branch->getElse() || !returnedValue(branch->getThen())) break;
      value = conditional(branch, returnedValue(branch->getThen()), value, function);
      --first;
    }
    if (value == returnedValue(items.back())) return;  // no early return
    items.resize(first);
    items.push_back(clang::ReturnStmt::Create(ast_, body->body_back()->getBeginLoc(), value, nullptr));
    function->setBody(
        clang::CompoundStmt::Create(ast_, items, clang::FPOptionsOverride(), body->getLBracLoc(), body->getRBracLoc()));
  }

  static bool plainIf(const clang::IfStmt* branch) {
    return !branch->getInit() && !branch->getConditionVariable() && !branch->isConsteval() && !branch->isConstexpr();
  }

  // `c ? a : b` (each already converted to the function's type by its return).
  clang::Expr* conditional(const clang::IfStmt* branch, clang::Expr* whenTrue, clang::Expr* whenFalse,
                           const clang::FunctionDecl* function) {
    auto* choice = new (ast_) clang::ConditionalOperator(
        const_cast<clang::Expr*>(branch->getCond()), branch->getIfLoc(), whenTrue, branch->getIfLoc(), whenFalse,
        function->getReturnType(), clang::VK_PRValue, clang::OK_Ordinary);
    context_.from.synthesized.insert(choice);
    return choice;
  }

  AdjointContext& context_;
  clang::ASTContext& ast_;
};

}  // namespace

void foldEarlyReturns(AdjointContext& context) {
  Folder folder(context);
  folder.TraverseDecl(context.ast.getTranslationUnitDecl());
}

}  // namespace adrace::ad
