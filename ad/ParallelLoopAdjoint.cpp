// Parallel loops (seed 000 sections 3.2.2 and 4.3, seed 004 section 4.2): both sweeps run the
// loop as `omp parallel` over one static schedule (adrace_static_chunk), the backward sweep running
// each thread's chunk in reverse, so that the thread that pushed a value pops it (forwards when it
// pops nothing); schedule(dynamic) is recorded in the forward sweep and replayed backwards. Scoping:
// private -> private adjoint, firstprivate -> reduction(+) of the adjoint, reduction(+) -> the
// adjoint only read, shared arrays per verdict: plain, per-thread heap copies summed afterwards
// (kept by the runtime between calls), or `omp atomic` on exactly the guarded increments (never on
// a plain read or reset).
#include "ad/CollapsedNest.h"
#include "ad/Sweeps.h"

#include "analyzer/frontend/LoopModelBuilder.h"
#include "analyzer/frontend/MemberPath.h"

#include <clang/AST/OpenMPClause.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>


namespace adrace::ad {
const VariableInfo* Sweeps::modelVariable(const analyzer::Variable& variable) const {
  for (const auto& entry : context_.variables) {
    analyzer::SourcePosition at = context_.position(entry.first->getLocation());
    if (entry.second.name == variable.name && at.line == variable.declaredAt.line && at.column == variable.declaredAt.column)
      return &entry.second;
  }
  for (const auto& entry : context_.variables)  // suffixed names of shadowing declarations
    if (entry.second.name + "" == variable.name) return &entry.second;
  return nullptr;
}

bool Sweeps::declaredInside(const ParallelLoop& loop, const clang::VarDecl* decl) const {
  // A loop-owned C89 counter is declared by the header of each loop that uses it (LoopCounters.h).
  if (context_.loopOwnedCounters.count(decl)) return true;
  const clang::ForStmt* stmt = analyzer::associatedLoops(*loop.directive).front();
  const clang::SourceManager& sources = context_.ast.getSourceManager();
  return sources.isPointWithin(sources.getExpansionLoc(decl->getLocation()), sources.getExpansionLoc(stmt->getBeginLoc()),
                               sources.getExpansionLoc(stmt->getEndLoc()));
}

// Clause-private values (declared outside the loop) the backward sweep reads: each thread pushes
// its final value after its chunk and pops it before running the chunk backwards.
std::vector<const clang::VarDecl*> Sweeps::carriedValues(const ParallelLoop& loop) const {
  std::vector<const clang::VarDecl*> carried;
  for (const analyzer::Variable& variable : loop.model.variables) {
    if (variable.sharing != analyzer::Sharing::Private && variable.sharing != analyzer::Sharing::FirstPrivate &&
        variable.sharing != analyzer::Sharing::LastPrivate)
      continue;
    // A firstprivate copy the loop never writes ends as it began: the backward sweep reads the original.
    if (variable.sharing == analyzer::Sharing::FirstPrivate && !variable.writtenInLoop) continue;
    const VariableInfo* info = modelVariable(variable);
    if (info && pushesOnKill(info->decl) && plan_.neededForward.count(info->decl) && !declaredInside(loop, info->decl))
      carried.push_back(info->decl);
  }
  return carried;
}

std::vector<const clang::OMPLoopDirective*> Sweeps::parallelLoops(const clang::OMPExecutableDirective* directive) const {
  std::vector<const clang::OMPLoopDirective*> loops;
  for (const clang::Stmt* phase : regionPhases(directive))
    if (auto* loop = llvm::dyn_cast<clang::OMPLoopDirective>(phase)) loops.push_back(loop);
  return loops;
}

Sweeps::LoopScope Sweeps::scopeOf(const ParallelLoop& loop) {
  LoopScope scope;
  scope.loop = &loop;
  Strategy strategy = context_.request.strategy;
  for (const analyzer::Variable& variable : loop.model.variables) {
    const VariableInfo* info = modelVariable(variable);
    if (!info) continue;
    const clang::VarDecl* decl = info->decl;
    if (variable.sharing == analyzer::Sharing::Private || variable.sharing == analyzer::Sharing::FirstPrivate ||
        variable.sharing == analyzer::Sharing::Reduction || variable.sharing == analyzer::Sharing::LoopCounter ||
        variable.sharing == analyzer::Sharing::LastPrivate)
      scope.perThread.insert(decl);
    if (variable.sharing == analyzer::Sharing::Shared && variable.writtenInLoop && context_.loopOwnedCounters.count(decl))
      context_.unsupported(loop.directive->getBeginLoc(), "loop counter '" + variable.name +
                                                              "' is shared by the threads of this parallel loop (a race in "
                                                              "the primal): make it private(" + variable.name + ")");
    if (variable.sharing == analyzer::Sharing::LastPrivate && loop.model.schedule != "static" && !declaredInside(loop, decl))
      context_.unsupported(loop.directive->getBeginLoc(), "lastprivate variable '" + variable.name + "' with a " +
                                                              loop.model.schedule + " schedule");
    if (variable.sharing == analyzer::Sharing::FirstPrivate && variable.writtenInLoop && loop.model.schedule == "static" &&
        !loop.model.scheduleChunk.empty())
      context_.unsupported(loop.directive->getBeginLoc(), "firstprivate variable '" + variable.name +
                                                              "' written in a loop with schedule(static, chunk): its values "
                                                              "depend on a schedule the adjoint does not reproduce");
    if (variable.sharing == analyzer::Sharing::Linear || variable.sharing == analyzer::Sharing::ThreadPrivate)
      context_.unsupported(loop.directive->getBeginLoc(), std::string(analyzer::sharingName(variable.sharing)) + " variable '" +
                                                              variable.name + "' in a parallel loop");
    if (!info->active || strategy == Strategy::Serial) continue;
    if (variable.sharing == analyzer::Sharing::FirstPrivate) {
      scope.reductionClause.insert(decl);
      continue;
    }
    if (variable.sharing != analyzer::Sharing::Shared) continue;
    const analyzer::ArrayVerdict* verdict = loop.analysis.verdictOf(variable.name);
    if (!verdict) continue;
    bool hasIncrements = !verdict->adjointWrites.empty() || (verdict->scalar && verdict->primalReadOnly);
    if (!info->array) {  // a shared local scalar, or an active scalar parameter (adjoint *a_b)
      if (variable.writtenInLoop) {
        context_.unsupported(loop.directive->getBeginLoc(), "shared scalar '" + variable.name + "' written in a parallel loop");
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
    if (strategy == Strategy::Reduction) wantReduction = verdict->primalReadOnly && hasIncrements;
    if (wantReduction) scope.reductionCopies.insert(decl);
  }
  return scope;
}

// What a gather term may read at a shifted iteration: what the loop shares and does not privatise
// (the analysis proved the loop writes none of it but arrays whose adjoints each iteration owns),
// firstprivate values the loop does not write, and the adjoints of shared and reduction variables.
std::set<std::string> Sweeps::gatherInvariants(const ParallelLoop& loop) const {
  std::set<std::string> names;
  for (const analyzer::Variable& variable : loop.model.variables) {
    const VariableInfo* info = modelVariable(variable);
    if (!info || declaredInside(loop, info->decl)) continue;
    bool invariant = variable.sharing == analyzer::Sharing::Shared ||
                     (variable.sharing == analyzer::Sharing::FirstPrivate && !variable.writtenInLoop);
    if (invariant) names.insert(info->name);
    if (info->active && (variable.sharing == analyzer::Sharing::Shared || variable.sharing == analyzer::Sharing::Reduction))
      names.insert(info->adjoint);
  }
  return names;
}

std::optional<Sweeps::ReductionCopy> Sweeps::reductionCopy(const ParallelLoop& loop, const VariableInfo& info) {
  ReductionCopy copy;
  copy.info = &info;
  copy.copies = context_.freshName(info.adjoint + "_copies");
  if (info.byValueScalar) {
    copy.extent = c::integer(1);
    copy.element = c::plainType("double");
    copy.perThread = c::pointerTo(copy.element);
    return copy;
  }
  copy.extent = context_.extentOf(info);
  if (!copy.extent) {
    context_.unsupported(loop.directive->getBeginLoc(), "reduction of " + info.adjoint + " needs its element count: --extent " +
                                                            info.name + "=EXPR");
    return std::nullopt;
  }
  // The adjoint's own element type and shape: `float (*x_b)[M]` for `const float x[N][M]`.
  c::Type element = context_.from.type(info.decl->getType(), true);
  element.derivations.clear();
  copy.element = element;
  copy.perThread = context_.from.declaredType(info.decl, true);
  if (!copy.perThread.derivations.empty() && copy.perThread.derivations.front().kind == c::Type::Derivation::Kind::Array) {
    copy.perThread.derivations.front().kind = c::Type::Derivation::Kind::Pointer;
    copy.perThread.derivations.front().size = nullptr;
  }
  for (size_t k = 1; k < copy.perThread.derivations.size(); ++k)
    if (copy.perThread.derivations[k].kind != c::Type::Derivation::Kind::Array) {
      context_.unsupported(info.decl->getLocation(), "reduction over the type of " + info.name);
      return std::nullopt;
    }
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
bool Sweeps::onlyOwnElement(const ParallelLoop& loop, const std::string& variable) const {
  if (loop.model.dimensions.size() != 1) return false;
  const std::string& counter = loop.model.dimensions.front().domain.counter;
  const clang::Stmt* body = analyzer::associatedLoops(*loop.directive).front()->getBody();
  clang::ParentMap parents(const_cast<clang::Stmt*>(body));
  NamedUses uses(variable);
  uses.TraverseStmt(const_cast<clang::Stmt*>(body));
  for (const clang::DeclRefExpr* use : uses.found) {
    auto* element = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parents.getParentIgnoreParenImpCasts(const_cast<clang::DeclRefExpr*>(use)));
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
bool Sweeps::memberProvenShared(const clang::Expr* leaf) const {
  const clang::Expr* access = leaf->IgnoreParenImpCasts();
  while (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(access)) access = element->getBase()->IgnoreParenImpCasts();
  std::string reason;
  std::optional<analyzer::MemberPath> path = analyzer::memberPathOf(access, &reason);
  if (!path || !path->root) return false;
  const analyzer::ArrayVerdict* verdict = current_->loop->analysis.verdictOf(path->root->getNameAsString() + path->path);
  return verdict && verdict->verdict == analyzer::Verdict::Shared;
}

std::optional<std::string> Sweeps::atomicReason(const Increment& increment) const {
  if (!current_ || context_.request.strategy == Strategy::Serial) return std::nullopt;
  const clang::VarDecl* base = baseVariable(increment.leaf);
  if (auto alias = context_.pointerAliases.find(base); alias != context_.pointerAliases.end()) return aliasAtomicReason(increment, alias->second);
  if (current_->perThread.count(base) || current_->reductionCopies.count(base) || current_->reductionClause.count(base)) return std::nullopt;
  const VariableInfo* info = context_.variable(base);
  if (!info) return std::nullopt;
  if (info->scope && declaredInside(*current_->loop, info->decl)) return std::nullopt;
  std::string adjoint = adjointText(context_, increment.leaf);
  if (context_.request.strategy == Strategy::Atomic || context_.request.strategy == Strategy::Reduction)
    return adjoint + ": --strategy " + strategyName(context_.request.strategy);
  // formad on an array of structs: the analysis records p[i] in `p[i].x = ...` as a read, so its
  // verdict on p is not used. The increments are plain only when every reference to p in the loop is
  // p[counter] (each iteration touches its own element); anything else is guarded.
  if (isStructType(info->decl->getType())) {
    if (onlyOwnElement(*current_->loop, info->name)) return std::nullopt;
    if (memberProvenShared(increment.leaf)) return std::nullopt;
    return adjoint + ": struct members, not proven";
  }
  if (!aliasesFollowed(*current_->loop, base))
    return adjoint + ": also reached through a pointer the analysis does not follow";
  // formad: the per-reference verdict
  analyzer::SourcePosition at = context_.position(increment.leaf->getBeginLoc());
  const analyzer::Reference* reference = current_->loop->referenceAt(at, info->name);
  const analyzer::ArrayVerdict* verdict = current_->loop->analysis.verdictOf(info->name);
  if (!verdict || verdict->verdict == analyzer::Verdict::Shared) return std::nullopt;
  int id = reference ? reference->id : -1;
  bool guarded = id < 0;
  for (int g : verdict->guardedReferences) guarded |= g == id;
  if (!guarded) return std::nullopt;
  if (!reference)
    return adjoint + ": not told apart from other references at its position (one macro expansion)";
  // The other reference of the unproven pair, as the analysis modelled it (thread B's private
  // values primed), never as source text: a comment inside the subscript would end this one.
  std::string other = adjoint;
  std::string why = "not proven";
  for (const analyzer::UnprovenPair& pair : verdict->unproven) {
    if (pair.first != id && pair.second != id) continue;
    int otherId = pair.first == id ? pair.second : pair.first;
    for (const analyzer::Reference& reference : current_->loop->model.references)
      if (reference.id == otherId && !reference.opaque && !reference.isScalar)
        other = info->adjoint + smt::toString(reference.indices, true);
    break;
  }
  return adjoint + " vs " + other + ": " + why;
}

// Whether the analysis saw every pointer alias of `array` the loop uses as the array itself: a
// reference it keeps under the alias's own name is an access to the array it did not compare.
bool Sweeps::aliasesFollowed(const ParallelLoop& loop, const clang::VarDecl* array) const {
  for (const auto& [alias, base] : context_.pointerAliases) {
    if (base != array) continue;
    for (const analyzer::Reference& reference : loop.model.references)
      if (reference.variable == alias->getNameAsString()) return false;
  }
  return true;
}

// An increment through a pointer alias p of array a (PointerAliases.h) is an increment of a_b: plain
// where a's adjoint is this thread's own, or where the analysis saw the reference as an element of
// a and proved it; otherwise guarded, whatever the analysis said about p itself (a private local).
std::optional<std::string> Sweeps::aliasAtomicReason(const Increment& increment, const clang::VarDecl* array) const {
  const VariableInfo* info = context_.variable(array);
  if (current_->perThread.count(array) || !info || (info->scope && declaredInside(*current_->loop, array))) return std::nullopt;
  std::string adjoint = adjointText(context_, increment.leaf);
  if (context_.request.strategy == Strategy::Atomic || context_.request.strategy == Strategy::Reduction)
    return adjoint + ": --strategy " + strategyName(context_.request.strategy);
  analyzer::SourcePosition at = context_.position(increment.leaf->getBeginLoc());
  const analyzer::Reference* reference = current_->loop->referenceAt(at, info->name);
  const analyzer::ArrayVerdict* verdict = current_->loop->analysis.verdictOf(info->name);
  if (reference && !reference->opaque && verdict && aliasesFollowed(*current_->loop, array)) {  // the analysis followed the pointer
    if (verdict->verdict == analyzer::Verdict::Shared) return std::nullopt;
    bool guarded = false;
    for (int g : verdict->guardedReferences) guarded |= g == reference->id;
    if (!guarded) return std::nullopt;
  }
  return adjoint + " is " + info->adjoint + " at an offset: not proven";
}

void Sweeps::forwardParallelLoop(const ParallelLoop& loop, CodeWriter& out) {
  const clang::ForStmt* stmt = analyzer::associatedLoops(*loop.directive).front();
  if (context_.request.strategy == Strategy::Serial) return forward(stmt, out);
  if (!forwardEmits(stmt)) return;
  std::optional<ForHeader> header = parseForHeader(context_, stmt);
  if (!header) return;
  std::optional<CollapsedNest> nest = parseCollapsedNest(context_, *loop.directive);
  if (!nest) return;
  const bool collapsed = nest->loops.size() > 1;
  const clang::ForStmt* innermost = nest->innermost();  // whose body each (flat) iteration runs
  LoopScope scope = scopeOf(loop);
  bool dynamic = loop.model.schedule != "static";
  std::vector<c::ExprRef> firstprivate, reduction;
  c::StmtList privateLocals;
  std::vector<const clang::VarDecl*> lastprivate;
  for (const analyzer::Variable& variable : loop.model.variables) {
    const VariableInfo* info = modelVariable(variable);
    const clang::VarDecl* decl = info ? info->decl : nullptr;
    if (!decl || !plan_.neededForward.count(decl)) continue;
    if (variable.sharing == analyzer::Sharing::FirstPrivate) firstprivate.push_back(c::name(variable.name));
    if (variable.sharing == analyzer::Sharing::Reduction) reduction.push_back(c::name(variable.name));
    if (variable.sharing == analyzer::Sharing::LastPrivate && !declaredInside(loop, decl)) lastprivate.push_back(decl);
    if ((variable.sharing == analyzer::Sharing::Private || variable.sharing == analyzer::Sharing::LastPrivate) &&
        !declaredInside(loop, decl))
      privateLocals.push_back(
          declarationOf(context_, decl, variable.name, decl->getType()->isArrayType() ? c::initList({c::integer(0)}) : c::integer(0)));
  }
  // A C89 counter read after the loop, lastprivate (LoopCounters.h): copied out like any lastprivate.
  const clang::VarDecl* keptCounter = exitCounterKept(stmt);
  if (keptCounter) lastprivate.push_back(keptCounter);
  if (keptCounter && dynamic)
    context_.unsupported(loop.directive->getBeginLoc(), "lastprivate counter '" + keptCounter->getNameAsString() + "' with a " +
                                                            loop.model.schedule + " schedule");
  c::Directive parallel = c::directive("omp parallel");
  if (!firstprivate.empty()) parallel.clauses.push_back(c::clause("firstprivate", firstprivate));
  if (!reduction.empty()) parallel.clauses.push_back(c::clause("reduction", reduction, "+"));

  out.open(c::block({}));
  out.statement(c::comment("forward sweep of the parallel loop at line " + std::to_string(loop.model.pragmaAt.line)));
  if (collapsed) out.statements(nest->tripCounts());
  else out.statement(c::declaration(c::plainType("long"), "adrace_trip", header->tripCount()));
  for (const clang::VarDecl* decl : lastprivate) {
    std::string name = decl->getNameAsString();
    if (decl == keptCounter ? restoresCounter(stmt) : pushesOnKill(decl))
      out.statement(c::withComment(pushStatement(decl->getType(), c::name(name)), "killed by lastprivate(" + name + ")"));
    out.statement(c::declaration(c::pointerTo(declaredTypeOf(context_, decl)), "adrace_last_" + name, c::prefix("&", c::name(name))));
  }
  out.open(c::governed(parallel, c::block({})));
  out.statements(privateLocals);
  const c::ExprRef i = c::name(header->counter->getNameAsString());
  CodeWriter body;
  if (auto* compound = llvm::dyn_cast<clang::CompoundStmt>(context_.loopBody(innermost))) forwardCompound(compound, body, true);
  else forward(context_.loopBody(innermost), body);
  bool counterUsed = keptCounter || body.mentions(i->text);
  auto used = [&](const std::string& counter) { return body.mentions(counter); };
  const c::ExprRef k = c::name("adrace_k"), trip = c::name("adrace_trip"), begin = c::name("adrace_begin"),
                   end = c::name("adrace_end");
  if (collapsed) out.statements(nest->positionDeclarations(used));
  if (dynamic) {
    out.statement(c::declaration(c::plainType("adrace_recorder"), "adrace_record"));
    out.statement(c::declaration(c::plainType("long"), "adrace_k"));
    out.statement(c::expression(c::call("adrace_record_begin", {c::prefix("&", c::name("adrace_record"))})));
    out.open(c::governed(scheduledFor(loop), c::forLoop(c::expression(c::assign("=", k, c::integer(0))), c::binary("<", k, trip),
                                                        c::postfix("++", k), {})));
    out.statement(c::expression(c::call("adrace_record_iteration", {c::prefix("&", c::name("adrace_record")), k})));
  } else {
    out.statements(staticChunk());
  }
  if (collapsed) {  // every counter is rebuilt from the flat index at the top of each iteration
    if (!dynamic) out.open(c::forLoop(c::expression(c::assign("=", k, begin)), c::binary("<", k, end), c::postfix("++", k), {}));
    out.statements(nest->counters(k, used));
  } else if (dynamic) {
    if (counterUsed) out.statement(header->declareCounter(header->counterAt(k)));
  } else {
    // The counter steps along with adrace_k (rather than being rebuilt from it) so that compilers see
    // an induction variable, as in the primal loop.
    if (counterUsed) out.statement(header->declareCounter(header->counterValue(begin)));
    c::ExprRef step = c::postfix("++", k);
    if (counterUsed) step = c::binaryAsWritten(",", step, header->stepForward());
    out.open(c::forLoop(c::expression(c::assign("=", k, begin)), c::binary("<", k, end), step, {}));
  }
  out.append(body);
  out.close();
  if (dynamic) out.statement(c::expression(c::call("adrace_record_finish", {c::prefix("&", c::name("adrace_record"))})));
  for (const clang::VarDecl* decl : lastprivate) {
    const c::ExprRef value = c::name(decl->getNameAsString());
    c::StmtRef store = c::expression(c::assign("=", c::prefix("*", c::name("adrace_last_" + decl->getNameAsString())), value));
    out.statement(c::withComment(c::guarded(ranLastIteration(), store), "lastprivate: the sequentially last iteration's value"));
  }
  for (const clang::VarDecl* decl : carriedValues(loop))
    out.statement(c::withComment(pushStatement(decl->getType(), c::name(decl->getNameAsString())),
                                 "this thread's final " + decl->getNameAsString()));
  out.close();
  out.close();
}

c::Directive Sweeps::scheduledFor(const ParallelLoop& loop) const {
  std::vector<c::ExprRef> schedule = {c::name(loop.model.schedule)};
  if (!loop.model.scheduleChunk.empty()) schedule.push_back(c::literal(loop.model.scheduleChunk));
  return c::directive("omp for", {c::clause("schedule", schedule)});
}

c::ExprRef Sweeps::ranLastIteration() {
  const c::ExprRef end = c::name("adrace_end");
  return c::binary("&&", c::binary("==", end, c::name("adrace_trip")), c::binary(">", end, c::name("adrace_begin")));
}

c::StmtList Sweeps::staticChunk() {
  const c::Type longType = c::plainType("long");
  return {c::declarations(longType, {"adrace_k", "adrace_begin", "adrace_end"}),
          c::expression(c::call("adrace_static_chunk_here", {c::name("adrace_trip"), c::prefix("&", c::name("adrace_begin")),
                                                             c::prefix("&", c::name("adrace_end"))}))};
}

void Sweeps::backwardParallelLoop(const ParallelLoop& loop, CodeWriter& out) {
  const clang::ForStmt* stmt = analyzer::associatedLoops(*loop.directive).front();
  if (context_.request.strategy == Strategy::Serial) return backward(stmt, out);
  if (!backwardEmits(context_.loopBody(stmt))) return restoreCounter(stmt, out);
  std::optional<ForHeader> header = parseForHeader(context_, stmt);
  if (!header) return;
  std::optional<CollapsedNest> nest = parseCollapsedNest(context_, *loop.directive);
  if (!nest) return;
  const bool collapsed = nest->loops.size() > 1;
  const clang::ForStmt* innermost = nest->innermost();  // whose body each (flat) iteration runs
  LoopScope scope = scopeOf(loop);
  bool dynamic = loop.model.schedule != "static";
  bool replay = dynamic && forwardEmits(stmt);
  std::vector<c::ExprRef> reduction;
  std::vector<std::pair<std::string, c::StmtRef>> privateAdjoints;  // adjoint name, its declaration
  for (const clang::VarDecl* decl : scope.reductionClause) {
    const VariableInfo* info = context_.variable(decl);
    const c::ExprRef adjoint = c::name(info->adjoint);
    reduction.push_back(info->byValueScalar ? c::arraySection(adjoint, nullptr, c::integer(1)) : adjoint);
  }
  std::vector<const VariableInfo*> lastprivate;
  for (const analyzer::Variable& variable : loop.model.variables) {
    const VariableInfo* info = modelVariable(variable);
    if (!info || declaredInside(loop, info->decl)) continue;
    if (variable.sharing == analyzer::Sharing::LastPrivate) lastprivate.push_back(info);
    if (variable.sharing == analyzer::Sharing::Private && info->active) privateAdjoints.push_back({info->adjoint, adjointDeclaration(context_, info->decl)});
  }
  c::Directive parallel = c::directive("omp parallel");
  if (!reduction.empty()) parallel.clauses.push_back(c::clause("reduction", reduction, "+"));

  out.open(c::block({}));
  out.statement(c::comment("backward sweep of the parallel loop at line " + std::to_string(loop.model.pragmaAt.line)));
  std::map<const clang::VarDecl*, size_t> gatherComments;  // replaced if the gather is not emitted after all
  for (const analyzer::ArrayVerdict& verdict : loop.analysis.arrays) {
    const analyzer::Variable* variable = loop.model.findVariable(verdict.array);
    const VariableInfo* info = variable ? modelVariable(*variable) : nullptr;
    if (!info || !info->active || scope.perThread.count(info->decl) || context_.pointerAliases.count(info->decl)) continue;
    std::string how = scope.reductionCopies.count(info->decl) ? "per-thread copies (reduction)"
                      : scope.reductionClause.count(info->decl) ? "reduction(+)"
                      : context_.request.strategy == Strategy::Atomic ? "atomic increments"
                      : !aliasesFollowed(loop, info->decl) ? "atomic increments (reached through a pointer the analysis does not follow)"
                      : verdict.verdict == analyzer::Verdict::Shared ? "shared: proven race-free"
                      : verdict.verdict == analyzer::Verdict::FirstPrivate ? "only read" : "atomic on the unproven increments";
    if (scope.gathered.count(info->decl)) {
      out.statement(c::comment(verdict.adjoint + ": a gather over its targets, plain stores (proven: offsets exact, each contribution once)"));
      gatherComments[info->decl] = out.size() - 1;
      continue;
    }
    out.statement(c::comment(verdict.adjoint + ": " + how));
  }
  size_t tripStatement = 0;  // replaced when the gather leaves nothing to run backwards
  if (collapsed) {  // a replay needs the inner trip counts only, to rebuild the counters
    out.statements(nest->tripCounts(!replay));
    tripStatement = out.size() - 1;
  } else if (!replay) {
    out.statement(c::declaration(c::plainType("long"), "adrace_trip", header->tripCount()));
    tripStatement = out.size() - 1;
  }
  for (const VariableInfo* info : lastprivate)
    if (info->active) {  // seed 000 figure 10: only the thread that ran the last iteration gets v_b
      out.statement(c::declaration(c::plainType("double"), "adrace_last_" + info->adjoint, c::name(info->adjoint)));
      out.statement(c::expression(c::assign("=", c::name(info->adjoint), c::literal("0.0"))));
    }
  std::vector<ReductionCopy> copies;
  for (const clang::VarDecl* decl : scope.reductionCopies) {
    std::optional<ReductionCopy> copy = reductionCopy(loop, *context_.variable(decl));
    if (!copy) return;
    copies.push_back(*copy);
  }
  if (copies.size() > 32) {  // ADRACE_REDUCTION_SLOTS
    context_.unsupported(loop.directive->getBeginLoc(), "more than 32 arrays with per-thread adjoint copies in one loop");
    return;
  }
  const c::Type sizeType = c::plainType("size_t");
  const c::ExprRef threads = c::name("adrace_threads");
  if (!copies.empty()) {  // the runtime keeps them, zeroed, between calls (adrace/reduction.h)
    needsOmpHelpers_ = true;
    out.statement(c::declaration(sizeType, "adrace_threads", c::cast(sizeType, c::call("omp_get_max_threads", {}))));
    int slot = 0;
    for (const ReductionCopy& copy : copies) {
      // The buffer holds doubles: an element type of another size asks for as many bytes.
      c::ExprRef count = c::mul(threads, c::cast(sizeType, copy.extent));
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
  // The backward iteration, built before the region opens: its gathered increments become gather
  // loops that run first inside the region (or, when a term cannot be gathered, it is built again
  // with those arrays guarded as the verdict says).
  const LoopScope* saved = current_;
  current_ = &scope;
  std::optional<GatherAdjoint> gather;
  if (!scope.gathered.empty()) {
    std::set<const clang::VarDecl*> bodyLocals;  // scalars a term may recompute at its shifted iteration
    for (const analyzer::Variable& variable : loop.model.variables)
      if (const VariableInfo* info = modelVariable(variable))
        if (!variable.isArray && !info->array && variable.sharing != analyzer::Sharing::LoopCounter &&
            !context_.loopOwnedCounters.count(info->decl)) {
          // C89: a private scalar the innermost body assigns once (LoopModel::singleDefinitions)
          const std::vector<std::string>& single = loop.model.singleDefinitions;
          bool assignedOnce = variable.sharing == analyzer::Sharing::Private &&
                              std::find(single.begin(), single.end(), variable.name) != single.end();
          // an accumulator of an inner loop (LoopModel::accumulatingLoops): its adjoint is the same in every inner iteration
          bool accumulator = false;
          for (const analyzer::AccumulatingLoopModel& inner : loop.model.accumulatingLoops)
            accumulator = accumulator || (inner.failure.empty() && variable.sharing == analyzer::Sharing::Private &&
                                          std::find(inner.accumulators.begin(), inner.accumulators.end(), variable.name) !=
                                              inner.accumulators.end());
          if (declaredInside(loop, info->decl) || assignedOnce || accumulator) bodyLocals.insert(info->decl);
        }
    // A perfect nest in the body adds its counters to the box (the analysis counted them).
    std::optional<std::vector<ForHeader>> box = gatherBox(context_, nest->loops, loop.model.perfectNest.size());
    if (!box) return;
    gatherInnermost_ = box->size() > nest->loops.size() ? box->back().loop : nullptr;
    gather.emplace(context_, loop, *box, scope.gathered, gatherInvariants(loop), std::move(bodyLocals));
  }
  gather_ = gather ? &*gather : nullptr;
  CodeWriter gatheredBody;
  gatherRoot_ = gatheredBody.id();
  backwardIteration(innermost, gatheredBody);
  gather_ = nullptr;
  gatherInnermost_ = nullptr;
  std::string gatherFailure;
  std::optional<c::StmtList> gatherLoops = gather ? gather->build(gatherFailure) : std::nullopt;
  if (gather && !gatherLoops) {
    for (const auto& [decl, line] : gatherComments)
      out.replaceStatement(line, c::comment(context_.variable(decl)->adjoint + ": atomic on the unproven increments (no gather: " +
                                            gatherFailure + ")"));
    scope.gathered.clear();
  }
  if (gatherLoops) {  // a local adjoint, or a recomputed value, that only gathered terms read is not needed by the backward iterations
    for (const std::string& name : gather->localAdjoints()) gatheredBody.dropWriteOnly(name);
    for (const clang::VarDecl* value : gather->recomputableValues())
      if (recomputes(value)) gatheredBody.dropWriteOnly(value->getNameAsString());
  }
  CodeWriter guardedBody;
  if (gather && !gatherLoops) backwardIteration(innermost, guardedBody);
  const CodeWriter& body = gather && !gatherLoops ? guardedBody : gatheredBody;
  current_ = saved;

  const bool onlyGathers = gatherLoops && body.empty() && !forwardEmits(stmt) && copies.empty() && lastprivate.empty();
  if (onlyGathers)
    out.replaceStatement(tripStatement, c::comment("every adjoint its iterations update is gathered: no backward iterations"));
  out.open(c::governed(parallel, c::block({})));
  if (gatherLoops) out.statements(*gatherLoops);
  if (onlyGathers) {
    out.close();
    out.close();
    return;
  }
  const c::ExprRef i = c::name(header->counter->getNameAsString());
  // A thread's final private values were pushed only if this loop's forward sweep ran.
  std::vector<const clang::VarDecl*> carried = forwardEmits(stmt) ? carriedValues(loop) : std::vector<const clang::VarDecl*>();
  for (auto it = carried.rbegin(); it != carried.rend(); ++it) {
    out.statement(c::withComment(declareAndPop(context_, *it), "this thread's final " + (*it)->getNameAsString()));
    // A gather may have taken every read of it (region_phases' w): its pops stay, for the tape.
    if (gatherLoops) out.statement(c::expression(c::cast(c::plainType("void"), c::name((*it)->getNameAsString()))));
  }
  for (const auto& [name, declaration] : privateAdjoints)
    if (!gatherLoops || body.mentions(name)) out.statement(declaration);  // a gather may have taken every use
  const c::Type longType = c::plainType("long");
  const c::ExprRef k = c::name("adrace_k"), trip = c::name("adrace_trip"), begin = c::name("adrace_begin"),
                   end = c::name("adrace_end");
  if (replay) {
    out.statement(c::declaration(c::plainType("adrace_replay"), "adrace_replay"));
    out.statement(c::declaration(longType, "adrace_k"));
    out.statement(c::expression(c::call("adrace_replay_begin", {c::prefix("&", c::name("adrace_replay"))})));
  } else if (dynamic) {
    out.statement(c::declaration(longType, "adrace_k"));
  } else {
    out.statements(staticChunk());
  }
  for (const VariableInfo* info : lastprivate)
    if (info->active)
      out.statement(c::declaration(c::plainType("double"), info->adjoint,
                                   c::conditional(ranLastIteration(), c::name("adrace_last_" + info->adjoint), c::literal("0.0"))));
  if (!copies.empty()) {
    out.open(c::block({}));
    for (const ReductionCopy& copy : copies) {
      c::ExprRef mine = c::add(c::name(copy.copies), c::mul(c::cast(sizeType, c::call("omp_get_thread_num", {})),
                                                            c::cast(sizeType, copy.extent)));
      out.statement(c::withComment(
          c::declaration(copy.perThread, copy.info->adjoint,
                         copy.perThread.derivations.size() > 1 ? c::cast(copy.perThread, mine) : mine),
          "this thread's copy"));
    }
  }
  bool counterUsed = body.mentions(i->text);
  // Only the tape (and per-thread variables) order the iterations of the backward sweep: the
  // iterations of a parallel loop are independent (their adjoint updates commute, or are guarded),
  // so when nothing this loop's forward sweep pushed is popped here, each thread runs its iterations
  // forwards, as the primal does (compilers vectorize that order, not the reverse one).
  bool forwards = !forwardEmits(stmt) && independentIterations(stmt);
  auto usedInBody = [&](const std::string& counter) { return body.mentions(counter); };
  if (collapsed) out.statements(nest->positionDeclarations(usedInBody));
  const c::StmtRef fromZero = c::expression(c::assign("=", k, c::integer(0)));
  const c::StmtRef fromBegin = c::expression(c::assign("=", k, begin));
  const c::StmtRef fromLast = c::expression(c::assign("=", k, c::sub(trip, c::integer(1))));
  const c::StmtRef fromEnd = c::expression(c::assign("=", k, c::sub(end, c::integer(1))));
  if (replay) {
    out.open(c::whileLoop(c::call("adrace_replay_next", {c::prefix("&", c::name("adrace_replay")), c::prefix("&", k)}), {}));
  } else if (dynamic) {
    out.open(c::governed(scheduledFor(loop),
                         forwards ? c::forLoop(fromZero, c::binary("<", k, trip), c::postfix("++", k), {})
                                  : c::forLoop(fromLast, c::binary(">=", k, c::integer(0)), c::postfix("--", k), {})));
  } else if (forwards) {
    if (!collapsed && counterUsed) out.statement(header->declareCounter(header->counterValue(begin)));
    c::ExprRef step = c::postfix("++", k);
    if (!collapsed && counterUsed) step = c::binaryAsWritten(",", step, header->stepForward());
    out.open(c::forLoop(fromBegin, c::binary("<", k, end), step, {}));
  } else {
    // As in the forward sweep, the counter is an induction variable: it starts one step past this
    // thread's chunk and steps back at the top of each iteration (never past the primal's range).
    if (!collapsed && counterUsed) out.statement(header->declareCounter(header->counterValue(end)));
    out.open(c::forLoop(fromEnd, c::binary(">=", k, begin), c::postfix("--", k), {}));
    if (!collapsed && counterUsed) out.statement(c::expression(header->stepBackward()));
  }
  if (collapsed)  // every counter rebuilt from the flat index at the top of each iteration
    out.statements(nest->counters(k, usedInBody));
  else if (counterUsed && (replay || dynamic))
    out.statement(header->declareCounter(header->counterAt(k)));
  out.append(body);
  out.close();
  if (!copies.empty()) {
    out.close();
    out.statement(c::pragma(c::directive("omp barrier")));
    for (const ReductionCopy& copy : copies) {
      const c::ExprRef e = c::name("adrace_e"), t = c::name("adrace_t");
      // Multi-dimensional adjoints are summed element by element through their element type.
      c::ExprRef target = c::name(copy.info->adjoint);
      if (copy.perThread.derivations.size() > 1) target = c::cast(c::pointerTo(copy.element), target);
      c::ExprRef element = c::subscript(c::name(copy.copies), c::add(c::mul(c::cast(sizeType, t), c::cast(sizeType, copy.extent)),
                                                                     c::cast(sizeType, e)));
      out.statement(c::governed(c::directive("omp for"), c::forLoop(
          c::declaration(c::plainType("long"), "adrace_e", c::integer(0)),
          c::binary("<", e, c::cast(c::plainType("long"), copy.extent)), c::postfix("++", e),
          {c::forLoop(c::declaration(c::plainType("int"), "adrace_t", c::integer(0)),
                      c::binary("<", t, c::call("omp_get_num_threads", {})), c::postfix("++", t),
                      {c::expression(c::assign("+=", c::subscript(target, e), element)),
                       c::withComment(c::expression(c::assign("=", element, c::literal("0.0"))),
                                      "zero again for the next call")})})));
    }
  }
  out.close();
  for (const VariableInfo* info : lastprivate)
    if (pushesOnKill(info->decl) && plan_.neededForward.count(info->decl) && forwardEmits(stmt))
      out.statement(popStatement(info->decl->getType(), c::name(info->name)));
  restoreCounter(stmt, out);
  out.close();
}

}  // namespace adrace::ad
