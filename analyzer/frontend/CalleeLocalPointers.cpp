#include "analyzer/frontend/CalleeLocalPointers.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <llvm/ADT/FoldingSet.h>

#include <set>

namespace adrace::analyzer {
namespace {

// The variable an lvalue changes when assigned: `v`, `v.x`, `v.a.b` (a field of a struct variable
// is part of it); null when it is reached through a subscript or a pointer.
const clang::VarDecl* changedVariable(const clang::Expr* target) {
  const clang::Expr* e = target->IgnoreParenImpCasts();
  while (auto* member = llvm::dyn_cast<clang::MemberExpr>(e)) {
    if (member->isArrow()) return nullptr;
    e = member->getBase()->IgnoreParenImpCasts();
  }
  auto* use = llvm::dyn_cast<clang::DeclRefExpr>(e);
  return use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
}

// Everything `body` writes as a whole or a field: assigned, incremented, or with its address taken.
struct Changes : clang::RecursiveASTVisitor<Changes> {
  std::set<const clang::VarDecl*> changed;
  std::vector<const clang::BinaryOperator*> assignments;  // plain `x = e`
  void note(const clang::Expr* target) {
    if (const clang::VarDecl* variable = changedVariable(target)) changed.insert(variable);
  }
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->getOpcode() == clang::BO_Assign) assignments.push_back(op);
    if (op->isAssignmentOp()) note(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) note(op->getSubExpr());
    return true;
  }
};

// What an address reads must keep its value: plain variables, constants, arithmetic and fields of
// struct variables; no element, no `*`, no `->`, no call.
bool readsOnlySteadyValues(const clang::Expr* expression, const std::set<const clang::VarDecl*>& changed) {
  struct Reads : clang::RecursiveASTVisitor<Reads> {
    const std::set<const clang::VarDecl*>* changed = nullptr;
    bool steady = true;
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl()); variable && changed->count(variable))
        steady = false;
      return steady;
    }
    bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr*) { return steady = false; }
    bool VisitCallExpr(clang::CallExpr*) { return steady = false; }
    bool VisitMemberExpr(clang::MemberExpr* member) {
      if (member->isArrow()) steady = false;
      return steady;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      if (op->getOpcode() == clang::UO_Deref) steady = false;
      return steady;
    }
  } reads;
  reads.changed = &changed;
  reads.TraverseStmt(const_cast<clang::Expr*>(expression));
  return reads.steady;
}

// A pointer that is a variable or a chain of fields: `a`, `s.x`, `d->x`.
bool isPointerBase(const clang::Expr* expression) {
  const clang::Expr* e = expression->IgnoreParenImpCasts();
  if (!(e->getType()->isPointerType() || e->getType()->isArrayType())) return false;
  return llvm::isa<clang::DeclRefExpr>(e) || llvm::isa<clang::MemberExpr>(e);
}

// The parts of an address that must be steady: the subscripts of `&a[e]` and the base's fields, or
// the offset of `a + e` and the base.
// `a + e1 + e2`, `e + a`: the pointer, with the offsets added to it (outermost first).
const clang::Expr* pointerPlusOffsets(const clang::Expr* address, std::vector<const clang::Expr*>& offsets) {
  const clang::Expr* e = address->IgnoreParenCasts();
  while (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (sum->getOpcode() != clang::BO_Add) break;
    bool left = sum->getLHS()->getType()->isPointerType() || sum->getLHS()->getType()->isArrayType();
    offsets.push_back((left ? sum->getRHS() : sum->getLHS())->IgnoreParenImpCasts());
    e = (left ? sum->getLHS() : sum->getRHS())->IgnoreParenCasts();
  }
  return e;
}

bool isFollowedAddress(const clang::Expr* address, const std::set<const clang::VarDecl*>& changed) {
  std::vector<const clang::Expr*> offsets;
  const clang::Expr* e = pointerPlusOffsets(address, offsets);
  if (isPointerBase(e)) {
    for (const clang::Expr* offset : offsets)
      if (!readsOnlySteadyValues(offset, changed)) return false;
    return readsOnlySteadyValues(e, changed);
  }
  if (!offsets.empty()) return false;
  auto* address_of = llvm::dyn_cast<clang::UnaryOperator>(e);
  if (!address_of || address_of->getOpcode() != clang::UO_AddrOf) return false;
  const clang::Expr* current = address_of->getSubExpr()->IgnoreParens();
  if (!llvm::isa<clang::ArraySubscriptExpr>(current)) return false;
  while (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(current)) {
    if (!readsOnlySteadyValues(element->getIdx(), changed)) return false;
    current = element->getBase()->IgnoreParenImpCasts();
  }
  return isPointerBase(current) && readsOnlySteadyValues(current, changed);
}

bool sameExpression(const clang::Expr* a, const clang::Expr* b, const clang::ASTContext& context) {
  llvm::FoldingSetNodeID first, second;
  a->IgnoreParenImpCasts()->Profile(first, context, true);
  b->IgnoreParenImpCasts()->Profile(second, context, true);
  return first == second;
}

}  // namespace

const clang::Expr* fixedAddressOf(const clang::FunctionDecl& function, const clang::VarDecl& pointer) {
  if (!function.getBody() || !pointer.hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(pointer) ||
      !pointer.getType()->isPointerType())
    return nullptr;
  Changes changes;
  changes.TraverseStmt(function.getBody());
  const clang::Expr* address = pointer.getInit();
  for (const clang::BinaryOperator* assignment : changes.assignments) {
    if (changedVariable(assignment->getLHS()) != &pointer) continue;
    if (!llvm::isa<clang::DeclRefExpr>(assignment->getLHS()->IgnoreParenImpCasts())) return nullptr;
    if (!address) {
      address = assignment->getRHS();
    } else if (!sameExpression(address, assignment->getRHS(), function.getASTContext())) {
      return nullptr;
    }
  }
  if (!address) return nullptr;
  // Only plain assignments of that address may change the pointer.
  std::set<const clang::VarDecl*> others = changes.changed;
  others.erase(&pointer);
  struct OtherChanges : clang::RecursiveASTVisitor<OtherChanges> {
    const clang::VarDecl* pointer = nullptr;
    bool found = false;
    bool VisitBinaryOperator(clang::BinaryOperator* op) {
      if (op->isCompoundAssignmentOp() && changedVariable(op->getLHS()) == pointer) found = true;
      return !found;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      if ((op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) &&
          changedVariable(op->getSubExpr()) == pointer)
        found = true;
      return !found;
    }
  } other;
  other.pointer = &pointer;
  other.TraverseStmt(function.getBody());
  if (other.found || !isFollowedAddress(address, others)) return nullptr;
  return address;
}

std::optional<IndexTranslator::Access> throughFixedAddress(const IndexTranslator::Access& access,
                                                           const clang::Expr& address) {
  if (access.member || !access.variable || access.subscripts.size() != 1) return std::nullopt;
  const clang::Expr* e = address.IgnoreParenCasts();
  IndexTranslator::Access result;
  const clang::Expr* base = e;
  if (auto* address_of = llvm::dyn_cast<clang::UnaryOperator>(e);
      address_of && address_of->getOpcode() == clang::UO_AddrOf) {
    // &a[k] (or &s.x[k]): the access's subscript joins k.
    result = IndexTranslator::splitAccess(address_of->getSubExpr()->IgnoreParens());
    if (!result.variable && !result.member) return std::nullopt;
  } else {
    std::vector<const clang::Expr*> shifts;
    base = pointerPlusOffsets(e, shifts)->IgnoreParenImpCasts();
    if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(base)) {
      result.variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
      if (!result.variable) return std::nullopt;
    } else {
      std::string why;
      result.member = memberPathOf(base, &why);
      if (!result.member) return std::nullopt;
      result.subscripts = result.member->rootSubscripts;
      result.reason = "array inside a struct (member access) is not modelled";
    }
    // `a + k` stands for `&a[k]`: the access's subscript joins k.
    result.subscripts.push_back(nullptr);
    result.offsets = shifts;
  }
  result.offsets.insert(result.offsets.end(), access.offsets.begin(), access.offsets.end());
  if (access.subscripts.front()) result.offsets.push_back(access.subscripts.front());
  return result;
}

}  // namespace adrace::analyzer
