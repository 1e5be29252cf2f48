#include "ad/ExprCopy.h"

namespace adrace::ad {

clang::Expr* copyWithChildren(clang::ASTContext& ast, clang::Expr* expr, const std::vector<clang::Expr*>& children) {
  const clang::FPOptionsOverride fp;
  if (auto* paren = llvm::dyn_cast<clang::ParenExpr>(expr))
    return new (ast) clang::ParenExpr(paren->getLParen(), paren->getRParen(), children[0]);
  if (auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(expr))
    return clang::ImplicitCastExpr::Create(ast, cast->getType(), cast->getCastKind(), children[0], nullptr,
                                           cast->getValueKind(), fp);
  if (auto* cast = llvm::dyn_cast<clang::CStyleCastExpr>(expr))
    return clang::CStyleCastExpr::Create(ast, cast->getType(), cast->getValueKind(), cast->getCastKind(), children[0],
                                         nullptr, fp, cast->getTypeInfoAsWritten(), cast->getLParenLoc(),
                                         cast->getRParenLoc());
  if (auto* compound = llvm::dyn_cast<clang::CompoundAssignOperator>(expr))
    return clang::CompoundAssignOperator::Create(
        ast, children[0], children[1], compound->getOpcode(), compound->getType(), compound->getValueKind(),
        compound->getObjectKind(), compound->getOperatorLoc(), fp, compound->getComputationLHSType(),
        compound->getComputationResultType());
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr))
    return clang::BinaryOperator::Create(ast, children[0], children[1], binary->getOpcode(), binary->getType(),
                                         binary->getValueKind(), binary->getObjectKind(), binary->getOperatorLoc(), fp);
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr))
    return clang::UnaryOperator::Create(ast, children[0], unary->getOpcode(), unary->getType(), unary->getValueKind(),
                                        unary->getObjectKind(), unary->getOperatorLoc(), unary->canOverflow(), fp);
  if (auto* choice = llvm::dyn_cast<clang::ConditionalOperator>(expr))
    return new (ast)
        clang::ConditionalOperator(children[0], choice->getQuestionLoc(), children[1], choice->getColonLoc(),
                                   children[2], choice->getType(), choice->getValueKind(), choice->getObjectKind());
  if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(expr))
    return new (ast)
        clang::ArraySubscriptExpr(children[0], children[1], subscript->getType(), subscript->getValueKind(),
                                  subscript->getObjectKind(), subscript->getRBracketLoc());
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    std::vector<clang::Expr*> arguments(children.begin() + 1, children.end());
    return clang::CallExpr::Create(ast, children[0], arguments, call->getType(), call->getValueKind(),
                                   call->getRParenLoc(), fp);
  }
  return nullptr;
}

}  // namespace adrace::ad
