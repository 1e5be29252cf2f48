#include "analyzer/frontend/ClauseCoverage.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/Basic/OpenMPKinds.h>
#include <llvm/Frontend/OpenMP/OMP.h>

namespace adrace::analyzer {
namespace {

bool modelledOrHarmless(llvm::omp::Clause kind) {
  using namespace llvm::omp;
  switch (kind) {
    // Data sharing and reductions (frontend/DataSharing), linear counters.
    case OMPC_private:
    case OMPC_firstprivate:
    case OMPC_lastprivate:
    case OMPC_shared:
    case OMPC_default:
    case OMPC_reduction:
    case OMPC_linear:
    case OMPC_copyin:
    case OMPC_copyprivate:
    // How iterations are divided and ordered (schedules matter to nowait loops; the rest assume
    // any two iterations run concurrently, which holds for every schedule).
    case OMPC_schedule:
    case OMPC_dist_schedule:
    case OMPC_ordered:
    case OMPC_nowait:
    case OMPC_collapse:
    case OMPC_safelen:
    case OMPC_simdlen:
    case OMPC_order:
    case OMPC_depend:
    case OMPC_doacross:
    // Teams and threads: the check assumes any number of them, at least two.
    case OMPC_num_threads:
    case OMPC_num_teams:
    case OMPC_thread_limit:
    case OMPC_if:
    case OMPC_proc_bind:
    case OMPC_filter:
    // Placement, alignment and device data movement: they order nothing inside the construct.
    case OMPC_allocate:
    case OMPC_aligned:
    case OMPC_nontemporal:
    case OMPC_map:
    case OMPC_device:
    case OMPC_is_device_ptr:
    case OMPC_has_device_addr:
    case OMPC_use_device_ptr:
    case OMPC_use_device_addr:
    case OMPC_uses_allocators: return true;
    default: return false;
  }
}

// Whether `condition` is a compile-time constant equal to `value`.
bool constantly(const clang::Expr* condition, bool value, const clang::ASTContext& context) {
  bool result = false;
  return condition && !condition->isValueDependent() && condition->EvaluateAsBooleanCondition(result, context) &&
         result == value;
}

}  // namespace

std::optional<std::string> serialisingClause(const clang::OMPExecutableDirective& directive,
                                             const clang::ASTContext& context) {
  for (const auto* clause : directive.getClausesOfKind<clang::OMPIfClause>()) {
    if (!constantly(clause->getCondition(), false, context)) continue;
    return clang::isOpenMPTaskingDirective(directive.getDirectiveKind())
               ? "an if clause whose condition is always false (its tasks are undeferred)"
               : "an if clause whose condition is always false (the construct runs on one thread)";
  }
  for (const auto* clause : directive.getClausesOfKind<clang::OMPFinalClause>())
    if (constantly(clause->getCondition(), true, context))
      return std::string("a final clause whose condition is always true (the tasks it creates are included)");
  return std::nullopt;
}

std::optional<Diagnostic> unmodelledClause(const clang::OMPExecutableDirective& directive,
                                           const clang::ASTContext& context) {
  if (std::optional<std::string> serialising = serialisingClause(directive, context)) {
    Diagnostic diagnostic;
    diagnostic.unsupported = true;
    diagnostic.at = positionOf(directive.getBeginLoc(), context.getSourceManager());
    diagnostic.message = "this construct is not modelled: " + *serialising;
    return diagnostic;
  }
  // Tasks and taskloops read their other clauses themselves (frontend/TaskLoops, TaskSequences).
  if (clang::isOpenMPTaskingDirective(directive.getDirectiveKind())) return std::nullopt;
  for (const clang::OMPClause* clause : directive.clauses()) {
    if (!clause || clause->isImplicit() || modelledOrHarmless(clause->getClauseKind())) continue;
    Diagnostic diagnostic;
    diagnostic.unsupported = true;
    diagnostic.at = positionOf(clause->getBeginLoc(), context.getSourceManager());
    diagnostic.message = "the '" + std::string(llvm::omp::getOpenMPClauseName(clause->getClauseKind())) +
                         "' clause of this construct is not modelled: it may change which accesses race";
    return diagnostic;
  }
  return std::nullopt;
}

}  // namespace adrace::analyzer
