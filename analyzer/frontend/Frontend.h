// Runs Clang over source files and builds the model of every OpenMP loop in them.
#pragma once

#include "analyzer/frontend/TaskLoops.h"
#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <functional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct CompileSettings {
  std::vector<std::string> files;
  std::vector<std::string> compilerArguments;  // after `--`: flags, or a whole compile command (CompileCommand.h)
  std::string buildDirectory;                  // -p: read compile_commands.json from here
  // clang-tidy's --extra-arg-before / --extra-arg: flags put before / after the build's own.
  std::vector<std::string> extraArgumentsBefore, extraArguments;
};

struct FrontendResult {
  std::vector<FileModel> files;
  std::vector<Diagnostic> diagnostics;  // errors make the run fail (exit 2)
  bool hasErrors() const;
};

// One OpenMP loop directive found in a translation unit, with what a model needs.
struct LoopSite {
  const clang::OMPLoopDirective* directive = nullptr;
  const clang::OMPExecutableDirective* region = nullptr;  // enclosing `omp parallel`
  const clang::FunctionDecl* function = nullptr;
};

// Every parallel or worksharing loop of the translation unit in source order, and an error for
// each OpenMP construct outside the supported set.
std::vector<LoopSite> findLoops(clang::ASTContext& context, std::vector<Diagnostic>& diagnostics);

// findLoops, and for `check` the tasks created in loops (TaskLoops.h) that it models as parallel
// loops; only the other tasks are reported unsupported.
struct LoopsAndTaskLoops {
  std::vector<LoopSite> loops;
  std::vector<TaskLoopSite> taskLoops;
};
LoopsAndTaskLoops findLoopsAndTaskLoops(clang::ASTContext& context, std::vector<Diagnostic>& diagnostics);

// The name of an OpenMP construct adrace has no model for (task, sections, target, teams...), or
// null: findLoops reports these, so other passes can leave them to it.
const char* unsupportedOpenMPConstruct(const clang::OMPExecutableDirective& directive);

// Whether Clang made `directive` of a metadirective's variant: it replaces a metadirective by the
// variant it selects (for dynamic user conditions too), so only the pragma's text tells.
bool fromMetadirective(const clang::OMPExecutableDirective& directive, const clang::SourceManager& sources);

// Parses each file and calls `visit` on its AST when it parsed without errors. Clang errors
// (syntax, missing headers) land in `diagnostics`.
void parseFiles(const CompileSettings& settings, std::vector<Diagnostic>& diagnostics,
                const std::function<void(const std::string& file, clang::ASTContext&)>& visit);

// The resource directory of the Clang adrace is built with (builtin headers such as omp.h), fixed at build time.
const char* clangResourceDirectory();

// parseFiles + findLoops + buildLoopModel.
FrontendResult buildModels(const CompileSettings& settings);

}  // namespace adrace::analyzer
