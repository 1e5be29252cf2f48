// Write sites of a statement (WriteSites.h).
#include "ad/WriteSites.h"

#include "ad/AdjointContext.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::ad {
namespace {

class WriteSiteFinder : public clang::RecursiveASTVisitor<WriteSiteFinder> {
 public:
  explicit WriteSiteFinder(llvm::function_ref<bool(const WriteSite&)> visit) : visit_(visit) {}
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    return !op->isAssignmentOp() || visit_({op, op->getLHS(), WriteKind::Assignment});
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (op->isIncrementDecrementOp()) return visit_({op, op->getSubExpr(), WriteKind::IncrementDecrement});
    if (op->getOpcode() == clang::UO_AddrOf) return visit_({op, op->getSubExpr(), WriteKind::AddressTaken});
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {
    if (!var->getType()->isReferenceType() || !var->getInit()) return true;
    return visit_({var->getInit(), var->getInit(), WriteKind::ReferenceBinding});
  }

 private:
  llvm::function_ref<bool(const WriteSite&)> visit_;
};

}  // namespace

void forEachWriteSite(const clang::Stmt* statement, llvm::function_ref<bool(const WriteSite&)> visit) {
  WriteSiteFinder(visit).TraverseStmt(const_cast<clang::Stmt*>(statement));
}

bool writesVariable(const clang::Stmt* statement, const clang::VarDecl* variable, bool addressCounts) {
  bool found = false;
  forEachWriteSite(statement, [&](const WriteSite& site) {
    bool counts = site.kind == WriteKind::Assignment || site.kind == WriteKind::IncrementDecrement ||
                  (addressCounts && site.kind == WriteKind::AddressTaken);
    found = counts && baseVariable(site.target) == variable;
    return !found;
  });
  return found;
}

std::set<const clang::ValueDecl*> wholeWrites(const clang::Stmt* statement) {
  std::set<const clang::ValueDecl*> written;
  forEachWriteSite(statement, [&](const WriteSite& site) {
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(site.target->IgnoreParenImpCasts()))
      written.insert(ref->getDecl());
    return true;
  });
  return written;
}

}  // namespace adrace::ad
