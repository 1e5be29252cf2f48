#include "analyzer/frontend/DerivedPointers.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>

#include <set>

namespace adrace::analyzer {
namespace {

const clang::VarDecl* arrayVariable(const clang::Expr* expression) {
  auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(expression->IgnoreParenImpCasts());
  if (!reference) return nullptr;
  auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl());
  if (!variable || !(variable->getType()->isPointerType() || variable->getType()->isArrayType())) return nullptr;
  return variable;
}

// p, p + e, e + p, &p[e]
std::optional<DerivedPointers::Alias> aliasOf(const clang::Expr* init) {
  const clang::Expr* e = init->IgnoreParenCasts();
  if (const clang::VarDecl* base = arrayVariable(e)) return DerivedPointers::Alias{base, nullptr, {}};
  if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(e); sum && sum->getOpcode() == clang::BO_Add) {
    if (const clang::VarDecl* base = arrayVariable(sum->getLHS()))
      return DerivedPointers::Alias{base, sum->getRHS(), {}};
    if (const clang::VarDecl* base = arrayVariable(sum->getRHS()))
      return DerivedPointers::Alias{base, sum->getLHS(), {}};
  }
  if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(e); address && address->getOpcode() == clang::UO_AddrOf)
    if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(address->getSubExpr()->IgnoreParens())) {
      // &p[e], or &C[i][e] (a row of an array of arrays): the subscripts outermost first.
      std::vector<const clang::Expr*> subscripts{element->getIdx()};
      const clang::Expr* base = element->getBase()->IgnoreParenImpCasts();
      // Ci[j] is then C[i][e + j], what the author would write without the pointer.
      while (auto* outer = llvm::dyn_cast<clang::ArraySubscriptExpr>(base)) {
        subscripts.insert(subscripts.begin(), outer->getIdx());
        base = outer->getBase()->IgnoreParenImpCasts();
      }
      if (const clang::VarDecl* variable = arrayVariable(base)) {
        DerivedPointers::Alias alias{variable, subscripts.back(), {}};
        alias.leading.assign(subscripts.begin(), subscripts.end() - 1);
        return alias;
      }
    }
  return std::nullopt;
}

// Pointers written after their declaration (assigned, incremented, address taken) are not aliases
// we can follow.
struct ReassignmentFinder : clang::RecursiveASTVisitor<ReassignmentFinder> {
  std::set<const clang::VarDecl*> changed;
  void note(const clang::Expr* target) {
    if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParenImpCasts()))
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(reference->getDecl())) changed.insert(variable);
  }
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp()) note(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) note(op->getSubExpr());
    return true;
  }
};

// The counter of a `for (int k = ...; ...; ...)` loop, when its body leaves it alone: constant
// throughout one iteration of that body.
const clang::VarDecl* steadyCounter(const clang::ForStmt& loop,
                                    const std::set<const clang::VarDecl*>& assignedInBodies) {
  const clang::VarDecl* counter = nullptr;
  if (auto* init = llvm::dyn_cast_or_null<clang::DeclStmt>(loop.getInit()); init && init->isSingleDecl())
    counter = llvm::dyn_cast<clang::VarDecl>(init->getSingleDecl());
  // A C89 counter declared before the loop: `for (i = 0; ...)`.
  if (auto* init = llvm::dyn_cast_or_null<clang::BinaryOperator>(loop.getInit());
      init && init->getOpcode() == clang::BO_Assign)
    if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(init->getLHS()->IgnoreParenImpCasts()))
      counter = llvm::dyn_cast<clang::VarDecl>(reference->getDecl());
  return counter && !assignedInBodies.count(counter) ? counter : nullptr;
}

// Pointer declarations with an initialiser, each with the loop counters that are fixed wherever
// the pointer is in scope (the counters of the for loops whose bodies declare it).
struct DeclarationFinder : clang::RecursiveASTVisitor<DeclarationFinder> {
  struct Found {
    const clang::VarDecl* pointer;
    std::set<const clang::VarDecl*> steadyCounters;
  };
  std::vector<Found> pointers;
  std::vector<const clang::ForStmt*> enclosing;

  bool TraverseForStmt(clang::ForStmt* loop) {
    enclosing.push_back(loop);
    bool result = clang::RecursiveASTVisitor<DeclarationFinder>::TraverseForStmt(loop);
    enclosing.pop_back();
    return result;
  }
  bool VisitVarDecl(clang::VarDecl* variable) {
    if (!variable->getType()->isPointerType() || !variable->hasLocalStorage() || !variable->getInit() ||
        llvm::isa<clang::ParmVarDecl>(variable))
      return true;
    Found found{variable, {}};
    for (const clang::ForStmt* loop : enclosing) {
      // The loop's own init declares the counter; a pointer declared there is not inside the body.
      if (loop->getInit() && loop->getInit()->getBeginLoc() <= variable->getLocation() &&
          variable->getLocation() <= loop->getInit()->getEndLoc())
        continue;
      ReassignmentFinder inBody;
      inBody.TraverseStmt(const_cast<clang::Stmt*>(loop->getBody()));
      if (const clang::VarDecl* counter = steadyCounter(*loop, inBody.changed)) found.steadyCounters.insert(counter);
    }
    pointers.push_back(std::move(found));
    return true;
  }
};

// The offset is translated where the pointer is used, so it must have the value it had at the
// declaration: every variable in it is never assigned, or is a counter fixed over the pointer's scope.
bool offsetIsSteady(const clang::Expr* offset, const std::set<const clang::VarDecl*>& changed,
                    const std::set<const clang::VarDecl*>& steadyCounters) {
  if (!offset) return true;
  struct Uses : clang::RecursiveASTVisitor<Uses> {
    std::set<const clang::VarDecl*> variables;
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl())) variables.insert(variable);
      return true;
    }
  } uses;
  uses.TraverseStmt(const_cast<clang::Expr*>(offset));
  for (const clang::VarDecl* variable : uses.variables)
    if (changed.count(variable) && !steadyCounters.count(variable)) return false;
  return true;
}

// A pointer declared without a value (C89 style, `FOUR_VECTOR *fA;`, private in the loop) and
// assigned once, by a statement of a block (`fA = &fv[first_i];` in the loop body), every other use
// following that statement in the same block, and nothing its address reads changed after it
// there: wherever it is used, it holds the address that statement computed in this pass of the block.
struct AssignedOnce : clang::RecursiveASTVisitor<AssignedOnce> {
  std::map<const clang::VarDecl*, std::vector<const clang::BinaryOperator*>> assignments;
  std::map<const clang::VarDecl*, std::vector<const clang::DeclRefExpr*>> uses;
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->getOpcode() == clang::BO_Assign)
      if (auto* target = llvm::dyn_cast<clang::DeclRefExpr>(op->getLHS()->IgnoreParenImpCasts()))
        if (auto* variable = llvm::dyn_cast<clang::VarDecl>(target->getDecl())) assignments[variable].push_back(op);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
    if (auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl())) uses[variable].push_back(use);
    return true;
  }
  // `private(fA)` names the pointer without using it.
  bool TraverseOMPClause(clang::OMPClause*) { return true; }
};

bool within(const clang::Stmt* inner, const clang::Stmt* outer, const clang::ParentMap& parents) {
  for (const clang::Stmt* current = inner; current; current = parents.getParent(const_cast<clang::Stmt*>(current)))
    if (current == outer) return true;
  return false;
}

}  // namespace

// The pointers AssignedOnce describes, with their addresses.
void DerivedPointers::addAssignedOnce(const clang::FunctionDecl& function) {
  AssignedOnce found;
  found.TraverseStmt(function.getBody());
  clang::ParentMap parents(function.getBody());
  for (const auto& [pointer, assignments] : found.assignments) {
    if (aliases_.count(pointer) || assignments.size() != 1 || !pointer->getType()->isPointerType() ||
        !pointer->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(pointer) || pointer->getInit())
      continue;
    const clang::BinaryOperator* assignment = assignments.front();
    auto* block =
        llvm::dyn_cast_or_null<clang::CompoundStmt>(parents.getParent(const_cast<clang::BinaryOperator*>(assignment)));
    if (!block) continue;
    auto alias = aliasOf(assignment->getRHS());
    if (!alias) continue;
    // The statements of the block after the assignment.
    std::vector<const clang::Stmt*> after;
    bool seen = false;
    for (const clang::Stmt* statement : block->body()) {
      if (seen) after.push_back(statement);
      seen = seen || statement == assignment;
    }
    bool usedAfter = true;
    for (const clang::DeclRefExpr* use : found.uses[pointer]) {
      if (use == assignment->getLHS()->IgnoreParenImpCasts()) continue;
      usedAfter = usedAfter && std::any_of(after.begin(), after.end(), [&](const clang::Stmt* statement) {
                    return within(use, statement, parents);
                  });
    }
    if (!usedAfter) continue;
    // Nothing the address reads is changed after the assignment in the block, and the pointer
    // itself is not incremented or taken the address of.
    ReassignmentFinder changed;
    for (const clang::Stmt* statement : after) changed.TraverseStmt(const_cast<clang::Stmt*>(statement));
    if (changed.changed.count(pointer)) continue;
    bool steady = offsetIsSteady(alias->offset, changed.changed, {}) && !changed.changed.count(alias->base);
    for (const clang::Expr* subscript : alias->leading)
      steady = steady && offsetIsSteady(subscript, changed.changed, {});
    if (!steady) continue;
    aliases_[pointer] = *alias;
    assignedAt_[pointer] = assignment;
  }
}

DerivedPointers::DerivedPointers(const clang::FunctionDecl* function) {
  if (!function || !function->hasBody()) return;
  ReassignmentFinder finder;
  finder.TraverseStmt(function->getBody());
  DeclarationFinder declarations;
  declarations.TraverseStmt(function->getBody());
  for (const DeclarationFinder::Found& found : declarations.pointers) {
    if (finder.changed.count(found.pointer)) continue;
    auto alias = aliasOf(found.pointer->getInit());
    if (!alias || !offsetIsSteady(alias->offset, finder.changed, found.steadyCounters)) continue;
    bool steady = true;
    for (const clang::Expr* subscript : alias->leading)
      steady = steady && offsetIsSteady(subscript, finder.changed, found.steadyCounters);
    if (steady) aliases_[found.pointer] = *alias;
  }
  addAssignedOnce(*function);
}

bool DerivedPointers::isAssignmentOf(const clang::Expr& address) const {
  for (const auto& [pointer, assignment] : assignedAt_)
    if (assignment->getRHS()->IgnoreParenImpCasts() == address.IgnoreParenImpCasts()) return true;
  return false;
}

const DerivedPointers::Alias* DerivedPointers::find(const clang::VarDecl* pointer) const {
  auto found = aliases_.find(pointer);
  return found == aliases_.end() ? nullptr : &found->second;
}

void DerivedPointers::follow(IndexTranslator::Access& access) const {
  const Alias* alias = access.variable ? find(access.variable) : nullptr;
  if (!alias || access.subscripts.size() != 1) return;
  access.variable = alias->base;
  access.subscripts.insert(access.subscripts.begin(), alias->leading.begin(), alias->leading.end());
  if (alias->offset) access.offsets.push_back(alias->offset);
}

}  // namespace adrace::analyzer
