// Orphaned worksharing loops copied into the caller's region (OrphanedLoops.h).
#include "ad/OrphanedLoops.h"

#include "analyzer/frontend/LoopModelBuilder.h"

#include <clang/AST/OpenMPClause.h>

namespace adrace::ad {

std::optional<std::string> whyOrphanedLoopNotCopied(const clang::OMPExecutableDirective& directive,
                                                    const clang::ASTContext& ast) {
  auto* loop = llvm::dyn_cast<clang::OMPForDirective>(&directive);
  if (!loop)
    return "OpenMP directive '" + analyzer::directiveName(directive) +
           "' (of the directives in a helper, only an orphaned `omp for` is copied into the caller's region)";
  for (const clang::OMPClause* clause : loop->clauses()) {
    if (llvm::isa<clang::OMPCollapseClause>(clause)) continue;
    if (llvm::isa<clang::OMPNowaitClause>(clause))
      return std::string(
          "nowait on an orphaned `omp for` (without its barrier, the loops of the calls may race "
          "with what follows them in the caller's region, which the race check does not see)");
    if (auto* schedule = llvm::dyn_cast<clang::OMPScheduleClause>(clause)) {
      const clang::Expr* chunk = schedule->getChunkSize();
      if (!chunk || chunk->IgnoreParenImpCasts()->isIntegerConstantExpr(ast)) continue;
      return std::string(
          "orphaned `omp for` whose schedule chunk is not a constant (the copy in the caller's "
          "region would read the helper's variables)");
    }
    return "clause '" + std::string(llvm::omp::getOpenMPClauseName(clause->getClauseKind())) +
           "' on an orphaned `omp for` (its list names the helper's variables, which the copy in the caller's "
           "region renames)";
  }
  if (!orphanedLoopStatement(*loop)) return std::string("orphaned `omp for` over a statement other than a for loop");
  return std::nullopt;
}

clang::ForStmt* orphanedLoopStatement(const clang::OMPForDirective& directive) {
  return llvm::dyn_cast<clang::ForStmt>(
      const_cast<clang::OMPForDirective&>(directive).getInnermostCapturedStmt()->getCapturedStmt());
}

clang::OMPForDirective* copyOrphanedLoop(clang::ASTContext& ast, const clang::OMPForDirective& original,
                                         clang::ForStmt* loop, const std::vector<clang::Expr*>& counters,
                                         clang::SourceLocation at) {
  auto& from = const_cast<clang::OMPForDirective&>(original);
  // The captured statement around the loop: a declaration of its own (each call's copy has its body)
  // with the original's parameters; no captures (the analysis and the sweeps read the loop, and the
  // original's captures are the helper's variables).
  clang::CapturedStmt* captured = from.getInnermostCapturedStmt();
  clang::CapturedDecl* originalDecl = captured->getCapturedDecl();
  clang::CapturedDecl* decl = clang::CapturedDecl::Create(ast, originalDecl->getParent(), originalDecl->getNumParams());
  for (unsigned k = 0; k < originalDecl->getNumParams(); ++k) decl->setParam(k, originalDecl->getParam(k));
  decl->setContextParam(originalDecl->getContextParamPosition(), originalDecl->getContextParam());
  decl->setBody(loop);
  clang::CapturedStmt* associated =
      clang::CapturedStmt::Create(ast, loop, captured->getCapturedRegionKind(), {}, {}, decl,
                                  const_cast<clang::RecordDecl*>(captured->getCapturedRecordDecl()));

  // The loop's helper expressions (iteration variable, bounds, conditions) are code generation's:
  // nothing else reads them, and their getters assert they are set, which in the original they
  // need not be (CalcLastIteration), so the copy leaves them null. Only the counters are read (a
  // region's data sharing): they are the copy's; the per-loop lists keep the original's.
  clang::OMPLoopDirective::HelperExprs exprs;
  exprs.clear(from.getLoopsNumber());  // every field null, every per-loop list of the right length
  exprs.Counters.assign(counters.begin(), counters.end());
  exprs.PrivateCounters.assign(counters.begin(), counters.end());
  exprs.Inits.assign(from.inits().begin(), from.inits().end());
  exprs.Updates.assign(from.updates().begin(), from.updates().end());
  exprs.Finals.assign(from.finals().begin(), from.finals().end());
  exprs.DependentCounters.assign(from.dependent_counters().begin(), from.dependent_counters().end());
  exprs.DependentInits.assign(from.dependent_inits().begin(), from.dependent_inits().end());
  exprs.FinalsConditions.assign(from.finals_conditions().begin(), from.finals_conditions().end());

  std::vector<clang::OMPClause*> clauses(from.clauses().begin(), from.clauses().end());
  return clang::OMPForDirective::Create(ast, at, at, from.getLoopsNumber(), clauses, associated, exprs,
                                        from.getTaskReductionRefExpr(), from.hasCancel(), from.getMappedDirective());
}

}  // namespace adrace::ad
