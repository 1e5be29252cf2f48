#include "analyzer/frontend/FlagWaits.h"

#include <clang/AST/DeclOpenMP.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>

namespace adrace::analyzer {
namespace {

const clang::VarDecl* variableNamed(const clang::Expr* expression) {
  auto* use = llvm::dyn_cast_or_null<clang::DeclRefExpr>(expression ? expression->IgnoreParenImpCasts() : nullptr);
  return use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
}

std::optional<std::int64_t> constantOf(const clang::Expr* expression, const clang::ASTContext& context) {
  clang::Expr::EvalResult value;
  if (!expression || expression->isValueDependent() || !expression->EvaluateAsInt(value, context)) return std::nullopt;
  return value.Val.getInt().getExtValue();
}

// `x = e` as the statement an atomic directive holds.
const clang::BinaryOperator* assignmentOf(const clang::OMPAtomicDirective& atomic) {
  const clang::Stmt* held = atomic.getAssociatedStmt();
  while (auto* captured = llvm::dyn_cast_or_null<clang::CapturedStmt>(held)) held = captured->getCapturedStmt();
  auto* expression = llvm::dyn_cast_or_null<clang::Expr>(held);
  auto* assignment =
      llvm::dyn_cast_or_null<clang::BinaryOperator>(expression ? expression->IgnoreParenImpCasts() : nullptr);
  return assignment && assignment->getOpcode() == clang::BO_Assign ? assignment : nullptr;
}

bool releases(const clang::OMPExecutableDirective& directive) {
  return directive.getSingleClause<clang::OMPReleaseClause>() || directive.getSingleClause<clang::OMPSeqCstClause>() ||
         directive.getSingleClause<clang::OMPAcqRelClause>();
}

bool acquires(const clang::OMPExecutableDirective& directive) {
  return directive.getSingleClause<clang::OMPAcquireClause>() || directive.getSingleClause<clang::OMPSeqCstClause>() ||
         directive.getSingleClause<clang::OMPAcqRelClause>();
}

// A flush without a list: with no memory-order clause it is both a release and an acquire flush
// (OpenMP 5.2, 15.8.5); a list makes it a strong flush of those items only, which orders nothing else.
const clang::OMPFlushDirective* flushWithoutList(const clang::Stmt* statement) {
  auto* flush = llvm::dyn_cast_or_null<clang::OMPFlushDirective>(statement);
  return flush && !flush->getSingleClause<clang::OMPFlushClause>() ? flush : nullptr;
}

bool flushReleases(const clang::OMPFlushDirective& flush) { return !flush.getSingleClause<clang::OMPAcquireClause>(); }
bool flushAcquires(const clang::OMPFlushDirective& flush) { return !flush.getSingleClause<clang::OMPReleaseClause>(); }

// The statements that write `variable`: assign, increment it or take its address.
struct Writes : clang::RecursiveASTVisitor<Writes> {
  const clang::VarDecl* variable = nullptr;
  std::vector<const clang::Stmt*> found;
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp() && variableNamed(op->getLHS()) == variable) found.push_back(op);
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if ((op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) &&
        variableNamed(op->getSubExpr()) == variable)
      found.push_back(op);
    return true;
  }
};

std::vector<const clang::Stmt*> writesOf(const clang::VarDecl* variable, const clang::Stmt* root) {
  Writes writes;
  writes.variable = variable;
  writes.TraverseStmt(const_cast<clang::Stmt*>(root));
  return writes.found;
}

// Everywhere in the file: functions, methods and lambdas, initialisers of other variables.
std::vector<const clang::Stmt*> writesInUnit(const clang::VarDecl* variable, clang::ASTContext& context) {
  Writes writes;
  writes.variable = variable;
  writes.TraverseDecl(context.getTranslationUnitDecl());
  return writes.found;
}

// Whether a loop stands between `statement` and `top` (exclusive), in `parents`.
bool insideLoopBelow(const clang::Stmt* statement, const clang::Stmt* top, const clang::ParentMap& parents) {
  for (const clang::Stmt* current = parents.getParent(statement); current && current != top;
       current = parents.getParent(current))
    if (llvm::isa<clang::ForStmt>(current) || llvm::isa<clang::WhileStmt>(current) || llvm::isa<clang::DoStmt>(current))
      return true;
  return false;
}

size_t indexIn(const clang::CompoundStmt& block, const clang::Stmt* statement) {
  return static_cast<size_t>(std::find(block.body_begin(), block.body_end(), statement) - block.body_begin());
}

// `atomic_default_mem_order` changes what an atomic without a memory-order clause is.
bool defaultMemoryOrderRequired(clang::ASTContext& context) {
  for (const clang::Decl* decl : context.getTranslationUnitDecl()->decls())
    if (auto* requires = llvm::dyn_cast<clang::OMPRequiresDecl>(decl))
      for (const clang::OMPClause* clause : requires->clauselists())
        if (llvm::isa<clang::OMPAtomicDefaultMemOrderClause>(clause)) return true;
  return false;
}

// Whether the flag holds 0 where the region starts, each time it starts: a local of the region's
// function set to 0 by its declaration with no loop between it and the region, or a file-scope
// variable initialised to 0 and a region of `main` outside any loop; and no write of it but `write`.
bool zeroAtEntry(const clang::VarDecl* flag, const clang::OMPExecutableDirective& region,
                 const clang::FunctionDecl& function, const clang::Stmt* write, clang::ASTContext& context,
                 std::string& whyNot) {
  std::string name = flag->getName().str();
  // The definition's initialiser: an `extern` declaration says nothing of the value.
  const clang::VarDecl* definition = flag->getDefinition();
  if (!definition) {
    whyNot = "flag '" + name + "' is not defined in this file: its value where the region starts is not known";
    return false;
  }
  const clang::Expr* init = definition->getInit();
  clang::Expr::EvalResult initial;
  bool zeroInit =
      init && !init->isValueDependent() && init->EvaluateAsInt(initial, context) && initial.Val.getInt().isZero();
  clang::ParentMap functionParents(function.getBody());
  std::vector<const clang::Stmt*> writes;
  if (flag->hasGlobalStorage()) {
    if (!flag->isFileVarDecl() || (init && !zeroInit)) {
      whyNot = "flag '" + name + "' is not a file-scope variable initialised to 0";
      return false;
    }
    if (!function.isMain() || insideLoopBelow(&region, function.getBody(), functionParents)) {
      whyNot = "flag '" + name + "' may not be 0 where the region starts (the region is not run once by main)";
      return false;
    }
    writes = writesInUnit(flag, context);
  } else {
    const clang::Stmt* declaration = nullptr;
    for (const clang::Stmt* current = &region; current; current = functionParents.getParent(current))
      if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(current))
        for (const clang::Stmt* statement : block->body())
          if (auto* decls = llvm::dyn_cast<clang::DeclStmt>(statement))
            for (const clang::Decl* decl : decls->decls())
              if (decl == flag) declaration = statement;
    if (!declaration || !zeroInit || flag->getDeclContext() != &function) {
      whyNot = "flag '" + name + "' is not declared with the value 0 in the function of the region";
      return false;
    }
    const clang::Stmt* scope = functionParents.getParent(declaration);
    const clang::Stmt* current = functionParents.getParent(&region);
    for (; current && current != scope; current = functionParents.getParent(current))
      if (llvm::isa<clang::ForStmt>(current) || llvm::isa<clang::WhileStmt>(current) ||
          llvm::isa<clang::DoStmt>(current))
        break;
    if (current != scope) {
      whyNot = "flag '" + name + "' may not be 0 where the region starts (a loop around the region)";
      return false;
    }
    writes = writesOf(flag, function.getBody());
  }
  if (writes.size() != 1 || writes.front() != write) {
    whyNot = "flag '" + name + "' is written elsewhere than in one atomic write";
    return false;
  }
  return true;
}

// The one `#pragma omp atomic write flag = c;` of the region (c a constant other than 0), a statement
// of a block outside any loop of the region.
const clang::OMPAtomicDirective* flagWriteIn(const clang::VarDecl* flag, const clang::Stmt* body,
                                             const clang::ParentMap& parents, const clang::ASTContext& context,
                                             std::int64_t& value, std::string& whyNot) {
  struct Atomics : clang::RecursiveASTVisitor<Atomics> {
    std::vector<const clang::OMPAtomicDirective*> found;
    bool VisitOMPAtomicDirective(clang::OMPAtomicDirective* atomic) {
      found.push_back(atomic);
      return true;
    }
  } atomics;
  atomics.TraverseStmt(const_cast<clang::Stmt*>(body));
  const clang::OMPAtomicDirective* write = nullptr;
  for (const clang::OMPAtomicDirective* atomic : atomics.found) {
    const clang::BinaryOperator* assignment = assignmentOf(*atomic);
    if (!assignment || variableNamed(assignment->getLHS()) != flag) continue;
    if (!atomic->getSingleClause<clang::OMPWriteClause>() || write) {
      whyNot = "flag '" + flag->getName().str() + "' is written other than by one atomic write";
      return nullptr;
    }
    write = atomic;
  }
  std::optional<std::int64_t> written = write ? constantOf(assignmentOf(*write)->getRHS(), context) : std::nullopt;
  if (!written || *written == 0) {
    whyNot = "flag '" + flag->getName().str() + "' is not set to a constant other than 0 by an atomic write";
    return nullptr;
  }
  if (!llvm::isa_and_nonnull<clang::CompoundStmt>(parents.getParent(write)) || insideLoopBelow(write, body, parents)) {
    whyNot = "the atomic write of flag '" + flag->getName().str() + "' is not a statement of a block outside loops";
    return nullptr;
  }
  value = *written;
  return write;
}

// Whether `condition` holds exactly while `seen` is 0, or differs from `value` (the loop goes on).
bool waitsFor(const clang::Expr* condition, const clang::VarDecl* seen, std::int64_t value,
              const clang::ASTContext& context) {
  condition = condition->IgnoreParenImpCasts();
  if (auto* negation = llvm::dyn_cast<clang::UnaryOperator>(condition))
    return negation->getOpcode() == clang::UO_LNot && variableNamed(negation->getSubExpr()) == seen;
  auto* comparison = llvm::dyn_cast<clang::BinaryOperator>(condition);
  if (!comparison || (comparison->getOpcode() != clang::BO_EQ && comparison->getOpcode() != clang::BO_NE)) return false;
  const clang::Expr* other = variableNamed(comparison->getLHS()) == seen   ? comparison->getRHS()
                             : variableNamed(comparison->getRHS()) == seen ? comparison->getLHS()
                                                                           : nullptr;
  std::optional<std::int64_t> constant = other ? constantOf(other, context) : std::nullopt;
  if (!constant) return false;
  return comparison->getOpcode() == clang::BO_EQ ? *constant == 0 : *constant == value;
}

}  // namespace

std::optional<FlagWait> recogniseFlagWait(const clang::Stmt& loop, const clang::OMPExecutableDirective& region,
                                          const clang::FunctionDecl& function, const clang::ParentMap& parents,
                                          clang::ASTContext& context, std::string& whyNot) {
  whyNot =
      "a thread waits in a loop on a flag (an atomic read or a flush inside the loop) in a shape not modelled "
      "(docs/check.md, Flag waits)";
  const clang::Stmt* body = nullptr;
  const clang::Expr* condition = nullptr;
  if (auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(&loop)) {
    body = whileLoop->getBody();
    condition = whileLoop->getCond();
  } else if (auto* doLoop = llvm::dyn_cast<clang::DoStmt>(&loop)) {
    body = doLoop->getBody();
    condition = doLoop->getCond();
  } else {
    return std::nullopt;
  }
  // The body: `#pragma omp atomic read  seen = flag;`, flushes without a list around it, nothing else.
  std::vector<const clang::Stmt*> statements;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(body))
    statements.assign(block->body_begin(), block->body_end());
  else
    statements.push_back(body);
  const clang::OMPAtomicDirective* read = nullptr;
  bool flushAfterRead = false;
  for (const clang::Stmt* statement : statements) {
    if (llvm::isa<clang::NullStmt>(statement)) continue;
    if (const clang::OMPFlushDirective* flush = flushWithoutList(statement)) {
      flushAfterRead |= read && flushAcquires(*flush);
      continue;
    }
    auto* atomic = llvm::dyn_cast<clang::OMPAtomicDirective>(statement);
    if (!atomic || read || !atomic->getSingleClause<clang::OMPReadClause>() || !assignmentOf(*atomic))
      return std::nullopt;
    read = atomic;
  }
  if (!read) return std::nullopt;
  const clang::VarDecl* seen = variableNamed(assignmentOf(*read)->getLHS());
  const clang::VarDecl* flag = variableNamed(assignmentOf(*read)->getRHS());
  if (!seen || !flag || !flag->getType()->isIntegerType()) return std::nullopt;
  std::string name = flag->getName().str();
  if (defaultMemoryOrderRequired(context)) {
    whyNot = "a thread waits on flag '" + name + "' under `requires atomic_default_mem_order`, which is not modelled";
    return std::nullopt;
  }
  const clang::Stmt* regionBody = region.getInnermostCapturedStmt()->getCapturedStmt();
  FlagWait wait;
  wait.flag = flag;
  wait.loop = &loop;
  std::int64_t value = 0;
  wait.write = flagWriteIn(flag, regionBody, parents, context, value, whyNot);
  if (!wait.write) return std::nullopt;
  // The loop goes on while `seen` is 0 (or not the value written), and `seen` is the region's own,
  // 0 before a while loop and written by the atomic read only.
  std::vector<const clang::Stmt*> seenWrites = writesOf(seen, regionBody);
  bool ownZero = seen->getDeclContext() != &function && seen->hasLocalStorage() &&
                 (llvm::isa<clang::DoStmt>(loop) || (seen->getInit() && constantOf(seen->getInit(), context) == 0));
  if (!waitsFor(condition, seen, value, context) || !ownZero || seenWrites.size() != 1 ||
      seenWrites.front() != assignmentOf(*read)) {
    whyNot = "a thread waits on flag '" + name + "' in a loop whose exit does not need the value the flag is set to";
    return std::nullopt;
  }
  if (!zeroAtEntry(flag, region, function, assignmentOf(*wait.write), context, whyNot)) return std::nullopt;
  wait.waiter = llvm::dyn_cast_or_null<clang::CompoundStmt>(parents.getParent(&loop));
  wait.writer = llvm::cast<clang::CompoundStmt>(parents.getParent(wait.write));
  if (!wait.waiter) {
    whyNot = "the loop waiting on flag '" + name + "' is not a statement of a block";
    return std::nullopt;
  }
  // The release: the write itself, or the last flush before it in its block.
  size_t writeIndex = indexIn(*wait.writer, wait.write);
  std::optional<size_t> release;
  if (releases(*wait.write)) release = writeIndex;
  for (size_t k = 0; !release && k < writeIndex; ++k)
    if (const clang::OMPFlushDirective* flush = flushWithoutList(wait.writer->body_begin()[writeIndex - 1 - k]);
        flush && flushReleases(*flush))
      release = writeIndex - 1 - k;
  // The acquire: the read itself, a flush after it in the loop, or the first flush after the loop.
  size_t loopIndex = indexIn(*wait.waiter, &loop);
  std::optional<size_t> acquire;
  if (acquires(*read) || flushAfterRead) acquire = loopIndex;
  for (size_t k = loopIndex + 1; !acquire && k < wait.waiter->size(); ++k)
    if (const clang::OMPFlushDirective* flush = flushWithoutList(wait.waiter->body_begin()[k]);
        flush && flushAcquires(*flush))
      acquire = k;
  wait.orders = release && acquire;
  if (release) wait.releasedBefore = *release;
  if (acquire) wait.acquiredAfter = *acquire;
  if (!release)
    wait.why = "the write of flag '" + name + "' is not a release (no release, acq_rel or seq_cst, no flush before it)";
  else if (!acquire)
    wait.why = "the read of flag '" + name + "' is not an acquire (no acquire, acq_rel or seq_cst, no flush after it)";
  return wait;
}

void placeAgainstFlagWaits(const clang::Stmt* statement, const std::vector<FlagWait>& waits,
                           const clang::ParentMap& parents, const std::vector<const clang::CallExpr*>& callChain,
                           RegionAccess& access) {
  size_t nextCall = callChain.size();
  const clang::Stmt* child = statement;
  while (child) {
    const clang::Stmt* parent = parents.getParent(child);
    if (!parent) {
      // The top of a callee's body: go on from its call.
      if (nextCall == 0) return;
      child = callChain[--nextCall];
      continue;
    }
    for (size_t k = 0; k < waits.size(); ++k) {
      const FlagWait& wait = waits[k];
      if (!wait.orders) continue;
      int index = static_cast<int>(k);
      if (child == wait.write) access.flagWrites.push_back(index);
      if (parent == wait.writer && indexIn(*wait.writer, child) < wait.releasedBefore)
        access.flagReleases.push_back(index);
      if (parent == wait.waiter && indexIn(*wait.waiter, child) > wait.acquiredAfter)
        access.flagAcquires.push_back(index);
    }
    child = parent;
  }
}

}  // namespace adrace::analyzer
