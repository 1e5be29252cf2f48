// The model's directives (analyzer/model/Directive.h) against LLVM's OpenMP tables: every directive
// whose constructs the model names is spelled as Clang spells it, so the reports that print a
// directive are unchanged by reading it as constructs.
#include "analyzer/frontend/DirectiveConstructs.h"
#include "analyzer/model/LoopModel.h"

#include <gtest/gtest.h>
#include <llvm/ADT/STLExtras.h>

#include <string>

namespace adrace::analyzer::testing {
namespace directive_constructs_test {

// All of a directive's constructs have a name in the model.
bool modelNamesAll(llvm::omp::Directive kind) {
  for (llvm::omp::Directive construct : constructsOf(kind))
    if (modelDirectiveOf(construct).empty()) return false;
  return true;
}

TEST(DirectiveConstructs, EveryDirectiveTheModelNamesIsSpelledAsClangSpellsIt) {
  int named = 0;
  for (size_t k = 0; k < llvm::omp::Directive_enumSize; ++k) {
    auto kind = static_cast<llvm::omp::Directive>(k);
    if (!modelNamesAll(kind)) continue;
    ++named;
    EXPECT_EQ(directiveSpelling(modelDirectiveOf(kind)), llvm::omp::getOpenMPDirectiveName(kind).str());
  }
  // parallel, for, simd, for simd, parallel for, ..., target teams distribute parallel for simd.
  EXPECT_GE(named, 30);
}

TEST(DirectiveConstructs, TheLoopAndRegionDirectivesOfTheModelsAreNamedWhole) {
  for (llvm::omp::Directive kind :
       {llvm::omp::OMPD_parallel_for, llvm::omp::OMPD_for_simd, llvm::omp::OMPD_simd, llvm::omp::OMPD_taskloop_simd,
        llvm::omp::OMPD_parallel_masked_taskloop_simd, llvm::omp::OMPD_master_taskloop,
        llvm::omp::OMPD_target_teams_distribute_parallel_for_simd, llvm::omp::OMPD_distribute_parallel_for,
        llvm::omp::OMPD_target_parallel_for, llvm::omp::OMPD_teams_distribute, llvm::omp::OMPD_parallel_sections,
        llvm::omp::OMPD_target_teams, llvm::omp::OMPD_teams, llvm::omp::OMPD_parallel})
    EXPECT_TRUE(modelNamesAll(kind)) << llvm::omp::getOpenMPDirectiveName(kind).str();
}

// What the front-end asked of directive names before, asked of constructs: the same answers for
// every directive (TeamsRegions.cpp's distribute and parallel tests).
TEST(DirectiveConstructs, ConstructsAnswerWhatTheNamesSaid) {
  for (size_t k = 0; k < llvm::omp::Directive_enumSize; ++k) {
    auto kind = static_cast<llvm::omp::Directive>(k);
    std::string name = llvm::omp::getOpenMPDirectiveName(kind).str();
    llvm::ArrayRef<llvm::omp::Directive> constructs = constructsOf(kind);
    ASSERT_FALSE(constructs.empty()) << name;
    EXPECT_EQ(llvm::is_contained(constructs, llvm::omp::OMPD_distribute), name.find("distribute") != std::string::npos)
        << name;
    EXPECT_EQ(llvm::is_contained(constructs, llvm::omp::OMPD_parallel), name.find("parallel") != std::string::npos)
        << name;
    EXPECT_EQ(constructs.front() == llvm::omp::OMPD_distribute, name.rfind("distribute", 0) == 0) << name;
    // Frontend.cpp's unsupported constructs.
    EXPECT_EQ(beginsWithTarget(kind), name.rfind("target", 0) == 0) << name;
    EXPECT_EQ(llvm::is_contained(constructs, llvm::omp::OMPD_taskloop), name.find("taskloop") != std::string::npos)
        << name;
  }
}

TEST(DirectiveConstructs, ATaskCreatedInALoopIsNamedSo) {
  EXPECT_EQ(loopDirectiveName(Directive{Construct::Task}), "task (created in a loop)");
  EXPECT_EQ(loopDirectiveName(Directive{Construct::Parallel, Construct::For, Construct::Simd}), "parallel for simd");
}

}  // namespace directive_constructs_test
}  // namespace adrace::analyzer::testing
