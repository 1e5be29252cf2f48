#include "analyzer/frontend/ElementAddresses.h"

#include "analyzer/frontend/ClangSource.h"

#include <string>

namespace adrace::analyzer {
namespace {

// The address as its user sees it, after parentheses and implicit conversions (where `int *`
// becomes `const int *`), with the expression that uses it.
const clang::Expr* convertedAddress(const clang::UnaryOperator& address, const clang::ParentMap& parents,
                                    const clang::Stmt** user) {
  const clang::Expr* converted = &address;
  const clang::Stmt* parent = parents.getParent(&address);
  while (parent && (llvm::isa<clang::ImplicitCastExpr>(parent) || llvm::isa<clang::ParenExpr>(parent))) {
    converted = llvm::cast<clang::Expr>(parent);
    parent = parents.getParent(parent);
  }
  *user = parent;
  return converted;
}

}  // namespace

bool passedToLockRoutine(const clang::UnaryOperator& address, const clang::ParentMap& parents) {
  const clang::Stmt* user = nullptr;
  convertedAddress(address, parents, &user);
  auto* call = llvm::dyn_cast_or_null<clang::CallExpr>(user);
  if (!call || !call->getDirectCallee()) return false;
  std::string callee = calleeName(call);
  for (const char* routine : {"omp_set_lock", "omp_unset_lock", "omp_test_lock", "omp_set_nest_lock",
                              "omp_unset_nest_lock", "omp_test_nest_lock"})
    if (callee == routine) return true;
  return false;
}

bool onlyReadThrough(const clang::UnaryOperator& address, const clang::ParentMap& parents) {
  const clang::Stmt* user = nullptr;
  const clang::Expr* converted = convertedAddress(address, parents, &user);
  const auto* pointer = converted->getType()->getAs<clang::PointerType>();
  if (!pointer || !pointer->getPointeeType().isConstQualified()) return false;
  // Where the converted value goes: a declaration's initialiser, the right of an assignment, a
  // call's argument. Anything else (an explicit cast, arithmetic on it) may lose the const.
  if (llvm::isa_and_nonnull<clang::DeclStmt>(user) || llvm::isa_and_nonnull<clang::CallExpr>(user)) return true;
  auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(user);
  return assignment && assignment->getOpcode() == clang::BO_Assign && assignment->getRHS() == converted;
}

}  // namespace adrace::analyzer
