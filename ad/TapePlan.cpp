// Save-on-kill planning (Tapenade's to-be-recorded analysis, per variable, and per element for
// arrays only read by read-modify-writes): neededBackward = the
// primal values the backward sweep reads (partials of nonlinear statements, subscripts, branch
// conditions, loop bounds, and the targets of its own pops); neededForward = their closure under the
// forward sweep's data flow. A forward-sweep assignment is emitted only if it writes a neededForward
// variable, and pushes the old value only if the variable is in neededBackward and, for a local,
// something before the kill in its scope reads it backwards (savesBeforeKill): linear kernels get
// no forward sweep and no tape at all.
//
// Recompute instead of store (the other side of Tapenade's trade-off): a needed local whose value
// can be rebuilt cheaply from values that do not change is recomputed in the backward sweep, so it
// costs neither a push nor a pop, and the forward sweep computes it only if it needs it itself; a
// loop whose iterations read only values that do not change is recomputed iteration by iteration.
#include "ad/TapePlan.h"
#include "ad/ThreadSlots.h"

#include "ad/Sweeps.h"

#include "ad/PassiveCalls.h"

#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/SingleDefinitions.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <functional>

namespace adrace::ad {
namespace {

// The counters of a function body's for loops and every variable it writes (assignments, ++, --),
// inside OpenMP directives too (a RecursiveASTVisitor enters their captured statements, which
// Stmt::children() does not).
class WriteFinder : public clang::RecursiveASTVisitor<WriteFinder> {
 public:
  bool VisitForStmt(clang::ForStmt* loop) {
    loops.push_back(loop);
    // A counter that keeps its exit value (LoopCounters.h) is a variable like any other.
    if (const clang::VarDecl* counter = loopCounter(loop); counter && !exitValue.count(counter))
      counters.insert(counter);
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator* binary) {
    if (binary->isAssignmentOp()) written.insert(baseVariable(binary->getLHS()));
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* unary) {
    if (unary->isIncrementDecrementOp()) written.insert(baseVariable(unary->getSubExpr()));
    return true;
  }
  explicit WriteFinder(const std::set<const clang::VarDecl*>& exitValue) : exitValue(exitValue) {}
  const std::set<const clang::VarDecl*>& exitValue;
  std::vector<const clang::ForStmt*> loops;  // outer before inner
  std::set<const clang::VarDecl*> counters, written;
};

// A parameter or function-scope local the function never writes (its initializer aside) and no
// parallel region privatises: the same value everywhere in both sweeps.
bool unchanging(const AdjointContext& context, const WriteFinder& function, const clang::VarDecl* var) {
  const VariableInfo* info = context.variable(var);
  bool functionScope = info && (info->parameter || info->global || info->scope == context.body());
  return functionScope && !context.regionPrivate.count(var) && !function.written.count(var);
}

// What one loop body declares, reads and writes. A variable is read unless it only appears as the
// base of the left side of a plain `=` (x in x[i] = ...: its subscripts are read).
class BodyAccesses : public clang::RecursiveASTVisitor<BodyAccesses> {
 public:
  bool VisitVarDecl(clang::VarDecl* var) {
    declared.insert(var);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()); var && !storedOnly.count(ref)) read.insert(var);
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator* binary) {  // visited before its operands
    if (!binary->isAssignmentOp()) return true;
    written.insert(baseVariable(binary->getLHS()));
    if (binary->getOpcode() == clang::BO_Assign) storedOnly.insert(baseReference(binary->getLHS()));
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* unary) {
    if (unary->isIncrementDecrementOp()) written.insert(baseVariable(unary->getSubExpr()));
    return true;
  }
  std::set<const clang::VarDecl*> declared, read, written;

 private:
  static const clang::DeclRefExpr* baseReference(const clang::Expr* lhs) { return leafReference(lhs); }
  std::set<const clang::DeclRefExpr*> storedOnly;
};

bool callsAFunction(const clang::Stmt* statement) {
  if (!statement) return false;
  if (llvm::isa<clang::CallExpr>(statement)) return true;
  for (const clang::Stmt* child : statement->children())
    if (callsAFunction(child)) return true;
  return false;
}

bool callsPassive(const clang::Stmt* statement) {
  if (!statement) return false;
  if (auto* call = llvm::dyn_cast<clang::CallExpr>(statement); call && isPassiveStatementCall(directCalleeName(call)))
    return true;
  for (const clang::Stmt* child : statement->children())
    if (callsPassive(child)) return true;
  return false;
}

// The variables whose values come from a passive query (omp_get_wtime(), omp_get_thread_num()),
// directly or through other assignments: the backward sweep must not read them (PassiveCalls.h).
class QueryValues : public clang::RecursiveASTVisitor<QueryValues> {
 public:
  bool VisitVarDecl(clang::VarDecl* var) {
    if (var->getInit()) flow(var, var->getInit());
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator* binary) {
    if (binary->isAssignmentOp()) flow(baseVariable(binary->getLHS()), binary->getRHS());
    return true;
  }
  std::map<const clang::VarDecl*, const clang::Expr*> from;  // a variable, and where a query's value reached it
  bool grew = false;

 private:
  void flow(const clang::VarDecl* target, const clang::Expr* value) {
    if (!target || from.count(target)) return;
    if (passiveQueryIn(value)) {
      from[target] = value;
      grew = true;
      return;
    }
    std::set<const clang::VarDecl*> reads;
    collectVariables(value, reads);
    for (const clang::VarDecl* read : reads)
      if (from.count(read)) {
        from[target] = value;
        grew = true;
        return;
      }
  }
};

// Where a variable is mentioned in a function's statements, OpenMP clauses left out (`private(p)`
// names p without reading or writing it).
class Mentions : public clang::RecursiveASTVisitor<Mentions> {
 public:
  explicit Mentions(const clang::VarDecl* variable) : variable_(variable) {}
  bool TraverseOMPClause(clang::OMPClause*) { return true; }
  bool VisitDeclRefExpr(clang::DeclRefExpr* reference) {
    if (reference->getDecl() == variable_) at.push_back(reference->getBeginLoc());
    return true;
  }
  std::vector<clang::SourceLocation> at;

 private:
  const clang::VarDecl* variable_;
};

// C89 temporaries (`p = IDX(k, j, i);`, `laplacian = ...;`): a scalar that a loop body assigns once,
// on its root, before any read there (analyzer::singleDefinitionsOf), and that nothing outside the
// body mentions, holds at each of its reads the value that assignment gave it in the same iteration.
std::map<const clang::VarDecl*, const clang::BinaryOperator*> loopBodyDefinitions(
    const AdjointContext& context, const std::vector<const clang::ForStmt*>& loops) {
  std::map<const clang::VarDecl*, const clang::BinaryOperator*> found;
  const clang::SourceManager& sources = context.ast.getSourceManager();
  for (const clang::ForStmt* loop : loops) {
    auto* body = llvm::dyn_cast<clang::CompoundStmt>(context.loopBody(loop));
    if (!body) continue;
    const std::vector<std::string> single = analyzer::singleDefinitionsOf(*body);
    for (const clang::Stmt* child : body->body()) {
      auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(child);
      if (!assignment || assignment->getOpcode() != clang::BO_Assign) continue;
      auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(assignment->getLHS()->IgnoreParenImpCasts());
      auto* var = reference ? llvm::dyn_cast<clang::VarDecl>(reference->getDecl()) : nullptr;
      const VariableInfo* info = var ? context.variable(var) : nullptr;
      if (!info || info->parameter || info->global ||
          std::find(single.begin(), single.end(), var->getNameAsString()) == single.end())
        continue;
      Mentions mentions(var);
      mentions.TraverseStmt(const_cast<clang::Stmt*>(context.function.getBody()));
      bool onlyInBody = true;
      for (clang::SourceLocation at : mentions.at)
        onlyInBody = onlyInBody &&
                     sources.isPointWithin(sources.getExpansionLoc(at), sources.getExpansionLoc(body->getBeginLoc()),
                                           sources.getExpansionLoc(body->getEndLoc()));
      if (onlyInBody) found[var] = assignment;
    }
  }
  return found;
}

// Whether `var` lives only inside one iteration of `body`, as a local declared there would: a
// top-level statement `var = value;` (value not reading var) comes before any other mention of var in
// the body, and nothing outside the body mentions it (a C89 accumulator, `acc = 0.0; for (k...) acc
// += ...;` with `private(acc)`): no iteration reads what another left, and no statement after the
// loop reads what the last one left.
bool iterationLocal(const AdjointContext& context, const clang::CompoundStmt& body, const clang::VarDecl* var) {
  // (a global or a static local keeps its value for the next call, or for other functions)
  if (!var->isLocalVarDecl() || var->isStaticLocal() || !var->getType()->isArithmeticType()) return false;
  const clang::SourceManager& sources = context.ast.getSourceManager();
  auto inside = [&](clang::SourceLocation at, const clang::Stmt& statement) {
    return sources.isPointWithin(sources.getExpansionLoc(at), sources.getExpansionLoc(statement.getBeginLoc()),
                                 sources.getExpansionLoc(statement.getEndLoc()));
  };
  Mentions everywhere(var);
  everywhere.TraverseStmt(const_cast<clang::Stmt*>(context.function.getBody()));
  for (clang::SourceLocation at : everywhere.at)
    if (!inside(at, body)) return false;
  for (const clang::Stmt* child : body.body()) {
    Mentions here(var);
    here.TraverseStmt(const_cast<clang::Stmt*>(child));
    if (here.at.empty()) continue;
    auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(child);
    auto* target = assignment && assignment->getOpcode() == clang::BO_Assign
                       ? llvm::dyn_cast<clang::DeclRefExpr>(assignment->getLHS()->IgnoreParenImpCasts())
                       : nullptr;
    return target && target->getDecl() == var && here.at.size() == 1;  // the first mention: the assignment alone
  }
  return false;
}

// A thread's number or its team's size, asked inside a team region: the region's backward sweep runs
// the same team (ThreadSlots.h), where the value the variable kept is the thread's own again.
bool teamNumbering(const AdjointContext& context, const clang::Expr* value) {
  const clang::CallExpr* query = passiveQueryIn(value);
  if (!query || value->IgnoreParenImpCasts() != query) return false;
  const std::string name = directCalleeName(query);
  return (name == "omp_get_thread_num" || name == "omp_get_num_threads") && insideTeamRegion(context, value);
}

// Finds the plan: the recomputable locals first, then the needed sets as a fixpoint over the body
// (the sweeps, reading the plan as it grows, say what each statement would emit), then the loops
// whose iterations are recomputed.
class TapePlanner {
 public:
  TapePlanner(AdjointContext& context, TapePlan& plan) : context_(context), plan_(plan), sweeps_(context, plan) {}
  void run();

 private:
  void findRecomputable();
  void findRecomputedLoops();
  // A variable holding a passive query's value (PassiveCalls.h) that the backward sweep reads: unsupported.
  void refuseQueryValuesReadBackward();
  bool planStatement(const clang::Stmt* statement);  // returns true if the needed sets grew
  static bool addNeeded(std::set<const clang::VarDecl*>& set, const std::set<const clang::VarDecl*>& more);
  // A pointer alias and its array added to a set that holds either (PointerAliases.h); true if it grew.
  bool joinAliases(std::set<const clang::VarDecl*>& set);

  AdjointContext& context_;
  TapePlan& plan_;
  const Sweeps sweeps_;  // its questions, and those of its reads(), read plan_
};

}  // namespace

void TapePlanner::refuseQueryValuesReadBackward() {
  QueryValues values;
  do {
    values.grew = false;
    values.TraverseStmt(const_cast<clang::Stmt*>(context_.function.getBody()));
  } while (values.grew);
  for (const auto& [var, at] : values.from)
    if (plan_.neededBackward.count(var) && !teamNumbering(context_, at))
      context_.unsupported(
          at->getBeginLoc(),
          "'" + var->getNameAsString() + "' holds the value of an OpenMP query or timer and the derivative reads it");
}

// Recomputable: a scalar local of a nested scope (e.g. a loop body) defined once, by its
// initializer, which calls no function (a pop is cheaper than sin or exp) and reads only
//   - variables the function never writes (read-only parameters and arrays, function-scope locals
//     set only by their initializer, which the forward sweep computes before any loop),
//   - counters of loops (their bodies cannot write them: SupportCheck), and
//   - other recomputable locals.
// Such a local holds the same value wherever it is in scope, in either sweep, so the backward sweep
// re-evaluates its initializer at the top of the scope instead of popping it (the green_gauss edge
// loop: the nodes i, j from the index array e2n and the face value from dv). A C89 temporary
// (loopBodyDefinitions) is a candidate with its assignment's right side for the initializer: the
// backward iteration of its loop body evaluates the assignment again at its top (stencil3d7's p and
// laplacian).
void TapePlanner::findRecomputable() {
  const clang::Stmt* body = context_.body();
  WriteFinder finder(context_.exitValueCounters);
  finder.TraverseStmt(const_cast<clang::Stmt*>(body));
  joinAliases(finder.written);
  const std::set<const clang::VarDecl*>& counters = finder.counters;
  std::set<const clang::VarDecl*>& candidates = plan_.recomputable;
  for (const auto& [var, info] : context_.variables)
    if (!info.parameter && info.scope != body && !counters.count(var) && var->getType()->isScalarType() &&
        var->getInit() && !callsAFunction(var->getInit()) && !finder.written.count(var))
      candidates.insert(var);
  for (const auto& [var, assignment] : loopBodyDefinitions(context_, finder.loops))
    if (!counters.count(var) && !callsAFunction(assignment->getRHS())) {
      plan_.recomputedDefinitions[var] = assignment;
      candidates.insert(var);
    }
  auto value = [&](const clang::VarDecl* var) {
    auto definition = plan_.recomputedDefinitions.find(var);
    return definition != plan_.recomputedDefinitions.end() ? definition->second->getRHS() : var->getInit();
  };
  for (bool shrunk = true; shrunk;) {  // greatest fixpoint: drop a candidate that reads a changing value
    shrunk = false;
    for (auto it = candidates.begin(); it != candidates.end();) {
      std::set<const clang::VarDecl*> reads;
      collectVariables(value(*it), reads);
      bool stable = true;
      for (const clang::VarDecl* read : reads)
        stable &= unchanging(context_, finder, read) || counters.count(read) || candidates.count(read);
      if (stable) {
        ++it;
      } else {
        plan_.recomputedDefinitions.erase(*it);
        it = candidates.erase(it);
        shrunk = true;
      }
    }
  }
}

// Recomputed iterations (Tapenade's "recompute" applied to a whole loop body, as a hand-written
// adjoint of LULESH's stress loop does): a loop whose body reads only its own locals, loop counters
// and variables the function never writes, and whose forward sweep writes nothing outside the body
// (the forward sweep needs none of its writes to shared variables), runs each iteration's forward
// sweep at the start of that iteration's backward sweep instead of in the forward sweep. Its values
// then never travel through the tape between the sweeps: what the iteration pushes (old values
// before kills, values of nested scopes) it pops again at once, from cache.
void TapePlanner::findRecomputedLoops() {
  const clang::Stmt* functionBody = context_.body();
  WriteFinder finder(context_.exitValueCounters);
  finder.TraverseStmt(const_cast<clang::Stmt*>(functionBody));
  joinAliases(finder.written);
  // The outer loops of a collapse(n) nest are scheduled with the innermost as one flat loop: only
  // the innermost's iterations may be recomputed (ParallelLoopAdjoint.cpp asks about that one).
  std::set<const clang::ForStmt*> collapsedOuter;
  for (const auto& entry : context_.loops) {
    std::vector<const clang::ForStmt*> nest = analyzer::associatedLoops(*entry.first);
    collapsedOuter.insert(nest.begin(), nest.end() - 1);
  }
  for (const clang::ForStmt* loop : finder.loops) {
    const clang::Stmt* body = context_.loopBody(loop);
    if (collapsedOuter.count(loop)) continue;
    if (!sweeps_.forwardEmits(body) || sweeps_.exitCounterKept(loop))
      continue;                                         // nothing to recompute, or the forward sweep needs the loop
    if (callsPassive(body)) continue;                   // a print must not run twice, a timer gives another value
    if (context_.loopsWithBreak.count(loop)) continue;  // its trip count is known only to the forward sweep
    BodyAccesses accesses;
    accesses.TraverseStmt(const_cast<clang::Stmt*>(body));
    for (const auto& [alias, base] :
         context_.pointerAliases) {  // through an alias, the body reads and writes its array
      if (accesses.read.count(alias)) accesses.read.insert(base);
      if (accesses.written.count(alias)) accesses.written.insert(base);
    }
    // The body's own: what it declares, C89 counters its loops own (LoopCounters.h), and scalars it
    // assigns before reading that nothing else mentions.
    auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body);
    auto own = [&](const clang::VarDecl* var) {
      return accesses.declared.count(var) || context_.loopOwnedCounters.count(var) ||
             (compound && iterationLocal(context_, *compound, var));
    };
    bool selfContained = true;
    for (const clang::VarDecl* var : accesses.read)
      selfContained &= own(var) || finder.counters.count(var) || unchanging(context_, finder, var);
    for (const clang::VarDecl* var : accesses.written) selfContained &= own(var) || !plan_.neededForward.count(var);
    if (!selfContained) continue;
    plan_.recomputedLoops.insert(loop);
    for (const std::set<const clang::VarDecl*>* accessed : {&accesses.read, &accesses.written})
      for (const clang::VarDecl* var : *accessed)
        if (own(var) && !accesses.declared.count(var) && !context_.loopOwnedCounters.count(var))
          plan_.iterationLocals[var] = compound;
  }
}

// A pointer alias and its array are one memory (PointerAliases.h): a value of either needed by a
// sweep needs the writes and saves of both.
bool TapePlanner::joinAliases(std::set<const clang::VarDecl*>& set) {
  bool grew = false;
  for (const auto& [alias, base] : context_.pointerAliases) {
    if (set.count(alias) && !set.count(base)) grew |= set.insert(base).second;
    // An alias only read through is recomputed where needed: the array's values need no write through it.
    if (set.count(base) && !set.count(alias) && !plan_.recomputable.count(alias)) grew |= set.insert(alias).second;
  }
  return grew;
}

bool TapePlanner::addNeeded(std::set<const clang::VarDecl*>& set, const std::set<const clang::VarDecl*>& more) {
  size_t before = set.size();
  set.insert(more.begin(), more.end());
  return set.size() != before;
}

void TapePlanner::run() {
  findRecomputable();
  for (int round = 0; round < 100; ++round) {
    bool grew = planStatement(context_.body());
    std::set<const clang::VarDecl*> taped;  // needed backward and not recomputed: the forward sweep computes them
    for (const clang::VarDecl* var : plan_.neededBackward)
      if (!plan_.recomputable.count(var)) taped.insert(var);
    grew |= addNeeded(plan_.neededForward, taped);
    grew |= joinAliases(plan_.neededBackward);
    grew |= joinAliases(plan_.neededForward);
    if (!grew) break;
  }
  findRecomputedLoops();
  refuseQueryValuesReadBackward();
}

bool TapePlanner::planStatement(const clang::Stmt* statement) {
  if (!statement) return false;
  auto& backward = plan_.neededBackward;
  auto& forward = plan_.neededForward;
  bool grew = false;
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(statement)) {
    for (const clang::Stmt* child : compound->body()) grew |= planStatement(child);
    return grew;
  }
  if (const clang::CallExpr* call =
          passiveStatementCall(statement)) {  // the forward sweep makes it: its arguments' values
    std::set<const clang::VarDecl*> reads;
    collectVariables(call, reads);
    return addNeeded(forward, reads);
  }
  if (auto* returned = llvm::dyn_cast<clang::ReturnStmt>(statement)) {
    std::set<const clang::VarDecl*> reads;
    derivativeReads(context_, returned->getRetValue(), reads);
    return addNeeded(backward, reads);
  }
  if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(statement)) {
    for (const clang::Decl* decl : declaration->decls()) {
      auto* var = llvm::cast<clang::VarDecl>(decl);
      if (!var->getInit()) continue;
      std::set<const clang::VarDecl*> reads;
      if (context_.pointerAliases.count(var))
        sweeps_.reads().aliasOffsetReads(var, reads);  // p_b = a_b + offset, at its scope's top
      else if (context_.variable(var)->active)
        derivativeReads(context_, var->getInit(), reads);
      grew |= addNeeded(backward, reads);
      if (forward.count(var)) {
        reads.clear();
        collectVariables(var->getInit(), reads);
        grew |= addNeeded(forward, reads);
      }
      if (sweeps_.reads().recomputes(var)) {  // the backward sweep evaluates the initializer again
        reads.clear();
        collectVariables(var->getInit(), reads);
        grew |= addNeeded(backward, reads);
      }
    }
    return grew;
  }
  if (auto* assignment = llvm::dyn_cast<clang::BinaryOperator>(statement->IgnoreContainers())) {
    if (!assignment->isAssignmentOp()) return false;
    const clang::VarDecl* target = baseVariable(assignment->getLHS());
    std::set<const clang::VarDecl*> reads;
    if (isActiveLeaf(context_, assignment->getLHS())) assignmentReads(context_, assignment, reads);
    if (sweeps_.reads().recomputes(target)) collectVariables(assignment->getRHS(), reads);  // evaluated again backwards
    grew |= addNeeded(backward, reads);
    if (forward.count(target)) {
      reads.clear();
      collectVariables(assignment->getRHS(), reads);
      collectIndexVariables(assignment->getLHS(), reads);
      grew |= addNeeded(forward, reads);
      if (backward.count(target)) {  // the pop's target
        reads.clear();
        collectIndexVariables(assignment->getLHS(), reads);
        grew |= addNeeded(backward, reads);
      }
    }
    return grew;
  }
  if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
    grew |= planStatement(branch->getThen());
    grew |= planStatement(branch->getElse());
    std::set<const clang::VarDecl*> reads;
    collectVariables(branch->getCond(), reads);
    bool flag = sweeps_.reads().ifNeedsFlag(branch);
    if (sweeps_.backwardEmits(branch) && !flag) grew |= addNeeded(backward, reads);
    if (sweeps_.forwardEmits(branch->getThen()) || sweeps_.forwardEmits(branch->getElse()) ||
        (flag && sweeps_.backwardEmits(branch)))
      grew |= addNeeded(forward, reads);
    return grew;
  }
  const clang::ForStmt* loop = llvm::dyn_cast<clang::ForStmt>(statement);
  if (auto* directive = llvm::dyn_cast<clang::OMPLoopDirective>(statement))
    loop = analyzer::associatedLoops(*directive).front();
  if (auto* parallel = llvm::dyn_cast<clang::OMPExecutableDirective>(statement); parallel && !loop) {
    for (const clang::Stmt* phase : regionPhases(parallel)) grew |= planStatement(phase);
    return grew;
  }
  if (sweeps_.isConditionalLoop(statement)) {
    grew |= planStatement(context_.loopBody(statement));
    std::set<const clang::VarDecl*> reads;
    if (auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(statement))
      collectVariables(whileLoop->getCond(), reads);
    else
      collectVariables(llvm::cast<clang::DoStmt>(statement)->getCond(), reads);
    if (sweeps_.forwardEmits(statement)) grew |= addNeeded(forward, reads);
    return grew;
  }
  if (loop) {
    grew |= planStatement(context_.loopBody(loop));
    std::set<const clang::VarDecl*> reads;
    collectVariables(loopStart(loop), reads);
    collectVariables(loop->getCond(), reads);
    collectVariables(loop->getInc(), reads);
    if (sweeps_.backwardEmits(context_.loopBody(loop))) grew |= addNeeded(backward, reads);
    if (sweeps_.forwardEmits(context_.loopBody(loop)) || sweeps_.exitCounterKept(loop))
      grew |= addNeeded(forward, reads);
    return grew;
  }
  return false;
}

TapePlan planTape(AdjointContext& context) {
  TapePlan plan;
  TapePlanner(context, plan).run();
  return plan;
}

}  // namespace adrace::ad
