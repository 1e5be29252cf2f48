#include "analyzer/frontend/AddressInArray.h"

#include "analyzer/frontend/IndexTranslator.h"

namespace adrace::analyzer {

std::optional<AddressInArray> addressInArray(const clang::Expr& argument) {
  AddressInArray address;
  const clang::Expr* expression = argument.IgnoreParenCasts();
  // x + i * n, i * n + x, x - k: offsets of the pointer operand
  while (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(expression)) {
    if (sum->getOpcode() != clang::BO_Add && sum->getOpcode() != clang::BO_Sub) break;
    bool pointerLeft = sum->getLHS()->getType()->isPointerType() || sum->getLHS()->getType()->isArrayType();
    if (!pointerLeft && sum->getOpcode() == clang::BO_Sub) return std::nullopt;
    address.offsets.push_back(pointerLeft ? sum->getRHS() : sum->getLHS());
    address.subtracted.push_back(sum->getOpcode() == clang::BO_Sub);
    expression = (pointerLeft ? sum->getLHS() : sum->getRHS())->IgnoreParenCasts();
  }
  bool addressOf = false;
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expression); unary && unary->getOpcode() == clang::UO_AddrOf) {
    addressOf = true;
    expression = unary->getSubExpr()->IgnoreParenImpCasts();
  }
  if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(expression)) {
    if (addressOf || address.offsets.empty()) return std::nullopt;  // `&x`, or the plain variable
    address.array = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
    if (!address.array || !(address.array->getType()->isPointerType() || address.array->getType()->isArrayType()))
      return std::nullopt;
    return address;
  }
  if (!llvm::isa<clang::ArraySubscriptExpr>(expression)) return std::nullopt;
  // `&a[i][j]`: the element; `a[i]`: a row, which is an array or, in a `double **`, a pointer.
  if (!addressOf && !expression->getType()->isArrayType() && !expression->getType()->isPointerType())
    return std::nullopt;
  IndexTranslator::Access split = IndexTranslator::splitAccess(expression);
  if (!split.variable || split.member || !split.offsets.empty() || split.subscripts.empty()) return std::nullopt;
  address.array = split.variable;
  address.leading = split.subscripts;
  if (addressOf) {
    address.offsets.push_back(address.leading.back());
    address.subtracted.push_back(false);
    address.leading.pop_back();
  }
  return address;
}

unsigned arrayRank(const clang::VarDecl& variable) {
  clang::QualType type = variable.getType();
  if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(&variable)) type = parameter->getOriginalType();
  unsigned rank = 0;
  for (; type->isPointerType() || type->isArrayType(); ++rank)
    type = type->isPointerType() ? type->getPointeeType() : clang::QualType(type->getArrayElementTypeNoTypeQual(), 0);
  return rank;
}

}  // namespace adrace::analyzer
