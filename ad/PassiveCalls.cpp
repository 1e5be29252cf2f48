// Which calls are passive is the analyzer's table's to say (analyzer/frontend/LibraryCalls.h), the
// one list of the library functions adrace knows.
#include "ad/PassiveCalls.h"

#include "analyzer/frontend/LibraryCalls.h"

namespace adrace::ad {

bool isPassiveQuery(const std::string& function) {
  const analyzer::LibraryFunction* entry = analyzer::libraryFunctionNamed(function);
  return entry && entry->passiveValue;
}

bool isPassiveStatementCall(const std::string& function) {
  const analyzer::LibraryFunction* entry = analyzer::libraryFunctionNamed(function);
  return entry && entry->passiveStatement;
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
