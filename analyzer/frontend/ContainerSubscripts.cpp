#include "analyzer/frontend/ContainerSubscripts.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <vector>

namespace adrace::analyzer {

clang::QualType containerElementType(clang::QualType type) {
  type = type.getNonReferenceType();
  auto* specialization = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(type->getAsCXXRecordDecl());
  if (!specialization || !specialization->isInStdNamespace()) return {};
  const std::string name = specialization->getName().str();
  if (name != "vector" && name != "array") return {};
  const clang::TemplateArgumentList& arguments = specialization->getTemplateArgs();
  if (arguments.size() < 1 || arguments[0].getKind() != clang::TemplateArgument::Type) return {};
  clang::QualType element = arguments[0].getAsType();
  if (!element->isIntegerType() && !element->isRealFloatingType()) return {};
  return element;
}

bool isContainerReference(const clang::VarDecl* var) {
  return var && var->getType()->isReferenceType() && !containerElementType(var->getType()).isNull();
}

bool isContainerSizeCall(const clang::Expr* expr) {
  auto* call = llvm::dyn_cast<clang::CXXMemberCallExpr>(expr->IgnoreParenImpCasts());
  if (!call || call->getNumArgs() != 0 || !call->getMethodDecl()) return false;
  const std::string method = call->getMethodDecl()->getNameAsString();
  auto* use = llvm::dyn_cast<clang::DeclRefExpr>(call->getImplicitObjectArgument()->IgnoreParenImpCasts());
  return (method == "size" || method == "empty") && use &&
         isContainerReference(llvm::dyn_cast<clang::VarDecl>(use->getDecl()));
}

namespace {

// `v[i]` with v a container reference: the variable's use, else null.
const clang::DeclRefExpr* containerOf(const clang::CXXOperatorCallExpr* call) {
  if (call->getOperator() != clang::OO_Subscript || call->getNumArgs() != 2) return nullptr;
  auto* use = llvm::dyn_cast<clang::DeclRefExpr>(call->getArg(0)->IgnoreParenImpCasts());
  auto* var = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
  return isContainerReference(var) ? use : nullptr;
}

class Lowering : public clang::RecursiveASTVisitor<Lowering> {
 public:
  explicit Lowering(clang::ASTContext& ast) : ast_(ast) {}

  // Replaced in the parent's slot, before the traversal reaches the children (the new node's
  // index is visited next, so `u[idx[i]]` is rewritten at both levels).
  bool VisitStmt(clang::Stmt* statement) {
    for (clang::Stmt*& child : statement->children())
      if (auto* call = llvm::dyn_cast_or_null<clang::CXXOperatorCallExpr>(child))
        if (const clang::DeclRefExpr* use = containerOf(call)) child = lowered(call, use);
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {  // an initialiser outside a DeclStmt's children (a condition)
    if (auto* call = llvm::dyn_cast_or_null<clang::CXXOperatorCallExpr>(var->getInit()))
      if (const clang::DeclRefExpr* use = containerOf(call)) var->setInit(lowered(call, use));
    return true;
  }
  int rewritten = 0;

 private:
  clang::Expr* lowered(clang::CXXOperatorCallExpr* call, const clang::DeclRefExpr* use) {
    // The element type as the call returns it (const for a const container).
    clang::QualType element = call->getType();
    auto* data = clang::ImplicitCastExpr::Create(ast_, ast_.getPointerType(element), clang::CK_NoOp,
                                                 const_cast<clang::DeclRefExpr*>(use), nullptr, clang::VK_PRValue,
                                                 clang::FPOptionsOverride());
    ++rewritten;
    return new (ast_) clang::ArraySubscriptExpr(data, call->getArg(1), element, clang::VK_LValue, clang::OK_Ordinary,
                                                call->getRParenLoc());
  }
  clang::ASTContext& ast_;
};

}  // namespace

int lowerContainerSubscripts(clang::ASTContext& ast, clang::Stmt* body) {
  Lowering lowering(ast);
  lowering.TraverseStmt(body);
  return lowering.rewritten;
}

int lowerContainerSubscriptsInProgram(clang::ASTContext& ast) {
  if (!ast.getLangOpts().CPlusPlus) return 0;
  struct Functions : clang::RecursiveASTVisitor<Functions> {
    bool VisitFunctionDecl(clang::FunctionDecl* function) {
      if (function->doesThisDeclarationHaveABody() && function->getBody() &&
          !sources.isInSystemHeader(sources.getExpansionLoc(function->getLocation())))
        bodies.push_back(function->getBody());
      return true;
    }
    explicit Functions(const clang::SourceManager& sources) : sources(sources) {}
    const clang::SourceManager& sources;
    std::vector<clang::Stmt*> bodies;
  } functions(ast.getSourceManager());
  functions.TraverseDecl(ast.getTranslationUnitDecl());
  int rewritten = 0;
  for (clang::Stmt* body : functions.bodies) rewritten += lowerContainerSubscripts(ast, body);
  return rewritten;
}

}  // namespace adrace::analyzer
