// The accesses a statement of a parallel region makes (RegionAccess): array elements, struct
// members, shared scalars, library calls, and the accesses of a callee of the file read as if
// written at the call (CalleeInlining.h), each with the guards that hold where it executes.
#pragma once

#include "analyzer/frontend/LibraryCalls.h"
#include "analyzer/frontend/RegionBuildState.h"
#include "analyzer/frontend/RegionGuards.h"
#include "analyzer/frontend/RegionValues.h"

namespace adrace::analyzer::region {

class RegionAccessCollector {
 public:
  RegionAccessCollector(RegionBuildState& state, RegionValues& values, RegionGuards& guards)
      : state_(state), values_(values), guards_(guards) {}

  // The accesses of one statement in source order, numbered from 0.
  std::vector<RegionAccess> collect(const clang::Stmt* statement, const Scope& scope);

 private:
  void addArrayAccess(const clang::Expr* access, const Scope& scope, std::vector<RegionAccess>& out);
  // `pointer`, private in the region's own statements, holds a block its thread allocated (RegionOwnedMemory.h).
  bool threadOwnsBlock(const clang::VarDecl& pointer, const Scope& scope) const;
  void addMemberAccess(const clang::Expr* access, IndexTranslator::Access split, const Scope& scope,
                       RegionAccess result, std::vector<RegionAccess>& out);
  void readMember(const clang::MemberExpr* member, const Scope& scope, std::vector<RegionAccess>& out);
  void addScalarAccess(const clang::DeclRefExpr* use, const Scope& scope, std::vector<RegionAccess>& out);
  AccessKind kindOf(const clang::Expr* access, bool* addressTaken) const;
  void addLibraryCall(const clang::CallExpr& call, const LibraryFunction& function, const Scope& scope,
                      std::vector<RegionAccess>& out);
  void addRecursiveReads(const clang::CallExpr& call, const Scope& scope, std::vector<RegionAccess>& out);
  bool collectCallee(const clang::CallExpr& call, const Scope& scope, std::vector<RegionAccess>& out);

  RegionBuildState& state_;
  RegionValues& values_;
  RegionGuards& guards_;
};

}  // namespace adrace::analyzer::region
