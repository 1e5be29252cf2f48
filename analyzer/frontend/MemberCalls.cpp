#include "analyzer/frontend/MemberCalls.h"

#include <clang/AST/ExprCXX.h>

namespace adrace::analyzer {

BoundObject objectOfThis(const std::vector<const clang::CallExpr*>& calls) {
  for (size_t level = calls.size(); level > 0; --level) {
    auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(calls[level - 1]);
    if (!member) return {};
    const clang::Expr* object = member->getImplicitObjectArgument();
    if (!object) return {};
    // `idx(i, j)` or `this->idx(i, j)` inside a member function called on an object: that object.
    if (!llvm::isa<clang::CXXThisExpr>(object->IgnoreParenImpCasts())) return {object, level - 1};
  }
  // Every call is made on `this`: the object of the member function holding the loop, which
  // MemberPath reads through its implicit parameter (ThisObject.h).
  if (calls.empty()) return {};
  return {llvm::cast<clang::CXXMemberCallExpr>(calls.front())->getImplicitObjectArgument(), 0};
}

const clang::CXXMethodDecl* memberFunctionRun(const clang::CallExpr& call, std::string* why) {
  auto* method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(call.getDirectCallee());
  if (!method || method->isStatic()) return nullptr;
  auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(&call);
  std::string name = method->getQualifiedNameAsString();
  if (!member) {
    *why = "call to the member operator '" + name + "' is not followed";
    return nullptr;
  }
  if (method->isVirtual()) {
    // The overrider the call runs, where the object's dynamic type is known (Clang's rules).
    const clang::CXXMethodDecl* overrider =
        method->getDevirtualizedMethod(member->getImplicitObjectArgument(), /*IsAppleKext=*/false);
    if (!overrider) {
      *why = "call to the virtual member function '" + name +
             "' on an object whose dynamic type is not known here is not followed";
      return nullptr;
    }
    method = overrider;
  }
  const clang::FunctionDecl* definition = nullptr;
  if (!method->hasBody(definition) || !definition->getBody()) {
    *why = "call to member function '" + name + "' (defined elsewhere) may access memory the analysis cannot see";
    return nullptr;
  }
  return llvm::cast<clang::CXXMethodDecl>(definition);
}

}  // namespace adrace::analyzer
