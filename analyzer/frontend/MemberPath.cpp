#include "analyzer/frontend/MemberPath.h"

#include "analyzer/frontend/ThisObject.h"

#include <clang/AST/Decl.h>
#include <clang/AST/ExprCXX.h>

namespace adrace::analyzer {

std::optional<MemberPath> memberPathOf(const clang::Expr* expression, std::string* reason, const clang::Expr* object) {
  auto* outermost = llvm::dyn_cast<clang::MemberExpr>(expression->IgnoreParenImpCasts());
  if (!outermost) {
    *reason = "not a member access";
    return std::nullopt;
  }
  MemberPath result;
  result.outermost = outermost;
  result.memberType = outermost->getType();
  std::vector<std::string> steps;  // innermost last
  const clang::Expr* current = outermost;
  while (auto* member = llvm::dyn_cast<clang::MemberExpr>(current)) {
    auto* field = llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl());
    if (!field || field->getName().empty()) {
      *reason = "member that is not a named field (an anonymous union or a method)";
      return std::nullopt;
    }
    const clang::Expr* base = member->getBase()->IgnoreParenImpCasts();
    bool arrow = member->isArrow();
    // `this->nx` in a member function called on `object`: `object.nx` (or `object->nx` for a pointer).
    if (llvm::isa<clang::CXXThisExpr>(base) && object) {
      base = object->IgnoreParenImpCasts();
      arrow = base->getType()->isPointerType();
      object = nullptr;  // `this` of the object's own expression is the caller's, not bound here
    }
    // (*d).m is d->m.
    if (auto* dereference = llvm::dyn_cast<clang::UnaryOperator>(base);
        !arrow && dereference && dereference->getOpcode() == clang::UO_Deref) {
      arrow = true;
      base = dereference->getSubExpr()->IgnoreParenImpCasts();
    }
    result.throughPointer = result.throughPointer || arrow;
    steps.push_back((arrow ? "->" : ".") + field->getName().str());
    current = base;
  }
  // An array of structs: p[i].x, p[i][j].x. The members below the element must not leave it
  // (p[i].q->x: two elements' q may point to one struct).
  std::vector<const clang::Expr*> reversed;
  while (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(current)) {
    reversed.push_back(element->getIdx());
    const clang::Expr* base = element->getBase()->IgnoreParenImpCasts();
    if (base->getType()->isPointerType()) {
      if (llvm::isa<clang::MemberExpr>(base)) {
        // points->p[i].cost: an array of structs a pointer member points to.
        *reason = "struct member behind an array subscript inside a member (s.cells[i].v)";
        return std::nullopt;
      }
      if (!llvm::isa<clang::DeclRefExpr>(base)) {
        *reason = "element of an array of pointers to structs: two elements may point to one struct";
        return std::nullopt;
      }
      result.throughPointer = true;
    }
    current = base;
  }
  if (!reversed.empty()) {
    for (const std::string& step : steps)
      if (step.rfind("->", 0) == 0) {
        *reason = "pointer member of an array element: the elements' pointers may point to one struct";
        return std::nullopt;
      }
  }
  auto* use = llvm::dyn_cast<clang::DeclRefExpr>(current);
  result.root = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
  // `this->u` (written `u`) in the member function holding the loop: its object's `u`.
  if (auto* object = llvm::dyn_cast<clang::CXXThisExpr>(current); object && reversed.empty())
    result.root = thisObjectOf(*object, outermost->getMemberDecl()->getASTContext());
  if (!result.root) {
    *reason = llvm::isa<clang::MemberExpr>(current) || llvm::isa<clang::ArraySubscriptExpr>(current)
                  ? "struct member behind an array subscript inside a member (s.cells[i].v)"
                  : "struct reached through an expression that is not a variable";
    return std::nullopt;
  }
  // A C++ reference to a struct (`Grid& g`) names the caller's struct, as a pointer does: two
  // references may name one struct.
  if (result.root->getType()->isReferenceType()) result.throughPointer = true;
  result.rootSubscripts.assign(reversed.rbegin(), reversed.rend());
  for (size_t k = 0; k < result.rootSubscripts.size(); ++k) result.path += "[]";
  for (auto step = steps.rbegin(); step != steps.rend(); ++step) result.path += *step;
  return result;
}

}  // namespace adrace::analyzer
