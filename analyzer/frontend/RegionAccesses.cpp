#include "analyzer/frontend/RegionAccesses.h"

#include "analyzer/frontend/ContainerSubscripts.h"
#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/CalledTaskSequences.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ElementAddresses.h"
#include "analyzer/frontend/MemberPath.h"
#include "analyzer/frontend/RegionOwnedMemory.h"
#include "analyzer/frontend/RegionStepShapes.h"
#include "analyzer/frontend/Synchronisation.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::analyzer::region {

// Gathers the accesses of one statement in source order.
std::vector<RegionAccess> RegionAccessCollector::collect(const clang::Stmt* statement, const Scope& scope) {
  struct Visitor : clang::RecursiveASTVisitor<Visitor> {
    using Base = clang::RecursiveASTVisitor<Visitor>;
    RegionAccessCollector& builder;
    const Scope& scope;
    std::vector<RegionAccess>& out;
    Visitor(RegionAccessCollector& builder, const Scope& scope, std::vector<RegionAccess>& out)
        : builder(builder), scope(scope), out(out) {}

    bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* access) {
      if (!scope.scalarsOnly) builder.addArrayAccess(access, scope, out);
      return true;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      if (op->getOpcode() == clang::UO_Deref && !scope.scalarsOnly) builder.addArrayAccess(op, scope, out);
      return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
      builder.addScalarAccess(use, scope, out);
      return true;
    }
    // A pure callee is harmless; one that reaches shared memory is read where it is called, its
    // arguments but those bound to its parameters by address (`f(&x)`: x is what f touches).
    bool TraverseCallExpr(clang::CallExpr* call) { return readCall(call) || Base::TraverseCallExpr(call); }
    bool TraverseCXXMemberCallExpr(clang::CXXMemberCallExpr* call) {
      return readCall(call) || Base::TraverseCXXMemberCallExpr(call);
    }
    bool TraverseCXXOperatorCallExpr(clang::CXXOperatorCallExpr* call) {
      return readCall(call) || Base::TraverseCXXOperatorCallExpr(call);
    }
    // Whether the call is dealt with, its arguments included; false: traverse it as any expression.
    bool readCall(clang::CallExpr* call) {
      if (isTestLock(*call) && !isModelledTestLock(*call, builder.state_.parents))
        builder.state_.limit(
            "omp_test_lock used other than as `while (!omp_test_lock(&l))` or `if (omp_test_lock(&l))`: "
            "the protection it gives is not modelled",
            call);
      if (scope.scalarsOnly || touchesNoUserMemory(call)) return false;
      // The recursive call of a task tree read at its call (CalledTaskSequences.h), to a function that
      // reaches only its own activation's memory and reads what its const pointers point to: its
      // arguments are read, and anything in the arrays passed for those pointers.
      if (const clang::FunctionDecl* callee = call->getDirectCallee();
          callee && builder.state_.inlined &&
          callee->getCanonicalDecl() == builder.state_.inlined->callee->getCanonicalDecl() &&
          reachesOnlyOwnOrReadOnlyMemory(*builder.state_.inlined->callee)) {
        builder.addRecursiveReads(*call, scope, out);
        return false;
      }
      if (const LibraryFunction* library = libraryFunction(*call)) {
        builder.addLibraryCall(*call, *library, scope, out);
        // The arguments are read where they stand, but `&x`, which the call's own access stands for.
        for (const clang::Expr* argument : call->arguments())
          if (!targetOf(*argument).scalar) TraverseStmt(const_cast<clang::Expr*>(argument));
        return true;
      }
      CallSummary summary = followCall(*call);
      if (!summary.unmodelled.empty()) {
        builder.state_.limit(summary.unmodelled, call);
        return true;
      }
      if (summary.accesses.empty()) return false;
      if (llvm::isa<clang::CXXMemberCallExpr>(call) || llvm::isa<clang::CXXOperatorCallExpr>(call)) {
        builder.state_.limit("call to '" + calleeName(call) +
                                 "' accesses shared memory: member functions and operators "
                                 "called in a region's own statements are not followed",
                             call);
        return true;
      }
      if (scope.translator != builder.state_.translator.get()) {
        builder.state_.limit("call to '" + calleeName(call) + "' in a loop's scalars is not followed", call);
        return true;
      }
      const clang::FunctionDecl* callee = call->getDirectCallee();
      for (unsigned k = 0; k < call->getNumArgs(); ++k) {
        bool byAddress = false;
        if (callee && k < callee->getNumParams() && callee->getParamDecl(k)->getType()->isPointerType())
          if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(call->getArg(k)->IgnoreParenImpCasts()))
            byAddress = address->getOpcode() == clang::UO_AddrOf &&
                        llvm::isa<clang::DeclRefExpr>(address->getSubExpr()->IgnoreParenImpCasts());
        if (!byAddress) TraverseStmt(call->getArg(k));
      }
      builder.collectCallee(*call, scope, out);
      return true;
    }
    bool VisitMemberExpr(clang::MemberExpr* member) {
      if (!scope.scalarsOnly) builder.readMember(member, scope, out);
      return true;
    }
  };
  std::vector<RegionAccess> out;
  Visitor(*this, scope, out).TraverseStmt(const_cast<clang::Stmt*>(statement));
  for (size_t k = 0; k < out.size(); ++k) out[k].reference.id = static_cast<int>(k);
  return out;
}

AccessKind RegionAccessCollector::kindOf(const clang::Expr* access, bool* addressTaken) const {
  *addressTaken = false;
  const clang::Stmt* parent = state_.parents.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access));
  if (auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent))
    if (assignment->isAssignmentOp() && assignment->getLHS()->IgnoreParenImpCasts() == access)
      return assignment->getOpcode() == clang::BO_Assign ? AccessKind::Write : AccessKind::Increment;
  if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent)) {
    if (unary->isIncrementDecrementOp()) return AccessKind::Increment;
    if (unary->getOpcode() == clang::UO_AddrOf) *addressTaken = true;
  }
  return AccessKind::Read;
}

// A call in a statement of the region to a function of the file that reaches shared memory, such
// as `norm = sum_sq(r, n);` in a single: the callee's statements are read as if written at the call
// (CalleeInlining.h), under the call's own conditions and synchronisation; a call inside that callee
// is read the same way, its names bound through the callee's (RegionBuildState::bindCall).
// Returns false, with the region limited, when the call cannot be bound.
bool RegionAccessCollector::collectCallee(const clang::CallExpr& call, const Scope& scope,
                                          std::vector<RegionAccess>& out) {
  std::string whyNot;
  std::optional<InlinedCall> inlined = state_.bindCall(call, whyNot);
  if (!inlined) {
    state_.limit(whyNot, &call);
    return false;
  }
  const auto* body = llvm::cast<clang::CompoundStmt>(inlined->callee->getBody());
  CallSite site;
  site.guards = guards_.guardsOf(&call, scope, site.loops, site.guardUnknown);
  // A return before the end makes what follows it conditional.
  site.guardUnknown |= earlyExitIn(*body) != nullptr;
  std::string exclusionName;
  Protection protection = analyzer::protectionOf(&call, state_.parents, false, &exclusionName);

  state_.enterCall(std::move(*inlined));
  std::vector<const clang::VarDecl*> bound = values_.bindCalleeVariables(*state_.inlined, scope.topLevel);
  Scope inside = scope;
  inside.root = body;
  inside.callSite = &site;
  std::string where = " in '" + state_.inlined->callee->getNameAsString() + "'";
  for (RegionAccess& access : collect(body, inside)) {
    access.reference.text += where;
    if (access.reference.protection == Protection::None) {
      access.reference.protection = protection;
      access.reference.exclusionName = exclusionName;
    }
    out.push_back(std::move(access));
  }
  for (const clang::VarDecl* variable : bound) state_.translator->unbindCalleeCounter(variable);
  state_.leaveCall();
  return true;
}

bool RegionAccessCollector::threadOwnsBlock(const clang::VarDecl& pointer, const Scope& scope) const {
  return pointer.getType()->isPointerType() && !state_.inlined && scope.translator == state_.translator.get() &&
         holdsThreadOwnedMemory(*state_.request.site.directive, *state_.request.site.function, pointer);
}

void RegionAccessCollector::addArrayAccess(const clang::Expr* access, const Scope& scope,
                                           std::vector<RegionAccess>& out) {
  // a[i] inside a[i][j], p[i] inside p[i].x are part of the larger access.
  const clang::Stmt* parent = state_.parents.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access));
  if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent))
    if (outer->getBase()->IgnoreParenImpCasts() == access) return;
  if (auto* outer = llvm::dyn_cast_or_null<clang::MemberExpr>(parent))
    if (outer->getBase()->IgnoreParenImpCasts() == access) return;
  RegionAccess result;
  Reference& reference = result.reference;
  bool addressTaken = false;
  reference.kind = kindOf(access, &addressTaken);
  reference.text = sourceText(access, state_.context);
  reference.span = spanOf(access->getSourceRange(), state_.sources);
  reference.protection = analyzer::protectionOf(access, state_.parents, false, &reference.exclusionName);

  IndexTranslator::Access split = IndexTranslator::splitAccess(access);
  if (split.member && !addressTaken) return addMemberAccess(access, std::move(split), scope, std::move(result), out);
  state_.aliases.follow(split);
  bool addressedScalar = false;  // `*p` in an inlined callee given `&x` for p
  if (state_.inlined && split.variable && scope.translator == state_.translator.get()) {
    if (auto array = state_.inlined->arrays.find(split.variable); array != state_.inlined->arrays.end()) {
      split.variable = array->second;
    } else if (auto scalar = state_.inlined->addressed.find(split.variable);
               scalar != state_.inlined->addressed.end()) {
      split.variable = scalar->second;
      addressedScalar = true;
    } else if (state_.inlined->ownMemory.count(split.variable)) {
      return;  // memory of the calling activation, each thread's own
    } else if (state_.inlined->ownsVariable(split.variable)) {
      if (holdsItsElements(split.variable)) return;  // the activation's own array or container
      reference.variable = reference.text;
      reference.opaque = true;
      reference.opaqueReason = "pointer '" + split.variable->getName().str() + "' local to called function '" +
                               state_.inlined->callee->getNameAsString() + "' is not followed";
      split.variable = nullptr;
    }
  }
  if (!split.variable) {
    if (!reference.opaque) {
      reference.variable = reference.text;
      reference.opaque = true;
      reference.opaqueReason = split.reason;
    }
  } else if (addressedScalar) {
    const DataSharing::Entry& entry = scope.sharing->of(split.variable);
    if (isPerThread(entry.sharing)) return;  // the thread's own scalar
    reference.variable = entry.name;
    reference.isScalar = true;
    for (const clang::Expr* subscript : split.subscripts) {
      clang::Expr::EvalResult value;
      if (subscript && !(subscript->EvaluateAsInt(value, state_.context) && value.Val.getInt() == 0))
        reference.opaque = true;
    }
    if (!split.offsets.empty()) reference.opaque = true;
    if (reference.opaque)
      reference.opaqueReason = "pointer to scalar '" + split.variable->getName().str() + "' indexed in '" +
                               state_.inlined->callee->getNameAsString() + "'";
  } else {
    const DataSharing::Entry& entry = scope.sharing->of(split.variable);
    reference.variable = entry.name;
    bool pointer = split.variable->getType()->isPointerType();
    // The thread's own array, or an array section in a reduction clause.
    if (isPerThread(entry.sharing) && (!pointer || entry.sharing == Sharing::Reduction)) return;
    if (pointer && isPerThread(entry.sharing) && threadOwnsBlock(*split.variable, scope)) return;
    if (pointer && (isPerThread(entry.sharing) || state_.definitions.definitions.count(split.variable))) {
      reference.opaque = true;
      reference.opaqueReason = "pointer '" + split.variable->getName().str() +
                               "' is private or assigned in the region: where it points is not followed";
    }
  }
  if (addressTaken) {
    auto* address =
        llvm::cast<clang::UnaryOperator>(state_.parents.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access)));
    if (passedToLockRoutine(*address, state_.parents)) return;
    bool readOnly = onlyReadThrough(*address, state_.parents);
    reference.kind = readOnly ? AccessKind::Read : AccessKind::Write;
    reference.opaque = true;
    reference.opaqueReason = readOnly ? "its address is read through a pointer to const: which elements is not followed"
                                      : "its address is taken: accesses through the pointer are not tracked";
  }
  if (!reference.opaque && !reference.isScalar &&
      !scope.translator->translateSubscripts(split, reference.indices, reference.opaqueReason))
    reference.opaque = true;
  guards_.addGuards(access, scope, result);
  out.push_back(std::move(result));
}

// An access through a struct member (MemberPath.h): the array or scalar the path names, as the loop
// model names it (`g->sum`, `grid.u`, `p[].x`). Memory reached through a pointer is shared whatever
// the root's sharing; the fields of a struct variable share as the variable.
void RegionAccessCollector::addMemberAccess(const clang::Expr* access, IndexTranslator::Access split,
                                            const Scope& scope, RegionAccess result, std::vector<RegionAccess>& out) {
  Reference& reference = result.reference;
  MemberPath& member = *split.member;
  if (state_.inlined && scope.translator == state_.translator.get()) {
    // f(g) or f(&grid) for a parameter `grid_t *s`: s->u is g->u or grid.u.
    if (auto array = state_.inlined->arrays.find(member.root); array != state_.inlined->arrays.end()) {
      member.root = array->second;
    } else if (auto scalar = state_.inlined->addressed.find(member.root); scalar != state_.inlined->addressed.end()) {
      if (member.path.rfind("->", 0) != 0 || !member.rootSubscripts.empty()) {
        state_.limit("struct member access '" + reference.text + "' in called function '" +
                         state_.inlined->callee->getNameAsString() + "' is not modelled",
                     access);
        return;
      }
      member.root = scalar->second;
      member.path = "." + member.path.substr(2);
      member.throughPointer = false;
    } else if (state_.inlined->ownMemory.count(member.root)) {
      return;  // a struct of the calling activation, each thread's own
    } else if (state_.inlined->ownsVariable(member.root)) {
      if (!member.throughPointer) return;  // the activation's own struct
      state_.limit("struct member access '" + reference.text + "' through a local of called function '" +
                       state_.inlined->callee->getNameAsString() + "' is not modelled",
                   access);
      return;
    }
  }
  const DataSharing::Entry& root = scope.sharing->of(member.root);
  bool pointee = member.reachesPointee(split.subscripts.size());
  if (!pointee && isPerThread(root.sharing)) return;  // a field of the thread's own struct
  reference.variable = root.name + member.path;
  reference.isScalar = split.subscripts.empty();
  if (pointee && (isPerThread(root.sharing) || state_.definitions.definitions.count(member.root))) {
    reference.opaque = true;
    reference.opaqueReason = "pointer '" + member.root->getName().str() +
                             "' is private or assigned in the region: which struct it points to is not followed";
  } else if (!scope.translator->translateSubscripts(split, reference.indices, reference.opaqueReason)) {
    reference.opaque = true;
  }
  // An opaque field is compared as possibly any element, never as a scalar every thread writes.
  if (reference.opaque) reference.isScalar = false;
  guards_.addGuards(access, scope, result);
  out.push_back(std::move(result));
}

// A member expression standing on its own: a scalar field (`g->n`, `p[i].x`) is an access; a
// pointer or array member is part of a larger access (`g->u[i]`) or a value read (the pointer),
// unless it is assigned as a whole, which changes what the accesses through it reach; a struct
// member read as a whole is not followed.
void RegionAccessCollector::readMember(const clang::MemberExpr* member, const Scope& scope,
                                       std::vector<RegionAccess>& out) {
  const clang::Stmt* parent = state_.parents.getParentIgnoreParenImpCasts(const_cast<clang::MemberExpr*>(member));
  if (auto* outer = llvm::dyn_cast_or_null<clang::MemberExpr>(parent);
      outer && outer->getBase()->IgnoreParenImpCasts() == member)
    return;
  if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent);
      outer && outer->getBase()->IgnoreParenImpCasts() == member)
    return;
  auto* base = llvm::dyn_cast<clang::DeclRefExpr>(member->getBase()->IgnoreParenImpCasts());
  auto* variable = base ? llvm::dyn_cast<clang::VarDecl>(base->getDecl()) : nullptr;
  if (variable && !member->isArrow() && isPerThread(scope.sharing->of(variable).sharing) &&
      !(state_.inlined && state_.inlined->addressed.count(variable)))
    return;  // a field of the thread's own struct
  clang::QualType type = member->getType();
  bool assigned = false;
  if (auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent))
    assigned = assignment->isAssignmentOp() && assignment->getLHS()->IgnoreParenImpCasts() == member;
  if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent)) assigned |= unary->isIncrementDecrementOp();
  if (type->isPointerType() || type->isArrayType()) {
    if (assigned)
      state_.limit("pointer member '" + sourceText(member, state_.context) +
                       "' is assigned in the region: what is reached "
                       "through it is not followed",
                   member);
    return;
  }
  if (type->isRecordType()) {
    state_.limit("struct member access '" + sourceText(member, state_.context) + "' is not modelled (a whole struct)",
                 member);
    return;
  }
  std::string reason;
  if (!memberPathOf(member, &reason)) {
    state_.limit("struct member access '" + sourceText(member, state_.context) + "' is not modelled (" + reason + ")",
                 member);
    return;
  }
  addArrayAccess(member, scope, out);
}

void RegionAccessCollector::addScalarAccess(const clang::DeclRefExpr* use, const Scope& scope,
                                            std::vector<RegionAccess>& out) {
  auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
  if (!variable) return;
  clang::QualType type = variable->getType();
  if (type->isArrayType() || !(type->isArithmeticType() || type->isPointerType())) return;
  // An inlined callee's locals and parameters: every thread runs its own activation, but the locals
  // it shares with its tasks are shared between them.
  bool sharedWithTasks = state_.taskSharedLocals.count(variable) > 0;
  if (state_.inlined && state_.inlined->ownsVariable(variable) && !sharedWithTasks) return;
  const DataSharing::Entry& entry = scope.sharing->of(variable);
  if (isPerThread(entry.sharing) && !sharedWithTasks) return;
  RegionAccess result;
  Reference& reference = result.reference;
  bool addressTaken = false;
  reference.kind = kindOf(use, &addressTaken);
  if (addressTaken && !scope.scalarsOnly) {
    state_.limit(
        "the address of shared '" + variable->getName().str() + "' is taken: writes through it are not tracked", use);
    return;
  }
  reference.variable = entry.name;
  reference.isScalar = true;
  reference.text = variable->getName().str();
  reference.span = spanOf(use->getSourceRange(), state_.sources);
  reference.protection = analyzer::protectionOf(use, state_.parents, false, &reference.exclusionName);
  guards_.addGuards(use, scope, result);
  out.push_back(std::move(result));
}

// A recursive call of the inlined callee that reads through its const pointer parameters
// (reachesOnlyOwnOrReadOnlyMemory): a read of any element of the caller's array passed for each.
void RegionAccessCollector::addRecursiveReads(const clang::CallExpr& call, const Scope& scope,
                                              std::vector<RegionAccess>& out) {
  for (unsigned k = 0; k < call.getNumArgs(); ++k) {
    const clang::Expr* argument = call.getArg(k)->IgnoreParenImpCasts();
    if (!argument->getType()->isPointerType()) continue;
    // `p`, or `p + offset`: p's array.
    if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(argument); sum && sum->isAdditiveOp())
      argument = sum->getLHS()->IgnoreParenImpCasts();
    const clang::VarDecl* parameter = variableOf(argument);
    auto array = parameter ? state_.inlined->arrays.find(parameter) : state_.inlined->arrays.end();
    if (array == state_.inlined->arrays.end()) {
      state_.limit("recursive call to '" + calleeName(&call) + "': which array it reads is not followed", &call);
      continue;
    }
    RegionAccess result;
    Reference& reference = result.reference;
    reference.kind = AccessKind::Read;
    reference.variable = scope.sharing->of(array->second).name;
    reference.text = sourceText(&call, state_.context);
    reference.span = spanOf(call.getSourceRange(), state_.sources);
    reference.protection = analyzer::protectionOf(&call, state_.parents, false, &reference.exclusionName);
    reference.opaque = true;
    reference.opaqueReason =
        "read by the recursive call to '" + calleeName(&call) + "': which elements is not followed";
    guards_.addGuards(&call, scope, result);
    out.push_back(std::move(result));
  }
}

// A function of the C library, POSIX or the OpenMP runtime (LibraryCalls.h), as in a loop
// (ReferenceCollector::addLibraryCall); in an inlined callee its parameters stand for the caller's arrays.
void RegionAccessCollector::addLibraryCall(const clang::CallExpr& call, const LibraryFunction& function,
                                           const Scope& scope, std::vector<RegionAccess>& out) {
  for (const LibraryAccess& access : libraryAccessesOf(call, function, state_.context)) {
    if (!access.whyNot.empty()) {
      state_.limit(access.whyNot, &call);
      continue;
    }
    RegionAccess result;
    Reference& reference = result.reference;
    reference.kind = access.kind;
    reference.text = access.text;
    reference.span = spanOf(access.at->getSourceRange(), state_.sources);
    reference.protection = analyzer::protectionOf(&call, state_.parents, false, &reference.exclusionName);
    reference.isScalar = access.scalar;
    reference.hiddenState = !access.state.empty();
    reference.conditional = !access.certain;
    reference.variable = access.state;
    if (const clang::VarDecl* variable = access.variable) {
      if (state_.inlined && scope.translator == state_.translator.get()) {
        if (auto array = state_.inlined->arrays.find(variable); array != state_.inlined->arrays.end()) {
          variable = array->second;
        } else if (auto scalar = state_.inlined->addressed.find(variable); scalar != state_.inlined->addressed.end()) {
          variable = scalar->second;
        } else if (state_.inlined->ownMemory.count(variable)) {
          continue;  // memory of the calling activation
        } else if (state_.inlined->ownsVariable(variable)) {
          if (holdsItsElements(variable) || access.scalar) continue;  // the activation's own
          state_.limit(access.text + ": pointer '" + variable->getName().str() + "' local to called function '" +
                           state_.inlined->callee->getNameAsString() + "' is not followed",
                       &call);
          continue;
        }
      }
      const DataSharing::Entry& entry = scope.sharing->of(variable);
      bool pointer = variable->getType()->isPointerType();
      if (isPerThread(entry.sharing) && (access.scalar || !pointer)) continue;  // the thread's own memory
      if (pointer && isPerThread(entry.sharing) && threadOwnsBlock(*variable, scope)) continue;  // `free(local)`
      reference.variable = entry.name;
    }
    if (!access.opaqueReason.empty()) {
      reference.opaque = true;
      reference.opaqueReason = access.opaqueReason;
    }
    guards_.addGuards(&call, scope, result);
    out.push_back(std::move(result));
  }
}

}  // namespace adrace::analyzer::region
