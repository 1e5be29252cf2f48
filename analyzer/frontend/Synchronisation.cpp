#include "analyzer/frontend/Synchronisation.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/StmtOpenMP.h>

namespace adrace::analyzer {
namespace {

// +1 for omp_set_lock / omp_set_nest_lock, -1 for the unset routines, 0 otherwise.
int lockChange(const clang::Stmt* statement) {
  auto* call = llvm::dyn_cast<clang::CallExpr>(statement);
  if (!call || !call->getDirectCallee()) return 0;
  std::string callee = calleeName(call);
  if (callee == "omp_set_lock" || callee == "omp_set_nest_lock") return 1;
  if (callee == "omp_unset_lock" || callee == "omp_unset_nest_lock") return -1;
  return 0;
}

}  // namespace

Protection protectionOf(const clang::Stmt* statement, const clang::ParentMap& parents, bool singleThreadBlocks,
                        std::string* criticalName) {
  const clang::Stmt* child = statement;
  for (const clang::Stmt* parent = parents.getParent(statement); parent;
       child = parent, parent = parents.getParent(parent)) {
    if (llvm::isa<clang::OMPAtomicDirective>(parent)) return Protection::Atomic;
    if (auto* critical = llvm::dyn_cast<clang::OMPCriticalDirective>(parent)) {
      *criticalName = critical->getDirectiveName().getAsString();
      return Protection::Critical;
    }
    if (llvm::isa<clang::OMPOrderedDirective>(parent)) return Protection::Ordered;
    if (singleThreadBlocks) {
      if (llvm::isa<clang::OMPSingleDirective>(parent)) return Protection::Single;
      if (llvm::isa<clang::OMPMasterDirective>(parent) || llvm::isa<clang::OMPMaskedDirective>(parent))
        return Protection::Master;
    }
    if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(parent)) {
      int held = 0;
      for (const clang::Stmt* sibling : block->body()) {
        if (sibling == child) break;
        held += lockChange(sibling);
      }
      if (held > 0) return Protection::Lock;
    }
  }
  return Protection::None;
}

}  // namespace adrace::analyzer
