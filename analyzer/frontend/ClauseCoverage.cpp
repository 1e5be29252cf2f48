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

}  // namespace

std::optional<Diagnostic> unmodelledClause(const clang::OMPExecutableDirective& directive,
                                           const clang::ASTContext& context) {
  // Tasks and taskloops read their own clauses (frontend/TaskLoops, TaskSequences).
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
