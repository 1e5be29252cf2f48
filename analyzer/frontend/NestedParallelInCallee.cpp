#include "analyzer/frontend/NestedParallelInCallee.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <set>
#include <vector>

namespace adrace::analyzer {
namespace {

// Runtime routines whose value in a nested region is the nested team's (OpenMP 5.2, 18.2).
bool isTeamQuery(const std::string& name) {
  static const std::set<std::string> queries = {
      "omp_get_thread_num", "omp_get_num_threads",  "omp_get_team_size", "omp_get_ancestor_thread_num",
      "omp_get_level",      "omp_get_active_level", "omp_in_parallel"};
  return queries.count(name) > 0;
}

// A clause that only names the region's team size, condition or sharing defaults, or variables
// each call has for itself, leaves the calling thread's view of memory as its body says.
std::string whyClauseNotFollowed(const clang::OMPClause& clause, const clang::FunctionDecl& function) {
  switch (clause.getClauseKind()) {
    case llvm::omp::OMPC_if:
    case llvm::omp::OMPC_num_threads:
    case llvm::omp::OMPC_default:
    case llvm::omp::OMPC_shared:
    case llvm::omp::OMPC_proc_bind:
    case llvm::omp::OMPC_schedule:
    case llvm::omp::OMPC_collapse:
    case llvm::omp::OMPC_allocate: return "";
    case llvm::omp::OMPC_private:
    case llvm::omp::OMPC_firstprivate:
    case llvm::omp::OMPC_lastprivate:
    case llvm::omp::OMPC_reduction: break;
    default: return "clause '" + llvm::omp::getOpenMPClauseName(clause.getClauseKind()).str() + "'";
  }
  // The call's own automatic variables stay the call's own, privatised or not; a variable of
  // static storage would become the nested threads' copy, which the body's names do not say.
  for (const clang::Stmt* child : const_cast<clang::OMPClause&>(clause).children()) {
    auto* use = llvm::dyn_cast_or_null<clang::DeclRefExpr>(child);
    auto* variable = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
    if (variable && (variable->hasGlobalStorage() || variable->getDeclContext() != &function))
      return "clause '" + llvm::omp::getOpenMPClauseName(clause.getClauseKind()).str() + "' on '" +
             variable->getNameAsString() + "'";
  }
  return "";
}

// The first construct or thread query in `body`, or in a function it calls (at any depth), that
// would mean something else on the nested team than on the calling thread.
struct InsideRegion : clang::RecursiveASTVisitor<InsideRegion> {
  std::string found;
  std::set<const clang::FunctionDecl*> seen;
  std::vector<const clang::FunctionDecl*> pending;
  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
    if (llvm::isa<clang::OMPAtomicDirective>(directive) || llvm::isa<clang::OMPCriticalDirective>(directive))
      return true;
    found = "OpenMP construct '" + llvm::omp::getOpenMPDirectiveName(directive->getDirectiveKind()).str() + "'";
    return false;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (!callee) return true;
    if (isTeamQuery(callee->getNameAsString())) {
      found = "a call to '" + callee->getNameAsString() + "' (whose value is the nested team's)";
      return false;
    }
    const clang::FunctionDecl* definition = nullptr;
    if (callee->hasBody(definition) && seen.insert(definition).second) pending.push_back(definition);
    return true;
  }
};

}  // namespace

bool isNestedParallelRegion(const clang::OMPExecutableDirective& directive) {
  return llvm::isa<clang::OMPParallelDirective>(directive) || llvm::isa<clang::OMPParallelForDirective>(directive) ||
         llvm::isa<clang::OMPParallelForSimdDirective>(directive);
}

std::string whyNestedParallelNotFollowed(const clang::OMPExecutableDirective& directive,
                                         const clang::FunctionDecl& function) {
  std::string construct = llvm::omp::getOpenMPDirectiveName(directive.getDirectiveKind()).str();
  std::string where = "'" + construct + "' region nested in called function '" + function.getNameAsString() + "'";
  if (!isNestedParallelRegion(directive)) return "OpenMP construct '" + construct + "'";
  for (const clang::OMPClause* clause : directive.clauses())
    if (std::string why = whyClauseNotFollowed(*clause, function); !why.empty())
      return "a " + why + " on a " + where + " is not modelled";
  InsideRegion inside;
  const clang::Stmt* body = directive.getAssociatedStmt();
  while (auto* captured = llvm::dyn_cast_or_null<clang::CapturedStmt>(body)) body = captured->getCapturedStmt();
  inside.TraverseStmt(const_cast<clang::Stmt*>(body));
  while (inside.found.empty() && !inside.pending.empty()) {
    const clang::FunctionDecl* callee = inside.pending.back();
    inside.pending.pop_back();
    inside.TraverseStmt(callee->getBody());
  }
  if (!inside.found.empty()) return inside.found + " inside a " + where + " is not modelled";
  return "";
}

}  // namespace adrace::analyzer
