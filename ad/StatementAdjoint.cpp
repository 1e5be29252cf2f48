#include "ad/StatementAdjoint.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::ad {
namespace {

const std::set<std::string>& mathFunctions() {
  static const std::set<std::string> names = {"sin", "cos", "tan", "exp", "log", "sqrt",
                                              "pow", "fabs", "fmin", "fmax", "tanh"};
  return names;
}

std::string calleeName(const clang::CallExpr* call) {
  if (const clang::FunctionDecl* callee = call->getDirectCallee()) return callee->getNameAsString();
  return "";
}

// Parenthesises a composite C expression.
std::string wrap(const std::string& text) {
  bool simple = true;
  int depth = 0;
  for (char c : text) {
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (depth == 0 && (c == ' ' || c == '?' || c == '-' || c == '+')) simple = false;
  }
  return simple ? text : "(" + text + ")";
}

const clang::Expr* bare(const clang::Expr* expr) { return expr->IgnoreParens(); }

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
    if (!context.variable(base))
      context.unsupported(expr->getBeginLoc(), "'" + base->getNameAsString() + "' is not a parameter or local of the function");
    for (const clang::Stmt* child : expr->children())
      if (auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child)) checkExpression(context, sub);
    return;
  }
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    std::string name = calleeName(call);
    if (!mathFunctions().count(name)) {
      context.unsupported(expr->getBeginLoc(), "call to '" + (name.empty() ? context.text(call->getCallee()) : name) +
                                                   "': only sin cos tan exp log sqrt pow fabs fmin fmax tanh are differentiated");
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
      case clang::UO_Minus: case clang::UO_Plus: case clang::UO_LNot: case clang::UO_Not:
        checkExpression(context, unary->getSubExpr());
        return;
      default:
        context.unsupported(expr->getBeginLoc(), "operator '" + std::string(clang::UnaryOperator::getOpcodeStr(unary->getOpcode())) +
                                                     "' inside an expression");
        return;
    }
  }
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    if (binary->isAssignmentOp() || binary->getOpcode() == clang::BO_Comma) {
      context.unsupported(expr->getBeginLoc(), "assignment or comma inside an expression");
      return;
    }
    if (expr->getType()->isRealFloatingType() && binary->getOpcode() != clang::BO_Add && binary->getOpcode() != clang::BO_Sub &&
        binary->getOpcode() != clang::BO_Mul && binary->getOpcode() != clang::BO_Div) {
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
  context.unsupported(expr->getBeginLoc(), std::string("expression of kind ") + expr->getStmtClassName());
}

void expressionAdjoint(const AdjointContext& context, const clang::Expr* expr, const std::string& seed, bool negate,
                       std::vector<Increment>& out) {
  expr = bare(expr);
  if (!hasActiveLeaf(context, expr)) return;
  if (asLeaf(expr)) {
    out.push_back({asLeaf(expr), seed, negate});
    return;
  }
  const std::string s = wrap(seed);
  if (auto* cast = llvm::dyn_cast<clang::CastExpr>(expr)) {
    expressionAdjoint(context, cast->getSubExpr(), seed, negate, out);
    return;
  }
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
    expressionAdjoint(context, unary->getSubExpr(), seed, unary->getOpcode() == clang::UO_Minus ? !negate : negate, out);
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
        expressionAdjoint(context, l, s + " * " + context.operand(r), negate, out);
        expressionAdjoint(context, r, context.operand(l) + " * " + s, negate, out);
        return;
      case clang::BO_Div:
        expressionAdjoint(context, l, s + " / " + context.operand(r), negate, out);
        expressionAdjoint(context, r,
                          s + " * " + context.operand(l) + " / (" + context.operand(r) + " * " + context.operand(r) + ")",
                          !negate, out);
        return;
      default: return;
    }
  }
  if (auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
    std::string c = context.operand(conditional->getCond());
    expressionAdjoint(context, conditional->getTrueExpr(), "(" + c + " ? " + s + " : 0.0)", negate, out);
    expressionAdjoint(context, conditional->getFalseExpr(), "(" + c + " ? 0.0 : " + s + ")", negate, out);
    return;
  }
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    std::string name = calleeName(call);
    std::vector<const clang::Expr*> args(call->arg_begin(), call->arg_end());
    std::string a = args.empty() ? "" : context.text(args[0]);
    std::string ap = args.empty() ? "" : context.operand(args[0]);
    if (name == "sin") expressionAdjoint(context, args[0], s + " * cos(" + a + ")", negate, out);
    else if (name == "cos") expressionAdjoint(context, args[0], s + " * sin(" + a + ")", !negate, out);
    else if (name == "tan") expressionAdjoint(context, args[0], s + " / (cos(" + a + ") * cos(" + a + "))", negate, out);
    else if (name == "exp") expressionAdjoint(context, args[0], s + " * exp(" + a + ")", negate, out);
    else if (name == "log") expressionAdjoint(context, args[0], s + " / " + ap, negate, out);
    else if (name == "sqrt") expressionAdjoint(context, args[0], s + " / (2.0 * sqrt(" + a + "))", negate, out);
    else if (name == "tanh") expressionAdjoint(context, args[0], s + " * (1.0 - tanh(" + a + ") * tanh(" + a + "))", negate, out);
    else if (name == "fabs") expressionAdjoint(context, args[0], "(" + ap + " >= 0.0 ? " + s + " : -" + s + ")", negate, out);
    else if (name == "pow") {
      std::string b = context.text(args[1]), bp = context.operand(args[1]);
      expressionAdjoint(context, args[0], s + " * " + bp + " * pow(" + a + ", " + bp + " - 1.0)", negate, out);
      expressionAdjoint(context, args[1], s + " * pow(" + a + ", " + b + ") * log(" + a + ")", negate, out);
    } else if (name == "fmin" || name == "fmax") {
      std::string b = context.operand(args[1]);
      std::string pick = ap + (name == "fmin" ? " <= " : " >= ") + b;
      expressionAdjoint(context, args[0], "(" + pick + " ? " + s + " : 0.0)", negate, out);
      expressionAdjoint(context, args[1], "(" + pick + " ? 0.0 : " + s + ")", negate, out);
    }
    return;
  }
}

void derivativeReads(const AdjointContext& context, const clang::Expr* expr, std::set<const clang::VarDecl*>& out) {
  expr = bare(expr);
  if (!hasActiveLeaf(context, expr)) return;
  if (asLeaf(expr)) {
    collectIndexVariables(expr, out);
    return;
  }
  if (auto* cast = llvm::dyn_cast<clang::CastExpr>(expr)) return derivativeReads(context, cast->getSubExpr(), out);
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr)) return derivativeReads(context, unary->getSubExpr(), out);
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    const clang::Expr* l = binary->getLHS();
    const clang::Expr* r = binary->getRHS();
    bool activeL = hasActiveLeaf(context, l), activeR = hasActiveLeaf(context, r);
    if (binary->getOpcode() == clang::BO_Mul) {
      if (activeL) collectVariables(r, out);
      if (activeR) collectVariables(l, out);
    }
    if (binary->getOpcode() == clang::BO_Div) {
      collectVariables(r, out);
      if (activeR) collectVariables(l, out);
    }
    derivativeReads(context, l, out);
    derivativeReads(context, r, out);
    return;
  }
  if (auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
    collectVariables(conditional->getCond(), out);
    derivativeReads(context, conditional->getTrueExpr(), out);
    derivativeReads(context, conditional->getFalseExpr(), out);
    return;
  }
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    for (const clang::Expr* argument : call->arguments()) {
      collectVariables(argument, out);
      derivativeReads(context, argument, out);
    }
  }
}

StatementAdjointCode assignmentAdjoint(const AdjointContext& context, const clang::BinaryOperator* assignment) {
  StatementAdjointCode code;
  const clang::Expr* lhs = assignment->getLHS();
  const clang::Expr* rhs = assignment->getRHS();
  std::string lhsB = adjointText(context, lhs);
  std::set<const clang::VarDecl*> rhsVariables;
  collectVariables(rhs, rhsVariables);
  bool overlaps = rhsVariables.count(baseVariable(lhs)) > 0;
  switch (assignment->getOpcode()) {
    case clang::BO_Assign:
      if (overlaps) {
        code.block = true;
        code.prologue = {"double adj = " + lhsB + ";", lhsB + " = 0.0;"};
        expressionAdjoint(context, rhs, "adj", false, code.increments);
      } else {
        expressionAdjoint(context, rhs, lhsB, false, code.increments);
        code.epilogue = {lhsB + " = 0.0;"};
      }
      break;
    case clang::BO_AddAssign: expressionAdjoint(context, rhs, lhsB, false, code.increments); break;
    case clang::BO_SubAssign: expressionAdjoint(context, rhs, lhsB, true, code.increments); break;
    case clang::BO_MulAssign:
      code.block = true;
      code.prologue = {"double adj = " + lhsB + ";", lhsB + " = adj * " + context.operand(rhs) + ";"};
      expressionAdjoint(context, rhs, context.operand(lhs) + " * adj", false, code.increments);
      break;
    case clang::BO_DivAssign:
      code.block = true;
      code.prologue = {"double adj = " + lhsB + ";", lhsB + " = adj / " + context.operand(rhs) + ";"};
      expressionAdjoint(context, rhs, "adj * " + context.operand(lhs) + " / (" + context.operand(rhs) + " * " +
                                          context.operand(rhs) + ")",
                        true, code.increments);
      break;
    default: break;
  }
  return code;
}

StatementAdjointCode initializerAdjoint(const AdjointContext& context, const clang::VarDecl* declared) {
  StatementAdjointCode code;
  const VariableInfo* info = context.variable(declared);
  expressionAdjoint(context, declared->getInit(), info->name + "_b", false, code.increments);
  return code;
}

void assignmentReads(const AdjointContext& context, const clang::BinaryOperator* assignment,
                     std::set<const clang::VarDecl*>& out) {
  collectIndexVariables(assignment->getLHS(), out);
  derivativeReads(context, assignment->getRHS(), out);
  if (assignment->getOpcode() == clang::BO_MulAssign || assignment->getOpcode() == clang::BO_DivAssign) {
    collectVariables(assignment->getRHS(), out);
    collectVariables(assignment->getLHS(), out);
  }
}

std::string incrementText(const AdjointContext& context, const Increment& increment) {
  return adjointText(context, increment.leaf) + (increment.negate ? " -= " : " += ") + increment.value + ";";
}

namespace {

// Whether a C expression has one of `operators` outside parentheses and brackets (binary + and -
// only: a sign after another operator or an opening parenthesis does not count).
bool hasTopLevel(const std::string& text, const std::string& operators) {
  int depth = 0;
  char previous = '(';
  for (char c : text) {
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    bool sign = (c == '-' || c == '+') && std::string("(*/+-?:,=<>!&|").find(previous) != std::string::npos;
    if (depth == 0 && operators.find(c) != std::string::npos && !sign) return true;
    if (c != ' ') previous = c;
  }
  return false;
}

}  // namespace

std::optional<Increment> joinIncrements(const AdjointContext& context, const Increment& first, const Increment& second) {
  if (adjointText(context, first.leaf) != adjointText(context, second.leaf)) return std::nullopt;
  const VariableInfo* info = context.variable(baseVariable(second.leaf));
  if (!info || mentions(second.value, info->name + "_b")) return std::nullopt;
  bool subtract = first.negate != second.negate;
  std::string a = hasTopLevel(first.value, "?") ? "(" + first.value + ")" : first.value;
  std::string b = hasTopLevel(second.value, subtract ? "?+-" : "?") ? "(" + second.value + ")" : second.value;
  Increment joined = first;
  joined.value = a + (subtract ? " - " : " + ") + b;
  return joined;
}

bool incrementsCommute(const AdjointContext& context, const Increment& a, const Increment& b) {
  const VariableInfo* infoA = context.variable(baseVariable(a.leaf));
  const VariableInfo* infoB = context.variable(baseVariable(b.leaf));
  return infoA && infoB && infoA != infoB && !mentions(a.value, infoB->name + "_b") && !mentions(b.value, infoA->name + "_b");
}

}  // namespace adrace::ad
