#include "ad/HelperInlining.h"

#include "ad/MathLibrary.h"
#include "ad/PassiveCalls.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>

#include <map>
#include <vector>

namespace adrace::ad {
namespace {

// A call the sweeps handle themselves (math library, OpenMP queries, prints): not a helper.
bool isLibraryCall(const clang::CallExpr* call) {
  std::string name = calleeName(call);
  return isMathFunction(name) || isPassiveStatementCall(name);
}

// The functions a body calls directly (helpers only).
void calleesOf(const clang::Stmt* statement, std::vector<const clang::FunctionDecl*>& out) {
  if (!statement) return;
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(statement); call && !isLibraryCall(call))
    if (const clang::FunctionDecl* callee = call->getDirectCallee()) out.push_back(callee->getCanonicalDecl());
  for (const clang::Stmt* child : statement->children()) calleesOf(child, out);
}

class Inliner {
 public:
  explicit Inliner(AdjointContext& context) : context_(context), ast_(context.ast) {}

  // Replaces the helper calls in every expression slot under `statement`.
  void statement(clang::Stmt* statement) {
    if (!statement || context_.failed()) return;
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
      for (clang::Decl* decl : declaration->decls())
        if (auto* var = llvm::dyn_cast<clang::VarDecl>(decl); var && var->getInit())
          var->setInit(expression(var->getInit(), {}));
      return;
    }
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement)) {
      if (directive->hasAssociatedStmt()) this->statement(directive->getInnermostCapturedStmt()->getCapturedStmt());
      return;
    }
    for (clang::Stmt*& child : statement->children()) {
      if (auto* expr = llvm::dyn_cast_or_null<clang::Expr>(child)) child = expression(expr, {});
      else this->statement(child);
    }
  }

 private:
  using Bindings = std::map<const clang::ParmVarDecl*, clang::Expr*>;

  // `expr` with its helper calls inlined and, inside a helper's body, its parameters replaced.
  clang::Expr* expression(clang::Expr* expr, const Bindings& bindings) {
    if (!expr || context_.failed()) return expr;
    if (auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(expr); cast && cast->getCastKind() == clang::CK_LValueToRValue)
      if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(cast->getSubExpr()->IgnoreParens()))
        if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()); parameter && bindings.count(parameter))
          return bindings.at(parameter);  // a use of the parameter's value: the call's argument
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr))
      if (auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()); parameter && bindings.count(parameter)) {
        context_.unsupported(ref->getBeginLoc(), "parameter '" + parameter->getNameAsString() + "' of helper '" +
                                                     llvm::cast<clang::FunctionDecl>(parameter->getDeclContext())->getNameAsString() +
                                                     "' used other than by its value");
        return expr;
      }
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr); call && !isLibraryCall(call)) return inlineCall(call, bindings);
    if (bindings.empty()) {  // the function's own expression: replace in place
      for (clang::Stmt*& child : expr->children())
        if (auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child)) child = expression(sub, bindings);
      return expr;
    }
    return copyWithChildren(expr, bindings);
  }

  // A helper body's node with its children substituted: a new node when a child changed (the helper's
  // own nodes are shared by all its calls), the node itself otherwise.
  clang::Expr* copyWithChildren(clang::Expr* expr, const Bindings& bindings) {
    std::vector<clang::Expr*> before, after;
    for (clang::Stmt* child : expr->children()) {
      auto* sub = llvm::dyn_cast_or_null<clang::Expr>(child);
      before.push_back(sub);
      after.push_back(expression(sub, bindings));
    }
    if (before == after || context_.failed()) return expr;
    clang::Expr* copy = nullptr;
    const clang::FPOptionsOverride fp;
    if (auto* paren = llvm::dyn_cast<clang::ParenExpr>(expr)) {
      copy = new (ast_) clang::ParenExpr(paren->getLParen(), paren->getRParen(), after[0]);
    } else if (auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(expr)) {
      copy = clang::ImplicitCastExpr::Create(ast_, cast->getType(), cast->getCastKind(), after[0], nullptr, cast->getValueKind(), fp);
    } else if (auto* cast = llvm::dyn_cast<clang::CStyleCastExpr>(expr)) {
      copy = clang::CStyleCastExpr::Create(ast_, cast->getType(), cast->getValueKind(), cast->getCastKind(), after[0], nullptr, fp,
                                           cast->getTypeInfoAsWritten(), cast->getLParenLoc(), cast->getRParenLoc());
    } else if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr); binary && !binary->isAssignmentOp()) {
      copy = clang::BinaryOperator::Create(ast_, after[0], after[1], binary->getOpcode(), binary->getType(), binary->getValueKind(),
                                           binary->getObjectKind(), binary->getOperatorLoc(), fp);
    } else if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr); unary && !unary->isIncrementDecrementOp() &&
                                                                            unary->getOpcode() != clang::UO_AddrOf) {
      copy = clang::UnaryOperator::Create(ast_, after[0], unary->getOpcode(), unary->getType(), unary->getValueKind(),
                                          unary->getObjectKind(), unary->getOperatorLoc(), unary->canOverflow(), fp);
    } else if (auto* choice = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
      copy = new (ast_) clang::ConditionalOperator(after[0], choice->getQuestionLoc(), after[1], choice->getColonLoc(), after[2],
                                                   choice->getType(), choice->getValueKind(), choice->getObjectKind());
    } else if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(expr)) {
      copy = new (ast_) clang::ArraySubscriptExpr(after[0], after[1], subscript->getType(), subscript->getValueKind(),
                                                  subscript->getObjectKind(), subscript->getRBracketLoc());
    } else if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {  // a math call (helpers are inlined)
      std::vector<clang::Expr*> arguments(after.begin() + 1, after.end());
      copy = clang::CallExpr::Create(ast_, after[0], arguments, call->getType(), call->getValueKind(), call->getRParenLoc(), fp);
    } else {
      context_.unsupported(expr->getBeginLoc(), std::string("expression of kind ") + expr->getStmtClassName() +
                                                    " over a parameter in a helper's body");
      return expr;
    }
    context_.from.synthesized.insert(copy);
    return copy;
  }

  clang::Expr* inlineCall(clang::CallExpr* call, const Bindings& outer) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    std::string name = callee ? callee->getNameAsString() : context_.text(call->getCallee());
    const clang::FunctionDecl* definition = callee ? callee->getDefinition() : nullptr;
    const clang::SourceManager& sources = ast_.getSourceManager();
    if (!definition || !sources.isInMainFile(sources.getExpansionLoc(definition->getLocation()))) {
      context_.unsupported(call->getBeginLoc(), "call to '" + name +
                                                    "', which is not defined in this file (differentiated calls: the math "
                                                    "library and helpers defined in the same file)");
      return call;
    }
    if (reaches(definition, definition->getCanonicalDecl()) || definition->getCanonicalDecl() == context_.function.getCanonicalDecl()) {
      context_.unsupported(call->getBeginLoc(), "call to '" + name + "', which is recursive (directly or through other helpers)");
      return call;
    }
    const clang::Expr* returned = singleReturn(definition);
    if (!returned || definition->isVariadic() || definition->getReturnType()->isVoidType()) {
      context_.unsupported(call->getBeginLoc(), "call to helper '" + name +
                                                    "': only helpers whose body is one `return expr;` are differentiated (inlined)");
      return call;
    }
    Bindings bindings;
    for (unsigned k = 0; k < definition->getNumParams() && k < call->getNumArgs(); ++k) {
      clang::Expr* argument = expression(call->getArg(k), outer);
      if (const clang::CallExpr* query = passiveQueryIn(argument)) {
        context_.unsupported(query->getBeginLoc(), "the value of " + calleeName(query) + "() passed to helper '" + name +
                                                       "' (inlined, so evaluated again at each use)");
        return call;
      }
      bindings[definition->getParamDecl(k)] = argument;
    }
    clang::Expr* body = expression(const_cast<clang::Expr*>(returned), bindings);
    // The result converted to the helper's return type, as the call's value is.
    if (!context_.failed() && body->getType().getCanonicalType() != call->getType().getCanonicalType()) {
      body = clang::ImplicitCastExpr::Create(ast_, call->getType(),
                                             call->getType()->isIntegerType() ? clang::CK_FloatingToIntegral
                                                                              : clang::CK_FloatingCast,
                                             body, nullptr, clang::VK_PRValue, clang::FPOptionsOverride());
    }
    auto* paren = new (ast_) clang::ParenExpr(call->getBeginLoc(), call->getEndLoc(), body);
    context_.from.synthesized.insert(paren);
    return paren;
  }

  // `expr` of a body that is exactly `{ return expr; }`, or null.
  static const clang::Expr* singleReturn(const clang::FunctionDecl* helper) {
    auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(helper->getBody());
    if (!body || body->size() != 1) return nullptr;
    auto* returned = llvm::dyn_cast<clang::ReturnStmt>(body->body_front());
    return returned ? returned->getRetValue() : nullptr;
  }

  // Whether `from`'s body calls `target`, directly or through other functions of the file.
  bool reaches(const clang::FunctionDecl* from, const clang::FunctionDecl* target) {
    std::vector<const clang::FunctionDecl*> work{from}, seen;
    while (!work.empty()) {
      const clang::FunctionDecl* next = work.back();
      work.pop_back();
      const clang::FunctionDecl* definition = next->getDefinition();
      if (!definition) continue;
      std::vector<const clang::FunctionDecl*> callees;
      calleesOf(definition->getBody(), callees);
      for (const clang::FunctionDecl* callee : callees) {
        if (callee == target) return true;
        if (std::find(seen.begin(), seen.end(), callee) == seen.end()) {
          seen.push_back(callee);
          work.push_back(callee);
        }
      }
    }
    return false;
  }

  AdjointContext& context_;
  clang::ASTContext& ast_;
};

}  // namespace

void inlineHelpers(AdjointContext& context) {
  Inliner inliner(context);
  inliner.statement(const_cast<clang::Stmt*>(context.function.getBody()));
}

}  // namespace adrace::ad
