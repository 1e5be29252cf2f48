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
  clang::CharSourceRange range =
      clang::CharSourceRange::getTokenRange(sources.getExpansionRange(statement->getSourceRange()).getAsRange());
  std::string text = clang::Lexer::getSourceText(range, sources, context.getLangOpts()).str();
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
  auto* reference =
      llvm::dyn_cast_or_null<clang::DeclRefExpr>(expression ? expression->IgnoreParenImpCasts() : nullptr);
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

std::string constructName(const clang::Stmt& statement) {
  switch (statement.getStmtClass()) {
    case clang::Stmt::SwitchStmtClass: return "a switch statement";
    case clang::Stmt::CaseStmtClass:
    case clang::Stmt::DefaultStmtClass: return "a case label";
    case clang::Stmt::GotoStmtClass:
    case clang::Stmt::IndirectGotoStmtClass: return "a goto";
    case clang::Stmt::LabelStmtClass: return "a label";
    case clang::Stmt::WhileStmtClass: return "a while loop";
    case clang::Stmt::DoStmtClass: return "a do-while loop";
    case clang::Stmt::BreakStmtClass: return "a break";
    case clang::Stmt::ContinueStmtClass: return "a continue";
    case clang::Stmt::ReturnStmtClass: return "a return";
    case clang::Stmt::GCCAsmStmtClass:
    case clang::Stmt::MSAsmStmtClass: return "inline assembly";
    case clang::Stmt::StmtExprClass: return "a statement expression";
    // Clang 14 writes a call that '#pragma omp declare variant' may replace as a pseudo-object.
    case clang::Stmt::PseudoObjectExprClass: return "a call to a function with a '#pragma omp declare variant'";
    case clang::Stmt::CompoundLiteralExprClass: return "a compound literal";
    case clang::Stmt::InitListExprClass: return "an initialiser list";
    case clang::Stmt::GenericSelectionExprClass: return "a _Generic selection";
    case clang::Stmt::VAArgExprClass: return "va_arg";
    case clang::Stmt::AtomicExprClass: return "an atomic builtin";
    case clang::Stmt::CXXThrowExprClass: return "a throw";
    case clang::Stmt::CXXTryStmtClass: return "a try block";
    case clang::Stmt::LambdaExprClass: return "a lambda";
    case clang::Stmt::CXXNewExprClass: return "a new expression";
    case clang::Stmt::CXXDeleteExprClass: return "a delete expression";
    case clang::Stmt::CXXForRangeStmtClass: return "a range-based for loop";
    default: break;
  }
  return std::string(llvm::isa<clang::Expr>(statement) ? "expression" : "statement") + " of kind " +
         statement.getStmtClassName();
}

}  // namespace adrace::analyzer
