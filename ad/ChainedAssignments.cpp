// Chained assignments split into one store per statement (ChainedAssignments.h).
#include "ad/ChainedAssignments.h"

#include "ad/ExprCopy.h"
#include "ad/InPlaceRewriter.h"

#include <clang/AST/StmtOpenMP.h>

#include <vector>

namespace adrace::ad {
namespace {

// A copy of an lvalue expression with nodes of its own (the same node twice in the AST would have
// two parents), or null for a kind ExprCopy does not copy.
clang::Expr* freshCopy(clang::ASTContext& ast, clang::Expr* expr) {
  if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr))
    return clang::DeclRefExpr::Create(ast, ref->getQualifierLoc(), ref->getTemplateKeywordLoc(), ref->getDecl(),
                                      ref->refersToEnclosingVariableOrCapture(), ref->getLocation(), ref->getType(),
                                      ref->getValueKind());
  if (llvm::isa<clang::IntegerLiteral, clang::FloatingLiteral, clang::CharacterLiteral>(expr)) return expr;
  std::vector<clang::Expr*> children;
  for (clang::Stmt* child : expr->children()) {
    clang::Expr* copied = child ? freshCopy(ast, llvm::cast<clang::Expr>(child)) : nullptr;
    if (!copied) return nullptr;
    children.push_back(copied);
  }
  return copyWithChildren(ast, expr, children);
}

class Splitter : public InPlaceRewriter {
 public:
  explicit Splitter(clang::ASTContext& ast) : InPlaceRewriter(ast) {}
  // The function's body, whose own statements are split too (`ce = cw = step / rx;` before its loops).
  clang::Stmt* run(clang::Stmt* body) { return rewrite(body); }

 private:
  // `x = y = e` as the statements `y = e; x = y;` (each split again while the chain goes on), or
  // empty when the statement is not such a chain.
  std::vector<clang::Stmt*> split(clang::Stmt* statement) {
    auto* outer = llvm::dyn_cast<clang::BinaryOperator>(statement);
    if (!outer || outer->getOpcode() != clang::BO_Assign) return {};
    // Where the inner assignment sits in the outer's right side: replaced there by a read of its target.
    clang::Expr* rhs = outer->getRHS();
    auto* inner = llvm::dyn_cast<clang::BinaryOperator>(rhs->IgnoreParenImpCasts());
    // (Reading the inner target again must not repeat a side effect: `x = a[k++] = 0;` stays refused.)
    if (!inner || inner->getOpcode() != clang::BO_Assign || inner->getLHS()->HasSideEffects(ast_)) return {};
    clang::Expr* target = freshCopy(ast_, inner->getLHS());
    if (!target) return {};
    clang::Expr* read =
        clang::ImplicitCastExpr::Create(ast_, target->getType().getUnqualifiedType(), clang::CK_LValueToRValue, target,
                                        nullptr, clang::VK_PRValue, clang::FPOptionsOverride());
    replaceNode(rhs, inner, read);
    outer->setRHS(rhs);
    std::vector<clang::Stmt*> statements = split(inner);
    if (statements.empty()) statements.push_back(inner);
    statements.push_back(outer);
    return statements;
  }

  // Replaces `from` by `to` in `slot`'s chain of parentheses and implicit conversions.
  static void replaceNode(clang::Expr*& slot, clang::Expr* from, clang::Expr* to) {
    if (slot == from) {
      slot = to;
      return;
    }
    if (auto* paren = llvm::dyn_cast<clang::ParenExpr>(slot)) {
      clang::Expr* inner = paren->getSubExpr();
      replaceNode(inner, from, to);
      paren->setSubExpr(inner);
    } else if (auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(slot)) {
      clang::Expr* inner = cast->getSubExpr();
      replaceNode(inner, from, to);
      cast->setSubExpr(inner);
    }
  }

  // The parts of a statement in a single-statement position (a loop's or branch's body) as a block.
  clang::Stmt* asBlock(clang::Stmt* statement) {
    std::vector<clang::Stmt*> parts = split(statement);
    if (parts.empty()) return statement;
    return clang::CompoundStmt::Create(ast_, parts, clang::FPOptionsOverride(), statement->getBeginLoc(),
                                       statement->getEndLoc());
  }

  // Only statements are split, never an assignment inside an expression (`f(a = b = c)` stays as
  // it is, and is refused later): a block's statements, and a loop's or branch's body.
  clang::Stmt* substitute(clang::Stmt* stmt) override {
    if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(stmt)) {
      std::vector<clang::Stmt*> statements;
      bool anySplit = false;
      for (clang::Stmt* child : block->body()) {
        std::vector<clang::Stmt*> parts = split(child);
        anySplit |= !parts.empty();
        if (parts.empty()) parts.push_back(rewrite(child));
        statements.insert(statements.end(), parts.begin(), parts.end());
      }
      if (anySplit)
        return clang::CompoundStmt::Create(ast_, statements, clang::FPOptionsOverride(), block->getLBracLoc(),
                                           block->getRBracLoc());
      size_t k = 0;
      for (clang::Stmt*& child : block->children()) child = statements[k++];
      return block;
    }
    // A directive's loop is walked from its children, not substituted (InPlaceRewriter.h).
    if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(stmt);
        directive && directive->hasAssociatedStmt())
      splitBodies(directive->getRawStmt());
    splitBodies(stmt);
    return nullptr;  // and its children are rewritten as usual
  }

  void splitBodies(clang::Stmt* stmt) {
    transformBodies(stmt, [this](clang::Stmt* body) { return asBlock(body); });
  }
};

}  // namespace

void splitChainedAssignments(AdjointContext& context) {
  clang::Stmt* body = Splitter(context.ast).run(const_cast<clang::Stmt*>(context.function.getBody()));
  const_cast<clang::FunctionDecl&>(context.function).setBody(body);
}

}  // namespace adrace::ad
