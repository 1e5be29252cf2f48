// Builds the LoopModel of one OpenMP loop directive from Clang's AST: header, data sharing,
// contexts, instances, references and facts. The only place the front-end's pieces meet.
#pragma once

#include "analyzer/frontend/TaskLoops.h"
#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <optional>

namespace adrace::analyzer {

struct LoopModelRequest {
  const clang::OMPLoopDirective* directive = nullptr;
  const clang::OMPExecutableDirective* region = nullptr;  // enclosing `omp parallel`, if any
  const clang::FunctionDecl* function = nullptr;
  int id = 0;
  // Instead of `directive`: tasks created in a loop, modelled as the iterations of that loop
  // (TaskLoops.h); region and function are the site's.
  const TaskLoopSite* taskLoop = nullptr;
  // For the race check: a subscript that cannot be translated becomes a free symbol
  // (Reference::unknownSubscripts) when others of the access can; otherwise the access is opaque.
  bool partlyKnownSubscripts = false;
};

// The model, or an error diagnostic when the loop cannot be modelled at all (a header that is
// not in canonical form, collapse over an imperfect nest).
struct LoopModelResult {
  std::optional<LoopModel> model;
  std::optional<Diagnostic> error;
};

LoopModelResult buildLoopModel(const LoopModelRequest& request, clang::ASTContext& context);

// The associated for statements of a loop directive, outermost first (several under collapse).
std::vector<const clang::ForStmt*> associatedLoops(const clang::OMPLoopDirective& directive);

// "parallel for", "for", "simd", ... as written after `#pragma omp`.
std::string directiveName(const clang::OMPExecutableDirective& directive);

}  // namespace adrace::analyzer
