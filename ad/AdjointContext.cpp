#include "ad/AdjointContext.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/raw_ostream.h>

#include <cctype>

namespace adrace::ad {

void AdjointContext::unsupported(clang::SourceLocation at, const std::string& what) const {
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
  if (found == variables.end() && decl)  // another declaration of a file-scope variable (`extern` in a header)
    for (const auto& entry : variables)
      if (entry.second.global && entry.first->getCanonicalDecl() == decl->getCanonicalDecl()) return &entry.second;
  return found == variables.end() ? nullptr : &found->second;
}

analyzer::SourcePosition AdjointContext::position(clang::SourceLocation at) const {
  return analyzer::positionOf(at, ast.getSourceManager());
}

c::ExprRef AdjointContext::tree(const clang::Expr* expr) const {
  c::ExprRef converted = from.expr(expr);
  if (converted) return converted;
  unsupported(from.unsupportedAt.isValid() ? from.unsupportedAt : expr->getBeginLoc(), from.unsupportedWhat);
  return c::literal("0");
}

std::string AdjointContext::text(const clang::Expr* expr) const { return c::print(tree(expr)); }

std::string AdjointContext::operand(const clang::Expr* expr) const {
  c::ExprRef converted = tree(expr);
  switch (converted->kind) {
    case c::Expr::Kind::Name: case c::Expr::Kind::Literal: case c::Expr::Kind::Call: case c::Expr::Kind::Subscript:
    case c::Expr::Kind::Member:
      return c::print(converted);
    default: return "(" + c::print(converted) + ")";
  }
}

c::ExprRef AdjointContext::extentOf(const VariableInfo& info) const {
  auto given = extents.find(info.name);
  if (given != extents.end()) return given->second;
  c::Type declared = from.declaredType(info.decl);
  c::ExprRef count;
  for (const c::Type::Derivation& derivation : declared.derivations) {
    if (derivation.kind != c::Type::Derivation::Kind::Array || !derivation.size) return nullptr;
    count = count ? c::mul(count, derivation.size) : derivation.size;
  }
  return count;
}

namespace {
class NameCollector : public clang::RecursiveASTVisitor<NameCollector> {
 public:
  explicit NameCollector(std::set<std::string>& names) : names_(names) {}
  bool VisitNamedDecl(clang::NamedDecl* decl) {
    if (decl->getIdentifier()) names_.insert(decl->getName().str());
    return true;
  }

 private:
  std::set<std::string>& names_;
};
}  // namespace

void AdjointContext::collectNames() {
  for (const clang::Decl* decl : ast.getTranslationUnitDecl()->decls())
    if (auto* named = llvm::dyn_cast<clang::NamedDecl>(decl); named && named->getIdentifier()) {
      takenNames.insert(named->getName().str());
      if (auto* tag = llvm::dyn_cast<clang::EnumDecl>(decl))
        for (const clang::EnumConstantDecl* constant : tag->enumerators()) takenNames.insert(constant->getName().str());
    }
  NameCollector collector(takenNames);
  collector.TraverseDecl(const_cast<clang::FunctionDecl*>(&function));
  adjName = freshName("adj");
}

std::string AdjointContext::freshName(const std::string& wanted) {
  std::string name = wanted;
  for (int suffix = 2; takenNames.count(name); ++suffix) name = wanted + std::to_string(suffix);
  takenNames.insert(name);
  return name;
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

c::ExprRef adjointOf(const AdjointContext& context, const clang::Expr* leaf) {
  leaf = asLeaf(leaf);
  const clang::VarDecl* base = baseVariable(leaf);
  const VariableInfo* info = context.variable(base);
  c::ExprRef adjoint = c::name(info ? info->adjoint : base->getNameAsString() + "_b");
  if ((info && info->byValueScalar) || llvm::isa<clang::UnaryOperator>(leaf)) return c::prefix("*", adjoint);  // *s_b, *p_b
  std::vector<const clang::Expr*> subscripts;
  for (const clang::Expr* cursor = leaf; auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(cursor);
       cursor = subscript->getBase()->IgnoreParenImpCasts())
    subscripts.insert(subscripts.begin(), subscript->getIdx());
  for (const clang::Expr* index : subscripts) adjoint = c::subscript(adjoint, context.tree(index));
  return adjoint;
}

std::string adjointText(const AdjointContext& context, const clang::Expr* leaf) { return c::print(adjointOf(context, leaf)); }

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

std::string declarationText(const AdjointContext& context, const clang::VarDecl* var, const std::string& name) {
  return c::print(context.from.declaredType(var, true), name);
}

std::string adjointDeclaration(const AdjointContext& context, const clang::VarDecl* var) {
  const VariableInfo* info = context.variable(var);
  if (var->getType()->isArrayType()) return declarationText(context, var, info->adjoint) + " = {0};";
  return "double " + info->adjoint + " = 0.0;";
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
