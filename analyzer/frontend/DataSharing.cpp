#include "analyzer/frontend/DataSharing.h"

#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/LoopHeader.h"
#include "analyzer/frontend/TaskloopInSingle.h"

#include <clang/AST/ExprOpenMP.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::analyzer {
namespace {

// Every variable declared inside a statement (those are private to the iteration or thread).
class DeclarationCollector : public clang::RecursiveASTVisitor<DeclarationCollector> {
 public:
  explicit DeclarationCollector(std::set<const clang::VarDecl*>& out) : out_(out) {}
  bool VisitVarDecl(clang::VarDecl* variable) {
    if (!variable->isStaticLocal() && !variable->hasExternalStorage()) out_.insert(variable);
    return true;
  }

 private:
  std::set<const clang::VarDecl*>& out_;
};

// The variable a clause item names: `x`, or the array of a section `h[:n]` / element `a[0]`.
const clang::VarDecl* listItemVariable(const clang::Expr* expression) {
  expression = expression->IgnoreParenImpCasts();
  while (true) {
    if (auto* section = llvm::dyn_cast<clang::ArraySectionExpr>(expression))
      expression = section->getBase()->IgnoreParenImpCasts();
    else if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(expression))
      expression = element->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(expression->IgnoreParenImpCasts()))
    return llvm::dyn_cast<clang::VarDecl>(reference->getDecl());
  return nullptr;
}

std::string clauseText(const char* clause, const clang::VarDecl* variable, bool isRegion) {
  return std::string("clause ") + clause + "(" + variable->getName().str() + ")" +
         (isRegion ? " on the enclosing parallel region" : "");
}

// A worksharing loop without `parallel` in its own directive (`omp for`, `omp for simd`); `omp simd`
// alone is not worksharing: its lanes run in one thread, which shares the function's locals.
bool isWorksharingOnly(const clang::OMPExecutableDirective& loop) {
  return llvm::isa<clang::OMPForDirective>(loop) || llvm::isa<clang::OMPForSimdDirective>(loop);
}

}  // namespace

std::string reductionOperator(const clang::OMPReductionClause& clause) {
  std::string op = clause.getNameInfo().getAsString();
  return op.rfind("operator", 0) == 0 ? op.substr(8) : op;
}

DataSharing::DataSharing(const clang::OMPExecutableDirective& loop, const clang::OMPExecutableDirective* region,
                         const clang::FunctionDecl* function, const std::vector<const clang::VarDecl*>& counters,
                         const clang::Stmt& body, clang::ASTContext&) {
  counters_.insert(counters.begin(), counters.end());
  DeclarationCollector(declaredInBody_).TraverseStmt(const_cast<clang::Stmt*>(&body));
  if (region) {
    readClauses(*region, true);
    if (region->hasAssociatedStmt()) {
      enclosingBody_ = region->getAssociatedStmt();
      DeclarationCollector(declaredInRegion_).TraverseStmt(const_cast<clang::Stmt*>(enclosingBody_));
    }
  } else if (function && function->hasBody() && isWorksharingOnly(loop)) {
    enclosingBody_ = function->getBody();
    // Orphaned: every thread of the team that calls the function runs its own activation, so the
    // function's automatic variables and parameters are private (OpenMP 5.2, 5.1.1); static
    // locals and file-scope variables stay shared.
    orphaned_ = true;
    DeclarationCollector(declaredInRegion_).TraverseStmt(function->getBody());
    for (const clang::ParmVarDecl* parameter : function->parameters()) declaredInRegion_.insert(parameter);
  }
  // The worksharing construct's own clauses win over the region's.
  readClauses(loop, false);
  if (region && isWorksharingOnly(loop)) findStepCounters(loop, *region);
  // A task shares what is shared where it is created; the rest is firstprivate, unless
  // default(shared) shares it too (OpenMP 5.2, 5.1.1).
  if (llvm::isa<clang::OMPTaskDirective>(loop) || isTaskloop(loop))
    for (const auto* clause : loop.getClausesOfKind<clang::OMPDefaultClause>())
      taskDefaultShared_ |= clause->getDefaultKind() == llvm::omp::OMP_DEFAULT_shared;
}

void DataSharing::readClauses(const clang::OMPExecutableDirective& directive, bool isRegion) {
  auto record = [&](const clang::Expr* item, Sharing sharing, const char* clause, std::string reduction = {}) {
    if (const clang::VarDecl* variable = listItemVariable(item))
      explicit_[variable] = {sharing, clauseText(clause, variable, isRegion), std::move(reduction), {}};
  };
  for (const auto* clause : directive.getClausesOfKind<clang::OMPPrivateClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::Private, "private");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPFirstprivateClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::FirstPrivate, "firstprivate");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPLastprivateClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::LastPrivate, "lastprivate");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPLinearClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::Linear, "linear");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPSharedClause>())
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::Shared, "shared");
  for (const auto* clause : directive.getClausesOfKind<clang::OMPReductionClause>()) {
    const std::string op = reductionOperator(*clause);
    for (const clang::Expr* item : clause->varlists()) record(item, Sharing::Reduction, "reduction", op);
  }
  // copyin: each thread's threadprivate copy starts as the primary thread's.
  for (const auto* clause : directive.getClausesOfKind<clang::OMPCopyinClause>())
    for (const clang::Expr* item : clause->varlists())
      if (const clang::VarDecl* variable = listItemVariable(item)) copiedIn_.insert(variable);
  // default(none) needs no handling: Clang rejects a variable no clause names.
}

// `#pragma omp parallel private(t)` > `for (t = 0; t < steps; t++) { ... #pragma omp for ... }`: every
// thread of the team must meet the same worksharing regions in the same order, so with a header that
// is the same on every thread, each thread's t holds the same value in each instance of the loop.
// Only `for` loops and blocks may stand between the worksharing loop and the region.
void DataSharing::findStepCounters(const clang::OMPExecutableDirective& loop,
                                   const clang::OMPExecutableDirective& region) {
  const clang::Stmt* regionBody = region.getInnermostCapturedStmt()->getCapturedStmt();
  clang::ParentMap parents(const_cast<clang::Stmt*>(regionBody));
  const clang::Stmt* child = &loop;
  for (const clang::Stmt* parent = parents.getParent(child); parent;
       child = parent, parent = parents.getParent(parent)) {
    if (llvm::isa<clang::CompoundStmt>(parent)) continue;
    auto* step = llvm::dyn_cast<clang::ForStmt>(parent);
    if (!step || step->getBody() != child) return;
    LoopHeader header;
    std::string reason;
    if (!readLoopHeader(*step, header, reason) || !header.counter || modifiedIn(*step->getBody(), header.counter) ||
        !sameOnEveryThread(header.first) || !sameOnEveryThread(header.bound) ||
        (header.step && !sameOnEveryThread(header.step)))
      return;
    stepCounters_.insert(header.counter);
  }
}

// No call, and no variable that a thread of the region may hold its own value of (firstprivate
// copies of one original are the same).
bool DataSharing::sameOnEveryThread(const clang::Expr* expression) const {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const DataSharing* sharing = nullptr;
    bool uniform = true;
    bool VisitCallExpr(clang::CallExpr*) { return uniform = false; }
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
      if (!variable) return true;
      auto clause = sharing->explicit_.find(variable);
      if (clause != sharing->explicit_.end()) {
        if (isPerThread(clause->second.sharing) && clause->second.sharing != Sharing::FirstPrivate) uniform = false;
      } else if (sharing->declaredInRegion_.count(variable) && !sharing->stepCounters_.count(variable)) {
        uniform = false;
      }
      return uniform;
    }
  } finder;
  finder.sharing = this;
  finder.TraverseStmt(const_cast<clang::Expr*>(expression));
  return finder.uniform;
}

// An integer local of the region (or of the function whose orphaned loop this is) initialised from
// what every thread sees alike — constants, shared variables and memory (`g->nx`, `dims[1]`, `*p`),
// locals and parameters with the same value on every thread — and never assigned, incremented or
// given away by address after: every thread's copy holds the same value.
bool DataSharing::initialisedAlikeOnEveryThread(const clang::VarDecl* variable) {
  const clang::Expr* init = variable->getInit();
  if (!init || !enclosingBody_ || !variable->getType()->isIntegerType() || !variable->hasLocalStorage() ||
      modifiedIn(*enclosingBody_, variable) || !askingAlike_.insert(variable).second)
    return false;
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    DataSharing* sharing = nullptr;
    bool alike = true;
    bool VisitCallExpr(clang::CallExpr*) { return alike = false; }
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      auto* other = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
      if (!other) return true;  // an enumerator, a function
      if (sharing->askingAlike_.count(other)) return alike = false;
      const Entry& entry = sharing->of(other);
      alike = !isPerThread(entry.sharing) || entry.sameValueAtEntry;
      return alike;
    }
  } finder;
  finder.sharing = this;
  finder.TraverseStmt(const_cast<clang::Expr*>(init));
  askingAlike_.erase(variable);
  return finder.alike;
}

DataSharing::Entry DataSharing::resolve(const clang::VarDecl* variable) const {
  if (counters_.count(variable))
    return {Sharing::LoopCounter, "counter of the parallel loop (private, distinct per iteration)", {}, {}};
  if (declaredInBody_.count(variable)) return {Sharing::Private, "declared in the loop body", {}, {}};
  auto found = explicit_.find(variable);
  if (found != explicit_.end()) {
    Entry entry = found->second;
    entry.sameValueAtEntry = entry.sharing == Sharing::FirstPrivate;
    return entry;
  }
  if (variable->hasAttr<clang::OMPThreadPrivateDeclAttr>()) {
    Entry entry{Sharing::ThreadPrivate, "threadprivate", {}, {}};
    if (copiedIn_.count(variable)) {
      entry.reason = "threadprivate, copyin on the enclosing parallel region";
      entry.sameValueAtEntry = true;
    }
    return entry;
  }
  if (declaredInRegion_.count(variable)) {
    if (taskDefaultShared_) return {Sharing::Shared, "default(shared) on the task", {}, {}};
    if (!orphaned_) {
      Entry entry{Sharing::Private, "declared in the enclosing parallel region", {}, {}};
      entry.localOfRegion = true;
      return entry;
    }
    Entry entry{Sharing::Private, "", {}, {}};
    auto* parameter = llvm::dyn_cast<clang::ParmVarDecl>(variable);
    if (parameter && (parameter->getType()->isPointerType() || parameter->getOriginalType()->isArrayType() ||
                      parameter->getType()->isReferenceType())) {
      // Each thread's copy points to the same memory: what it points to is shared (a C++ reference too).
      return {Sharing::Shared,
              "pointer parameter of a function with an orphaned worksharing loop (every "
              "thread's copy points to the same memory)",
              {},
              {}};
    }
    if (parameter) {
      entry.reason =
          "parameter of a function with an orphaned worksharing loop (private; assumed the same on "
          "every thread)";
      entry.sameValueAtEntry = true;
    } else {
      entry.reason = "local of a function with an orphaned worksharing loop (private to each thread)";
      entry.localOfRegion = true;
    }
    return entry;
  }
  return {Sharing::Shared, "implicit rule: shared", {}, {}};
}

const DataSharing::Entry& DataSharing::of(const clang::VarDecl* variable) {
  auto found = resolved_.find(variable);
  if (found != resolved_.end()) return found->second;
  Entry entry = resolve(variable);
  if (stepCounters_.count(variable) && isPerThread(entry.sharing)) {
    entry.sameValueAtEntry = true;
    entry.reason +=
        "; the counter of a sequential loop around the worksharing loop: every thread runs the same "
        "iterations, so it holds the same value on every thread";
  }
  if (entry.localOfRegion && !entry.sameValueAtEntry && initialisedAlikeOnEveryThread(variable)) {
    entry.sameValueAtEntry = true;
    entry.reason += "; initialised alike on every thread (from shared values) and never assigned";
  }
  if (writtenInLoop_.count(variable)) entry.sameValueAtEntry = false;
  entry.name = uniqueName(variable);
  order_.push_back(variable);
  return resolved_.emplace(variable, entry).first->second;
}

smt::Scope DataSharing::scopeOf(const clang::VarDecl* variable, int instance) {
  const Entry& entry = of(variable);
  if (entry.sharing == Sharing::LoopCounter) return smt::Scope::Counter;
  if (instance == 0 && entry.sameValueAtEntry) return smt::Scope::Shared;
  return isPerThread(entry.sharing) ? smt::Scope::Private : smt::Scope::Shared;
}

std::string DataSharing::uniqueName(const clang::VarDecl* variable) {
  std::string name = variable->getName().str();
  int& uses = namesTaken_[name];
  ++uses;
  return uses == 1 ? name : name + "_" + std::to_string(uses);
}

}  // namespace adrace::analyzer
