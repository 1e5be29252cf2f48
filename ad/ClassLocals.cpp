// Class locals replaced by one scalar per member (ClassLocals.h).
#include "ad/ClassLocals.h"
#include "ad/ExprCopy.h"

#include "ad/InPlaceRewriter.h"
#include "ad/MathLibrary.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace adrace::ad {
namespace {

// The values a constructor call gives the members of a class of arithmetic members, in the order
// the constructor computes them: its member initialisers (default member initialisers included) in
// the members' order, then its body's assignments `m = e;` / `this->m = e;`. Each value is the
// constructor's expression with every use of a parameter replaced by the call's argument and every
// read of a member by the scalar that holds that member's value (`inv = 1.0 / w;` becomes
// `b_inv = 1.0 / b_w`). Nothing when the constructor does anything else, a member gets no value, a
// body assignment replaces a value something has read, or an argument used twice calls a function
// or writes (it would run once per use).
class MemberValues {
 public:
  MemberValues(AdjointContext& context, const clang::CXXConstructExpr& construct, const clang::VarDecl& local)
      : context_(context), ast_(context.ast), construct_(construct), local_(local) {}

  bool build(const clang::CXXRecordDecl& record) {
    const clang::CXXConstructorDecl* constructor = construct_.getConstructor();
    auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(constructor->getBody());
    if (!body) return false;
    for (const clang::FieldDecl* field : record.fields()) {
      if (!field->getType()->isArithmeticType() || field->isBitField()) return false;
      for (const clang::CXXCtorInitializer* initializer : constructor->inits()) {
        if (initializer->getMember() != field) continue;
        clang::Expr* init = initializer->getInit();
        if (auto* defaulted = llvm::dyn_cast<clang::CXXDefaultInitExpr>(init)) init = defaulted->getExpr();
        if (!assign(field, init)) return false;
      }
    }
    for (clang::Stmt* statement : body->body()) {
      auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement);
      const clang::FieldDecl* field =
          assignment && assignment->getOpcode() == clang::BO_Assign ? thisMember(assignment->getLHS()) : nullptr;
      if (!field || !assign(field, assignment->getRHS())) return false;
    }
    for (const clang::FieldDecl* field : record.fields())
      if (!scalars.count(field)) return false;
    return true;
  }
  // The scalars, in the order they are computed; each member's (its last value).
  std::vector<clang::VarDecl*> order;
  std::map<const clang::FieldDecl*, clang::VarDecl*> scalars;

 private:
  bool assign(const clang::FieldDecl* field, clang::Expr* value) {
    clang::Expr* computed = substituted(value);
    if (!computed) return false;
    clang::QualType type = field->getType().getUnqualifiedType();
    clang::SourceLocation at = local_.getLocation();
    const std::string name = local_.getNameAsString() + "_" + field->getNameAsString();
    auto found = scalars.find(field);
    clang::VarDecl* scalar = nullptr;
    if (found != scalars.end()) {  // a body assignment replaces the initialiser's value, which nothing read
      if (read_.count(field)) return false;
      scalar = found->second;
      order.erase(std::find(order.begin(), order.end(), scalar));
    } else {
      scalar = clang::VarDecl::Create(ast_, const_cast<clang::FunctionDecl*>(&context_.function), at, at,
                                      &ast_.Idents.get(context_.freshName(name)), type,
                                      ast_.getTrivialTypeSourceInfo(type, at), clang::SC_None);
    }
    scalar->setInit(computed);
    scalars[field] = scalar;
    order.push_back(scalar);
    return true;
  }

  // `m` or `this->m` of the constructed object: the member; null otherwise.
  static const clang::FieldDecl* thisMember(const clang::Expr* expr) {
    auto* member = llvm::dyn_cast<clang::MemberExpr>(expr->IgnoreParenImpCasts());
    if (!member || !llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts())) return nullptr;
    return llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl());
  }

  const clang::Expr* argumentOf(const clang::ParmVarDecl* parameter) {
    const clang::CXXConstructorDecl* constructor = construct_.getConstructor();
    unsigned index = parameter->getFunctionScopeIndex();
    if (index >= construct_.getNumArgs() || constructor->getParamDecl(index) != parameter ||
        llvm::isa<clang::CXXDefaultArgExpr>(construct_.getArg(index)))  // (a default argument: not written)
      return nullptr;
    const clang::Expr* argument = construct_.getArg(index);
    if (++uses_[parameter] > 1 && !evaluatesAlike(argument)) return nullptr;
    return argument;
  }

  // Whether evaluating the expression twice gives the same value and changes nothing.
  static bool evaluatesAlike(const clang::Stmt* expr) {
    if (!expr) return true;
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr);
        call && !(call->getDirectCallee() && isMathFunction(call->getDirectCallee()->getNameAsString())))
      return false;
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr); binary && binary->isAssignmentOp()) return false;
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr); unary && unary->isIncrementDecrementOp())
      return false;
    for (const clang::Stmt* child : expr->children())
      if (!evaluatesAlike(child)) return false;
    return true;
  }

  // The value with parameters and members replaced (above); null for a construct it does not copy.
  clang::Expr* substituted(clang::Expr* expr) {
    if (!expr) return nullptr;
    clang::Expr* bare = expr->IgnoreParenImpCasts();
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(bare))  // a parameter's value: the argument itself
      if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()))
        if (auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(expr->IgnoreParens());
            bare == expr->IgnoreParens() ||
            (cast && cast->getCastKind() == clang::CK_LValueToRValue && cast->getSubExpr()->IgnoreParens() == ref))
          return const_cast<clang::Expr*>(argumentOf(parameter));
    if (const clang::FieldDecl* field = thisMember(expr)) {  // a member computed before: its scalar
      auto found = scalars.find(field);
      if (found == scalars.end()) return nullptr;
      read_.insert(field);
      auto* use =
          clang::DeclRefExpr::Create(ast_, clang::NestedNameSpecifierLoc(), clang::SourceLocation(), found->second,
                                     false, local_.getLocation(), found->second->getType(), clang::VK_LValue);
      context_.from.synthesized.insert(use);
      return use;
    }
    if (llvm::isa<clang::CXXThisExpr>(bare)) return nullptr;
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr)) return ref;  // a global, a constant, a function
    if (llvm::isa<clang::IntegerLiteral, clang::FloatingLiteral, clang::CXXBoolLiteralExpr>(expr)) return expr;
    std::vector<clang::Expr*> before, after;
    for (clang::Stmt* child : expr->children()) {
      auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child);
      before.push_back(sub);
      after.push_back(substituted(sub));
      if (!after.back()) return nullptr;
    }
    if (before == after) return expr;
    return copyWith(expr, after);
  }

  // A value copies operators, ?: and math calls; anything that assigns, subscripts or calls another
  // function is not a member's value.
  clang::Expr* copyWith(clang::Expr* expr, const std::vector<clang::Expr*>& after) {
    auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr);
    auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr);
    auto* call = llvm::dyn_cast<clang::CallExpr>(expr);
    if ((binary && binary->isAssignmentOp()) || (unary && unary->isIncrementDecrementOp()) ||
        llvm::isa<clang::ArraySubscriptExpr>(expr) ||
        (call && !(call->getDirectCallee() && isMathFunction(call->getDirectCallee()->getNameAsString()))))
      return nullptr;
    clang::Expr* copy = copyWithChildren(ast_, expr, after);
    if (copy) context_.from.synthesized.insert(copy);
    return copy;
  }

  AdjointContext& context_;
  clang::ASTContext& ast_;
  const clang::CXXConstructExpr& construct_;
  const clang::VarDecl& local_;
  std::set<const clang::FieldDecl*> read_;  // members a value has read
  std::map<const clang::ParmVarDecl*, int> uses_;
};

// Whether b's class can be a bundle of scalars: no base, no virtual function, nothing to destroy, a
// constructor of its own (not a copy) with a body in this translation unit.
bool isPlainClass(const clang::CXXRecordDecl* record, const clang::CXXConstructExpr* construct) {
  if (!record || !record->hasDefinition() || record->getNumBases() > 0 || record->isPolymorphic() ||
      !record->hasTrivialDestructor() || !construct)
    return false;
  const clang::CXXConstructorDecl* constructor = construct->getConstructor();
  return constructor && !constructor->isCopyOrMoveConstructor() && constructor->hasBody();
}

// Whether the record is a bundle of arithmetic members that a local holds with no code of its own:
// a C struct, or a C++ aggregate with no base, no virtual function and nothing to destroy.
bool isScalarBundle(const clang::RecordDecl* record) {
  if (!isStructOfNumbers(record)) return false;
  auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(record);
  return !cxx || (cxx->getNumBases() == 0 && !cxx->isPolymorphic() && cxx->hasTrivialDestructor());
}

// The value each member of a struct local starts with: none for `float3 m;` (C, or C++'s trivial
// default constructor), the list's for `float3 m = {a, b, c};`. False for any other initialiser, or a
// list that leaves a member to its implicit zero.
bool initialMemberValues(const clang::VarDecl& local, const clang::RecordDecl& record,
                         std::vector<clang::Expr*>& values) {
  values.assign(std::distance(record.field_begin(), record.field_end()), nullptr);
  const clang::Expr* init = local.getInit();
  if (!init) return true;
  if (auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(init))
    return construct->getNumArgs() == 0 && construct->getConstructor()->isTrivial();
  auto* list = llvm::dyn_cast<clang::InitListExpr>(init->IgnoreParenImpCasts());
  if (!list || list->getNumInits() != values.size()) return false;
  for (unsigned k = 0; k < values.size(); ++k) {
    clang::Expr* value = const_cast<clang::Expr*>(list->getInit(k));
    if (llvm::isa<clang::ImplicitValueInitExpr>(value)) return false;
    values[k] = value;
  }
  return true;
}

class Replacement : public InPlaceRewriter {
 public:
  explicit Replacement(AdjointContext& context) : InPlaceRewriter(context.ast), context_(context) {}

  void run() {
    clang::Stmt* body = const_cast<clang::Stmt*>(context_.function.getBody());
    struct Declarations : clang::RecursiveASTVisitor<Declarations> {
      std::vector<clang::DeclStmt*> found;
      bool VisitDeclStmt(clang::DeclStmt* statement) {
        for (const clang::Decl* declared : statement->decls())
          if (auto* var = llvm::dyn_cast<clang::VarDecl>(declared);
              var && var->hasLocalStorage() && !var->isStaticLocal() && var->getType()->getAsRecordDecl()) {
            found.push_back(statement);
            break;
          }
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
    // `float3 fx, fy;`: each local of the declaration its scalars, in its place; the others kept.
    for (clang::DeclStmt* statement : walk.found) {
      std::vector<clang::Decl*> group;
      bool replacedAny = false;
      for (clang::Decl* declared : statement->decls()) {
        auto* var = llvm::dyn_cast<clang::VarDecl>(declared);
        std::vector<clang::Decl*> scalars;
        if (var && var->getType()->getAsRecordDecl() && onlyMembersRead(var, walk.uses, parents) &&
            scalarsOf(*var, scalars)) {
          group.insert(group.end(), scalars.begin(), scalars.end());
          replacedAny = true;
        } else {
          group.push_back(declared);
        }
      }
      if (replacedAny)
        replaced_[statement] = new (ast_) clang::DeclStmt(clang::DeclGroupRef::Create(ast_, group.data(), group.size()),
                                                          statement->getBeginLoc(), statement->getEndLoc());
    }
    if (!replaced_.empty()) rewriteChildren(body);
  }

 private:
  // The scalars that replace a record local, in the order they are declared; false when it stays.
  bool scalarsOf(const clang::VarDecl& var, std::vector<clang::Decl*>& scalars) {
    const clang::RecordDecl* record = var.getType()->getAsRecordDecl();
    std::vector<clang::Expr*> initial;
    if (isScalarBundle(record) && initialMemberValues(var, *record, initial)) {
      bundleScalars(var, *record, initial, scalars);
      return true;
    }
    const clang::CXXRecordDecl* cxxRecord = var.getType()->getAsCXXRecordDecl();
    auto* construct = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(var.getInit());
    if (!isPlainClass(cxxRecord, construct)) return false;
    MemberValues values(context_, *construct, var);
    if (!values.build(*cxxRecord)) return false;
    scalars.assign(values.order.begin(), values.order.end());
    for (const auto& [field, scalar] : values.scalars) members_[{&var, field}] = scalar;
    return true;
  }

  // A struct local with no code of its own (`float3 m;`, `float3 m = {a, b, c};`): one scalar per
  // member, in the members' order, each with the list's value or none.
  void bundleScalars(const clang::VarDecl& var, const clang::RecordDecl& record,
                     const std::vector<clang::Expr*>& initial, std::vector<clang::Decl*>& scalars) {
    clang::SourceLocation at = var.getLocation();
    size_t k = 0;
    for (const clang::FieldDecl* field : record.fields()) {
      clang::QualType type = field->getType().getUnqualifiedType();
      const std::string name = var.getNameAsString() + "_" + field->getNameAsString();
      clang::VarDecl* scalar = clang::VarDecl::Create(ast_, const_cast<clang::FunctionDecl*>(&context_.function), at,
                                                      at, &ast_.Idents.get(context_.freshName(name)), type,
                                                      ast_.getTrivialTypeSourceInfo(type, at), clang::SC_None);
      if (initial[k]) scalar->setInit(initial[k]);
      ++k;
      members_[{&var, field}] = scalar;
      scalars.push_back(scalar);
    }
  }

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

  // `b.m` of a replaced local: its scalar; the local's declaration: the scalars'.
  clang::Stmt* substitute(clang::Stmt* stmt) override {
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
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(stmt))
      if (auto found = replaced_.find(declaration); found != replaced_.end()) return found->second;
    return nullptr;
  }

  AdjointContext& context_;
  std::map<std::pair<const clang::VarDecl*, const clang::FieldDecl*>, clang::VarDecl*> members_;
  std::map<const clang::DeclStmt*, clang::DeclStmt*> replaced_;
};

}  // namespace

void replaceClassLocals(AdjointContext& context) { Replacement(context).run(); }

}  // namespace adrace::ad
