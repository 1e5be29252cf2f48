#include "analyzer/frontend/TaskloopInSingle.h"

#include "analyzer/frontend/TaskLoops.h"

namespace adrace::analyzer {
namespace {

// Clauses that change which accesses may meet beyond "every iteration is a task": `nogroup` lets
// the tasks outlive the single's thread's wait, `in_reduction`/`allocate` are not modelled.
// grainsize, num_tasks, if, final, untied, mergeable and priority only change how iterations are
// grouped into tasks or when these run; the data-sharing clauses are read by the loop model.
const char* unmodelledClause(const clang::OMPExecutableDirective& taskloop) {
  for (const clang::OMPClause* clause : taskloop.clauses()) {
    switch (clause->getClauseKind()) {
      case llvm::omp::OMPC_private:
      case llvm::omp::OMPC_firstprivate:
      case llvm::omp::OMPC_lastprivate:
      case llvm::omp::OMPC_shared:
      case llvm::omp::OMPC_reduction:
      case llvm::omp::OMPC_default:
      case llvm::omp::OMPC_collapse:
      case llvm::omp::OMPC_grainsize:
      case llvm::omp::OMPC_num_tasks:
      case llvm::omp::OMPC_if:
      case llvm::omp::OMPC_final:
      case llvm::omp::OMPC_untied:
      case llvm::omp::OMPC_mergeable:
      case llvm::omp::OMPC_priority:
      case llvm::omp::OMPC_safelen:
      case llvm::omp::OMPC_simdlen: break;
      case llvm::omp::OMPC_nogroup: return "nogroup (the tasks may outlive the single)";
      default: return llvm::omp::getOpenMPClauseName(clause->getClauseKind()).data();
    }
  }
  return nullptr;
}

}  // namespace

bool isTaskloop(const clang::OMPExecutableDirective& directive) {
  return llvm::isa<clang::OMPTaskLoopDirective>(directive) || llvm::isa<clang::OMPTaskLoopSimdDirective>(directive);
}

const clang::OMPLoopDirective* taskloopOfSingle(const clang::OMPSingleDirective& single, std::string& reason) {
  std::vector<const clang::Stmt*> statements = statementsOf(single.getAssociatedStmt());
  const clang::OMPLoopDirective* taskloop = nullptr;
  size_t others = 0;
  for (const clang::Stmt* statement : statements) {
    if (llvm::isa<clang::NullStmt>(statement)) continue;
    auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement);
    if (directive && isTaskloop(*directive))
      taskloop = llvm::cast<clang::OMPLoopDirective>(directive);
    else
      ++others;
  }
  if (!taskloop) return nullptr;
  if (others > 0) {
    reason = "a taskloop beside other statements of its single";
    return nullptr;
  }
  if (single.hasClausesOfKind<clang::OMPNowaitClause>()) {
    reason = "a taskloop in `single nowait`: its tasks run concurrently with what the other threads do next";
    return nullptr;
  }
  if (const char* clause = unmodelledClause(*taskloop)) {
    reason = std::string("clause ") + clause + " on the taskloop";
    return nullptr;
  }
  return taskloop;
}

}  // namespace adrace::analyzer
