#include "ad/RowPointerParameters.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

#include <vector>

namespace adrace::ad {

unsigned rowPointerLevels(const clang::VarDecl& variable) {
  if (!llvm::isa<clang::ParmVarDecl>(variable)) return 0;
  clang::QualType type = variable.getType();
  unsigned levels = 0;
  for (; type->isPointerType(); ++levels) type = type->getPointeeType();
  return levels >= 2 && type->isRealFloatingType() ? levels : 0;
}

namespace {

// Every use of a row-pointer parameter, seen with the expressions around it: a use is an element
// when the first `levels` expressions that hold it (parentheses and implicit conversions aside) are
// subscripts of it. The first other use is refused, naming what it does.
class RowPointerUses : public clang::RecursiveASTVisitor<RowPointerUses> {
  using Base = clang::RecursiveASTVisitor<RowPointerUses>;

 public:
  explicit RowPointerUses(AdjointContext& context) : context_(context) {}

  bool TraverseStmt(clang::Stmt* statement) {
    if (!statement) return true;
    enclosing_.push_back(statement);
    bool more = Base::TraverseStmt(statement);
    enclosing_.pop_back();
    return more;
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl());
    const unsigned levels = parameter ? rowPointerLevels(*parameter) : 0;
    if (levels == 0) return true;
    // enclosing_.back() is ref itself; walk out through the subscripts it is the base of.
    size_t at = enclosing_.size() - 1;
    const clang::Expr* access = ref;
    for (unsigned level = 0; level < levels; ++level) {
      const clang::Stmt* holder = outer(at);
      // Named in a clause (shared(w)), whose checks say what they allow, or captured by the region
      // of an OpenMP directive (the capture's own reference, beside the uses in its body).
      if (level == 0 && llvm::isa_and_nonnull<clang::OMPExecutableDirective, clang::CapturedStmt>(holder)) return true;
      auto* subscript = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(holder);
      if (!subscript || subscript->getBase()->IgnoreParenImpCasts() != access) {
        refuse(*parameter, levels, level, access, holder);
        return false;
      }
      access = subscript;
    }
    return true;
  }

 private:
  // The nearest expression or statement holding enclosing_[at], past parentheses and implicit
  // conversions; `at` is left on it. Null at the top.
  const clang::Stmt* outer(size_t& at) const {
    while (at > 0) {
      const clang::Stmt* holder = enclosing_[--at];
      if (!llvm::isa<clang::ParenExpr, clang::ImplicitCastExpr>(holder)) return holder;
    }
    return nullptr;
  }

  static std::string elementForm(const std::string& name, unsigned levels) {
    static const char* const subscripts[] = {"[a]", "[b]", "[c]", "[d]"};
    std::string form = name;
    for (unsigned level = 0; level < levels; ++level) form += level < 4 ? subscripts[level] : "[...]";
    return form;
  }

  // What `holder` does with `access`, the parameter or one of its rows.
  static std::string usage(const clang::Expr* access, const clang::Stmt* holder) {
    if (auto* binary = llvm::dyn_cast_or_null<clang::BinaryOperator>(holder)) {
      const bool left = binary->getLHS()->IgnoreParenImpCasts() == access;
      if (binary->isAssignmentOp() && left)
        return binary->getOpcode() == clang::BO_Assign ? "assigned (a row set or allocated in the function)"
                                                       : "moved by pointer arithmetic";
      if (binary->isAssignmentOp()) return "assigned to another variable";
      if (binary->isAdditiveOp()) return "moved by pointer arithmetic";
      if (binary->isComparisonOp() || binary->isLogicalOp()) return "compared";
    }
    if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(holder)) {
      if (unary->isIncrementDecrementOp()) return "moved by pointer arithmetic";
      if (unary->getOpcode() == clang::UO_Deref) return "dereferenced with * (only subscripts are read as elements)";
      if (unary->getOpcode() == clang::UO_AddrOf) return "its address taken";
    }
    if (llvm::isa_and_nonnull<clang::CallExpr>(holder)) return "passed to a function that is not inlined";
    if (llvm::isa_and_nonnull<clang::DeclStmt>(holder)) return "assigned to a local";
    if (llvm::isa_and_nonnull<clang::CastExpr>(holder)) return "converted by a cast";
    return "used as a pointer value";
  }

  void refuse(const clang::ParmVarDecl& parameter, unsigned levels, unsigned level, const clang::Expr* access,
              const clang::Stmt* holder) {
    const std::string name = parameter.getNameAsString();
    const std::string what = level == 0 ? "the row-pointer parameter '" + name + "'"
                                        : "row '" + analyzer::sourceText(access, context_.ast) +
                                              "' of the row-pointer parameter '" + name + "'";
    context_.unsupported(access->getBeginLoc(), what + " " + usage(access, holder) + " (only its elements " +
                                                    elementForm(name, levels) + " are differentiated)");
  }

  AdjointContext& context_;
  std::vector<const clang::Stmt*> enclosing_;  // the statements and expressions around the visited one
};

}  // namespace

void checkRowPointerUses(AdjointContext& context) {
  bool any = false;
  for (const clang::ParmVarDecl* parameter : context.function.parameters()) any |= rowPointerLevels(*parameter) > 0;
  if (!any) return;
  RowPointerUses uses(context);
  uses.TraverseStmt(const_cast<clang::Stmt*>(context.function.getBody()));
}

}  // namespace adrace::ad
