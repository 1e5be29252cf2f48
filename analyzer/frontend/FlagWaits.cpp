#include "analyzer/frontend/FlagWaits.h"

#include <clang/AST/DeclOpenMP.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <tuple>
#include <set>

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

constexpr unsigned kNoParameter = ~0u;  // a wait function that takes no flag (WaitFunction)

// The statements that write `variable`: assign, increment it or take its address. The address
// passed to a function that only waits on what it points to (`wait_for(&ready)`, `waitFunction`'s
// parameter `waitParameter`) writes nothing.
struct Writes : clang::RecursiveASTVisitor<Writes> {
  const clang::VarDecl* variable = nullptr;
  const clang::FunctionDecl* waitFunction = nullptr;
  unsigned waitParameter = kNoParameter;
  std::vector<const clang::Stmt*> found;
  std::set<const clang::Stmt*> excused;
  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (waitFunction && callee && callee->getCanonicalDecl() == waitFunction->getCanonicalDecl() &&
        waitParameter < call->getNumArgs())
      excused.insert(call->getArg(waitParameter)->IgnoreParenImpCasts());
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp() && variableNamed(op->getLHS()) == variable) found.push_back(op);
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if ((op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) &&
        variableNamed(op->getSubExpr()) == variable && !excused.count(op))
      found.push_back(op);
    return true;
  }
};

std::vector<const clang::Stmt*> writesOf(const clang::VarDecl* variable, const clang::Stmt* root,
                                         const clang::FunctionDecl* waitFunction = nullptr,
                                         unsigned waitParameter = kNoParameter) {
  Writes writes;
  writes.variable = variable;
  writes.waitFunction = waitFunction;
  writes.waitParameter = waitParameter;
  writes.TraverseStmt(const_cast<clang::Stmt*>(root));
  return writes.found;
}

// Everywhere in the file: functions, methods and lambdas, initialisers of other variables.
std::vector<const clang::Stmt*> writesInUnit(const clang::VarDecl* variable, clang::ASTContext& context,
                                             const clang::FunctionDecl* waitFunction, unsigned waitParameter) {
  Writes writes;
  writes.variable = variable;
  writes.waitFunction = waitFunction;
  writes.waitParameter = waitParameter;
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

// A function whose body waits on the flag its parameter `parameter` points to (`function` null:
// none; `parameter` kNoParameter: it names a file-scope flag itself).
struct WaitFunction {
  const clang::FunctionDecl* function = nullptr;
  unsigned parameter = kNoParameter;
};

// Whether the flag holds 0 where the region starts, each time it starts: a local of the region's
// function set to 0 by its declaration with no loop between it and the region, or a file-scope
// variable initialised to 0 and a region of `main` outside any loop; and no write of it but `write`
// (the address passed to `wait`'s flag parameter aside, and `reset`, a waiter's reset to 0).
bool zeroAtEntry(const clang::VarDecl* flag, const clang::OMPExecutableDirective& region,
                 const clang::FunctionDecl& function, const clang::Stmt* write, const clang::Stmt* reset,
                 const WaitFunction& wait, clang::ASTContext& context, std::string& whyNot) {
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
    writes = writesInUnit(flag, context, wait.function, wait.parameter);
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
    writes = writesOf(flag, function.getBody(), wait.function, wait.parameter);
  }
  writes.erase(std::remove(writes.begin(), writes.end(), reset), writes.end());  // the waiter's reset to 0
  if (writes.size() != 1 || writes.front() != write) {
    whyNot = "flag '" + name + "' is written elsewhere than in one atomic write or update";
    return false;
  }
  return true;
}

// How one atomic construct writes the flag: stores a constant (`atomic write  flag = c;`), or adds
// one to it (`atomic update  flag++;`, `flag += 1`, `flag = flag + 1`; `atomic capture  v = flag++;`
// or `{ v = flag; flag++; }`), the constant `value` then being what it adds.
struct FlagWrite {
  const clang::Expr* expression = nullptr;  // the expression that writes the flag
  bool increment = false;
  std::int64_t value = 0;
};

// `flag += c`, `flag = flag + c`, `flag = c + flag`, `flag++`, `++flag` (c, or 1).
std::optional<FlagWrite> incrementOf(const clang::Expr* expression, const clang::VarDecl* flag,
                                     const clang::ASTContext& context) {
  expression = expression->IgnoreParenImpCasts();
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expression)) {
    if (!unary->isIncrementOp() || variableNamed(unary->getSubExpr()) != flag) return std::nullopt;
    return FlagWrite{unary, true, 1};
  }
  auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expression);
  if (!binary || variableNamed(binary->getLHS()) != flag) return std::nullopt;
  std::optional<std::int64_t> added;
  if (binary->getOpcode() == clang::BO_AddAssign) added = constantOf(binary->getRHS(), context);
  if (binary->getOpcode() == clang::BO_Assign)
    if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(binary->getRHS()->IgnoreParenImpCasts());
        sum && sum->getOpcode() == clang::BO_Add) {
      if (variableNamed(sum->getLHS()) == flag) added = constantOf(sum->getRHS(), context);
      if (variableNamed(sum->getRHS()) == flag) added = constantOf(sum->getLHS(), context);
    }
  if (!added) return std::nullopt;
  return FlagWrite{binary, true, *added};
}

// How `atomic` writes `flag`, when it does in one of the shapes FlagWrite says; `writes` tells
// whether it writes the flag at all.
std::optional<FlagWrite> flagWriteOf(const clang::OMPAtomicDirective& atomic, const clang::VarDecl* flag,
                                     const clang::ASTContext& context, bool& writes) {
  writes = !writesOf(flag, atomic.getAssociatedStmt()).empty();
  if (!writes) return std::nullopt;
  if (atomic.getSingleClause<clang::OMPWriteClause>()) {
    const clang::BinaryOperator* assignment = assignmentOf(atomic);
    std::optional<std::int64_t> stored = assignment && variableNamed(assignment->getLHS()) == flag
                                             ? constantOf(assignment->getRHS(), context)
                                             : std::nullopt;
    if (!stored) return std::nullopt;
    return FlagWrite{assignment, false, *stored};
  }
  if (atomic.getSingleClause<clang::OMPReadClause>() || atomic.getSingleClause<clang::OMPCompareClause>())
    return std::nullopt;
  const clang::Stmt* held = atomic.getAssociatedStmt();
  while (auto* captured = llvm::dyn_cast_or_null<clang::CapturedStmt>(held)) held = captured->getCapturedStmt();
  std::vector<const clang::Expr*> parts;
  if (auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(held)) {
    for (const clang::Stmt* part : block->body())
      if (auto* expression = llvm::dyn_cast<clang::Expr>(part)) parts.push_back(expression);
  } else if (auto* expression = llvm::dyn_cast_or_null<clang::Expr>(held)) {
    parts.push_back(expression);
  }
  bool capture = atomic.getSingleClause<clang::OMPCaptureClause>();
  std::optional<FlagWrite> found;
  for (const clang::Expr* part : parts) {
    // `v = flag++` (capture): the increment is the right-hand side; `v = flag` only reads.
    if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(part->IgnoreParenImpCasts());
        capture && assignment && assignment->getOpcode() == clang::BO_Assign &&
        variableNamed(assignment->getLHS()) != flag) {
      if (writesOf(flag, assignment->getRHS()).empty()) continue;
      part = assignment->getRHS();
    }
    std::optional<FlagWrite> increment = incrementOf(part, flag, context);
    if (!increment || found) return std::nullopt;
    found = increment;
  }
  return found;
}

// The one atomic construct of the region that writes the flag, in one of the shapes FlagWrite
// says (a store of a constant other than 0, or an increment by a constant other than 0), a
// statement of a block outside any loop of the region.
const clang::OMPAtomicDirective* flagWriteIn(const clang::VarDecl* flag, const clang::Stmt* body,
                                             const clang::ParentMap& parents, const clang::ASTContext& context,
                                             const clang::OMPAtomicDirective* consumer, FlagWrite& shape,
                                             std::string& whyNot) {
  struct Atomics : clang::RecursiveASTVisitor<Atomics> {
    std::vector<const clang::OMPAtomicDirective*> found;
    bool VisitOMPAtomicDirective(clang::OMPAtomicDirective* atomic) {
      found.push_back(atomic);
      return true;
    }
  } atomics;
  atomics.TraverseStmt(const_cast<clang::Stmt*>(body));
  std::string name = flag->getName().str();
  const clang::OMPAtomicDirective* write = nullptr;
  std::optional<FlagWrite> written;
  for (const clang::OMPAtomicDirective* atomic : atomics.found) {
    if (atomic == consumer) continue;  // the waiter's reset to 0 (WaitLoop::reset)
    bool writes = false;
    std::optional<FlagWrite> shapeOf = flagWriteOf(*atomic, flag, context, writes);
    if (!writes) continue;
    if (!shapeOf || write) {
      whyNot = "flag '" + name +
               "' is written other than by one atomic write of a constant or one atomic update adding a constant";
      return nullptr;
    }
    write = atomic;
    written = shapeOf;
  }
  if (!written || written->value == 0) {
    whyNot = "flag '" + name + "' is not set to a constant other than 0 by an atomic write or update";
    return nullptr;
  }
  if (!llvm::isa_and_nonnull<clang::CompoundStmt>(parents.getParent(write)) || insideLoopBelow(write, body, parents)) {
    whyNot = "the atomic write of flag '" + name + "' is not a statement of a block outside loops";
    return nullptr;
  }
  shape = *written;
  return write;
}

// How many writes of the flag the waiter's exit needs, when `condition` (the loop goes on while it
// holds) makes it leave only after reading a value those writes made: the flag is 0 before them.
// Any write makes it non-zero (`!seen`, `seen == 0`: one write); a stored constant c is read only
// after the store (`seen != c`); a counter every write increments by one reaches V only after V
// writes (`seen != V`, `seen < V`, `seen <= V - 1`, mirrored too).
std::optional<std::int64_t> writesNeeded(const clang::Expr* condition, const clang::VarDecl* seen,
                                         const FlagWrite& write, const clang::ASTContext& context) {
  condition = condition->IgnoreParenImpCasts();
  if (auto* negation = llvm::dyn_cast<clang::UnaryOperator>(condition)) {
    if (negation->getOpcode() == clang::UO_LNot && variableNamed(negation->getSubExpr()) == seen) return 1;
    return std::nullopt;
  }
  auto* comparison = llvm::dyn_cast<clang::BinaryOperator>(condition);
  if (!comparison || !comparison->isComparisonOp()) return std::nullopt;
  clang::BinaryOperatorKind op = comparison->getOpcode();
  const clang::Expr* other = nullptr;
  if (variableNamed(comparison->getLHS()) == seen) {
    other = comparison->getRHS();
  } else if (variableNamed(comparison->getRHS()) == seen) {
    other = comparison->getLHS();
    op = clang::BinaryOperator::reverseComparisonOp(op);  // `V > seen` is `seen < V`
  }
  std::optional<std::int64_t> constant = other ? constantOf(other, context) : std::nullopt;
  if (!constant) return std::nullopt;
  if (op == clang::BO_EQ) return *constant == 0 ? std::optional<std::int64_t>(1) : std::nullopt;
  if (!write.increment)
    return op == clang::BO_NE && *constant == write.value ? std::optional<std::int64_t>(1) : std::nullopt;
  if (write.value != 1) return std::nullopt;  // a counter: each write adds one
  std::int64_t needed = op == clang::BO_NE || op == clang::BO_LT ? *constant : op == clang::BO_LE ? *constant + 1 : 0;
  if (needed < 1) return std::nullopt;
  return needed;
}

// The loop's reading of the flag: its body is one `atomic read  seen = FLAG;` (or one
// `atomic capture  { seen = FLAG; FLAG = 0; }`, which reads and resets it) with flushes without a
// list around it. FLAG is a variable, or `*p` of a pointer parameter of a called function.
struct WaitLoop {
  const clang::OMPAtomicDirective* read = nullptr;
  const clang::BinaryOperator* readAssignment = nullptr;  // `seen = FLAG`
  // A read that consumes the flag, `atomic capture  { seen = FLAG; FLAG = 0; }`: the reset, which
  // stores the value the flag holds before any write and so never lets a waiter leave.
  const clang::BinaryOperator* reset = nullptr;
  const clang::VarDecl* seen = nullptr;
  const clang::Expr* flag = nullptr;  // as the read names it
  const clang::Expr* condition = nullptr;
  bool flushAfterRead = false;
  bool isDo = false;  // a do/while reads before it tests
};

// `atomic capture  { seen = FLAG; FLAG = 0; }`: the read and the reset, FLAG a variable.
std::optional<std::pair<const clang::BinaryOperator*, const clang::BinaryOperator*>> readAndResetOf(
    const clang::OMPAtomicDirective& atomic) {
  if (!atomic.getSingleClause<clang::OMPCaptureClause>()) return std::nullopt;
  const clang::Stmt* held = atomic.getAssociatedStmt();
  while (auto* captured = llvm::dyn_cast_or_null<clang::CapturedStmt>(held)) held = captured->getCapturedStmt();
  auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(held);
  if (!block || block->size() != 2) return std::nullopt;
  auto assignment = [](const clang::Stmt* part) {
    auto* expression = llvm::dyn_cast<clang::Expr>(part);
    auto* binary =
        llvm::dyn_cast_or_null<clang::BinaryOperator>(expression ? expression->IgnoreParenImpCasts() : nullptr);
    return binary && binary->getOpcode() == clang::BO_Assign ? binary : nullptr;
  };
  const clang::BinaryOperator* read = assignment(block->body_front());
  const clang::BinaryOperator* reset = assignment(block->body_back());
  const clang::VarDecl* flag = read ? variableNamed(read->getRHS()) : nullptr;
  auto* zero = reset ? llvm::dyn_cast<clang::IntegerLiteral>(reset->getRHS()->IgnoreParenCasts()) : nullptr;
  if (!flag || !zero || !zero->getValue().isZero() || variableNamed(reset->getLHS()) != flag) return std::nullopt;
  return std::make_pair(read, reset);
}

std::optional<WaitLoop> waitLoopOf(const clang::Stmt& loop) {
  WaitLoop wait;
  const clang::Stmt* body = nullptr;
  if (auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(&loop)) {
    body = whileLoop->getBody();
    wait.condition = whileLoop->getCond();
  } else if (auto* doLoop = llvm::dyn_cast<clang::DoStmt>(&loop)) {
    body = doLoop->getBody();
    wait.condition = doLoop->getCond();
    wait.isDo = true;
  } else {
    return std::nullopt;
  }
  std::vector<const clang::Stmt*> statements;
  if (auto* block = llvm::dyn_cast<clang::CompoundStmt>(body))
    statements.assign(block->body_begin(), block->body_end());
  else
    statements.push_back(body);
  for (const clang::Stmt* statement : statements) {
    if (llvm::isa<clang::NullStmt>(statement)) continue;
    if (const clang::OMPFlushDirective* flush = flushWithoutList(statement)) {
      wait.flushAfterRead |= wait.read && flushAcquires(*flush);
      continue;
    }
    auto* atomic = llvm::dyn_cast<clang::OMPAtomicDirective>(statement);
    if (!atomic || wait.read) return std::nullopt;
    if (atomic->getSingleClause<clang::OMPReadClause>() && assignmentOf(*atomic)) {
      wait.readAssignment = assignmentOf(*atomic);
    } else if (std::optional<std::pair<const clang::BinaryOperator*, const clang::BinaryOperator*>> consumed =
                   readAndResetOf(*atomic)) {
      std::tie(wait.readAssignment, wait.reset) = *consumed;
    } else {
      return std::nullopt;
    }
    wait.read = atomic;
  }
  if (!wait.read) return std::nullopt;
  wait.seen = variableNamed(wait.readAssignment->getLHS());
  wait.flag = wait.readAssignment->getRHS()->IgnoreParenImpCasts();
  if (!wait.seen || !wait.flag->getType()->isIntegerType()) return std::nullopt;
  return wait;
}

// The pointer parameter `*p` names.
const clang::ParmVarDecl* pointeeParameter(const clang::Expr* flag) {
  auto* deref = llvm::dyn_cast<clang::UnaryOperator>(flag);
  if (!deref || deref->getOpcode() != clang::UO_Deref) return nullptr;
  auto* use = llvm::dyn_cast<clang::DeclRefExpr>(deref->getSubExpr()->IgnoreParenImpCasts());
  return use ? llvm::dyn_cast<clang::ParmVarDecl>(use->getDecl()) : nullptr;
}

// A function whose body only waits on a flag (`wait_for(&ready)`): declarations initialised to
// constants (or not at all), the waiting loop, flushes without a list after it.
struct WaitBody {
  const clang::Stmt* loop = nullptr;
  bool flushAfterLoop = false;
};

std::optional<WaitBody> waitBodyOf(const clang::FunctionDecl& callee) {
  auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(callee.getBody());
  if (!body) return std::nullopt;
  WaitBody wait;
  for (const clang::Stmt* statement : body->body()) {
    if (auto* decls = llvm::dyn_cast<clang::DeclStmt>(statement)) {
      for (const clang::Decl* decl : decls->decls()) {
        auto* variable = llvm::dyn_cast<clang::VarDecl>(decl);
        if (!variable || (variable->getInit() && !variable->getInit()->isEvaluatable(callee.getASTContext())))
          return std::nullopt;
      }
      if (wait.loop) return std::nullopt;
      continue;
    }
    if (llvm::isa<clang::NullStmt>(statement)) continue;
    if (const clang::OMPFlushDirective* flush = flushWithoutList(statement)) {
      wait.flushAfterLoop |= wait.loop && flushAcquires(*flush);
      continue;
    }
    if (wait.loop || !(llvm::isa<clang::WhileStmt>(statement) || llvm::isa<clang::DoStmt>(statement)))
      return std::nullopt;
    wait.loop = statement;
  }
  if (!wait.loop) return std::nullopt;
  return wait;
}

// The flag wait of `loop`, read as `reading`: `waiting` is the statement of the region that waits
// (the loop, or the call of a function whose body is the loop), `flag` what the read names in the
// region, `acquiredInside` whether the acquire happens before `waiting` ends.
std::optional<FlagWait> flagWaitOf(const WaitLoop& reading, const clang::VarDecl* flag, const clang::Stmt& waiting,
                                   bool acquiredInside, const WaitFunction& waitFunction,
                                   const clang::OMPExecutableDirective& region, const clang::FunctionDecl& function,
                                   const clang::ParentMap& parents, clang::ASTContext& context, std::string& whyNot) {
  if (!flag || !flag->getType()->isIntegerType()) return std::nullopt;
  std::string name = flag->getName().str();
  if (defaultMemoryOrderRequired(context)) {
    whyNot = "a thread waits on flag '" + name + "' under `requires atomic_default_mem_order`, which is not modelled";
    return std::nullopt;
  }
  const clang::Stmt* regionBody = region.getInnermostCapturedStmt()->getCapturedStmt();
  FlagWait wait;
  wait.flag = flag;
  wait.loop = &waiting;
  FlagWrite written;
  wait.write = flagWriteIn(flag, regionBody, parents, context, reading.reset ? reading.read : nullptr, written, whyNot);
  if (!wait.write) return std::nullopt;
  // The loop goes on until the flag holds what the writes make, and `seen` is the waiter's own, 0
  // before a while loop and written by the atomic read only.
  const clang::VarDecl* seen = reading.seen;
  std::vector<const clang::Stmt*> seenWrites =
      writesOf(seen, waitFunction.function ? waitFunction.function->getBody() : regionBody);
  bool ownZero = seen->getDeclContext() != &function && seen->hasLocalStorage() &&
                 (reading.isDo || (seen->getInit() && constantOf(seen->getInit(), context) == 0));
  std::optional<std::int64_t> needed = writesNeeded(reading.condition, seen, written, context);
  // A waiter that resets a counter would count its own resets: only a stored constant is consumed.
  if (reading.reset && written.increment) needed = std::nullopt;
  if (!needed || !ownZero || seenWrites.size() != 1 || seenWrites.front() != reading.readAssignment) {
    whyNot = "a thread waits on flag '" + name + "' in a loop whose exit does not need the value the flag is set to";
    return std::nullopt;
  }
  wait.writesNeeded = *needed;
  if (!zeroAtEntry(flag, region, function, written.expression, reading.reset, waitFunction, context, whyNot))
    return std::nullopt;
  wait.waiter = llvm::dyn_cast_or_null<clang::CompoundStmt>(parents.getParent(&waiting));
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
  // The acquire: the read itself, a flush after it in the loop (or after the loop in the waiting
  // function), or the first flush after the waiting statement in its block.
  size_t waitIndex = indexIn(*wait.waiter, &waiting);
  std::optional<size_t> acquire;
  if (acquires(*reading.read) || reading.flushAfterRead || acquiredInside) acquire = waitIndex;
  for (size_t k = waitIndex + 1; !acquire && k < wait.waiter->size(); ++k)
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

}  // namespace

std::optional<FlagWait> recogniseFlagWait(const clang::Stmt& loop, const clang::OMPExecutableDirective& region,
                                          const clang::FunctionDecl& function, const clang::ParentMap& parents,
                                          clang::ASTContext& context, std::string& whyNot) {
  whyNot =
      "a thread waits in a loop on a flag (an atomic read or a flush inside the loop) in a shape not modelled "
      "(docs/check.md, Flag waits)";
  std::optional<WaitLoop> reading = waitLoopOf(loop);
  if (!reading) return std::nullopt;
  return flagWaitOf(*reading, variableNamed(reading->flag), loop, false, {}, region, function, parents, context,
                    whyNot);
}

std::optional<FlagWait> recogniseCalledFlagWait(const clang::CallExpr& call,
                                                const clang::OMPExecutableDirective& region,
                                                const clang::FunctionDecl& function, const clang::ParentMap& parents,
                                                clang::ASTContext& context, std::string& whyNot) {
  const clang::FunctionDecl* callee = call.getDirectCallee();
  const clang::FunctionDecl* definition = nullptr;
  std::string name = callee ? callee->getNameAsString() : "?";
  whyNot = "a thread waits in a loop on a flag (an atomic read or a flush inside the loop) in called function '" +
           name + "' in a shape not modelled (docs/check.md, Flag waits)";
  if (!callee || !callee->hasBody(definition)) return std::nullopt;
  std::optional<WaitBody> body = waitBodyOf(*definition);
  std::optional<WaitLoop> reading = body ? waitLoopOf(*body->loop) : std::nullopt;
  if (!reading) return std::nullopt;
  // The flag: a file-scope variable, or what the call passes for the pointer parameter read as `*p`.
  WaitFunction waitFunction{definition, kNoParameter};
  const clang::VarDecl* flag = variableNamed(reading->flag);
  if (flag && !flag->isFileVarDecl()) return std::nullopt;
  if (const clang::ParmVarDecl* parameter = pointeeParameter(reading->flag)) {
    waitFunction.parameter = parameter->getFunctionScopeIndex();
    if (!writesOf(parameter, definition->getBody()).empty() || waitFunction.parameter >= call.getNumArgs())
      return std::nullopt;
    auto* address = llvm::dyn_cast<clang::UnaryOperator>(call.getArg(waitFunction.parameter)->IgnoreParenImpCasts());
    if (!address || address->getOpcode() != clang::UO_AddrOf) return std::nullopt;
    flag = variableNamed(address->getSubExpr());
  }
  if (!parents.getParent(&call) || !llvm::isa<clang::CompoundStmt>(parents.getParent(&call))) {
    whyNot = "the call of '" + name + "', which waits on a flag, is not a statement of a block of the region";
    return std::nullopt;
  }
  return flagWaitOf(*reading, flag, call, body->flushAfterLoop, waitFunction, region, function, parents, context,
                    whyNot);
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
