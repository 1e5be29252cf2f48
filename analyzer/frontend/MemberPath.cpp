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
  // Walked from the outermost member inwards: fields, and the subscripts of the arrays of structs
  // the path goes through (`p[i].x`, `points->p[i].cost`, `s.cells[i][j].v`).
  std::vector<std::string> steps;              // innermost last
  std::vector<const clang::Expr*> subscripts;  // innermost last
  bool elementHoldsPointer = false;  // a member outside a subscript reached so far is a pointer (`.coord[k]`, `->x`)
  const clang::Expr* current = outermost;
  while (true) {
    if (auto* member = llvm::dyn_cast<clang::MemberExpr>(current)) {
      auto* field = llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl());
      if (!field || field->getName().empty()) {
        *reason = "member that is not a named field (an anonymous union or a method)";
        return std::nullopt;
      }
      const clang::Expr* base = member->getBase()->IgnoreParenImpCasts();
      bool arrow = member->isArrow();
      // `this->nx` in a member function called on `object`: `object.nx` (or `object->nx` for a pointer).
      if (llvm::isa<clang::CXXThisExpr>(base) && object) {
        if (!subscripts.empty()) {
          *reason = "struct member behind an array subscript inside a member of the object of a call";
          return std::nullopt;
        }
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
      elementHoldsPointer = elementHoldsPointer || arrow;
      steps.push_back((arrow ? "->" : ".") + field->getName().str());
      current = base;
      continue;
    }
    auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(current);
    if (!element) break;
    // An array of structs: p[i].x, p[i][j].x, points->p[i].x. The members outside the element must
    // not leave it: with p[i].q->x or p[i].q[k].x two elements' q may point to one struct.
    if (elementHoldsPointer) {
      *reason = "pointer member of an array element: the elements' pointers may point to one struct";
      return std::nullopt;
    }
    while (element) {
      subscripts.push_back(element->getIdx());
      steps.push_back("[]");
      const clang::Expr* base = element->getBase()->IgnoreParenImpCasts();
      if (base->getType()->isPointerType()) {
        if (!llvm::isa<clang::DeclRefExpr>(base) && !llvm::isa<clang::MemberExpr>(base)) {
          *reason = "element of an array of pointers to structs: two elements may point to one struct";
          return std::nullopt;
        }
        // The elements are what a pointer variable or a pointer member (`points->p`) points to.
        result.throughPointer = true;
        elementHoldsPointer = llvm::isa<clang::MemberExpr>(base);
      }
      current = base;
      element = llvm::dyn_cast<clang::ArraySubscriptExpr>(current);
    }
  }
  auto* use = llvm::dyn_cast<clang::DeclRefExpr>(current);
  result.root = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
  // `this->u` (written `u`) in the member function holding the loop: its object's `u`.
  if (auto* object = llvm::dyn_cast<clang::CXXThisExpr>(current))
    result.root = thisObjectOf(*object, outermost->getMemberDecl()->getASTContext());
  if (!result.root) {
    *reason = "struct reached through an expression that is not a variable";
    return std::nullopt;
  }
  // A C++ reference to a struct (`Grid& g`) names the caller's struct, as a pointer does: two
  // references may name one struct.
  if (result.root->getType()->isReferenceType()) result.throughPointer = true;
  result.rootSubscripts.assign(subscripts.rbegin(), subscripts.rend());
  for (auto step = steps.rbegin(); step != steps.rend(); ++step) result.path += *step;
  return result;
}

}  // namespace adrace::analyzer
