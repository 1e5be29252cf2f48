#include "analyzer/frontend/ThisObject.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ParentMapContext.h>

#include <map>
#include <mutex>

namespace adrace::analyzer {
namespace {

// The implicit parameters made so far, per ASTContext (files are read on threads of their own);
// a context's entry is dropped when the context is destroyed, with the declarations it owns.
struct Registry {
  std::mutex mutex;
  std::map<const clang::ASTContext*, std::map<const clang::FunctionDecl*, const clang::VarDecl*>> made;
};

Registry& registry() {
  static Registry instance;
  return instance;
}

void forgetContext(void* context) {
  Registry& all = registry();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.made.erase(static_cast<const clang::ASTContext*>(context));
}

const clang::FunctionDecl* enclosingFunction(const clang::CXXThisExpr& use, clang::ASTContext& context) {
  clang::DynTypedNodeList parents = context.getParents(use);
  while (!parents.empty()) {
    if (const auto* function = parents[0].get<clang::FunctionDecl>()) {
      auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(function);
      return method && method->getParent()->isLambda() ? nullptr : function;  // a captured object: not followed
    }
    parents = context.getParents(parents[0]);
  }
  return nullptr;
}

}  // namespace

const clang::VarDecl* thisObjectOf(const clang::CXXThisExpr& use, clang::ASTContext& context) {
  const clang::FunctionDecl* function = enclosingFunction(use, context);
  if (!function) return nullptr;
  Registry& all = registry();
  std::lock_guard<std::mutex> lock(all.mutex);
  auto [perContext, first] = all.made.try_emplace(&context);
  if (first) context.AddDeallocation(forgetContext, &context);
  const clang::VarDecl*& object = perContext->second[function->getCanonicalDecl()];
  if (!object)
    object = clang::ImplicitParamDecl::Create(context, const_cast<clang::FunctionDecl*>(function), use.getBeginLoc(),
                                              &context.Idents.get("this"), use.getType(),
                                              clang::ImplicitParamKind::CXXThis);
  return object;
}

}  // namespace adrace::analyzer
