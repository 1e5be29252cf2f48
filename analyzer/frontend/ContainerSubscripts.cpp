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

// Whether `base` names a struct the caller passes (a reference or pointer parameter, a local
// reference, or the object of a member function), whose container members are then the caller's
// storage as a container reference is.
bool callersStruct(const clang::Expr* base) {
  if (llvm::isa<clang::CXXThisExpr>(base->IgnoreParenImpCasts())) return true;
  auto* use = llvm::dyn_cast<clang::DeclRefExpr>(base->IgnoreParenImpCasts());
  auto* var = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
  if (!var) return false;
  clang::QualType type = var->getType();
  if (type->isPointerType())
    type = type->getPointeeType();
  else if (!type->isReferenceType())
    return false;
  return type.getNonReferenceType()->isStructureOrClassType();
}

// `v[i]` with v a container reference, or (with `members`) `g.u[i]` / `g->u[i]` with u a container
// member of a struct the caller passes: the container's expression, else null.
const clang::Expr* containerOf(const clang::CXXOperatorCallExpr* call, bool members) {
  if (call->getOperator() != clang::OO_Subscript || call->getNumArgs() != 2) return nullptr;
  const clang::Expr* base = call->getArg(0)->IgnoreParenImpCasts();
  if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(base))
    return isContainerReference(llvm::dyn_cast<clang::VarDecl>(use->getDecl())) ? use : nullptr;
  auto* member = llvm::dyn_cast<clang::MemberExpr>(base);
  auto* field = member ? llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl()) : nullptr;
  if (!members || !field || containerElementType(field->getType()).isNull() || field->getType()->isReferenceType() ||
      !callersStruct(member->getBase()))
    return nullptr;
  return member;
}

class Lowering : public clang::RecursiveASTVisitor<Lowering> {
 public:
  Lowering(clang::ASTContext& ast, bool members) : ast_(ast), members_(members) {}

  // Replaced in the parent's slot, before the traversal reaches the children (the new node's
  // index is visited next, so `u[idx[i]]` is rewritten at both levels).
  bool VisitStmt(clang::Stmt* statement) {
    for (clang::Stmt*& child : statement->children())
      if (auto* call = llvm::dyn_cast_or_null<clang::CXXOperatorCallExpr>(child))
        if (const clang::Expr* container = containerOf(call, members_)) child = lowered(call, container);
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {  // an initialiser outside a DeclStmt's children (a condition)
    if (auto* call = llvm::dyn_cast_or_null<clang::CXXOperatorCallExpr>(var->getInit()))
      if (const clang::Expr* container = containerOf(call, members_)) var->setInit(lowered(call, container));
    return true;
  }
  int rewritten = 0;

 private:
  clang::Expr* lowered(clang::CXXOperatorCallExpr* call, const clang::Expr* container) {
    // The element type as the call returns it (const for a const container).
    clang::QualType element = call->getType();
    auto* data = clang::ImplicitCastExpr::Create(ast_, ast_.getPointerType(element), clang::CK_NoOp,
                                                 const_cast<clang::Expr*>(container), nullptr, clang::VK_PRValue,
                                                 clang::FPOptionsOverride());
    ++rewritten;
    return new (ast_) clang::ArraySubscriptExpr(data, call->getArg(1), element, clang::VK_LValue, clang::OK_Ordinary,
                                                call->getRParenLoc());
  }
  clang::ASTContext& ast_;
  bool members_;
};

}  // namespace

int lowerContainerSubscripts(clang::ASTContext& ast, clang::Stmt* body, bool members) {
  Lowering lowering(ast, members);
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
  for (clang::Stmt* body : functions.bodies) rewritten += lowerContainerSubscripts(ast, body, true);
  return rewritten;
}

}  // namespace adrace::analyzer
