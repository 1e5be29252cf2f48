// What the sweeps ask of the tape plan (TapePlan.h) while they emit, and the tape planner while the
// plan grows: whether a value is recomputed, or pushed when a kill overwrites it (save-on-kill,
// flow-sensitive within a local's scope and, for arrays, by element), which primal variables the
// backward sweep of a statement reads, and whether a branch's direction is taped. A value over the
// context and the plan; TapeReads.cpp says how each question is answered.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/TapePlan.h"

#include <clang/AST/Stmt.h>

#include <set>

namespace adrace::ad {

class TapeReads {
 public:
  TapeReads(const AdjointContext& context, const TapePlan& plan) : context_(context), plan_(plan) {}

  // A value the backward sweep reads and recomputes (instead of popping it).
  bool recomputes(const clang::VarDecl* variable) const;
  // Whether the value of `variable` an assignment overwrites is pushed (the backward sweep reads it).
  bool pushesOnKill(const clang::VarDecl* variable) const;
  // Whether `kill` (an assignment, ++ or --) must push the value of `variable` it overwrites.
  bool savesBeforeKill(const clang::Stmt* kill, const clang::VarDecl* variable) const;
  // A superset of the primal variables the backward sweep of `statement` reads; besides
  // read-modify-writes: leaving out the element a read-modify-write reads (readModifyWriteArray).
  void backwardReads(const clang::Stmt* statement, std::set<const clang::VarDecl*>& out,
                     bool besidesReadModifyWrites = false) const;
  // A pointer alias (PointerAliases.h): what its adjoint's declaration reads (the offset).
  void aliasOffsetReads(const clang::VarDecl* alias, std::set<const clang::VarDecl*>& out) const;
  // Whether the branch's direction is taped (its condition reads a variable the branch assigns).
  bool ifNeedsFlag(const clang::IfStmt* branch) const;

 private:
  bool assigns(const clang::Stmt* statement, const clang::VarDecl* variable) const;
  // Save-on-kill by element for arrays: whether the kill's own adjoint reads the array it writes,
  // and whether the backward sweep reads the array only in read-modify-writes.
  bool killReadsOwnArray(const clang::Stmt* kill, const clang::VarDecl* variable) const;
  bool readOnlyByReadModifyWrites(const clang::VarDecl* variable) const;

  const AdjointContext& context_;
  const TapePlan& plan_;
};

}  // namespace adrace::ad
