#include "ad/AdjointContext.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/raw_ostream.h>

#include <cctype>

namespace adrace::ad {

void AdjointContext::unsupported(clang::SourceLocation at, const std::string& what) {
  if (error) return;
  analyzer::Diagnostic diagnostic;
  diagnostic.severity = analyzer::Diagnostic::Severity::Error;
  diagnostic.at = position(at);
  diagnostic.message = "unsupported: " + what;
  diagnostic.unsupported = true;
  error = diagnostic;
}

const VariableInfo* AdjointContext::variable(const clang::VarDecl* decl) const {
  auto found = variables.find(decl);
  return found == variables.end() ? nullptr : &found->second;
}

analyzer::SourcePosition AdjointContext::position(clang::SourceLocation at) const {
  return analyzer::positionOf(at, ast.getSourceManager());
}

std::string AdjointContext::text(const clang::Expr* expr) const {
  const clang::SourceManager& sources = ast.getSourceManager();
  clang::SourceRange range = expr->getSourceRange();
  if (range.getBegin().isFileID() && range.getEnd().isFileID()) {
    llvm::StringRef written = clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(range), sources,
                                                          ast.getLangOpts());
    if (!written.empty()) {
      std::string collapsed;
      bool space = false;
      for (char c : written) {
        if (c == '\n' || c == '\t' || c == '\r' || c == ' ') {
          space = true;
          continue;
        }
        if (space && !collapsed.empty()) collapsed += ' ';
        space = false;
        collapsed += c;
      }
      return collapsed;
    }
  }
  std::string printed;
  llvm::raw_string_ostream stream(printed);
  clang::PrintingPolicy policy(ast.getLangOpts());
  expr->printPretty(stream, nullptr, policy);
  return stream.str();
}

std::string AdjointContext::operand(const clang::Expr* expr) const {
  const clang::Expr* bare = expr->IgnoreImpCasts();
  if (llvm::isa<clang::DeclRefExpr>(bare) || llvm::isa<clang::ArraySubscriptExpr>(bare) ||
      llvm::isa<clang::IntegerLiteral>(bare) || llvm::isa<clang::FloatingLiteral>(bare) ||
      llvm::isa<clang::ParenExpr>(bare) || llvm::isa<clang::CallExpr>(bare))
    return text(expr);
  return "(" + text(expr) + ")";
}

const clang::Expr* asLeaf(const clang::Expr* expr) {
  const clang::Expr* bare = expr->IgnoreParenImpCasts();
  if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(bare))
    return llvm::isa<clang::VarDecl>(ref->getDecl()) ? bare : nullptr;
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(bare))
    if (unary->getOpcode() == clang::UO_Deref && llvm::isa<clang::DeclRefExpr>(unary->getSubExpr()->IgnoreParenImpCasts()))
      return bare;
  const clang::Expr* cursor = bare;
  while (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(cursor)) cursor = subscript->getBase()->IgnoreParenImpCasts();
  if (cursor != bare && llvm::isa<clang::DeclRefExpr>(cursor)) return bare;
  return nullptr;
}

const clang::VarDecl* baseVariable(const clang::Expr* expr) {
  const clang::Expr* leaf = asLeaf(expr);
  if (!leaf) return nullptr;
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(leaf)) leaf = unary->getSubExpr()->IgnoreParenImpCasts();
  while (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(leaf)) leaf = subscript->getBase()->IgnoreParenImpCasts();
  auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(leaf);
  return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

std::string adjointText(const AdjointContext& context, const clang::Expr* leaf) {
  leaf = asLeaf(leaf);
  const clang::VarDecl* base = baseVariable(leaf);
  const VariableInfo* info = context.variable(base);
  std::string name = (info ? info->name : base->getNameAsString()) + "_b";
  if ((info && info->byValueScalar) || llvm::isa<clang::UnaryOperator>(leaf)) return "*" + name;  // *s_b, *p_b
  std::string suffix;
  const clang::Expr* cursor = leaf;
  std::vector<std::string> subscripts;
  while (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(cursor)) {
    subscripts.insert(subscripts.begin(), "[" + context.text(subscript->getIdx()) + "]");
    cursor = subscript->getBase()->IgnoreParenImpCasts();
  }
  for (const std::string& s : subscripts) suffix += s;
  return name + suffix;
}

bool mentions(const std::string& text, const std::string& name) {
  auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1))
    if ((at == 0 || !identifier(text[at - 1])) && (at + name.size() == text.size() || !identifier(text[at + name.size()])))
      return true;
  return false;
}

namespace {
class VariableCollector : public clang::RecursiveASTVisitor<VariableCollector> {
 public:
  explicit VariableCollector(std::set<const clang::VarDecl*>& out) : out_(out) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) out_.insert(var);
    return true;
  }

 private:
  std::set<const clang::VarDecl*>& out_;
};
}  // namespace

void collectVariables(const clang::Expr* expr, std::set<const clang::VarDecl*>& out) {
  if (!expr) return;
  VariableCollector collector(out);
  collector.TraverseStmt(const_cast<clang::Expr*>(expr));
}

void collectIndexVariables(const clang::Expr* leaf, std::set<const clang::VarDecl*>& out) {
  leaf = asLeaf(leaf);
  if (!leaf) return;
  while (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(leaf)) {
    collectVariables(subscript->getIdx(), out);
    leaf = subscript->getBase()->IgnoreParenImpCasts();
  }
}

std::string declarationText(const clang::VarDecl* var, const std::string& name) {
  std::string text;
  llvm::raw_string_ostream stream(text);
  clang::PrintingPolicy policy(var->getASTContext().getLangOpts());
  var->getType().getUnqualifiedType().print(stream, policy, name);
  return stream.str();
}

std::string adjointDeclaration(const clang::VarDecl* var, const std::string& name) {
  if (var->getType()->isArrayType()) return declarationText(var, name + "_b") + " = {0};";
  return "double " + name + "_b = 0.0;";
}

bool isFloatingType(clang::QualType type) {
  while (true) {
    if (type->isPointerType()) type = type->getPointeeType();
    else if (type->isArrayType()) type = type->getAsArrayTypeUnsafe()->getElementType();
    else break;
  }
  return type->isRealFloatingType();
}

}  // namespace adrace::ad
