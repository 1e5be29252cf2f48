#include "analyzer/frontend/SingleDefinitions.h"

#include "analyzer/frontend/ClangSource.h"
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <map>

namespace adrace::analyzer {
namespace {

// Every write of a variable in `statement` (assignments, ++/--, and taking its address, after
// which anything may write it), counted per variable.
void countWrites(const clang::Stmt* statement, std::map<const clang::VarDecl*, int>& writes) {
  if (!statement) return;
  if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(statement); binary && binary->isAssignmentOp()) {
    if (const clang::VarDecl* variable = variableOf(binary->getLHS())) ++writes[variable];
  } else if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(statement)) {
    if (unary->isIncrementDecrementOp() || unary->getOpcode() == clang::UO_AddrOf)
      if (const clang::VarDecl* variable = variableOf(unary->getSubExpr())) writes[variable] += 2;  // never a single definition
  }
  for (const clang::Stmt* child : statement->children()) countWrites(child, writes);
}

bool mentions(const clang::Stmt* statement, const clang::VarDecl* variable) {
  if (!statement) return false;
  if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(statement); reference && reference->getDecl() == variable)
    return true;
  for (const clang::Stmt* child : statement->children())
    if (mentions(child, variable)) return true;
  return false;
}

}  // namespace

std::vector<std::string> singleDefinitionsOf(const clang::Stmt& body) {
  std::vector<const clang::Stmt*> statements;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(&body))
    statements.assign(block->body_begin(), block->body_end());
  else
    statements.push_back(&body);
  std::map<const clang::VarDecl*, int> writes;
  countWrites(&body, writes);
  std::vector<std::string> names;
  for (size_t n = 0; n < statements.size(); ++n) {
    auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statements[n]);
    if (!assignment || assignment->getOpcode() != clang::BO_Assign) continue;
    const clang::VarDecl* variable = variableOf(assignment->getLHS());
    if (!variable || !variable->getType()->isScalarType() || variable->getType()->isPointerType() || writes[variable] != 1)
      continue;
    bool readBefore = mentions(assignment->getRHS(), variable);
    for (size_t earlier = 0; earlier < n && !readBefore; ++earlier) readBefore = mentions(statements[earlier], variable);
    if (!readBefore) names.push_back(variable->getNameAsString());
  }
  return names;
}

}  // namespace adrace::analyzer
