#include "analyzer/frontend/SingleDefinitions.h"

#include "analyzer/frontend/ClangSource.h"
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <map>
#include <optional>

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
      if (const clang::VarDecl* variable = variableOf(unary->getSubExpr()))
        writes[variable] += 2;  // never a single definition
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

// How many times every path through `statement` assigns `variable` (0 or 1), or nullopt when paths
// differ, one assigns it twice, reads it before assigning it, or writes it otherwise. `defined`: an
// earlier statement of the path assigned it (a read is then of this iteration's value).
std::optional<int> definitionsOnEveryPath(const clang::Stmt* statement, const clang::VarDecl* variable, bool defined) {
  if (!statement) return 0;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    int count = 0;
    for (const clang::Stmt* child : block->body()) {
      std::optional<int> inner = definitionsOnEveryPath(child, variable, defined || count > 0);
      if (!inner || count + *inner > 1) return std::nullopt;
      count += *inner;
    }
    return count;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    if (branch->getInit() || branch->getConditionVariable() || (!defined && mentions(branch->getCond(), variable)))
      return std::nullopt;
    std::optional<int> then = definitionsOnEveryPath(branch->getThen(), variable, defined);
    std::optional<int> otherwise = definitionsOnEveryPath(branch->getElse(), variable, defined);
    if (!then || !otherwise || *then != *otherwise) return std::nullopt;
    return *then;
  }
  if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement);
      assignment && assignment->getOpcode() == clang::BO_Assign && variableOf(assignment->getLHS()) == variable) {
    if (defined || mentions(assignment->getRHS(), variable)) return std::nullopt;
    return 1;
  }
  std::map<const clang::VarDecl*, int> writes;
  countWrites(statement, writes);
  if (writes.count(variable) || (!defined && mentions(statement, variable))) return std::nullopt;
  return 0;
}

}  // namespace

std::vector<std::string> branchDefinitionsOf(const clang::Stmt& body) {
  std::vector<const clang::Stmt*> statements;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(&body))
    statements.assign(block->body_begin(), block->body_end());
  std::map<const clang::VarDecl*, int> writes;
  countWrites(&body, writes);
  std::vector<std::string> names;
  for (size_t n = 0; n < statements.size(); ++n) {
    if (!llvm::isa<clang::IfStmt>(statements[n])) continue;
    std::map<const clang::VarDecl*, int> here;
    countWrites(statements[n], here);
    for (const auto& [variable, count] : here) {
      if (!variable->getType()->isScalarType() || variable->getType()->isPointerType() || writes[variable] != count)
        continue;
      bool readBefore = false;
      for (size_t earlier = 0; earlier < n && !readBefore; ++earlier)
        readBefore = mentions(statements[earlier], variable);
      std::optional<int> once = readBefore ? std::nullopt : definitionsOnEveryPath(statements[n], variable, false);
      if (once && *once == 1) names.push_back(variable->getNameAsString());
    }
  }
  return names;
}

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
    if (!variable || !variable->getType()->isScalarType() || variable->getType()->isPointerType() ||
        writes[variable] != 1)
      continue;
    bool readBefore = mentions(assignment->getRHS(), variable);
    for (size_t earlier = 0; earlier < n && !readBefore; ++earlier)
      readBefore = mentions(statements[earlier], variable);
    if (!readBefore) names.push_back(variable->getNameAsString());
  }
  return names;
}

}  // namespace adrace::analyzer
