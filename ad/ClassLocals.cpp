// Class locals replaced by one scalar per member (ClassLocals.h).
#include "ad/ClassLocals.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <set>
#include <vector>

namespace adrace::ad {
namespace {

bool namesAVariable(const clang::Stmt* statement) {
  if (!statement) return false;
  if (llvm::isa<clang::DeclRefExpr>(statement)) return true;
  for (const clang::Stmt* child : statement->children())
    if (namesAVariable(child)) return true;
  return false;
}

// The value a constructor call gives `field`: the argument of the parameter its initialiser names, or
// a constant initialiser; null when it is anything else.
clang::Expr* memberValue(const clang::CXXConstructExpr& construct, const clang::FieldDecl& field) {
  const clang::CXXConstructorDecl* constructor = construct.getConstructor();
  for (const clang::CXXCtorInitializer* initializer : constructor->inits()) {
    if (initializer->getMember() != &field) continue;
    clang::Expr* init = initializer->getInit();
    if (auto* defaulted = llvm::dyn_cast<clang::CXXDefaultInitExpr>(init)) init = defaulted->getExpr();
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(init->IgnoreParenImpCasts()))
      if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl())) {
        unsigned index = parameter->getFunctionScopeIndex();
        bool sameType = parameter->getType().getCanonicalType().getUnqualifiedType() ==
                        field.getType().getCanonicalType().getUnqualifiedType();
        if (constructor->getParamDecl(index) != parameter || index >= construct.getNumArgs() || !sameType ||
            llvm::isa<clang::CXXDefaultArgExpr>(construct.getArg(index)))  // (a default argument: not written)
          return nullptr;
        return const_cast<clang::Expr*>(construct.getArg(index));
      }
    return namesAVariable(init) ? nullptr : init;
  }
  return nullptr;  // not initialised by the constructor
}

// Whether b's class is a bundle of arithmetic members built by a constructor with an empty body.
bool isScalarBundle(const clang::CXXRecordDecl* record, const clang::CXXConstructExpr* construct) {
  if (!record || !record->hasDefinition() || record->getNumBases() > 0 || record->isPolymorphic() ||
      !record->hasTrivialDestructor() || !construct)
    return false;
  const clang::CXXConstructorDecl* constructor = construct->getConstructor();
  if (!constructor || constructor->isCopyOrMoveConstructor() || !constructor->hasBody()) return false;
  auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(constructor->getBody());
  if (!body || !body->body_empty()) return false;
  for (const clang::FieldDecl* field : record->fields())
    if (!field->getType()->isArithmeticType() || field->isBitField() || !memberValue(*construct, *field)) return false;
  return true;
}

class Replacement {
 public:
  explicit Replacement(AdjointContext& context) : context_(context), ast_(context.ast) {}

  void run() {
    clang::Stmt* body = const_cast<clang::Stmt*>(context_.function.getBody());
    struct Declarations : clang::RecursiveASTVisitor<Declarations> {
      std::vector<clang::DeclStmt*> found;
      bool VisitDeclStmt(clang::DeclStmt* statement) {
        if (statement->isSingleDecl())
          if (auto* var = llvm::dyn_cast<clang::VarDecl>(statement->getSingleDecl());
              var && var->hasLocalStorage() && !var->isStaticLocal() && var->getType()->getAsCXXRecordDecl())
            found.push_back(statement);
        return true;
      }
      std::vector<const clang::DeclRefExpr*> uses;
      bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
        uses.push_back(ref);
        return true;
      }
    } walk;
    walk.TraverseStmt(body);
    if (walk.found.empty()) return;
    clang::ParentMap parents(body);
    for (clang::DeclStmt* statement : walk.found) {
      auto* var = llvm::cast<clang::VarDecl>(statement->getSingleDecl());
      const clang::CXXRecordDecl* record = var->getType()->getAsCXXRecordDecl();
      auto* construct = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(var->getInit());
      if (!isScalarBundle(record, construct) || !onlyMembersRead(var, walk.uses, parents)) continue;
      std::vector<clang::Decl*> scalars;
      for (const clang::FieldDecl* field : record->fields()) {
        clang::QualType type = field->getType().getUnqualifiedType();
        clang::SourceLocation at = var->getLocation();
        auto* scalar = clang::VarDecl::Create(
            ast_, const_cast<clang::FunctionDecl*>(&context_.function), at, at,
            &ast_.Idents.get(context_.freshName(var->getNameAsString() + "_" + field->getNameAsString())), type,
            ast_.getTrivialTypeSourceInfo(type, at), clang::SC_None);
        scalar->setInit(memberValue(*construct, *field));
        members_[{var, field}] = scalar;
        scalars.push_back(scalar);
      }
      replaced_[statement] =
          new (ast_) clang::DeclStmt(clang::DeclGroupRef::Create(ast_, scalars.data(), scalars.size()),
                                     statement->getBeginLoc(), statement->getEndLoc());
    }
    if (!replaced_.empty()) replaceIn(body);
  }

 private:
  // Whether every use of `var` is the object of a member access `var.m`.
  static bool onlyMembersRead(const clang::VarDecl* var, const std::vector<const clang::DeclRefExpr*>& uses,
                              clang::ParentMap& parents) {
    for (const clang::DeclRefExpr* ref : uses) {
      if (ref->getDecl() != var) continue;
      auto* member = llvm::dyn_cast_or_null<clang::MemberExpr>(
          parents.getParentIgnoreParenImpCasts(const_cast<clang::DeclRefExpr*>(ref)));
      if (!member || member->isArrow() || !llvm::isa<clang::FieldDecl>(member->getMemberDecl()) ||
          member->getBase()->IgnoreParenImpCasts() != ref)
        return false;
    }
    return true;
  }

  clang::Stmt* replace(clang::Stmt* stmt) {
    if (!stmt) return stmt;
    if (auto* member = llvm::dyn_cast<clang::MemberExpr>(stmt))
      if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(member->getBase()->IgnoreParenImpCasts()))
        if (auto found = members_.find({llvm::dyn_cast<clang::VarDecl>(ref->getDecl()),
                                        llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl())});
            found != members_.end()) {
          clang::VarDecl* scalar = found->second;
          auto* use = clang::DeclRefExpr::Create(ast_, clang::NestedNameSpecifierLoc(), clang::SourceLocation(), scalar,
                                                 false, member->getMemberLoc(), scalar->getType(), clang::VK_LValue);
          context_.from.synthesized.insert(use);
          return use;
        }
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
      if (auto found = replaced_.find(declaration); found != replaced_.end()) return found->second;
      for (clang::Decl* decl : declaration->decls())
        if (auto* var = llvm::dyn_cast<clang::VarDecl>(decl); var && var->getInit())
          var->setInit(llvm::cast<clang::Expr>(replace(var->getInit())));
      return stmt;
    }
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(stmt)) {
      if (directive->hasAssociatedStmt()) replaceIn(directive->getRawStmt());
      return stmt;
    }
    replaceIn(stmt);
    return stmt;
  }

  void replaceIn(clang::Stmt* stmt) {
    for (clang::Stmt*& child : stmt->children()) child = replace(child);
  }

  AdjointContext& context_;
  clang::ASTContext& ast_;
  std::map<std::pair<const clang::VarDecl*, const clang::FieldDecl*>, clang::VarDecl*> members_;
  std::map<const clang::DeclStmt*, clang::DeclStmt*> replaced_;
};

}  // namespace

void replaceClassLocals(AdjointContext& context) { Replacement(context).run(); }

}  // namespace adrace::ad
