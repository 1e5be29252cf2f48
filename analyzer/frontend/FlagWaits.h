// A thread of a parallel region that waits in a loop until another thread sets a flag:
//
//   thread A: payload = ...;  #pragma omp flush  #pragma omp atomic write  flag = 1;
//   thread B: int seen = 0;  while (!seen) { #pragma omp atomic read  seen = flag; }
//             #pragma omp flush  ... = payload;
//
// The flag holds 0 until the one write of the program sets it, so B leaves the loop only after
// reading the value A wrote. When A's write is a release (`atomic write release`/`seq_cst`/`acq_rel`,
// or a flush before a relaxed write) and B's read an acquire (`atomic read acquire`/..., or a flush
// after the read), what A does before the release happens before what B does after the acquire
// (OpenMP 5.2, 1.4.4 and 1.4.6: "release flush ... synchronizes with ... acquire flush"). Without
// either, the flag orders nothing, and the accesses it was meant to order race.
//
// The write may also be an atomic update or capture adding a constant (`#pragma omp atomic update
// release  done++;`): several threads may then make it, each once, and a waiter that leaves only when
// the counter reaches V (`while (seen < V)`) has read a value the V-th increment wrote. Every write
// being a read-modify-write, that increment is in the release sequence of every earlier one
// (OpenMP 5.2, 1.4.6), so the waiter synchronises with all V writers; the check orders them when it
// proves that at most V threads make the write (RegionCheck::proveFlagWrites). The loop may also be
// the whole body of a function the region calls (`wait_for(&ready);`), the flag a file-scope
// variable or what the call passes for the pointer the function reads (`*flag`).
//
// A loop that reads a flag with an atomic read or a flush in another shape, or a flag whose value
// before the region or writes elsewhere are not known, is not recognised: the region says so.
#pragma once

#include "analyzer/model/RegionModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/StmtOpenMP.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct FlagWait {
  const clang::VarDecl* flag = nullptr;
  const clang::Stmt* loop = nullptr;                 // the waiting loop, or the call of the function that waits
  const clang::CompoundStmt* waiter = nullptr;       // the block the loop is a statement of
  size_t acquiredAfter = 0;                          // its statements after this one follow the acquire
  const clang::OMPAtomicDirective* write = nullptr;  // the one write of the flag
  const clang::CompoundStmt* writer = nullptr;       // the block the write is a statement of
  size_t releasedBefore = 0;                         // its statements before this one precede the release
  std::int64_t writesNeeded = 1;                     // writes of the flag the waiter's exit needs
  bool orders = false;                               // a release write read by an acquire
  std::string why;                                   // when it does not order: what is missing
};

// The flag wait `loop` (a while or do loop of the region holding an atomic or a flush) takes part
// in, or nothing with the reason in `whyNot`. `parents` maps the region's body, `function` holds the
// region `region`.
std::optional<FlagWait> recogniseFlagWait(const clang::Stmt& loop, const clang::OMPExecutableDirective& region,
                                          const clang::FunctionDecl& function, const clang::ParentMap& parents,
                                          clang::ASTContext& context, std::string& whyNot);

// The flag wait of a call `f(args);`, a statement of a block of the region, to a function whose
// body is only a waiting loop (declarations and flushes around it), or nothing with `whyNot`.
std::optional<FlagWait> recogniseCalledFlagWait(const clang::CallExpr& call,
                                                const clang::OMPExecutableDirective& region,
                                                const clang::FunctionDecl& function, const clang::ParentMap& parents,
                                                clang::ASTContext& context, std::string& whyNot);

// Where the statement holding an access stands with respect to the flag waits that order
// (RegionAccess::flagReleases, flagAcquires, flagWrites: indices into `waits`). `callChain` are the
// calls, the innermost last, through which a callee's statement is reached from the region's body.
void placeAgainstFlagWaits(const clang::Stmt* statement, const std::vector<FlagWait>& waits,
                           const clang::ParentMap& parents, const std::vector<const clang::CallExpr*>& callChain,
                           RegionAccess& access);

}  // namespace adrace::analyzer
