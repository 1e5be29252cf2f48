#include "analyzer/frontend/TaskloopInSingle.h"

#include "analyzer/frontend/TaskLoops.h"

namespace adrace::analyzer {
namespace {

// Clauses that change which accesses may meet beyond "every iteration is a task":
// `in_reduction`/`allocate` are not modelled. grainsize, num_tasks, if, final, untied, mergeable
// and priority only change how iterations are grouped into tasks or when these run; the
// data-sharing clauses are read by the loop model; nogroup is TaskloopInSingle::nogroup.
const char* clauseNotModelled(const clang::OMPExecutableDirective& taskloop) {
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
      case llvm::omp::OMPC_simdlen:
      case llvm::omp::OMPC_nogroup: break;
      default: return llvm::omp::getOpenMPClauseName(clause->getClauseKind()).data();
    }
  }
  return nullptr;
}

}  // namespace

const char* unmodelledTaskloopClause(const clang::OMPExecutableDirective& taskloop) {
  return clauseNotModelled(taskloop);
}

bool isTaskloop(const clang::OMPExecutableDirective& directive) {
  return llvm::isa<clang::OMPTaskLoopDirective>(directive) || llvm::isa<clang::OMPTaskLoopSimdDirective>(directive);
}

std::optional<TaskloopInSingle> taskloopOfSingle(const clang::OMPSingleDirective& single, std::string& reason) {
  TaskloopInSingle found;
  bool twoTaskloops = false, otherDirective = false;
  for (const clang::Stmt* statement : statementsOf(single.getAssociatedStmt())) {
    if (llvm::isa<clang::NullStmt>(statement)) continue;
    auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement);
    if (directive && isTaskloop(*directive)) {
      twoTaskloops |= found.taskloop != nullptr;
      found.taskloop = llvm::cast<clang::OMPLoopDirective>(directive);
      continue;
    }
    otherDirective |= containsDirective(statement);
    (found.taskloop ? found.after : found.before).push_back(statement);
  }
  if (!found.taskloop) return std::nullopt;
  if (twoTaskloops || otherDirective) {
    reason = twoTaskloops ? "two taskloops in one single" : "an OpenMP directive beside a taskloop in its single";
    return std::nullopt;
  }
  if (single.hasClausesOfKind<clang::OMPNowaitClause>()) {
    reason = "a taskloop in `single nowait`: its tasks run concurrently with what the other threads do next";
    return std::nullopt;
  }
  if (const char* clause = clauseNotModelled(*found.taskloop)) {
    reason = std::string("clause ") + clause + " on the taskloop";
    return std::nullopt;
  }
  found.nogroup = found.taskloop->hasClausesOfKind<clang::OMPNogroupClause>();
  return found;
}

}  // namespace adrace::analyzer
