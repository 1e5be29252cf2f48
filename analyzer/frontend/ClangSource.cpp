#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/DeclOpenMP.h>
#include <clang/AST/StmtOpenMP.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

namespace adrace::analyzer {

SourcePosition positionOf(clang::SourceLocation location, const clang::SourceManager& sources) {
  SourcePosition position;
  if (location.isInvalid()) return position;
  clang::SourceLocation expansion = sources.getExpansionLoc(location);
  clang::PresumedLoc presumed = sources.getPresumedLoc(expansion);
  if (presumed.isInvalid()) return position;
  position.file = presumed.getFilename();
  position.line = presumed.getLine();
  position.column = presumed.getColumn();
  return position;
}

SourceSpan spanOf(clang::SourceRange range, const clang::SourceManager& sources) {
  return {positionOf(range.getBegin(), sources), positionOf(range.getEnd(), sources)};
}

std::string sourceText(const clang::Stmt* statement, const clang::ASTContext& context) {
  const clang::SourceManager& sources = context.getSourceManager();
  clang::CharSourceRange range = clang::CharSourceRange::getTokenRange(
      sources.getExpansionRange(statement->getSourceRange()).getAsRange());
  std::string text =
      clang::Lexer::getSourceText(range, sources, context.getLangOpts()).str();
  std::string collapsed;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !collapsed.empty();
      continue;
    }
    if (space) collapsed += ' ';
    space = false;
    collapsed += c;
  }
  return collapsed;
}

std::string calleeName(const clang::CallExpr* call) {
  const clang::FunctionDecl* callee = call->getDirectCallee();
  return callee ? callee->getNameAsString() : "a function pointer";
}

const clang::VarDecl* variableOf(const clang::Expr* expression) {
  auto* reference = llvm::dyn_cast_or_null<clang::DeclRefExpr>(expression ? expression->IgnoreParenImpCasts() : nullptr);
  return reference ? llvm::dyn_cast<clang::VarDecl>(reference->getDecl()) : nullptr;
}

const clang::Expr* uncapturedClauseExpr(const clang::Expr* expression) {
  auto* reference = llvm::dyn_cast_or_null<clang::DeclRefExpr>(expression ? expression->IgnoreImpCasts() : nullptr);
  auto* captured = reference ? llvm::dyn_cast<clang::OMPCapturedExprDecl>(reference->getDecl()) : nullptr;
  return captured && captured->getInit() ? captured->getInit() : expression;
}

clang::SourceRange wholeRangeOf(const clang::Stmt* statement) {
  const clang::Stmt* last = statement;
  while (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(last)) {
    if (!directive->hasAssociatedStmt()) break;
    last = directive->getAssociatedStmt();
    while (auto* captured = llvm::dyn_cast<clang::CapturedStmt>(last)) last = captured->getCapturedStmt();
  }
  return {statement->getBeginLoc(), last->getEndLoc()};
}

}  // namespace adrace::analyzer
