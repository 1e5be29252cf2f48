#include "analyzer/frontend/ExpressionDepth.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/DeclBase.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include <string>
#include <utility>
#include <vector>

namespace adrace::analyzer {
namespace {

// The deepest node under `body` if it lies below the bound, found with an explicit stack.
const clang::Stmt* tooDeepIn(const clang::Stmt* body) {
  std::vector<std::pair<const clang::Stmt*, unsigned>> pending{{body, 1}};
  while (!pending.empty()) {
    auto [statement, depth] = pending.back();
    pending.pop_back();
    if (depth > kMaximumExpressionDepth) return statement;
    for (const clang::Stmt* child : statement->children())
      if (child) pending.push_back({child, depth + 1});
    // An OpenMP region's body sits in a CapturedStmt, whose children are only the captures.
    if (const auto* captured = llvm::dyn_cast<clang::CapturedStmt>(statement))
      pending.push_back({captured->getCapturedStmt(), depth + 1});
  }
  return nullptr;
}

// Function bodies of the main file, in namespaces, classes and extern "C" blocks too.
void collectBodies(const clang::DeclContext& context, const clang::SourceManager& sources,
                   std::vector<const clang::Stmt*>& bodies) {
  for (const clang::Decl* declaration : context.decls()) {
    if (!sources.isInMainFile(declaration->getLocation())) continue;
    if (const auto* function = llvm::dyn_cast<clang::FunctionDecl>(declaration))
      if (function->doesThisDeclarationHaveABody()) bodies.push_back(function->getBody());
    if (const auto* inner = llvm::dyn_cast<clang::DeclContext>(declaration))
      if (!llvm::isa<clang::FunctionDecl>(declaration)) collectBodies(*inner, sources, bodies);
  }
}

}  // namespace

std::optional<Diagnostic> findTooDeepExpression(clang::ASTContext& context) {
  const clang::SourceManager& sources = context.getSourceManager();
  std::vector<const clang::Stmt*> bodies;
  collectBodies(*context.getTranslationUnitDecl(), sources, bodies);
  for (const clang::Stmt* body : bodies) {
    if (const clang::Stmt* deep = tooDeepIn(body))
      return Diagnostic{Diagnostic::Severity::Error, positionOf(deep->getBeginLoc(), sources),
                        "expression too deep: more than " + std::to_string(kMaximumExpressionDepth) +
                            " nested operations (split it into several statements)"};
  }
  return std::nullopt;
}

}  // namespace adrace::analyzer
