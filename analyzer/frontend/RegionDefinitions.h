// Where each variable is (re)defined inside a parallel region or an inlined callee, for the values
// the region model knows of its private integers (RegionValues.h).
#pragma once

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <map>
#include <set>
#include <vector>

namespace adrace::analyzer::region {

// Declarations with an initialiser, assignments, increments; and whose address is taken. The headers
// of loops associated with an OpenMP loop directive define the construct's private copy of the
// counter, not the variable.
struct DefinitionFinder : clang::RecursiveASTVisitor<DefinitionFinder> {
  std::map<const clang::VarDecl*, std::vector<const clang::Stmt*>> definitions;
  std::set<const clang::VarDecl*> addressTaken;
  std::set<const clang::Stmt*> privateCounterDefinitions;

  bool VisitDeclStmt(clang::DeclStmt* statement);
  bool VisitOMPLoopDirective(clang::OMPLoopDirective* directive);
  bool VisitBinaryOperator(clang::BinaryOperator* op);
  bool VisitUnaryOperator(clang::UnaryOperator* op);
};

// The loop whose header holds a variable's only two definitions, `for (k = first; ...; k += step)`,
// alone or in comma lists (`for (i = lo, k = 0; i < hi; i++, k++)`).
const clang::ForStmt* counterLoop(const std::vector<const clang::Stmt*>& definitions, const clang::ParentMap& parents);

}  // namespace adrace::analyzer::region
