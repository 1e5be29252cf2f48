// The adjoint of one parallel loop (ParallelLoopAdjoint.h says what it emits and how it shares the
// work with the sweeps).
#include "ad/ParallelLoopAdjoint.h"

#include "ad/CollapsedNest.h"
#include "ad/CollapsedRows.h"
#include "ad/IterationTape.h"
#include "ad/LaneSums.h"
#include "ad/RowPointerParameters.h"
#include "ad/RuntimeLimits.h"
#include "ad/SimdLanes.h"
#include "ad/Sweeps.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ContainerSubscripts.h"
#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/MemberPath.h"

#include <clang/AST/OpenMPClause.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>

namespace adrace::ad {

const VariableInfo* modelVariable(const AdjointContext& context, const analyzer::Variable& variable) {
  for (const auto& entry : context.variables) {
    analyzer::SourcePosition at = context.position(entry.first->getLocation());
    if (entry.second.name == variable.name && at.line == variable.declaredAt.line &&
        at.column == variable.declaredAt.column)
      return &entry.second;
  }
  for (const auto& entry : context.variables)  // suffixed names of shadowing declarations
    if (entry.second.name + "" == variable.name) return &entry.second;
  return nullptr;
}

bool declaredInside(const AdjointContext& context, const ParallelLoop& loop, const clang::VarDecl* decl) {
  // A loop-owned C89 counter is declared by the header of each loop that uses it (LoopCounters.h).
  if (context.loopOwnedCounters.count(decl)) return true;
  const clang::ForStmt* stmt = analyzer::associatedLoops(*loop.directive).front();
  const clang::SourceManager& sources = context.ast.getSourceManager();
  return sources.isPointWithin(sources.getExpansionLoc(decl->getLocation()),
                               sources.getExpansionLoc(stmt->getBeginLoc()),
                               sources.getExpansionLoc(stmt->getEndLoc()));
}

bool independentIterations(const AdjointContext& context, const clang::ForStmt* loop) {
  for (const auto& [directive, parallel] : context.loops) {
    if (analyzer::associatedLoops(*directive).front() != loop) continue;
    for (const analyzer::Variable& variable : parallel.model.variables) {
      bool perThread = variable.sharing == analyzer::Sharing::Private ||
                       variable.sharing == analyzer::Sharing::FirstPrivate ||
                       variable.sharing == analyzer::Sharing::LastPrivate;
      const VariableInfo* info = modelVariable(context, variable);
      if (perThread && (!info || !declaredInside(context, parallel, info->decl)))
        return false;  // state carried by a thread
    }
    return true;
  }
  return false;
}

namespace {
// Whether this thread's chunk holds the sequentially last iteration.
c::ExprRef ranLastIteration() {
  const c::ExprRef end = c::name("adrace_end");
  return c::logicalAnd(c::equal(end, c::name("adrace_trip")), c::greater(end, c::name("adrace_begin")));
}

// `long adrace_k, adrace_begin, adrace_end;` and this thread's static chunk of adrace_trip.
c::StmtList staticChunk() {
  const c::Type longType = c::plainType("long");
  return {
      c::declarations(longType, {"adrace_k", "adrace_begin", "adrace_end"}),
      c::expression(c::call("adrace_static_chunk_here", {c::name("adrace_trip"), c::addressOf(c::name("adrace_begin")),
                                                         c::addressOf(c::name("adrace_end"))}))};
}

}  // namespace

ParallelLoopAdjoint::ParallelLoopAdjoint(Sweeps& sweeps, AdjointContext& context, const ParallelLoop& loop)
    : sweeps_(sweeps), context_(context), plan_(sweeps.plan()), loop_(loop) {}

// Clause-private values (declared outside the loop) the backward sweep reads: each thread pushes
// its final value after its chunk and pops it before running the chunk backwards.
std::vector<const clang::VarDecl*> ParallelLoopAdjoint::carriedValues() const {
  std::vector<const clang::VarDecl*> carried;
  for (const analyzer::Variable& variable : loop_.model.variables) {
    if (variable.sharing != analyzer::Sharing::Private && variable.sharing != analyzer::Sharing::FirstPrivate &&
        variable.sharing != analyzer::Sharing::LastPrivate)
      continue;
    // A firstprivate copy the loop never writes ends as it began: the backward sweep reads the original.
    if (variable.sharing == analyzer::Sharing::FirstPrivate && !variable.writtenInLoop) continue;
    const VariableInfo* info = modelVariable(context_, variable);
    if (info && sweeps_.reads().pushesOnKill(info->decl) && plan_.neededForward.count(info->decl) &&
        !declaredInside(context_, loop_, info->decl) && !sweeps_.teamOwns(info->decl))
      carried.push_back(info->decl);
  }
  return carried;
}

namespace {
// The first assignment of `variable` in `body` that is not an update (`v += e`, `v -= e`, `v = v + e`,
// `v = e + v`, `v = v - e`): `v = 0.0;`, `v *= c;`. Null when there is none.
class Overwrites : public clang::RecursiveASTVisitor<Overwrites> {
 public:
  explicit Overwrites(const clang::VarDecl* variable) : variable_(variable) {}
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp() && names(op->getLHS()) && !update(*op)) found = op;
    return !found;
  }
  const clang::BinaryOperator* found = nullptr;

 private:
  bool names(const clang::Expr* expr) const {
    auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
    return ref && ref->getDecl() == variable_;
  }
  bool update(const clang::BinaryOperator& op) const {
    if (op.getOpcode() == clang::BO_AddAssign || op.getOpcode() == clang::BO_SubAssign) return true;
    auto* sum = llvm::dyn_cast<clang::BinaryOperator>(op.getRHS()->IgnoreParenImpCasts());
    if (op.getOpcode() != clang::BO_Assign || !sum || !sum->isAdditiveOp()) return false;
    return names(sum->getLHS()) || (sum->getOpcode() == clang::BO_Add && names(sum->getRHS()));
  }
  const clang::VarDecl* variable_;
};
}  // namespace

ParallelLoopAdjoint::LoopScope ParallelLoopAdjoint::scopeOf() {
  LoopScope scope;
  Strategy strategy = context_.request.strategy;
  for (const analyzer::Variable& variable : loop_.model.variables) {
    const VariableInfo* info = modelVariable(context_, variable);
    if (!info) continue;
    const clang::VarDecl* decl = info->decl;
    if (variable.sharing == analyzer::Sharing::Private || variable.sharing == analyzer::Sharing::FirstPrivate ||
        variable.sharing == analyzer::Sharing::Reduction || variable.sharing == analyzer::Sharing::LoopCounter ||
        variable.sharing == analyzer::Sharing::LastPrivate)
      scope.perThread.insert(decl);
    if (variable.sharing == analyzer::Sharing::Shared && variable.writtenInLoop &&
        context_.loopOwnedCounters.count(decl))
      context_.unsupported(loop_.directive->getBeginLoc(),
                           "loop counter '" + variable.name +
                               "' is shared by the threads of this parallel loop (a race in "
                               "the primal): make it private(" +
                               variable.name + ")");
    if (variable.sharing == analyzer::Sharing::LastPrivate && loop_.model.schedule != analyzer::Schedule::Static &&
        !declaredInside(context_, loop_, decl))
      context_.unsupported(loop_.directive->getBeginLoc(), "lastprivate variable '" + variable.name + "' with a " +
                                                               analyzer::scheduleName(loop_.model.schedule) +
                                                               " schedule");
    if (variable.sharing == analyzer::Sharing::FirstPrivate && variable.writtenInLoop &&
        loop_.model.schedule == analyzer::Schedule::Static && !loop_.model.scheduleChunk.empty())
      context_.unsupported(loop_.directive->getBeginLoc(),
                           "firstprivate variable '" + variable.name +
                               "' written in a loop with schedule(static, chunk): its values "
                               "depend on a schedule the adjoint does not reproduce");
    if (variable.sharing == analyzer::Sharing::Linear || variable.sharing == analyzer::Sharing::ThreadPrivate)
      context_.unsupported(loop_.directive->getBeginLoc(), std::string(analyzer::sharingName(variable.sharing)) +
                                                               " variable '" + variable.name + "' in a parallel loop");
    if (!info->active || strategy == Strategy::Serial) continue;
    // reduction(+: s) with s only updated: s_b is what every thread's copy reads, never written in the
    // loop. A copy the body overwrites (`s = 0.0;` starting each iteration afresh) has an adjoint of its
    // own in each thread, which the shared s_b cannot be.
    if (variable.sharing == analyzer::Sharing::Reduction) {
      Overwrites overwrites(decl);
      overwrites.TraverseStmt(const_cast<clang::ForStmt*>(analyzer::associatedLoops(*loop_.directive).front()));
      if (overwrites.found)
        context_.unsupported(overwrites.found->getBeginLoc(),
                             "reduction variable '" + variable.name +
                                 "' assigned in the loop: each thread's copy would need an adjoint of its own "
                                 "(only += and -= updates of a reduction(+) variable are differentiated; a value "
                                 "each iteration starts afresh is private)");
      continue;
    }
    if (variable.sharing == analyzer::Sharing::FirstPrivate) {
      scope.reductionClause.insert(decl);
      continue;
    }
    if (variable.sharing != analyzer::Sharing::Shared) continue;
    const analyzer::ArrayVerdict* verdict = loop_.analysis.verdictOf(variable.name);
    if (!verdict) continue;
    bool hasIncrements = !verdict->adjointWrites.empty() || (verdict->scalar && verdict->primalReadOnly);
    if (!info->array) {  // a shared local scalar, or an active scalar parameter (adjoint *a_b)
      if (variable.writtenInLoop) {
        context_.unsupported(loop_.directive->getBeginLoc(),
                             "shared scalar '" + variable.name + "' written in a parallel loop");
        continue;
      }
      if (strategy != Strategy::Atomic) scope.reductionClause.insert(decl);
      continue;
    }
    if (isStructType(decl->getType())) continue;  // no per-thread copies of structs: guarded increments
    bool aliased = false;  // its adjoint is also reached through a pointer (PointerAliases.h): guarded increments
    for (const auto& entry : context_.pointerAliases) aliased |= entry.second == decl;
    if (aliased) continue;
    if (strategy == Strategy::FormAD && context_.request.gather && verdict->gather && verdict->gather->applies) {
      scope.gathered.insert(decl);
      continue;
    }
    bool wantReduction = false;
    if (strategy == Strategy::FormAD) wantReduction = verdict->verdict == analyzer::Verdict::Reduction;
    // A small array every iteration may increment (a filter's taps): local sums beat an atomic per
    // increment on addresses every thread hits (SmallAdjointArrays.h).
    // (--guard atomic keeps the atomics it asks for.)
    if (strategy == Strategy::FormAD && context_.request.guard == analyzer::GuardPolicy::Auto &&
        verdict->verdict == analyzer::Verdict::Atomic && verdict->primalReadOnly && hasIncrements &&
        smallAdjointArray(context_, *info, *analyzer::associatedLoops(*loop_.directive).front()))
      wantReduction = true;
    if (strategy == Strategy::Reduction) wantReduction = verdict->primalReadOnly && hasIncrements;
    if (wantReduction) scope.reductionCopies.insert(decl);
  }
  return scope;
}

// What a gather term may read at a shifted iteration: what the loop shares and does not privatise
// (the analysis proved the loop writes none of it but arrays whose adjoints each iteration owns),
// firstprivate values the loop does not write, the team region's scalars alike on every thread, and
// the adjoints of shared and reduction variables.
std::set<std::string> ParallelLoopAdjoint::gatherInvariants() const {
  std::set<std::string> names;
  for (const analyzer::Variable& variable : loop_.model.variables) {
    const VariableInfo* info = modelVariable(context_, variable);
    if (!info) continue;
    if (teamAlike(variable, *info)) names.insert(info->name);
    if (declaredInside(context_, loop_, info->decl)) continue;
    bool invariant = variable.sharing == analyzer::Sharing::Shared ||
                     (variable.sharing == analyzer::Sharing::FirstPrivate && !variable.writtenInLoop) ||
                     (sweeps_.teamOwns(info->decl) && !variable.writtenInLoop);  // the team's, set before the loop
    if (invariant) names.insert(info->global ? c::qualifiedName(info->decl) : info->name);  // `heat::kappa`
    if (info->active &&
        (variable.sharing == analyzer::Sharing::Shared || variable.sharing == analyzer::Sharing::Reduction))
      names.insert(info->adjoint);
  }
  return names;
}

// A scalar of the team region alike on every thread (TeamUniform.h) that the loop only reads. (An
// orphaned loop's copied parameter lies, by its location, inside the copied loop: both sit at the call.)
bool ParallelLoopAdjoint::teamAlike(const analyzer::Variable& variable, const VariableInfo& info) const {
  return sweeps_.teamOwns(info.decl) && loop_.teamUniform.count(variable.name) && !variable.declaredInLoopBody &&
         !variable.writtenInLoop && !info.array;
}

// The scalars a gather term may recompute at its shifted iteration: those declared in the body, and
// private ones the analysis saw defined once per iteration.
std::set<const clang::VarDecl*> ParallelLoopAdjoint::gatherBodyLocals() const {
  std::set<const clang::VarDecl*> bodyLocals;
  for (const analyzer::Variable& variable : loop_.model.variables)
    if (const VariableInfo* info = modelVariable(context_, variable))
      if (!variable.isArray && !info->array && variable.sharing != analyzer::Sharing::LoopCounter &&
          !context_.loopOwnedCounters.count(info->decl)) {
        // C89: a private scalar the innermost body assigns once (LoopModel::singleDefinitions)
        const std::vector<std::string>& single = loop_.model.singleDefinitions;
        const std::vector<std::string>& branches = loop_.model.branchDefinitions;  // once on each arm of an if/else
        bool assignedOnce = variable.sharing == analyzer::Sharing::Private &&
                            (std::find(single.begin(), single.end(), variable.name) != single.end() ||
                             std::find(branches.begin(), branches.end(), variable.name) != branches.end());
        // an accumulator of an inner loop (LoopModel::accumulatingLoops): its adjoint is the same in every inner
        // iteration
        bool accumulator = false;
        for (const analyzer::AccumulatingLoopModel& inner : loop_.model.accumulatingLoops)
          accumulator = accumulator || (inner.failure.empty() && variable.sharing == analyzer::Sharing::Private &&
                                        std::find(inner.accumulators.begin(), inner.accumulators.end(),
                                                  variable.name) != inner.accumulators.end());
        if ((declaredInside(context_, loop_, info->decl) && !teamAlike(variable, *info)) || assignedOnce || accumulator)
          bodyLocals.insert(info->decl);
      }
  return bodyLocals;
}

std::optional<ParallelLoopAdjoint::ReductionCopy> ParallelLoopAdjoint::reductionCopy(const VariableInfo& info) {
  ReductionCopy copy;
  copy.info = &info;
  copy.copies = context_.freshName(info.adjoint + "_copies");
  copy.stride = context_.freshName(info.adjoint + "_stride");
  if (info.byValueScalar) {
    copy.extent = c::integer(1);
    copy.element = c::plainType("double");
    copy.perThread = c::pointerTo(copy.element);
    copy.total = context_.freshName(info.adjoint + "_total");
    return copy;
  }
  if (rowPointerLevels(*info.decl) > 0) {  // RowPointerParameters.h
    context_.unsupported(loop_.directive->getBeginLoc(),
                         "per-thread copies of " + info.adjoint + " (a reduction): " + info.name +
                             " is an array of row pointers, and a copy would need the length of each of its "
                             "rows, which nothing gives (--guard atomic, or --strategy atomic, guards its "
                             "increments instead)");
    return std::nullopt;
  }
  copy.extent = context_.extentOf(info);
  std::optional<SmallAdjointArray> small =
      smallAdjointArray(context_, info, *analyzer::associatedLoops(*loop_.directive).front());
  if (!copy.extent && small && small->fromLoopBounds) copy.extent = c::integer(static_cast<long long>(small->elements));
  if (!copy.extent) {
    context_.unsupported(loop_.directive->getBeginLoc(),
                         "reduction of " + info.adjoint + " needs its element count: --extent " + info.name + "=EXPR");
    return std::nullopt;
  }
  // The adjoint's own element type and shape: `float (*x_b)[M]` for `const float x[N][M]`.
  c::Type element = context_.from.type(info.decl->getType(), true);
  element.derivations.clear();
  copy.element = element;
  copy.perThread = context_.from.declaredType(info.decl, true);
  if (clang::QualType contained = analyzer::containerElementType(info.decl->getType()); !contained.isNull()) {
    copy.element = context_.from.type(contained, true);  // a std::vector<double>&'s copies are double arrays
    copy.perThread = c::pointerTo(copy.element);
    copy.container = true;
  }
  if (!copy.perThread.derivations.empty() &&
      copy.perThread.derivations.front().kind == c::Type::Derivation::Kind::Array) {
    copy.perThread.derivations.front().kind = c::Type::Derivation::Kind::Pointer;
    copy.perThread.derivations.front().size = nullptr;
  }
  for (size_t k = 1; k < copy.perThread.derivations.size(); ++k)
    if (copy.perThread.derivations[k].kind != c::Type::Derivation::Kind::Array) {
      context_.unsupported(info.decl->getLocation(), "reduction over the type of " + info.name);
      return std::nullopt;
    }
  if (small) {
    copy.small =
        LocalSums{info.adjoint, context_.freshName(info.adjoint + "_total"), copy.perThread,
                  small->fromLoopBounds ? c::arrayOf(copy.element, c::integer(static_cast<long long>(small->elements)))
                                        : context_.from.declaredType(info.decl, true),
                  copy.element};
    for (const c::Type::Derivation& dimension : copy.small->local.derivations)
      if (dimension.kind != c::Type::Derivation::Kind::Array || !dimension.size)
        copy.small.reset();  // keep the heap copy
  }
  if (!copy.small) copy.total = context_.freshName(info.adjoint + "_total");
  return copy;
}

namespace {
class NamedUses : public clang::RecursiveASTVisitor<NamedUses> {
 public:
  explicit NamedUses(const std::string& name) : name_(name) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    if (ref->getDecl()->getName() == name_) found.push_back(ref);
    return true;
  }
  std::vector<const clang::DeclRefExpr*> found;

 private:
  const std::string& name_;
};
}  // namespace

// Every use of the variable in the loop body is a member access of element [counter] (p[i].x,
// p[i].v[d]): not the address of an element (a callee could reach others through it), not another
// element, not the struct behind a pointer (f->g, which every iteration shares).
bool ParallelLoopAdjoint::onlyOwnElement(const std::string& variable) const {
  if (loop_.model.dimensions.size() != 1) return false;
  const std::string& counter = loop_.model.dimensions.front().domain.counter;
  const clang::Stmt* body = analyzer::associatedLoops(*loop_.directive).front()->getBody();
  clang::ParentMap parents(const_cast<clang::Stmt*>(body));
  NamedUses uses(variable);
  uses.TraverseStmt(const_cast<clang::Stmt*>(body));
  for (const clang::DeclRefExpr* use : uses.found) {
    auto* element = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(
        parents.getParentIgnoreParenImpCasts(const_cast<clang::DeclRefExpr*>(use)));
    if (!element || element->getBase()->IgnoreParenImpCasts() != use) return false;
    auto* index = llvm::dyn_cast<clang::DeclRefExpr>(element->getIdx()->IgnoreParenImpCasts());
    if (!index || index->getDecl()->getName() != counter) return false;
    if (!llvm::isa_and_nonnull<clang::MemberExpr>(parents.getParentIgnoreParens(element))) return false;
  }
  return true;
}

// The analysis names memory in a struct by its root and member path (analyzer/frontend/MemberPath:
// `domain->m_v`, `p[].x`); an increment of such an element is plain when the path's verdict is
// shared: every pair of its adjoint references is proven apart across iterations.
bool ParallelLoopAdjoint::memberProvenShared(const clang::Expr* leaf) const {
  const clang::Expr* access = leaf->IgnoreParenImpCasts();
  while (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(access))
    access = element->getBase()->IgnoreParenImpCasts();
  std::string reason;
  std::optional<analyzer::MemberPath> path = analyzer::memberPathOf(access, &reason);
  if (!path || !path->root) return false;
  const analyzer::ArrayVerdict* verdict = loop_.analysis.verdictOf(path->root->getNameAsString() + path->path);
  return verdict && verdict->verdict == analyzer::Verdict::Shared;
}

bool ParallelLoopAdjoint::gathers(const Increment& increment, const CodeWriter& out) {
  return gather_ && gather_->takes(increment, out.id() == gatherRoot_);
}

void ParallelLoopAdjoint::enterBackwardIteration(const clang::ForStmt* loop, const CodeWriter& body) {
  if (gather_ && loop == gatherInnermost_) gatherRoot_ = body.id();  // every point of the box runs it
}

std::optional<std::string> ParallelLoopAdjoint::atomicReason(const Increment& increment) const {
  const clang::VarDecl* base = baseVariable(increment.leaf);
  if (auto alias = context_.pointerAliases.find(base); alias != context_.pointerAliases.end())
    return aliasAtomicReason(increment, alias->second);
  if (scope_.perThread.count(base) || scope_.reductionCopies.count(base) || scope_.reductionClause.count(base))
    return std::nullopt;
  const VariableInfo* info = context_.variable(base);
  if (!info) return std::nullopt;
  if (info->scope && declaredInside(context_, loop_, info->decl)) return std::nullopt;
  std::string adjoint = adjointText(context_, increment.leaf);
  if (context_.request.strategy == Strategy::Atomic || context_.request.strategy == Strategy::Reduction)
    return adjoint + ": --strategy " + strategyName(context_.request.strategy);
  // formad on an array of structs: the analysis records p[i] in `p[i].x = ...` as a read, so its
  // verdict on p is not used. The increments are plain only when every reference to p in the loop is
  // p[counter] (each iteration touches its own element); anything else is guarded.
  if (isStructType(info->decl->getType())) {
    if (onlyOwnElement(info->name)) return std::nullopt;
    if (memberProvenShared(increment.leaf)) return std::nullopt;
    return adjoint + ": struct members, not proven";
  }
  if (!aliasesFollowed(base)) return adjoint + ": also reached through a pointer the analysis does not follow";
  // formad: the per-reference verdict
  analyzer::SourcePosition at = context_.position(increment.leaf->getBeginLoc());
  const analyzer::Reference* reference = loop_.referenceAt(at, info->name);
  const analyzer::ArrayVerdict* verdict = loop_.analysis.verdictOf(info->name);
  if (!verdict || verdict->verdict == analyzer::Verdict::Shared) return std::nullopt;
  int id = reference ? reference->id : -1;
  bool guarded = id < 0;
  for (int g : verdict->guardedReferences) guarded |= g == id;
  if (!guarded) return std::nullopt;
  if (!reference) return adjoint + ": not told apart from other references at its position (one macro expansion)";
  // The other reference of the unproven pair, as the analysis modelled it (thread B's private
  // values primed), never as source text: a comment inside the subscript would end this one.
  std::string other = adjoint;
  std::string why = "not proven";
  for (const analyzer::UnprovenPair& pair : verdict->unproven) {
    if (pair.first != id && pair.second != id) continue;
    int otherId = pair.first == id ? pair.second : pair.first;
    for (const analyzer::Reference& reference : loop_.model.references)
      if (reference.id == otherId && !reference.opaque && !reference.isScalar)
        other = info->adjoint + smt::toString(reference.indices, true);
    break;
  }
  return adjoint + " vs " + other + ": " + why;
}

// Whether the analysis saw every pointer alias of `array` the loop uses as the array itself: a
// reference it keeps under the alias's own name is an access to the array it did not compare.
bool ParallelLoopAdjoint::aliasesFollowed(const clang::VarDecl* array) const {
  for (const auto& [alias, base] : context_.pointerAliases) {
    if (base != array) continue;
    for (const analyzer::Reference& reference : loop_.model.references)
      if (reference.variable == alias->getNameAsString()) return false;
  }
  return true;
}

// An increment through a pointer alias p of array a (PointerAliases.h) is an increment of a_b: plain
// where a's adjoint is this thread's own, or where the analysis saw the reference as an element of
// a and proved it; otherwise guarded, whatever the analysis said about p itself (a private local).
std::optional<std::string> ParallelLoopAdjoint::aliasAtomicReason(const Increment& increment,
                                                                  const clang::VarDecl* array) const {
  const VariableInfo* info = context_.variable(array);
  if (scope_.perThread.count(array) || !info || (info->scope && declaredInside(context_, loop_, array)))
    return std::nullopt;
  std::string adjoint = adjointText(context_, increment.leaf);
  if (context_.request.strategy == Strategy::Atomic || context_.request.strategy == Strategy::Reduction)
    return adjoint + ": --strategy " + strategyName(context_.request.strategy);
  analyzer::SourcePosition at = context_.position(increment.leaf->getBeginLoc());
  const analyzer::Reference* reference = loop_.referenceAt(at, info->name);
  const analyzer::ArrayVerdict* verdict = loop_.analysis.verdictOf(info->name);
  if (reference && !reference->opaque && verdict && aliasesFollowed(array)) {  // the analysis followed the pointer
    if (verdict->verdict == analyzer::Verdict::Shared) return std::nullopt;
    bool guarded = false;
    for (int g : verdict->guardedReferences) guarded |= g == reference->id;
    if (!guarded) return std::nullopt;
  }
  return adjoint + " is " + info->adjoint + " at an offset: not proven";
}

void ParallelLoopAdjoint::forward(CodeWriter& out) {
  const clang::ForStmt* stmt = analyzer::associatedLoops(*loop_.directive).front();
  if (!sweeps_.forwardEmits(stmt)) return;
  std::optional<ForHeader> header = parseForHeader(context_, stmt);
  if (!header) return;
  std::optional<CollapsedNest> nest = parseCollapsedNest(context_, *loop_.directive);
  if (!nest) return;
  const bool collapsed = nest->loops.size() > 1;
  const clang::ForStmt* innermost = nest->innermost();  // whose body each (flat) iteration runs
  scope_ = scopeOf();
  bool dynamic = loop_.model.schedule != analyzer::Schedule::Static;
  std::vector<c::ExprRef> firstprivate, reduction;
  c::StmtList privateLocals;
  std::vector<const clang::VarDecl*> lastprivate;
  for (const analyzer::Variable& variable : loop_.model.variables) {
    const VariableInfo* info = modelVariable(context_, variable);
    const clang::VarDecl* decl = info ? info->decl : nullptr;
    if (!decl || !plan_.neededForward.count(decl) || sweeps_.teamOwns(decl)) continue;
    if (variable.sharing == analyzer::Sharing::FirstPrivate) firstprivate.push_back(c::name(variable.name));
    if (variable.sharing == analyzer::Sharing::Reduction) reduction.push_back(c::name(variable.name));
    if (variable.sharing == analyzer::Sharing::LastPrivate && !declaredInside(context_, loop_, decl))
      lastprivate.push_back(decl);
    if ((variable.sharing == analyzer::Sharing::Private || variable.sharing == analyzer::Sharing::LastPrivate) &&
        !declaredInside(context_, loop_, decl))
      privateLocals.push_back(
          declarationOf(context_, decl, variable.name,
                        decl->getType()->isArrayType() ? c::initList({c::integer(0)}) : c::integer(0)));
  }
  // A C89 counter read after the loop, lastprivate (LoopCounters.h): copied out like any lastprivate.
  const clang::VarDecl* keptCounter = sweeps_.exitCounterKept(stmt);
  if (keptCounter) lastprivate.push_back(keptCounter);
  if (keptCounter && dynamic)
    context_.unsupported(loop_.directive->getBeginLoc(),
                         "lastprivate counter '" + keptCounter->getNameAsString() + "' with a " +
                             analyzer::scheduleName(loop_.model.schedule) + " schedule");
  c::Directive parallel = c::directive(c::Omp::Parallel);
  if (!firstprivate.empty()) parallel.clauses.push_back(c::firstprivateClause(firstprivate));
  if (!reduction.empty()) parallel.clauses.push_back(c::reductionClause(c::Op::Add, reduction));
  // In a team region (TeamRegion.h) the loop is the team's: its own clauses would need a region of its own.
  const bool team = sweeps_.insideTeam();
  if (team && (!firstprivate.empty() || !reduction.empty() || !lastprivate.empty()))
    return context_.unsupported(loop_.directive->getBeginLoc(),
                                "firstprivate, lastprivate or reduction on a worksharing loop of a parallel region "
                                "whose threads run statements of their own");

  out.open(c::block({}));
  out.statement(c::comment("forward sweep of the parallel loop at line " + std::to_string(loop_.model.pragmaAt.line)));
  if (collapsed)
    out.statements(nest->tripCounts());
  else
    out.statement(c::declaration(c::plainType("long"), "adrace_trip", header->tripCount()));
  for (const clang::VarDecl* decl : lastprivate) {
    std::string name = decl->getNameAsString();
    if (decl == keptCounter ? sweeps_.restoresCounter(stmt) : sweeps_.reads().pushesOnKill(decl))
      out.statement(
          c::withComment(pushStatement(decl->getType(), c::name(name)), "killed by lastprivate(" + name + ")"));
    out.statement(c::declaration(c::pointerTo(declaredTypeOf(context_, decl)), "adrace_last_" + name,
                                 c::addressOf(c::name(name))));
  }
  if (!team) out.open(c::governed(parallel, c::block({})));
  out.statements(privateLocals);
  const c::ExprRef i = c::name(header->counter->getNameAsString());
  CodeWriter body;
  sweeps_.forwardLoopBody(context_.loopBody(innermost), body);
  bool counterUsed = keptCounter || body.mentions(i->text);
  auto used = [&](const std::string& counter) { return body.mentions(counter); };
  const c::ExprRef k = c::name("adrace_k"), trip = c::name("adrace_trip"), begin = c::name("adrace_begin"),
                   end = c::name("adrace_end");
  if (collapsed) out.statements(nest->positionDeclarations(used));
  if (dynamic) {
    out.statement(c::declaration(c::plainType("adrace_recorder"), "adrace_record"));
    out.statement(c::declaration(c::plainType("long"), "adrace_k"));
    out.statement(c::expression(c::call("adrace_record_begin", {c::addressOf(c::name("adrace_record"))})));
    out.open(c::governed(scheduledFor(), c::forLoop(c::expression(c::assign(k, c::integer(0))), c::less(k, trip),
                                                    c::postIncrement(k), {})));
    out.statement(c::expression(c::call("adrace_record_iteration", {c::addressOf(c::name("adrace_record")), k})));
  } else {
    out.statements(staticChunk());
  }
  if (collapsed) {  // every counter is rebuilt from the flat index at the top of each iteration
    if (!dynamic) out.open(c::forLoop(c::expression(c::assign(k, begin)), c::less(k, end), c::postIncrement(k), {}));
    out.statements(nest->counters(k, used));
  } else if (dynamic) {
    if (counterUsed) out.statement(header->declareCounter(header->counterAt(k)));
  } else {
    // The counter steps along with adrace_k (rather than being rebuilt from it) so that compilers see
    // an induction variable, as in the primal loop.
    if (counterUsed) out.statement(header->declareCounter(header->counterValue(begin)));
    c::ExprRef step = c::postIncrement(k);
    if (counterUsed) step = c::comma(step, header->stepForward());
    out.open(c::forLoop(c::expression(c::assign(k, begin)), c::less(k, end), step, {}));
  }
  out.append(body);
  out.close();
  if (dynamic) out.statement(c::expression(c::call("adrace_record_finish", {c::addressOf(c::name("adrace_record"))})));
  for (const clang::VarDecl* decl : lastprivate) {
    const c::ExprRef value = c::name(decl->getNameAsString());
    c::StmtRef store =
        c::expression(c::assign(c::dereference(c::name("adrace_last_" + decl->getNameAsString())), value));
    out.statement(
        c::withComment(c::guarded(ranLastIteration(), store), "lastprivate: the sequentially last iteration's value"));
  }
  for (const clang::VarDecl* decl : carriedValues())
    out.statement(c::withComment(pushStatement(decl->getType(), c::name(decl->getNameAsString())),
                                 "this thread's final " + decl->getNameAsString()));
  if (team)
    out.statement(c::withComment(c::pragma(c::directive(c::Omp::Barrier)), "the end of the primal's worksharing loop"));
  else
    out.close();
  out.close();
}

c::Directive ParallelLoopAdjoint::scheduledFor() const {
  c::Schedule kind = c::Schedule::Static;  // without a clause: OpenMP's default, as the analysis assumes
  c::ExprRef chunk;
  // The chunk as a tree of the expression the user wrote (`c * 2`), never its source text.
  for (const auto* clause : loop_.directive->getClausesOfKind<clang::OMPScheduleClause>()) {
    kind = c::scheduleOf(*clause);
    if (clause->getChunkSize()) chunk = context_.tree(analyzer::uncapturedClauseExpr(clause->getChunkSize()));
  }
  return c::directive(c::Omp::For, {c::scheduleClause(kind, chunk)});
}

// What the phases of one backward sweep of the loop share (backward): the loop's shape, its
// clauses, the per-thread copies, the gather and the backward iteration, all decided before the
// first statement is written.
struct ParallelLoopAdjoint::Backward {
  const clang::ForStmt* stmt = nullptr;
  std::optional<ForHeader> header;
  std::optional<CollapsedNest> nest;
  bool collapsed = false;
  const clang::ForStmt* innermost = nullptr;  // whose body each (flat) iteration runs
  bool dynamic = false;
  bool replay = false;  // the forward sweep recorded the dynamic schedule: it is replayed
  bool team = false;    // a loop of a team region (TeamRegion.h): no region of its own
  std::vector<c::ExprRef> reduction;
  std::vector<std::pair<std::string, c::StmtRef>> privateAdjoints;  // adjoint name, its declaration
  std::vector<const VariableInfo*> lastprivate;
  std::vector<ReductionCopy> copies;
  std::optional<GatherAdjoint> gather;
  std::optional<c::StmtList> gatherLoops;       // the gather's loops, when it is emitted
  std::string gatherFailure;                    // why it is not
  std::set<const clang::VarDecl*> notGathered;  // the arrays it would have gathered then
  CodeWriter tapeFill;                          // the forward sweep that fills a per-iteration tape
  std::vector<TapedScalar> taped;
  CodeWriter body;           // the backward iteration, as each thread runs it
  bool onlyGathers = false;  // the gather leaves no backward iteration to run
  bool heapCopies() const {  // a small array's copy is a local array (SmallAdjointArrays.h)
    return std::any_of(copies.begin(), copies.end(), [](const ReductionCopy& copy) { return !copy.small; });
  }
};

// The phases in order: the loop's shape and clauses, its per-thread copies and its backward
// iteration (with its gather) decided; then the declarations before the region (what each adjoint
// is, the trip count, the copies' buffers) and the region: the gathers, each thread's chunk run
// backwards, the copies summed.
void ParallelLoopAdjoint::backward(CodeWriter& out) {
  Backward b;
  b.stmt = analyzer::associatedLoops(*loop_.directive).front();
  if (!sweeps_.backwardEmits(context_.loopBody(b.stmt))) return sweeps_.restoreCounter(b.stmt, out);
  if (!readBackwardShape(b) || !readBackwardClauses(b) || !readThreadCopies(b) || !buildBackwardIteration(b)) return;
  runInVectorLanes(context_, loop_, b.body);
  if (b.gatherLoops) gatherInVectorLanes(context_, *b.gatherLoops);
  out.open(c::block({}));
  out.statement(c::comment("backward sweep of the parallel loop at line " + std::to_string(loop_.model.pragmaAt.line)));
  describeAdjoints(b, out);
  declareTripCount(b, out);
  saveLastPrivateAdjoints(b, out);
  declareThreadCopies(b, out);
  openBackwardRegion(b, out);
  if (b.onlyGathers) {
    closeBackwardRegion(b, out);
    out.close();
    return;
  }
  beginThread(b, out);
  runBackwardIterations(b, out);
  sumThreadCopies(b, out);
  closeBackwardRegion(b, out);
  for (const VariableInfo* info : b.lastprivate)
    if (sweeps_.reads().pushesOnKill(info->decl) && plan_.neededForward.count(info->decl) &&
        sweeps_.forwardEmits(b.stmt))
      out.statement(popStatement(info->decl->getType(), c::name(info->name)));
  sweeps_.restoreCounter(b.stmt, out);
  out.close();
}

bool ParallelLoopAdjoint::readBackwardShape(Backward& b) {
  b.header = parseForHeader(context_, b.stmt);
  if (!b.header) return false;
  b.nest = parseCollapsedNest(context_, *loop_.directive);
  if (!b.nest) return false;
  b.collapsed = b.nest->loops.size() > 1;
  b.innermost = b.nest->innermost();
  scope_ = scopeOf();
  b.dynamic = loop_.model.schedule != analyzer::Schedule::Static;
  b.replay = b.dynamic && sweeps_.forwardEmits(b.stmt);
  b.team = sweeps_.insideTeam();
  return true;
}

// The adjoints the clauses make per thread or reduced; refused in a team region where they would
// need a region of the loop's own.
bool ParallelLoopAdjoint::readBackwardClauses(Backward& b) {
  for (const clang::VarDecl* decl : scope_.reductionClause) {
    if (sweeps_.teamOwns(decl)) continue;  // the team region's (TeamRegion.h)
    const VariableInfo* info = context_.variable(decl);
    const c::ExprRef adjoint = c::name(info->adjoint);
    b.reduction.push_back(info->byValueScalar ? c::arraySection(adjoint, nullptr, c::integer(1)) : adjoint);
  }
  for (const analyzer::Variable& variable : loop_.model.variables) {
    const VariableInfo* info = modelVariable(context_, variable);
    if (!info || declaredInside(context_, loop_, info->decl)) continue;
    if (variable.sharing == analyzer::Sharing::LastPrivate) b.lastprivate.push_back(info);
    if (variable.sharing == analyzer::Sharing::Private && info->active && !sweeps_.teamOwns(info->decl))
      b.privateAdjoints.push_back({info->adjoint, adjointDeclaration(context_, info->decl)});
  }
  if (b.team) {  // a shared scalar's adjoint is summed by the team's region (TeamSweeps::reduces)
    bool reduced = true;
    for (const clang::VarDecl* decl : scope_.reductionClause)
      if (!sweeps_.teamOwns(decl)) reduced = reduced && sweeps_.teamReduces(decl);
    if (reduced) b.reduction.clear();
  }
  if (b.team && (!b.reduction.empty() || !b.lastprivate.empty())) {
    context_.unsupported(loop_.directive->getBeginLoc(),
                         "firstprivate, lastprivate or reduction on a worksharing loop of a parallel region "
                         "whose threads run statements of their own");
    return false;
  }
  if (b.team && !scope_.reductionCopies.empty()) {  // their buffers are the calling thread's, taken before a region
    context_.unsupported(loop_.directive->getBeginLoc(),
                         "per-thread copies of " + context_.variable(*scope_.reductionCopies.begin())->adjoint +
                             " (a reduction) in a parallel region whose threads run statements of their own: "
                             "use --strategy formad without --extent, or atomic");
    return false;
  }
  return true;
}

// A comment per adjoint array: how its increments are emitted.
void ParallelLoopAdjoint::describeAdjoints(const Backward& b, CodeWriter& out) {
  for (const analyzer::ArrayVerdict& verdict : loop_.analysis.arrays) {
    const analyzer::Variable* variable = loop_.model.findVariable(verdict.array);
    const VariableInfo* info = variable ? modelVariable(context_, *variable) : nullptr;
    if (!info || !info->active || scope_.perThread.count(info->decl) || context_.pointerAliases.count(info->decl))
      continue;
    if (b.notGathered.count(info->decl)) {
      out.statement(
          c::comment(verdict.adjoint + ": atomic on the unproven increments (no gather: " + b.gatherFailure + ")"));
      continue;
    }
    if (scope_.gathered.count(info->decl)) {
      out.statement(
          c::comment(verdict.adjoint +
                     ": a gather over its targets, plain stores (proven: offsets exact, each contribution once)"));
      continue;
    }
    out.statement(c::comment(verdict.adjoint + ": " + adjointIncrements(verdict, *info, *b.stmt)));
  }
}

std::string ParallelLoopAdjoint::adjointIncrements(const analyzer::ArrayVerdict& verdict, const VariableInfo& info,
                                                   const clang::ForStmt& stmt) const {
  const bool small = scope_.reductionCopies.count(info.decl) && smallAdjointArray(context_, info, stmt);
  return small
             ? "summed per thread in a local array (small: its extent is known), added once with an atomic per element"
         : scope_.reductionCopies.count(info.decl)       ? "per-thread copies (reduction)"
         : scope_.reductionClause.count(info.decl)       ? "reduction(+)"
         : context_.request.strategy == Strategy::Atomic ? "atomic increments"
         : !aliasesFollowed(info.decl) ? "atomic increments (reached through a pointer the analysis does not follow)"
         : verdict.verdict == analyzer::Verdict::Shared       ? "shared: proven race-free"
         : verdict.verdict == analyzer::Verdict::FirstPrivate ? "only read"
                                                              : "atomic on the unproven increments";
}

// The trip count (a replay needs none; a collapsed nest's inner trip counts rebuild its counters),
// whose last statement says so when the gather leaves no backward iteration to run.
void ParallelLoopAdjoint::declareTripCount(const Backward& b, CodeWriter& out) {
  c::StmtList trips;
  if (b.collapsed)
    trips = b.nest->tripCounts(!b.replay);
  else if (!b.replay)
    trips.push_back(c::declaration(c::plainType("long"), "adrace_trip", b.header->tripCount()));
  if (b.onlyGathers && !trips.empty())
    trips.back() = c::comment("every adjoint its iterations update is gathered: no backward iterations");
  out.statements(trips);
}

// docs/design.md [TOMS-AD] figure 10: only the thread that ran the last iteration gets v_b.
void ParallelLoopAdjoint::saveLastPrivateAdjoints(Backward& b, CodeWriter& out) {
  for (const VariableInfo* info : b.lastprivate)
    if (info->active) {
      out.statement(c::declaration(c::plainType("double"), "adrace_last_" + info->adjoint, c::name(info->adjoint)));
      out.statement(c::expression(c::assign(c::name(info->adjoint), c::literal("0.0"))));
    }
}

bool ParallelLoopAdjoint::readThreadCopies(Backward& b) {
  for (const clang::VarDecl* decl : scope_.reductionCopies) {
    std::optional<ReductionCopy> copy = reductionCopy(*context_.variable(decl));
    if (!copy) return false;
    b.copies.push_back(*copy);
  }
  if (b.copies.size() > kReductionSlots) {
    context_.unsupported(loop_.directive->getBeginLoc(), "more than " + std::to_string(kReductionSlots) +
                                                             " arrays with per-thread adjoint copies in one loop");
    return false;
  }
  return true;
}

// The buffers of the per-thread adjoint copies: the runtime keeps them, zeroed, between calls
// (adrace/reduction.h).
void ParallelLoopAdjoint::declareThreadCopies(const Backward& b, CodeWriter& out) {
  if (!b.heapCopies()) return;
  const c::Type sizeType = c::plainType("size_t");
  needsOmpHelpers_ = true;
  out.statement(c::declaration(sizeType, "adrace_threads", c::cast(sizeType, c::call("omp_get_max_threads", {}))));
  int slot = 0;
  for (const ReductionCopy& copy : b.copies) {
    if (copy.small) continue;  // summed in a local array
    out.statement(
        c::withComment(c::declaration(sizeType, copy.stride,
                                      c::call("adrace_reduction_stride", {copy.extent, c::sizeofType(copy.element)})),
                       "each thread's copy on cache lines of its own"));
    // Thread 0 increments the adjoint itself (openThreadCopies): one copy per other thread. The
    // buffer holds doubles: an element type of another size asks for as many bytes.
    c::ExprRef count = c::mul(c::sub(c::name("adrace_threads"), c::integer(1)), c::name(copy.stride));
    const bool isDouble = copy.element.specifiers == "double";
    if (!isDouble) {
      c::ExprRef doubleSize = c::sizeofType(c::plainType("double"));
      count = c::div(c::add(c::mul(count, c::sizeofType(copy.element)), c::sub(doubleSize, c::integer(1))), doubleSize);
    }
    c::ExprRef buffer = c::call("adrace_reduction_copies", {c::integer(slot++), count});
    out.statement(c::declaration(c::pointerTo(copy.element), copy.copies,
                                 isDouble ? buffer : c::cast(c::pointerTo(copy.element), buffer)));
  }
}

// The backward iteration, built before anything is written: its gathered increments become gather
// loops that run first inside the region (or, when a term cannot be gathered, it is built again
// with those arrays guarded as the verdict says).
bool ParallelLoopAdjoint::buildBackwardIteration(Backward& b) {
  if (!scope_.gathered.empty() && !prepareGather(b)) return false;
  CodeWriter gatheredBody;
  buildGatheredIteration(b, gatheredBody);
  if (b.gather && !b.gatherLoops) {
    fallBackFromGather(b);
    return true;
  }
  if (b.gatherLoops) dropGatheredOnly(b, gatheredBody);
  // The scalars the gather's terms read from a per-iteration tape (IterationTape.h): allocated
  // before the region, filled at the top of it; the backward iterations read them there too, when
  // that is all they need of their recomputed forward sweep.
  b.taped = b.gatherLoops ? b.gather->tapedReads() : std::vector<TapedScalar>();
  if (b.taped.size() > kIterationTapeSlots) {
    context_.unsupported(loop_.directive->getBeginLoc(),
                         "more than " + std::to_string(kIterationTapeSlots) + " per-iteration tapes in one loop");
    return false;
  }
  if (b.taped.empty())
    b.body = std::move(gatheredBody);
  else
    b.body.statements(iterationFromTape(gatheredBody.statements(), b.taped));
  b.onlyGathers = b.gatherLoops && b.body.empty() && !sweeps_.forwardEmits(b.stmt) && b.copies.empty() &&
                  b.lastprivate.empty() && b.taped.empty();
  return true;
}

bool ParallelLoopAdjoint::prepareGather(Backward& b) {
  // A perfect nest in the body adds its counters to the box (the analysis counted them).
  std::optional<std::vector<ForHeader>> box = gatherBox(context_, b.nest->loops, loop_.model.perfectNest.size());
  if (!box) return false;
  gatherInnermost_ = box->size() > b.nest->loops.size() ? box->back().loop : nullptr;
  b.gather.emplace(context_, loop_, *box, scope_.gathered, gatherInvariants(), gatherBodyLocals());
  // A loop of a team region runs inside the region its team opened: no tape is allocated around it.
  if (!sweeps_.insideTeam())
    b.gather->readFromTape(iterationTapeCandidates(context_, loop_, sweeps_, b.stmt, b.collapsed));
  return true;
}

// The backward iteration with the gather taking its increments (when there is one), and the
// gather's loops built from what it took.
void ParallelLoopAdjoint::buildGatheredIteration(Backward& b, CodeWriter& gatheredBody) {
  gather_ = b.gather ? &*b.gather : nullptr;
  gatherRoot_ = gatheredBody.id();
  sweeps_.backwardIterationOf(*this, b.innermost, gatheredBody);
  gather_ = nullptr;
  gatherInnermost_ = nullptr;
  if (b.gather) b.gatherLoops = b.gather->build(b.gatherFailure);
  // What fills a per-iteration tape (IterationTape.h): the iteration's forward sweep, run once more
  // at the top of the region. Its pushes would stay on the threads' tapes, under what later code pops.
  if (b.gatherLoops && !b.gather->tapedReads().empty()) {
    sweeps_.recomputedForward(b.stmt, b.tapeFill);
    if (pushesOnTape(b.tapeFill.statements())) {
      b.gatherLoops.reset();
      b.gatherFailure = "a term reads a value of its shifted iteration that only a forward sweep with pushes computes";
    }
  }
}

// No gather after all: the arrays it would have taken are guarded as their verdicts say, and the
// backward iteration is built again so.
void ParallelLoopAdjoint::fallBackFromGather(Backward& b) {
  b.notGathered = scope_.gathered;
  scope_.gathered.clear();
  sweeps_.backwardIterationOf(*this, b.innermost, b.body);
}

// A local adjoint, or a recomputed value, that only gathered terms read is not needed by the
// backward iterations. Until nothing changes (a pass per name): dropping uc_b (read only by gathered
// terms) leaves dudx_b, which fed uc_b, write-only; dropping `conductivity = 1 + c * c` leaves c unread.
// A pass over the iteration's tree once built, before anything is written: which terms the gather
// takes is decided increment by increment while the sweeps build it (GatherAdjoint::takes), so what
// is left unread is known only then.
void ParallelLoopAdjoint::dropGatheredOnly(Backward& b, CodeWriter& gatheredBody) {
  std::vector<std::string> names = b.gather->localAdjoints();
  for (const clang::VarDecl* value : b.gather->recomputableValues())
    if (sweeps_.reads().recomputes(value)) names.push_back(value->getNameAsString());
  for (size_t pass = 0; pass < names.size(); ++pass)
    for (const std::string& name : names) gatheredBody.dropWriteOnly(name);
}

// Before the region, the per-iteration tapes; in it, their fill and the gather loops, which run
// first. When the gather leaves no backward iteration to run, that is all the region does.
void ParallelLoopAdjoint::openBackwardRegion(const Backward& b, CodeWriter& out) {
  out.statements(iterationTapeDeclarations(b.taped));
  c::Directive parallel = c::directive(c::Omp::Parallel);
  if (!b.reduction.empty()) parallel.clauses.push_back(c::reductionClause(c::Op::Add, b.reduction));
  if (b.team)  // the adjoints the team's other statements and loops increment, all incremented
    out.statement(c::pragma(c::directive(c::Omp::Barrier)));
  else
    out.open(c::governed(parallel, c::block({})));
  if (!b.taped.empty()) out.statements(iterationTapeFill(b.taped, *b.header, b.tapeFill.statements()));
  if (b.gatherLoops) out.statements(*b.gatherLoops);
}

// A team's loop ends at a barrier: its increments are all done before the team's earlier
// statements read them. Otherwise the loop's own region closes.
void ParallelLoopAdjoint::closeBackwardRegion(const Backward& b, CodeWriter& out) {
  if (b.team)
    out.statement(c::pragma(c::directive(c::Omp::Barrier)));
  else
    out.close();
}

// What each thread declares before its chunk: its final private values, the private adjoints, the
// chunk's bounds, and its per-thread copies.
void ParallelLoopAdjoint::beginThread(Backward& b, CodeWriter& out) {
  // A thread's final private values were pushed only if this loop's forward sweep ran.
  std::vector<const clang::VarDecl*> carried =
      sweeps_.forwardEmits(b.stmt) ? carriedValues() : std::vector<const clang::VarDecl*>();
  for (auto it = carried.rbegin(); it != carried.rend(); ++it) {
    out.statement(c::withComment(declareAndPop(context_, *it), "this thread's final " + (*it)->getNameAsString()));
    // A gather may have taken every read of it (region_phases' w): its pops stay, for the tape.
    if (b.gatherLoops) out.statement(c::expression(c::cast(c::plainType("void"), c::name((*it)->getNameAsString()))));
  }
  for (const analyzer::Variable& variable : loop_.model.variables)  // a recomputed iteration's C89 private
    if (const VariableInfo* info = modelVariable(context_, variable);
        info && variable.sharing == analyzer::Sharing::Private && plan_.iterationLocals.count(info->decl) &&
        std::find(carried.begin(), carried.end(), info->decl) == carried.end() && b.body.mentions(info->name))
      out.statement(declarationOf(context_, info->decl, info->name, nullptr));
  for (const auto& [name, declaration] : b.privateAdjoints)
    if (!b.gatherLoops || b.body.mentions(name)) out.statement(declaration);  // a gather may have taken every use
  const c::Type longType = c::plainType("long");
  if (b.replay) {
    out.statement(c::declaration(c::plainType("adrace_replay"), "adrace_replay"));
    out.statement(c::declaration(longType, "adrace_k"));
    out.statement(c::expression(c::call("adrace_replay_begin", {c::addressOf(c::name("adrace_replay"))})));
  } else if (b.dynamic) {
    out.statement(c::declaration(longType, "adrace_k"));
  } else {
    out.statements(staticChunk());
  }
  for (const VariableInfo* info : b.lastprivate)
    if (info->active)
      out.statement(c::declaration(
          c::plainType("double"), info->adjoint,
          c::conditional(ranLastIteration(), c::name("adrace_last_" + info->adjoint), c::literal("0.0"))));
  if (!b.copies.empty()) openThreadCopies(b, out);
}

void ParallelLoopAdjoint::openThreadCopies(const Backward& b, CodeWriter& out) {
  const c::Type sizeType = c::plainType("size_t");
  out.open(c::block({}));
  for (const ReductionCopy& copy : b.copies) {
    if (copy.small) {
      out.statements(declareLocalSums(*copy.small));
      continue;
    }
    // Thread 0 increments the adjoint itself: no copy of its own to zero, fill and sum (the other
    // threads' copies are summed into the adjoint after the barrier that ends its increments).
    const c::ExprRef thread = c::call("omp_get_thread_num", {});
    c::ExprRef adjoint = c::name(copy.info->adjoint);
    if (copy.container) adjoint = c::call(c::member(adjoint, "data", false), {});  // std::vector<double>& x_b
    out.statement(c::withComment(c::declaration(copy.perThread, copy.total, adjoint),
                                 "the adjoint, which this thread's copy below shadows"));
    c::ExprRef theirs =
        c::add(c::name(copy.copies), c::mul(c::cast(sizeType, c::sub(thread, c::integer(1))), c::name(copy.stride)));
    if (copy.perThread.derivations.size() > 1) theirs = c::cast(copy.perThread, theirs);
    out.statement(
        c::withComment(c::declaration(copy.perThread, copy.info->adjoint,
                                      c::conditional(c::equal(thread, c::integer(0)), c::name(copy.total), theirs)),
                       "thread 0: the adjoint itself; the others: their copies"));
  }
}

// This thread's iterations, each running the backward iteration.
void ParallelLoopAdjoint::runBackwardIterations(Backward& b, CodeWriter& out) {
  const ForHeader& header = *b.header;
  const c::ExprRef i = c::name(header.counter->getNameAsString());
  const c::ExprRef k = c::name("adrace_k"), trip = c::name("adrace_trip"), begin = c::name("adrace_begin"),
                   end = c::name("adrace_end");
  const bool counterUsed = b.body.mentions(i->text);
  // Only the tape (and per-thread variables) order the iterations of the backward sweep: the
  // iterations of a parallel loop are independent (their adjoint updates commute, or are guarded),
  // so when nothing this loop's forward sweep pushed is popped here, each thread runs its iterations
  // forwards, as the primal does (compilers vectorize that order, not the reverse one).
  const bool forwards = !sweeps_.forwardEmits(b.stmt) && independentIterations(context_, b.stmt);
  if (b.collapsed && !b.replay && !b.dynamic) return runCollapsedRows(*b.nest, b.body, forwards, out);
  auto usedInBody = [&](const std::string& counter) { return b.body.mentions(counter); };
  if (b.collapsed) out.statements(b.nest->positionDeclarations(usedInBody));
  const bool steppedCounter = !b.collapsed && counterUsed;
  if (b.replay) {
    out.open(
        c::whileLoop(c::call("adrace_replay_next", {c::addressOf(c::name("adrace_replay")), c::addressOf(k)}), {}));
  } else if (b.dynamic) {
    out.open(c::governed(
        scheduledFor(),
        forwards ? c::forLoop(c::expression(c::assign(k, c::integer(0))), c::less(k, trip), c::postIncrement(k), {})
                 : c::forLoop(c::expression(c::assign(k, c::sub(trip, c::integer(1)))),
                              c::greaterEqual(k, c::integer(0)), c::postDecrement(k), {})));
  } else if (forwards) {
    // small local sums: strips of iterations in vector lanes first, then the rest of the chunk below
    std::vector<const LocalSums*> sums;
    for (const ReductionCopy& copy : b.copies)
      if (copy.small) sums.push_back(&*copy.small);
    const bool laned = sums.size() == b.copies.size() && !b.collapsed &&
                       runInSumLanes(context_, sums, b.body.statements(), header, counterUsed, out);
    const c::ExprRef from = laned ? k : begin;
    if (steppedCounter) out.statement(header.declareCounter(header.counterValue(from)));
    c::ExprRef step = c::postIncrement(k);
    if (steppedCounter) step = c::comma(step, header.stepForward());
    out.open(c::forLoop(laned ? nullptr : c::expression(c::assign(k, begin)), c::less(k, end), step, {}));
  } else {
    // As in the forward sweep, the counter is an induction variable: it starts one step past this
    // thread's chunk and steps back at the top of each iteration (never past the primal's range).
    if (steppedCounter) out.statement(header.declareCounter(header.counterValue(end)));
    out.open(c::forLoop(c::expression(c::assign(k, c::sub(end, c::integer(1)))), c::greaterEqual(k, begin),
                        c::postDecrement(k), {}));
    if (steppedCounter) out.statement(c::expression(header.stepBackward()));
  }
  if (b.collapsed)  // every counter rebuilt from the flat index at the top of each iteration
    out.statements(b.nest->counters(k, usedInBody));
  else if (counterUsed && (b.replay || b.dynamic))
    out.statement(header.declareCounter(header.counterAt(k)));
  out.append(b.body);
  out.close();
}

// Each thread adds its local sums to the adjoints; after a barrier the threads sum the heap copies
// of threads 1, 2, ... into the adjoints (thread 0 incremented them itself), element by element,
// zeroing them for the next call. A team of one thread has no copies: nothing to sum, no barrier.
void ParallelLoopAdjoint::sumThreadCopies(const Backward& b, CodeWriter& out) {
  for (const ReductionCopy& copy : b.copies)
    if (copy.small) out.statement(addLocalSums(*copy.small));
  if (b.copies.empty()) return;
  out.close();
  if (!b.heapCopies()) return;  // the region's end (or the team's barrier) orders the atomics
  const c::ExprRef threads = c::call("omp_get_num_threads", {});
  out.open(c::ifElse(c::greater(threads, c::integer(1)), {}));  // the same on every thread of the team
  out.statement(c::pragma(c::directive(c::Omp::Barrier)));
  const c::Type sizeType = c::plainType("size_t");
  for (const ReductionCopy& copy : b.copies) {
    if (copy.small) continue;
    const c::ExprRef e = c::name("adrace_e"), t = c::name("adrace_t");
    // Multi-dimensional adjoints are summed element by element through their element type.
    c::ExprRef target = c::name(copy.info->adjoint);
    if (copy.perThread.derivations.size() > 1) target = c::cast(c::pointerTo(copy.element), target);
    c::ExprRef element = c::subscript(
        c::name(copy.copies),
        c::add(c::mul(c::cast(sizeType, c::sub(t, c::integer(1))), c::name(copy.stride)), c::cast(sizeType, e)));
    out.statement(
        c::governed(c::directive(c::Omp::For),
                    c::forLoop(c::declaration(c::plainType("long"), "adrace_e", c::integer(0)),
                               c::less(e, c::cast(c::plainType("long"), copy.extent)), c::postIncrement(e),
                               {c::forLoop(c::declaration(c::plainType("int"), "adrace_t", c::integer(1)),
                                           c::less(t, threads), c::postIncrement(t),
                                           {c::expression(c::addAssign(c::subscript(target, e), element)),
                                            c::withComment(c::expression(c::assign(element, c::literal("0.0"))),
                                                           "zero again for the next call")})})));
  }
  out.close();
}

}  // namespace adrace::ad
