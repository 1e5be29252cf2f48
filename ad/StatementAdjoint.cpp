#include "ad/StatementAdjoint.h"
#include "ad/ThreadSlots.h"

#include "ad/BranchGuard.h"
#include "ad/FileScopeVariables.h"
#include "ad/MathLibrary.h"
#include "ad/PassiveCalls.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ContainerSubscripts.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::ad {
namespace {

const clang::Expr* bare(const clang::Expr* expr) { return expr->IgnoreParens(); }

bool isSingle(clang::QualType type) { return type->isSpecificBuiltinType(clang::BuiltinType::Float); }

}  // namespace

bool isActiveLeaf(const AdjointContext& context, const clang::Expr* expr) {
  const clang::Expr* leaf = asLeaf(expr);
  if (!leaf || !leaf->getType()->isRealFloatingType()) return false;
  const VariableInfo* info = context.variable(baseVariable(leaf));
  return info && info->active;
}

bool hasActiveLeaf(const AdjointContext& context, const clang::Expr* expr) {
  if (!expr) return false;
  expr = expr->IgnoreParens();
  if (!expr->getType()->isRealFloatingType()) return false;
  if (asLeaf(expr)) return isActiveLeaf(context, expr);
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr); call && hasZeroDerivative(directCalleeName(call)))
    return false;
  for (const clang::Stmt* child : expr->children())
    if (auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child))
      if (hasActiveLeaf(context, sub)) return true;
  return false;
}

void checkExpression(AdjointContext& context, const clang::Expr* expr) {
  if (!expr || context.failed()) return;
  expr = expr->IgnoreParens();
  if (asLeaf(expr)) {
    const clang::VarDecl* base = baseVariable(expr);
    if (!context.variable(base) && !context.failed()) {
      if (std::optional<VariableInfo> global = fileScopeVariable(context, base, expr->getBeginLoc())) {
        if (global->active) global->adjoint = context.freshName(global->name + "_b");
        context.variables[base] = *global;
      } else if (!context.failed()) {
        context.unsupported(expr->getBeginLoc(),
                            "'" + base->getNameAsString() + "' is not a parameter or local of the function");
      }
    }
    for (const clang::Stmt* child : expr->children())
      if (auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child)) checkExpression(context, sub);
    return;
  }
  if (analyzer::isContainerSizeCall(expr)) return;  // u.size() of a std::vector<double>& u: an integer
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    std::string name = directCalleeName(call);
    if (isPassiveQuery(name) && call->getNumArgs() == 0) return;  // omp_get_thread_num(): no derivative
    if (!isMathFunction(name)) {
      context.unsupported(expr->getBeginLoc(),
                          "call to '" + (name.empty() ? context.text(call->getCallee()) : name) +
                              "': not a math library function adrace differentiates (docs/adjoint.md lists them)");
      return;
    }
    for (const clang::Expr* argument : call->arguments()) checkExpression(context, argument);
    return;
  }
  if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr)) {
    if (llvm::isa<clang::EnumConstantDecl>(ref->getDecl())) return;
    context.unsupported(expr->getBeginLoc(), "reference to '" + ref->getDecl()->getNameAsString() + "'");
    return;
  }
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
    switch (unary->getOpcode()) {
      case clang::UO_Minus:
      case clang::UO_Plus:
      case clang::UO_LNot:
      case clang::UO_Not: checkExpression(context, unary->getSubExpr()); return;
      default:
        context.unsupported(expr->getBeginLoc(),
                            "operator '" + std::string(clang::UnaryOperator::getOpcodeStr(unary->getOpcode())) +
                                "' inside an expression");
        return;
    }
  }
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    if (binary->isAssignmentOp() || binary->getOpcode() == clang::BO_Comma) {
      context.unsupported(expr->getBeginLoc(), "assignment or comma inside an expression");
      return;
    }
    if (expr->getType()->isRealFloatingType() && binary->getOpcode() != clang::BO_Add &&
        binary->getOpcode() != clang::BO_Sub && binary->getOpcode() != clang::BO_Mul &&
        binary->getOpcode() != clang::BO_Div) {
      context.unsupported(expr->getBeginLoc(), "floating-point operator '" + binary->getOpcodeStr().str() + "'");
      return;
    }
    checkExpression(context, binary->getLHS());
    checkExpression(context, binary->getRHS());
    return;
  }
  if (llvm::isa<clang::IntegerLiteral>(expr) || llvm::isa<clang::FloatingLiteral>(expr) ||
      llvm::isa<clang::CharacterLiteral>(expr) || llvm::isa<clang::UnaryExprOrTypeTraitExpr>(expr))
    return;
  if (auto* cast = llvm::dyn_cast<clang::CastExpr>(expr)) {
    if (cast->getType()->isPointerType() && !llvm::isa<clang::ImplicitCastExpr>(cast)) {
      context.unsupported(expr->getBeginLoc(), "pointer cast");
      return;
    }
    checkExpression(context, cast->getSubExpr());
    return;
  }
  if (auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
    checkExpression(context, conditional->getCond());
    checkExpression(context, conditional->getTrueExpr());
    checkExpression(context, conditional->getFalseExpr());
    return;
  }
  context.unsupported(expr->getBeginLoc(), analyzer::constructName(*expr));
}

void expressionAdjoint(const AdjointContext& context, const clang::Expr* expr, const c::ExprRef& seed, bool negate,
                       std::vector<Increment>& out) {
  expr = bare(expr);
  if (!hasActiveLeaf(context, expr)) return;
  if (asLeaf(expr)) {
    out.push_back({asLeaf(expr), seed, negate});
    return;
  }
  // In the expression's precision: `c ? seed : 0.0f` stays float.
  const c::ExprRef zero = c::literal(isSingle(expr->getType()) ? "0.0f" : "0.0");
  if (auto* cast = llvm::dyn_cast<clang::CastExpr>(expr)) {
    expressionAdjoint(context, cast->getSubExpr(), seed, negate, out);
    return;
  }
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
    expressionAdjoint(context, unary->getSubExpr(), seed, unary->getOpcode() == clang::UO_Minus ? !negate : negate,
                      out);
    return;
  }
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    const clang::Expr* l = binary->getLHS();
    const clang::Expr* r = binary->getRHS();
    switch (binary->getOpcode()) {
      case clang::BO_Add:
        expressionAdjoint(context, l, seed, negate, out);
        expressionAdjoint(context, r, seed, negate, out);
        return;
      case clang::BO_Sub:
        expressionAdjoint(context, l, seed, negate, out);
        expressionAdjoint(context, r, seed, !negate, out);
        return;
      case clang::BO_Mul:
        expressionAdjoint(context, l, c::mul(seed, context.tree(r)), negate, out);
        expressionAdjoint(context, r, c::mul(context.tree(l), seed), negate, out);
        return;
      case clang::BO_Div: {
        c::ExprRef divisor = context.tree(r);
        expressionAdjoint(context, l, c::div(seed, divisor), negate, out);
        expressionAdjoint(context, r, c::div(c::mul(seed, context.tree(l)), c::mul(divisor, divisor)), !negate, out);
        return;
      }
      default: return;
    }
  }
  if (auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
    c::ExprRef condition = context.tree(conditional->getCond());
    expressionAdjoint(context, conditional->getTrueExpr(), c::conditional(condition, seed, zero), negate, out);
    expressionAdjoint(context, conditional->getFalseExpr(), c::conditional(condition, zero, seed), negate, out);
    return;
  }
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    std::string name = directCalleeName(call);
    std::vector<const clang::Expr*> args(call->arg_begin(), call->arg_end());
    if (args.empty()) return;
    std::vector<c::ExprRef> trees;
    for (const clang::Expr* argument : args) trees.push_back(context.tree(argument));
    std::vector<ArgumentAdjoint> adjoints = mathAdjoints(name, trees, seed);
    for (size_t k = 0; k < args.size(); ++k)
      if (adjoints[k].value) expressionAdjoint(context, args[k], adjoints[k].value, adjoints[k].negate != negate, out);
    return;
  }
}

namespace {
// The variables of a partial the backward sweep evaluates; a passive query there is refused (the
// timer or the thread number need not give the primal's value again).
void partialReads(const AdjointContext& context, const clang::Expr* partial, std::set<const clang::VarDecl*>& out) {
  if (const clang::CallExpr* query = passiveQueryIn(partial))
    context.unsupported(query->getBeginLoc(), "the value of " + directCalleeName(query) + "() enters the derivative");
  collectVariables(partial, out);
}
}  // namespace

void derivativeReads(const AdjointContext& context, const clang::Expr* expr, std::set<const clang::VarDecl*>& out) {
  if (!expr) return;  // `return;`
  expr = bare(expr);
  if (!hasActiveLeaf(context, expr)) return;
  if (asLeaf(expr)) {
    if (const clang::CallExpr* query = passiveQueryIn(expr); query && !isThreadSlot(context, expr))
      context.unsupported(query->getBeginLoc(), "the value of " + directCalleeName(query) + "() enters the derivative");
    collectIndexVariables(expr, out);
    return;
  }
  if (auto* cast = llvm::dyn_cast<clang::CastExpr>(expr)) return derivativeReads(context, cast->getSubExpr(), out);
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr))
    return derivativeReads(context, unary->getSubExpr(), out);
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    const clang::Expr* l = binary->getLHS();
    const clang::Expr* r = binary->getRHS();
    bool activeL = hasActiveLeaf(context, l), activeR = hasActiveLeaf(context, r);
    if (binary->getOpcode() == clang::BO_Mul) {
      if (activeL) partialReads(context, r, out);
      if (activeR) partialReads(context, l, out);
    }
    if (binary->getOpcode() == clang::BO_Div) {
      partialReads(context, r, out);
      if (activeR) partialReads(context, l, out);
    }
    derivativeReads(context, l, out);
    derivativeReads(context, r, out);
    return;
  }
  if (auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
    partialReads(context, conditional->getCond(), out);
    derivativeReads(context, conditional->getTrueExpr(), out);
    derivativeReads(context, conditional->getFalseExpr(), out);
    return;
  }
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    for (const clang::Expr* argument : call->arguments()) {
      partialReads(context, argument, out);
      derivativeReads(context, argument, out);
    }
  }
}

StatementAdjointCode assignmentAdjoint(const AdjointContext& context, const clang::BinaryOperator* assignment) {
  StatementAdjointCode code;
  const clang::Expr* lhs = assignment->getLHS();
  const clang::Expr* rhs = assignment->getRHS();
  const c::ExprRef lhsB = adjointOf(context, lhs);
  const c::ExprRef adj = c::name(context.adjName);
  const c::ExprRef zero = c::literal("0.0");
  auto set = [](c::ExprRef target, c::ExprRef value) {
    return c::expression(c::assign(std::move(target), std::move(value)));
  };
  const c::StmtRef saveAdjoint =
      c::declaration(c::plainType(isSingle(lhs->getType()) ? "float" : "double"), context.adjName, lhsB);
  std::set<const clang::VarDecl*> rhsVariables;
  collectVariables(rhs, rhsVariables);
  bool overlaps = rhsVariables.count(baseVariable(lhs)) > 0;
  switch (assignment->getOpcode()) {
    case clang::BO_Assign:
      if (overlaps) {
        code.block = true;
        code.prologue = {saveAdjoint, set(lhsB, zero)};
        expressionAdjoint(context, rhs, adj, false, code.increments);
      } else {
        expressionAdjoint(context, rhs, lhsB, false, code.increments);
        code.epilogue = {set(lhsB, zero)};
      }
      break;
    case clang::BO_AddAssign:
    case clang::BO_SubAssign:
      // y[i] += y[i] * x[i]: the increment of y_b[i] would change the seed the later ones read, so
      // they all read the adjoint saved before the first.
      if (overlaps) {
        code.block = true;
        code.prologue = {saveAdjoint};
        expressionAdjoint(context, rhs, adj, assignment->getOpcode() == clang::BO_SubAssign, code.increments);
      } else {
        expressionAdjoint(context, rhs, lhsB, assignment->getOpcode() == clang::BO_SubAssign, code.increments);
      }
      break;
    case clang::BO_MulAssign:
      code.block = true;
      code.prologue = {saveAdjoint, set(lhsB, c::mul(adj, context.tree(rhs)))};
      expressionAdjoint(context, rhs, c::mul(context.tree(lhs), adj), false, code.increments);
      break;
    case clang::BO_DivAssign: {
      code.block = true;
      const c::ExprRef divisor = context.tree(rhs);
      code.prologue = {saveAdjoint, set(lhsB, c::div(adj, divisor))};
      expressionAdjoint(context, rhs, c::div(c::mul(adj, context.tree(lhs)), c::mul(divisor, divisor)), true,
                        code.increments);
      break;
    }
    default: break;
  }
  return code;
}

StatementAdjointCode initializerAdjoint(const AdjointContext& context, const clang::VarDecl* declared) {
  StatementAdjointCode code;
  const VariableInfo* info = context.variable(declared);
  expressionAdjoint(context, declared->getInit(), c::name(info->adjoint), false, code.increments);
  return code;
}

void assignmentReads(const AdjointContext& context, const clang::BinaryOperator* assignment,
                     std::set<const clang::VarDecl*>& out) {
  collectIndexVariables(assignment->getLHS(), out);
  derivativeReads(context, assignment->getRHS(), out);
  if (assignment->getOpcode() == clang::BO_MulAssign || assignment->getOpcode() == clang::BO_DivAssign) {
    collectVariables(assignment->getRHS(), out);
    // v's old value is read only by the increments of the right side's active leaves (`v *= c` with
    // c passive: v_b *= c alone).
    if (hasActiveLeaf(context, assignment->getRHS())) collectVariables(assignment->getLHS(), out);
  }
}

c::StmtRef incrementStatement(const AdjointContext& context, const Increment& increment) {
  return c::expression(c::assign(increment.negate ? c::Op::SubtractAssign : c::Op::AddAssign,
                                 adjointOf(context, increment.leaf), increment.value));
}

std::optional<Increment> joinIncrements(const AdjointContext& context, const Increment& first,
                                        const Increment& second) {
  if (!c::sameExpr(adjointOf(context, first.leaf), adjointOf(context, second.leaf))) return std::nullopt;
  // Each `?:` arm's increment keeps the guard of its own arm (ad/BranchGuard.h): a sum has none.
  if (inConditionalArm(context, first.leaf) || inConditionalArm(context, second.leaf)) return std::nullopt;
  const VariableInfo* info = context.variable(baseVariable(second.leaf));
  if (!info || c::namesIdentifier(second.value, info->adjoint)) return std::nullopt;
  Increment joined = first;
  joined.value = first.negate != second.negate ? c::sub(first.value, second.value) : c::add(first.value, second.value);
  return joined;
}

bool incrementsCommute(const AdjointContext& context, const Increment& a, const Increment& b) {
  const VariableInfo* infoA = context.variable(baseVariable(a.leaf));
  const VariableInfo* infoB = context.variable(baseVariable(b.leaf));
  return infoA && infoB && infoA != infoB && !c::namesIdentifier(a.value, infoB->adjoint) &&
         !c::namesIdentifier(b.value, infoA->adjoint);
}

}  // namespace adrace::ad
