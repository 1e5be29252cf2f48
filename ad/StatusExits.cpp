#include "ad/StatusExits.h"

#include "ad/WriteSites.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::ad {

bool isStatusExit(const AdjointContext& context, const clang::Stmt* statement) {
  auto* returned = llvm::dyn_cast_or_null<clang::ReturnStmt>(statement);
  return returned && returned->getRetValue() && context.function.getReturnType()->isIntegerType() &&
         returned->getRetValue()->IgnoreParenImpCasts()->isIntegerConstantExpr(context.ast);
}

std::string statusConditionFails(const AdjointContext& context, const clang::Expr* condition) {
  struct Reads : clang::RecursiveASTVisitor<Reads> {
    std::vector<const clang::ValueDecl*> variables;
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (!llvm::isa<clang::EnumConstantDecl>(use->getDecl())) variables.push_back(use->getDecl());
      return true;
    }
    bool VisitCallExpr(clang::CallExpr*) {
      calls = true;
      return true;
    }
    // What a pointer or an array holds, which the function may have changed by its end.
    bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr*) {
      memory = true;
      return true;
    }
    bool VisitMemberExpr(clang::MemberExpr*) {
      memory = true;
      return true;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* unary) {
      memory |= unary->getOpcode() == clang::UO_Deref;
      return true;
    }
    bool calls = false, memory = false;
  } reads;
  reads.TraverseStmt(const_cast<clang::Expr*>(condition));
  if (reads.calls) return "its condition calls a function";
  if (reads.memory) return "its condition reads an element or a member, which the function may change";
  const std::set<const clang::ValueDecl*> written = wholeWrites(context.function.getBody());
  for (const clang::ValueDecl* read : reads.variables) {
    auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(read);
    if (!parameter) return "its condition reads '" + read->getNameAsString() + "', which is not a parameter";
    if (written.count(parameter))
      return "the function writes the parameter '" + parameter->getNameAsString() + "' its condition reads";
  }
  return "";
}

c::ExprRef returnedStatus(const AdjointContext& context) {
  c::ExprRef status = context.tree(context.status);
  for (auto exit = context.statusExits.rbegin(); exit != context.statusExits.rend(); ++exit)
    status = c::conditional(context.tree(exit->first), context.tree(exit->second), status);
  return status;
}

}  // namespace adrace::ad
