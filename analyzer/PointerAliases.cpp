#include "analyzer/PointerAliases.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <set>

namespace adrace::analyzer {
namespace {

const clang::VarDecl* arrayVariable(const clang::Expr* expression) {
  auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(expression->IgnoreParenImpCasts());
  if (!reference) return nullptr;
  auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl());
  if (!variable || !(variable->getType()->isPointerType() || variable->getType()->isArrayType())) return nullptr;
  return variable;
}

// p, p + e, e + p, &p[e]
std::optional<PointerAliases::Alias> aliasOf(const clang::Expr* init) {
  const clang::Expr* e = init->IgnoreParenCasts();
  if (const clang::VarDecl* base = arrayVariable(e)) return PointerAliases::Alias{base, nullptr};
  if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(e); sum && sum->getOpcode() == clang::BO_Add) {
    if (const clang::VarDecl* base = arrayVariable(sum->getLHS())) return PointerAliases::Alias{base, sum->getRHS()};
    if (const clang::VarDecl* base = arrayVariable(sum->getRHS())) return PointerAliases::Alias{base, sum->getLHS()};
  }
  if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(e); address && address->getOpcode() == clang::UO_AddrOf)
    if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(address->getSubExpr()->IgnoreParens()))
      if (const clang::VarDecl* base = arrayVariable(element->getBase()))
        return PointerAliases::Alias{base, element->getIdx()};
  return std::nullopt;
}

// Pointers written after their declaration (assigned, incremented, address taken) are not aliases
// we can follow.
struct ReassignmentFinder : clang::RecursiveASTVisitor<ReassignmentFinder> {
  std::set<const clang::VarDecl*> changed;
  void note(const clang::Expr* target) {
    if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParenImpCasts()))
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl())) changed.insert(variable);
  }
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp()) note(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) note(op->getSubExpr());
    return true;
  }
};

}  // namespace

PointerAliases::PointerAliases(const clang::FunctionDecl* function) {
  if (!function || !function->hasBody()) return;
  ReassignmentFinder finder;
  finder.TraverseStmt(function->getBody());
  struct DeclarationFinder : clang::RecursiveASTVisitor<DeclarationFinder> {
    std::vector<const clang::VarDecl*> pointers;
    bool VisitVarDecl(clang::VarDecl* variable) {
      if (variable->getType()->isPointerType() && variable->hasLocalStorage() && variable->getInit() &&
          !llvm::isa<clang::ParmVarDecl>(variable))
        pointers.push_back(variable);
      return true;
    }
  } declarations;
  declarations.TraverseStmt(function->getBody());
  for (const clang::VarDecl* pointer : declarations.pointers) {
    if (finder.changed.count(pointer)) continue;
    if (auto alias = aliasOf(pointer->getInit())) aliases_[pointer] = *alias;
  }
}

const PointerAliases::Alias* PointerAliases::find(const clang::VarDecl* pointer) const {
  auto found = aliases_.find(pointer);
  return found == aliases_.end() ? nullptr : &found->second;
}

}  // namespace adrace::analyzer
