// Team regions (TeamRegion.h): what makes a region one, the rules it follows, and its two sweeps.
#include "ad/TeamRegion.h"

#include "ad/Sweeps.h"
#include "ad/ThreadSlots.h"
#include "ad/WriteSites.h"

#include "analyzer/frontend/ClangSource.h"

#include <clang/AST/OpenMPClause.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::ad {
namespace {

std::vector<const clang::Stmt*> regionItems(const clang::OMPParallelDirective& region) {
  const clang::Stmt* body = region.getRawStmt();
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body))
    return std::vector<const clang::Stmt*>(compound->body_begin(), compound->body_end());
  return {body};
}

template <typename Clause>
std::vector<const clang::VarDecl*> listed(const clang::OMPExecutableDirective& directive) {
  std::vector<const clang::VarDecl*> variables;
  for (const auto* clause : directive.getClausesOfKind<Clause>())
    for (const clang::Expr* item : clause->varlists())
      if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(item->IgnoreParenImpCasts()))
        if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) variables.push_back(var);
  return variables;
}

// Every variable declared in the region (a RecursiveASTVisitor enters the directives in it).
class Declarations : public clang::RecursiveASTVisitor<Declarations> {
 public:
  bool VisitVarDecl(clang::VarDecl* var) {
    if (!var->isImplicit() && !llvm::isa<clang::ParmVarDecl>(var)) found.insert(var);
    return true;
  }
  std::set<const clang::VarDecl*> found;
};

bool isWorksharingLoop(const clang::Stmt* statement) {
  return llvm::isa<clang::OMPForDirective, clang::OMPForSimdDirective>(statement);
}

bool containsWorksharingLoop(const clang::Stmt* statement) {
  if (!statement) return false;
  if (isWorksharingLoop(statement)) return true;
  for (const clang::Stmt* child : statement->children())
    if (containsWorksharingLoop(child)) return true;
  return false;
}

// Whether the expression reads one of `variables` or calls a function (omp_get_thread_num() differs
// from thread to thread).
bool mayDifferByThread(const clang::Stmt* expr, const std::set<const clang::VarDecl*>& variables) {
  if (!expr) return false;
  if (llvm::isa<clang::CallExpr>(expr)) return true;
  if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr))
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()); var && variables.count(var)) return true;
  for (const clang::Stmt* child : expr->children())
    if (mayDifferByThread(child, variables)) return true;
  return false;
}

// The statements every thread runs, outside the worksharing loops (checked as parallel loops) and
// the critical and atomic updates (ExclusiveUpdates.h).
class TeamRules {
 public:
  TeamRules(AdjointContext& context, const std::set<const clang::VarDecl*>& owned) : context_(context), owned_(owned) {}

  // Arrays the threads write at their own numbers (ThreadSlots.h): outside the worksharing loops and
  // the master and single blocks (barriers on both sides of each in the backward sweep) a thread may
  // name only its own element, since the backward sweep keeps no barrier between two statements.
  void threadSlotArrays(const clang::Stmt* statement) {
    if (!statement) return;
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(statement);
        binary && binary->isAssignmentOp() && isThreadSlot(context_, binary->getLHS()))
      slotArrays_.insert(baseVariable(binary->getLHS()));
    for (const clang::Stmt* child : statement->children()) threadSlotArrays(child);
  }

  void walk(const clang::Stmt* statement) {
    if (!statement || context_.failed()) return;
    if (onceDepth_ == 0 && !isWorksharingLoop(statement)) {
      auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(statement);
      if (subscript && slotArrays_.count(baseVariable(subscript)) && isThreadSlot(context_, subscript))
        return walk(subscript->getIdx());
      if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(statement))
        if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()); var && slotArrays_.count(var))
          return context_.unsupported(ref->getLocation(),
                                      "'" + var->getNameAsString() +
                                          "' is written at each thread's number, and named here other than at "
                                          "this thread's own (outside a worksharing loop, master or single block)");
    }
    if (isWorksharingLoop(statement)) {
      if (loopDepth_ > 0)
        context_.unsupported(statement->getBeginLoc(),
                             "worksharing loop inside a loop that every thread of the region runs");
      return;
    }
    if (llvm::isa<clang::OMPCriticalDirective, clang::OMPAtomicDirective>(statement)) {  // their names only
      ++exclusiveDepth_;
      walk(llvm::cast<clang::OMPExecutableDirective>(statement)->getRawStmt());
      --exclusiveDepth_;
      return;
    }
    if (exclusiveDepth_ > 0) {
      for (const clang::Stmt* child : statement->children()) walk(child);
      return;
    }
    if (llvm::isa<clang::OMPMasterDirective, clang::OMPSingleDirective>(statement)) {  // one thread writes
      if (auto* single = llvm::dyn_cast<clang::OMPSingleDirective>(statement); single && !readsAlike(*single)) return;
      ++onceDepth_;
      walk(llvm::cast<clang::OMPExecutableDirective>(statement)->getRawStmt());
      --onceDepth_;
      return;
    }
    if (auto* branch = llvm::dyn_cast<clang::IfStmt>(statement)) {
      if ((containsWorksharingLoop(branch->getThen()) || containsWorksharingLoop(branch->getElse())) &&
          mayDifferByThread(branch->getCond(), owned_))
        return context_.unsupported(branch->getCond()->getBeginLoc(),
                                    "if around a worksharing loop on a condition the threads may not read alike "
                                    "(it reads a variable of each thread's own, or calls a function)");
    }
    const clang::Expr* target = nullptr;
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(statement); binary && binary->isAssignmentOp())
      target = binary->getLHS();
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(statement); unary && unary->isIncrementDecrementOp())
      target = unary->getSubExpr();
    if (target && onceDepth_ == 0 && !isThreadSlot(context_, target)) {
      const clang::VarDecl* written = baseVariable(target);
      if (!written || !owned_.count(written) || context_.pointerAliases.count(written))
        return context_.unsupported(target->getBeginLoc(),
                                    "every thread of the parallel region writes '" +
                                        (written ? written->getNameAsString() : std::string("this")) +
                                        "', which the threads share (a shared variable is updated only in omp "
                                        "critical or omp atomic, in a master or single block, or at the thread's "
                                        "own number here)");
    }
    bool loop = llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(statement);
    loopDepth_ += loop;
    for (const clang::Stmt* child : statement->children()) walk(child);
    loopDepth_ -= loop;
  }

 private:
  // A single block runs on whichever thread reaches it first; the adjoint runs it on the master
  // thread, which computes the same only from what every thread has alike: no thread number, no
  // variable each thread has its own (declared outside the block).
  bool readsAlike(const clang::OMPSingleDirective& single) {
    Declarations inside;
    inside.TraverseStmt(const_cast<clang::Stmt*>(single.getRawStmt()));
    if (const clang::Expr* own = ownValue(single.getRawStmt(), inside.found)) {
      context_.unsupported(
          own->getBeginLoc(),
          "single block reading " +
              (llvm::isa<clang::CallExpr>(own) ? std::string("the thread number") : "'" + context_.text(own) + "'") +
              ", which differs from thread to thread (the adjoint runs the block on the master "
              "thread, not on the one that ran it)");
      return false;
    }
    return true;
  }
  const clang::Expr* ownValue(const clang::Stmt* statement, const std::set<const clang::VarDecl*>& inside) const {
    if (!statement) return nullptr;
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(statement); call && isThreadNumber(context_, call)) return call;
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(statement))
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()); var && owned_.count(var) && !inside.count(var))
        return ref;
    for (const clang::Stmt* child : statement->children())
      if (const clang::Expr* found = ownValue(child, inside)) return found;
    return nullptr;
  }

  AdjointContext& context_;
  const std::set<const clang::VarDecl*>& owned_;
  int loopDepth_ = 0;
  int onceDepth_ = 0;                           // inside a master or single block
  std::set<const clang::VarDecl*> slotArrays_;  // written at each thread's number
  int exclusiveDepth_ = 0;                      // inside critical or atomic (ExclusiveUpdates.h checks the rest)
};

}  // namespace

bool runsAsTeam(const clang::OMPParallelDirective& region) {
  for (const clang::Stmt* item : regionItems(region)) {
    if (llvm::isa<clang::NullStmt, clang::OMPBarrierDirective, clang::OMPSingleDirective, clang::OMPMasterDirective>(
            item) ||
        isWorksharingLoop(item))
      continue;
    if (auto* declaration = llvm::dyn_cast<clang::DeclStmt>(item)) {
      bool initialised = false;
      for (const clang::Decl* decl : declaration->decls())
        if (auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) initialised |= var->hasInit();
      if (!initialised) continue;
    }
    return true;
  }
  return false;
}

std::set<const clang::VarDecl*> teamOwnedVariables(const clang::OMPParallelDirective& region) {
  Declarations declarations;
  declarations.TraverseStmt(const_cast<clang::Stmt*>(region.getRawStmt()));
  std::set<const clang::VarDecl*> owned = declarations.found;
  for (const clang::VarDecl* var : listed<clang::OMPPrivateClause>(region)) owned.insert(var);
  for (const clang::VarDecl* var : listed<clang::OMPFirstprivateClause>(region)) owned.insert(var);
  for (const clang::VarDecl* var : listed<clang::OMPReductionClause>(region)) owned.insert(var);
  return owned;
}

void checkTeamRegion(AdjointContext& context, const clang::OMPParallelDirective& region) {
  if (context.request.strategy == Strategy::Serial)
    return context.unsupported(region.getBeginLoc(),
                               "--strategy serial on a parallel region whose threads each run statements of their "
                               "own (one thread would run them once): use formad or atomic");
  for (const clang::VarDecl* var : listed<clang::OMPFirstprivateClause>(region))
    if (const VariableInfo* info = context.variable(var); info && info->active)
      return context.unsupported(region.getBeginLoc(), "firstprivate(" + info->name +
                                                           ") of an active variable on a parallel region whose "
                                                           "threads run statements of their own");
  for (const clang::VarDecl* var : listed<clang::OMPReductionClause>(region))
    if (const VariableInfo* info = context.variable(var);
        info && info->active && (info->parameter || info->global || info->scope != context.body()))
      return context.unsupported(region.getBeginLoc(),
                                 "reduction variable '" + info->name +
                                     "' of the region is not a local of the function (each thread's copy gets "
                                     "its adjoint as firstprivate(" +
                                     info->adjoint + "))");
  const std::set<const clang::VarDecl*> owned = teamOwnedVariables(region);
  TeamRules rules(context, owned);
  rules.threadSlotArrays(region.getRawStmt());
  rules.walk(region.getRawStmt());
}

std::optional<std::string> TeamSweeps::atomicReason(const Increment& increment) const {
  if (onceDepth_ > 0 || isThreadSlot(context_, increment.leaf)) return std::nullopt;  // one thread's
  const clang::VarDecl* base = baseVariable(increment.leaf);
  if (base && owns(base) && !context_.pointerAliases.count(base)) return std::nullopt;
  return adjointText(context_, increment.leaf) + ": every thread of the region increments it";
}

namespace {
// The region's clause variables, each with the clause that lists it.
enum class ClauseKind { Private, FirstPrivate, Reduction };
std::vector<std::pair<const clang::VarDecl*, ClauseKind>> clauseVariables(const clang::OMPParallelDirective& region) {
  std::vector<std::pair<const clang::VarDecl*, ClauseKind>> variables;
  for (const clang::VarDecl* var : listed<clang::OMPPrivateClause>(region))
    variables.push_back({var, ClauseKind::Private});
  for (const clang::VarDecl* var : listed<clang::OMPFirstprivateClause>(region))
    variables.push_back({var, ClauseKind::FirstPrivate});
  for (const clang::VarDecl* var : listed<clang::OMPReductionClause>(region))
    variables.push_back({var, ClauseKind::Reduction});
  return variables;
}
}  // namespace

// Every thread runs the region's statements; the variables its clauses list are declared in the
// region (private), copied in (firstprivate) or reduced (reduction), and each thread pushes their
// final values when the backward sweep reads them (as for the region's own locals, forwardCompound).
void TeamSweeps::forward(const clang::OMPParallelDirective* region, CodeWriter& out) {
  region_ = region;
  owned_ = teamOwnedVariables(*region);
  CodeWriter statements;
  const clang::Stmt* body = region->getRawStmt();
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body))
    sweeps_.forwardCompound(compound, statements, true);
  else
    sweeps_.forward(body, statements);
  c::Directive parallel = c::directive(c::Omp::Parallel);
  std::vector<c::ExprRef> firstprivate, reduction;
  c::StmtList top, bottom;
  for (const auto& [var, kind] : clauseVariables(*region)) {
    const std::string name = var->getNameAsString();
    const bool pushed =
        sweeps_.reads().pushesOnKill(var) && sweeps_.plan().neededForward.count(var);  // as backwardTeam pops it
    if (context_.loopOwnedCounters.count(var) || (!pushed && !statements.mentions(name))) continue;
    if (kind == ClauseKind::Private) top.push_back(declarationOf(context_, var, name, c::integer(0)));
    if (kind == ClauseKind::FirstPrivate) firstprivate.push_back(c::name(name));
    if (kind == ClauseKind::Reduction) reduction.push_back(c::name(name));
    if (pushed)
      bottom.push_back(c::withComment(pushStatement(var->getType(), c::name(name)), "this thread's final " + name));
  }
  if (!firstprivate.empty()) parallel.clauses.push_back(c::firstprivateClause(firstprivate));
  if (!reduction.empty()) parallel.clauses.push_back(c::reductionClause(c::Op::Add, reduction));
  out.statement(c::comment("forward sweep of the parallel region at line " +
                           std::to_string(context_.position(region->getBeginLoc()).line) +
                           ": every thread runs its statements"));
  out.open(c::governed(parallel, c::block({})));
  out.statements(top);
  out.append(statements);
  out.statements(bottom);
  out.close();
  region_ = nullptr;
  owned_.clear();
}

// Every thread runs the adjoints of the region's statements in reverse, from its own final values
// (popped, or recomputed); each copy of a reduction variable gets the variable's adjoint.
void TeamSweeps::backward(const clang::OMPParallelDirective* region, CodeWriter& out) {
  region_ = region;
  owned_ = teamOwnedVariables(*region);
  CodeWriter statements;
  const clang::Stmt* body = region->getRawStmt();
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body))
    sweeps_.backwardCompound(compound, statements, true);
  else
    sweeps_.backward(body, statements);
  c::Directive parallel = c::directive(c::Omp::Parallel);
  std::vector<c::ExprRef> firstprivate;
  c::StmtList top;
  const bool forwardRan = sweeps_.forwardEmits(region);
  std::vector<std::pair<const clang::VarDecl*, ClauseKind>> variables = clauseVariables(*region);
  for (auto it = variables.rbegin(); it != variables.rend(); ++it) {
    const auto& [var, kind] = *it;
    const std::string name = var->getNameAsString();
    const VariableInfo* info = context_.variable(var);
    if (context_.loopOwnedCounters.count(var) || !info) continue;
    if (forwardRan && sweeps_.reads().pushesOnKill(var) &&
        sweeps_.plan().neededForward.count(var))  // as forwardTeam pushes it
      top.push_back(c::withComment(declareAndPop(context_, var), "this thread's final " + name));
    else if (statements.mentions(name) && kind == ClauseKind::FirstPrivate)
      firstprivate.push_back(c::name(name));
    else if (statements.mentions(name))
      top.push_back(declarationOf(context_, var, name, c::integer(0)));
    if (!info->active || !statements.mentions(info->adjoint)) continue;
    if (kind == ClauseKind::Reduction)
      firstprivate.push_back(c::name(info->adjoint));
    else
      top.push_back(adjointDeclaration(context_, var));
  }
  if (!firstprivate.empty()) parallel.clauses.push_back(c::firstprivateClause(firstprivate));
  std::vector<c::ExprRef> reduced;
  for (const clang::VarDecl* var : reduced_) {
    const VariableInfo* info = context_.variable(var);
    const c::ExprRef adjoint = c::name(info->adjoint);
    reduced.push_back(info->byValueScalar ? c::arraySection(adjoint, nullptr, c::integer(1)) : adjoint);
  }
  if (!reduced.empty()) parallel.clauses.push_back(c::reductionClause(c::Op::Add, reduced));
  reduced_.clear();
  out.statement(c::comment("backward sweep of the parallel region at line " +
                           std::to_string(context_.position(region->getBeginLoc()).line) +
                           ": every thread runs the adjoints of its statements in reverse"));
  out.open(c::governed(parallel, c::block({})));
  out.statements(top);
  out.append(statements);
  out.close();
  region_ = nullptr;
  owned_.clear();
}

bool TeamSweeps::reduces(const clang::VarDecl* variable) {
  if (!region_) return false;
  if (writesVariable(region_->getRawStmt(), variable, /*addressCounts=*/false)) return false;
  if (std::find(reduced_.begin(), reduced_.end(), variable) == reduced_.end()) reduced_.push_back(variable);
  return true;
}

// The master thread runs the block in both sweeps (a single block too: the thread that ran it in the
// primal is not known again), so what it pushes and pops is on one tape; barriers on both sides order
// it with what every thread runs before and after it (a single's own barrier, and more).
void TeamSweeps::forwardOnce(const clang::OMPExecutableDirective* block, CodeWriter& out) {
  CodeWriter statements;
  ++onceDepth_;
  sweeps_.forward(block->getRawStmt(), statements);
  --onceDepth_;
  onceBlock(block, statements, out);
}

void TeamSweeps::backwardOnce(const clang::OMPExecutableDirective* block, CodeWriter& out) {
  CodeWriter statements;
  ++onceDepth_;
  sweeps_.backward(block->getRawStmt(), statements);
  --onceDepth_;
  onceBlock(block, statements, out);
}

void TeamSweeps::onceBlock(const clang::OMPExecutableDirective* block, CodeWriter& statements, CodeWriter& out) {
  if (statements.empty()) return;
  const std::string word = llvm::isa<clang::OMPSingleDirective>(block) ? "single" : "master";
  out.statement(c::pragma(c::directive(c::Omp::Barrier)));
  out.statement(
      c::withComment(c::governed(c::directive(c::Omp::Master), c::block(statements.statements())),
                     "the " + word + " block at line " + std::to_string(context_.position(block->getBeginLoc()).line)));
  out.statement(c::pragma(c::directive(c::Omp::Barrier)));
}

}  // namespace adrace::ad
