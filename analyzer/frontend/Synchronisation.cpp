#include "analyzer/frontend/Synchronisation.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/StmtOpenMP.h>

#include <map>

namespace adrace::analyzer {
namespace {

// The lock a lock routine's first argument names: `&l` gives "l"; anything else (an element of an
// array of locks, a pointer) gives "", a lock the model cannot tell apart from the others.
std::string lockName(const clang::CallExpr& call) {
  if (call.getNumArgs() < 1) return "";
  auto* address = llvm::dyn_cast<clang::UnaryOperator>(call.getArg(0)->IgnoreParenImpCasts());
  if (!address || address->getOpcode() != clang::UO_AddrOf) return "";
  auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(address->getSubExpr()->IgnoreParenImpCasts());
  return reference ? reference->getDecl()->getName().str() : "";
}

const clang::CallExpr* callTo(const clang::Stmt* statement, std::initializer_list<const char*> names) {
  auto* expression = llvm::dyn_cast_or_null<clang::Expr>(statement);
  auto* call = expression ? llvm::dyn_cast<clang::CallExpr>(expression->IgnoreParenImpCasts()) : nullptr;
  if (!call || !call->getDirectCallee()) return nullptr;
  std::string callee = calleeName(call);
  for (const char* name : names)
    if (callee == name) return call;
  return nullptr;
}

// `omp_test_lock(&l)` (or the nest version) as a condition that holds when the lock was taken.
const clang::CallExpr* lockTaken(const clang::Expr* condition) {
  return callTo(condition, {"omp_test_lock", "omp_test_nest_lock"});
}

// The lock a statement of a block acquires (+1) or releases (-1) for the statements after it:
// omp_set_lock / omp_unset_lock (and the nest versions), and a spin loop that retries
// omp_test_lock until it succeeds: `while (!omp_test_lock(&l)) ...;`.
int lockChange(const clang::Stmt* statement, std::string& lock) {
  if (const clang::CallExpr* set = callTo(statement, {"omp_set_lock", "omp_set_nest_lock"})) {
    lock = lockName(*set);
    return 1;
  }
  if (const clang::CallExpr* unset = callTo(statement, {"omp_unset_lock", "omp_unset_nest_lock"})) {
    lock = lockName(*unset);
    return -1;
  }
  if (auto* spin = llvm::dyn_cast<clang::WhileStmt>(statement)) {
    auto* negation = llvm::dyn_cast<clang::UnaryOperator>(spin->getCond()->IgnoreParenImpCasts());
    if (negation && negation->getOpcode() == clang::UO_LNot)
      if (const clang::CallExpr* test = lockTaken(negation->getSubExpr()->IgnoreParenImpCasts())) {
        lock = lockName(*test);
        return 1;
      }
  }
  return 0;
}

// OpenMP 5.2 spells depend(sink: v) and depend(source) as doacross(sink: v) and doacross(source:);
// doacross(sink: omp_cur_iteration - 1) names the previous iteration whatever the counters are.
enum class Doacross { None, Sink, PreviousIteration, Source };
Doacross doacrossOf(const clang::OMPOrderedDirective& ordered, const clang::Expr** vector) {
  if (const auto* depend = ordered.getSingleClause<clang::OMPDependClause>()) {
    if (depend->getDependencyKind() == clang::OMPC_DEPEND_source) return Doacross::Source;
    if (depend->getDependencyKind() != clang::OMPC_DEPEND_sink || depend->varlist_size() != 1) return Doacross::None;
    *vector = *depend->varlist_begin();
    return Doacross::Sink;
  }
  const auto* doacross = ordered.getSingleClause<clang::OMPDoacrossClause>();
  if (!doacross) return Doacross::None;
  switch (doacross->getDependenceType()) {
    case clang::OMPC_DOACROSS_source:
    case clang::OMPC_DOACROSS_source_omp_cur_iteration: return Doacross::Source;
    case clang::OMPC_DOACROSS_sink_omp_cur_iteration: return Doacross::PreviousIteration;
    case clang::OMPC_DOACROSS_sink:
      if (doacross->varlist_size() != 1) return Doacross::None;
      *vector = *doacross->varlist_begin();
      return Doacross::Sink;
    default: return Doacross::None;
  }
}

// `#pragma omp ordered depend(sink: i - 1)` where i is the counter of the loop the block belongs to,
// stepping by 1: the statements after it wait for iteration i - 1 to reach depend(source).
bool waitsForPreviousIteration(const clang::OMPOrderedDirective& ordered, const clang::Stmt* block,
                               const clang::ParentMap& parents) {
  const clang::Expr* vector = nullptr;
  Doacross kind = doacrossOf(ordered, &vector);
  if (kind == Doacross::PreviousIteration) return true;
  if (kind != Doacross::Sink) return false;
  auto* minus = llvm::dyn_cast<clang::BinaryOperator>(vector->IgnoreParenImpCasts());
  if (!minus || minus->getOpcode() != clang::BO_Sub) return false;
  auto* counter = llvm::dyn_cast<clang::DeclRefExpr>(minus->getLHS()->IgnoreParenImpCasts());
  auto* distance = llvm::dyn_cast<clang::IntegerLiteral>(minus->getRHS()->IgnoreParenImpCasts());
  if (!counter || !distance || distance->getValue() != 1) return false;
  // The loop whose body holds the block: the nearest enclosing for statement.
  const clang::Stmt* current = block;
  while (current && !llvm::isa<clang::ForStmt>(current)) current = parents.getParent(current);
  auto* loop = llvm::dyn_cast_or_null<clang::ForStmt>(current);
  if (!loop || !loop->getInc()) return false;
  auto* increment = llvm::dyn_cast<clang::UnaryOperator>(loop->getInc()->IgnoreParenImpCasts());
  if (!increment || !increment->isIncrementOp()) return false;
  auto* incremented = llvm::dyn_cast<clang::DeclRefExpr>(increment->getSubExpr()->IgnoreParenImpCasts());
  return incremented && incremented->getDecl() == counter->getDecl();
}

bool signalsSource(const clang::Stmt* statement) {
  auto* ordered = llvm::dyn_cast<clang::OMPOrderedDirective>(statement);
  const clang::Expr* vector = nullptr;
  return ordered && doacrossOf(*ordered, &vector) == Doacross::Source;
}

// Between `ordered depend(sink: i - 1)` and a later `ordered depend(source)` of one block: each
// iteration's part runs after the previous iteration's, so these parts of different iterations are
// ordered (like an `ordered` block).
bool betweenSinkAndSource(const clang::CompoundStmt& block, const clang::Stmt* child, const clang::ParentMap& parents) {
  bool afterSink = false, seenChild = false;
  for (const clang::Stmt* sibling : block.body()) {
    if (sibling == child) {
      seenChild = true;
      if (!afterSink) return false;
      continue;
    }
    if (!seenChild) {
      if (auto* ordered = llvm::dyn_cast<clang::OMPOrderedDirective>(sibling))
        afterSink = waitsForPreviousIteration(*ordered, &block, parents) || (afterSink && !signalsSource(sibling));
    } else if (signalsSource(sibling)) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool isTestLock(const clang::CallExpr& call) { return lockTaken(&call) != nullptr; }

bool waitsUnmodelled(const clang::OMPOrderedDirective& ordered, const clang::ParentMap& parents) {
  size_t sinks = 0;
  for (const clang::OMPClause* clause : ordered.clauses()) {
    if (auto* depend = llvm::dyn_cast<clang::OMPDependClause>(clause))
      sinks += depend->getDependencyKind() == clang::OMPC_DEPEND_sink;
    if (auto* doacross = llvm::dyn_cast<clang::OMPDoacrossClause>(clause))
      sinks += doacross->getDependenceType() == clang::OMPC_DOACROSS_sink ||
               doacross->getDependenceType() == clang::OMPC_DOACROSS_sink_omp_cur_iteration;
  }
  if (sinks == 0) return false;
  return sinks != 1 || !waitsForPreviousIteration(ordered, &ordered, parents);
}

bool isModelledTestLock(const clang::CallExpr& call, const clang::ParentMap& parents) {
  const clang::Stmt* parent = parents.getParentIgnoreParenImpCasts(const_cast<clang::CallExpr*>(&call));
  if (auto* branch = llvm::dyn_cast_or_null<clang::IfStmt>(parent)) return lockTaken(branch->getCond()) == &call;
  auto* negation = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent);
  if (!negation || negation->getOpcode() != clang::UO_LNot) return false;
  auto* spin = llvm::dyn_cast_or_null<clang::WhileStmt>(
      parents.getParentIgnoreParenImpCasts(const_cast<clang::UnaryOperator*>(negation)));
  return spin && spin->getCond()->IgnoreParenImpCasts() == negation;
}

Protection protectionOf(const clang::Stmt* statement, const clang::ParentMap& parents, bool singleThreadBlocks,
                        std::string* exclusionName) {
  const clang::Stmt* child = statement;
  for (const clang::Stmt* parent = parents.getParent(statement); parent;
       child = parent, parent = parents.getParent(parent)) {
    if (llvm::isa<clang::OMPAtomicDirective>(parent)) return Protection::Atomic;
    if (auto* critical = llvm::dyn_cast<clang::OMPCriticalDirective>(parent)) {
      *exclusionName = critical->getDirectiveName().getAsString();
      return Protection::Critical;
    }
    if (llvm::isa<clang::OMPOrderedDirective>(parent)) return Protection::Ordered;
    if (singleThreadBlocks) {
      if (llvm::isa<clang::OMPSingleDirective>(parent)) return Protection::Single;
      if (llvm::isa<clang::OMPMasterDirective>(parent) || llvm::isa<clang::OMPMaskedDirective>(parent))
        return Protection::Master;
    }
    if (auto* branch = llvm::dyn_cast<clang::IfStmt>(parent); branch && child == branch->getThen())
      if (const clang::CallExpr* test = lockTaken(branch->getCond())) {
        *exclusionName = lockName(*test);
        return Protection::Lock;
      }
    if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(parent)) {
      if (betweenSinkAndSource(*block, child, parents)) return Protection::Ordered;
      std::map<std::string, int> held;  // by lock name, in the order of the block
      std::string lastTaken;
      for (const clang::Stmt* sibling : block->body()) {
        if (sibling == child) break;
        std::string lock;
        int change = lockChange(sibling, lock);
        held[lock] += change;
        if (change > 0) lastTaken = lock;
      }
      auto stillHeld = held.find(lastTaken);
      if (stillHeld != held.end() && stillHeld->second > 0) {
        *exclusionName = lastTaken;
        return Protection::Lock;
      }
      for (const auto& [lock, count] : held)
        if (count > 0) {
          *exclusionName = lock;
          return Protection::Lock;
        }
    }
  }
  return Protection::None;
}

}  // namespace adrace::analyzer
