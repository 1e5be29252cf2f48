#include "ad/PassiveCalls.h"

#include <set>

namespace adrace::ad {

bool isPassiveQuery(const std::string& function) {
  static const std::set<std::string> names = {"omp_get_thread_num", "omp_get_num_threads", "omp_get_max_threads",
                                              "omp_get_wtime"};
  return names.count(function) > 0;
}

bool isPassiveStatementCall(const std::string& function) {
  static const std::set<std::string> names = {"printf", "fprintf", "puts", "omp_set_num_threads"};
  return names.count(function) > 0 || isPassiveQuery(function);
}

std::string directCalleeName(const clang::CallExpr* call) {
  if (const clang::FunctionDecl* callee = call->getDirectCallee()) return callee->getNameAsString();
  return "";
}

const clang::CallExpr* passiveStatementCall(const clang::Stmt* statement) {
  auto* expr = llvm::dyn_cast_or_null<clang::Expr>(statement);
  if (!expr) return nullptr;
  auto* call = llvm::dyn_cast<clang::CallExpr>(expr->IgnoreParens());
  return call && isPassiveStatementCall(directCalleeName(call)) ? call : nullptr;
}

const clang::CallExpr* passiveQueryIn(const clang::Expr* expr) {
  if (!expr) return nullptr;
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr); call && isPassiveQuery(directCalleeName(call))) return call;
  for (const clang::Stmt* child : expr->children())
    if (const clang::CallExpr* found = passiveQueryIn(llvm::dyn_cast_or_null<clang::Expr>(child))) return found;
  return nullptr;
}

}  // namespace adrace::ad
