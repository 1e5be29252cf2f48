#include "ad/OpenMPSubset.h"

#include <clang/AST/OpenMPClause.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <set>

namespace adrace::ad {
namespace {

bool known(const clang::OMPExecutableDirective& directive) {
  return llvm::isa<clang::OMPParallelForDirective, clang::OMPParallelForSimdDirective, clang::OMPParallelDirective,
                   clang::OMPForDirective, clang::OMPForSimdDirective, clang::OMPSimdDirective,
                   clang::OMPSingleDirective, clang::OMPMasterDirective, clang::OMPBarrierDirective,
                   clang::OMPCriticalDirective, clang::OMPAtomicDirective>(directive);
}

std::string directiveName(const clang::OMPExecutableDirective& directive) {
  return llvm::omp::getOpenMPDirectiveName(directive.getDirectiveKind()).str();
}

const clang::VarDecl* listedVariable(const clang::Expr* item) {
  auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts());
  return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

// (A RecursiveASTVisitor reaches a directive's statement through its captured declaration.)
class SubsetChecker : public clang::RecursiveASTVisitor<SubsetChecker> {
 public:
  explicit SubsetChecker(AdjointContext& context) : context_(context) {}

  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
    if (!known(*directive)) {
      context_.unsupported(directive->getBeginLoc(),
                           "OpenMP directive '" + directiveName(*directive) +
                               "' (the adjoint supports parallel for, parallel regions, for, single, master, "
                               "barrier, simd, and critical and atomic updates)");
      return false;
    }
    std::set<const clang::VarDecl*> firstprivate;
    for (const auto* clause : directive->getClausesOfKind<clang::OMPFirstprivateClause>())
      for (const clang::Expr* item : clause->varlists()) firstprivate.insert(listedVariable(item));
    for (const auto* clause : directive->getClausesOfKind<clang::OMPLastprivateClause>()) {
      if (clause->getKind() == clang::OMPC_LASTPRIVATE_conditional) {
        context_.unsupported(clause->getBeginLoc(),
                             "lastprivate(conditional: ...): the value comes from the last iteration that assigns it, "
                             "which the backward sweep cannot tell from the schedule");
        return false;
      }
      for (const clang::Expr* item : clause->varlists()) {
        const clang::VarDecl* var = listedVariable(item);
        if (var && firstprivate.count(var)) {
          context_.unsupported(item->getBeginLoc(), "'" + var->getNameAsString() +
                                                        "' both firstprivate and lastprivate (each thread's copy "
                                                        "starts from the shared value and the last iteration's "
                                                        "copy is kept: not modelled)");
          return false;
        }
      }
    }
    return true;
  }

 private:
  AdjointContext& context_;
};

}  // namespace

void checkOpenMPSubset(AdjointContext& context) {
  SubsetChecker checker(context);
  checker.TraverseStmt(const_cast<clang::Stmt*>(context.function.getBody()));
}

}  // namespace adrace::ad
