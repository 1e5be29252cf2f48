// The OpenMP synchronisation that protects a statement from the other threads' accesses.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/Stmt.h>

#include <string>

namespace adrace::analyzer {

// Walking up `parents` from `statement`: an enclosing atomic, critical (its name goes to
// *criticalName), ordered, or a lock set earlier in an enclosing block and not yet unset (locks
// are not told apart); with `singleThreadBlocks`, also single, master and masked blocks (in a loop
// body only one thread runs them; a region's own statements treat them as steps instead).
Protection protectionOf(const clang::Stmt* statement, const clang::ParentMap& parents, bool singleThreadBlocks,
                        std::string* criticalName);

}  // namespace adrace::analyzer
