// `teams` regions without `distribute`: the host `teams` construct (OpenMP 5.0), `target teams`, and
// `target` whose body is one `teams`. Every team of the league runs the whole body, concurrently with
// the other teams, as the threads of a parallel region run theirs: RegionModelBuilder models such a
// region with teams for threads (RegionUnits::Teams), omp_get_team_num() one value per team.
//
// Only a body whose sole OpenMP construct is `atomic` is modelled. A `parallel` nested in the body
// adds a second level of concurrency (the threads of one team) that the model does not follow, and
// `distribute` shares a loop out among the teams; both, like a teams construct inside another
// construct (a target region in a parallel region runs once per thread) or a target region that
// runs asynchronously (nowait, depend), stay unsupported with the reason.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <string>
#include <vector>

namespace adrace::analyzer {

struct TeamsRegion {
  const clang::OMPExecutableDirective* teams = nullptr;   // `teams` or `target teams`
  const clang::OMPExecutableDirective* target = nullptr;  // a separate `target` around `teams`, or null
  const clang::FunctionDecl* function = nullptr;
  bool modelled = false;
  std::string whyNot;  // when not modelled: why, for the diagnostic
  // The body is one `distribute` loop (`teams { distribute parallel for ... }`): the pair is the
  // combined construct `teams distribute parallel for`, checked as that loop (not as a teams region).
  const clang::OMPLoopDirective* distributed = nullptr;
};

// Every `teams` and `target teams` directive in the main file's functions, in source order.
std::vector<TeamsRegion> findTeamsRegions(clang::ASTContext& context);

}  // namespace adrace::analyzer
