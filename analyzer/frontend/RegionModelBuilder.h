// Builds the RegionModel of an `omp parallel` (or `teams`) region from Clang's AST: the region's top-level
// statements in order, each a step (plain statements, single, master/masked, critical, atomic,
// worksharing loop, barrier, each section of a sections construct), with the accesses each makes and the facts its
// private integers obey. Data sharing comes from DataSharing, indices from IndexTranslator; `omp_get_thread_num()` and
// `omp_get_num_threads()` become the thread-number and team-size symbols.
#pragma once

#include "analyzer/frontend/TargetTasks.h"
#include "analyzer/model/RegionModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <memory>
#include <vector>

namespace adrace::analyzer {

struct RegionSite {
  // `#pragma omp parallel`, `#pragma omp parallel sections` (its sections are the steps), or a
  // `teams` / `target teams` region without distribute (TeamsRegions.h: its units are teams).
  const clang::OMPExecutableDirective* directive = nullptr;
  const clang::FunctionDecl* function = nullptr;
  // A stretch of sequential code where target nowait tasks run beside the host (TargetTasks.h):
  // `directive` is then its first target.
  std::shared_ptr<const TargetTaskWindow> window;
};

// Every `#pragma omp parallel` and `parallel sections` region of the main file, and every teams
// region TeamsRegions.h says is modelled, in source order; then the modelled windows of target
// nowait tasks (TargetTasks.h).
std::vector<RegionSite> findRegions(clang::ASTContext& context);

struct RegionModelRequest {
  RegionSite site;
  int id = 0;
  // The file's modelled loops by directive: the index of each one's LoopModel.
  const std::map<const clang::OMPLoopDirective*, int>* loops = nullptr;
};

RegionModel buildRegionModel(const RegionModelRequest& request, clang::ASTContext& context);

}  // namespace adrace::analyzer
