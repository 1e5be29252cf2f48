#include "analyzer/frontend/ReferenceCollector.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ElementAddresses.h"
#include "analyzer/frontend/KnownFunctions.h"
#include "analyzer/frontend/Synchronisation.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

namespace adrace::analyzer {
namespace {

const clang::VarDecl* scalarVariable(const clang::Expr* expression) {
  if (auto* reference = llvm::dyn_cast<clang::DeclRefExpr>(expression->IgnoreParenImpCasts()))
    return llvm::dyn_cast<clang::VarDecl>(reference->getDecl());
  return nullptr;
}

bool isAccess(const clang::Expr* expression) {
  if (llvm::isa<clang::ArraySubscriptExpr>(expression)) return true;
  auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expression);
  return unary && unary->getOpcode() == clang::UO_Deref;
}

// The variable an lvalue names, as an array element or a plain scalar.
const clang::VarDecl* writtenBase(const clang::Expr* lvalue, bool* isArray) {
  const clang::Expr* e = lvalue->IgnoreParenImpCasts();
  if (isAccess(e)) {
    *isArray = true;
    return IndexTranslator::splitAccess(e).variable;
  }
  *isArray = false;
  return scalarVariable(e);
}

const char* unsupportedNestedConstruct(const clang::OMPExecutableDirective* directive) {
  if (llvm::isa<clang::OMPParallelDirective>(directive) || llvm::isa<clang::OMPParallelForDirective>(directive))
    return "nested parallel region";
  if (llvm::isa<clang::OMPTaskDirective>(directive)) return "task";
  if (llvm::isa<clang::OMPTaskLoopDirective>(directive)) return "taskloop";
  if (llvm::isa<clang::OMPTargetDirective>(directive)) return "target";
  if (llvm::isa<clang::OMPSectionsDirective>(directive)) return "sections";
  if (llvm::isa<clang::OMPForDirective>(directive)) return "nested worksharing loop";
  if (llvm::isa<clang::OMPBarrierDirective>(directive)) return "barrier inside a worksharing loop";
  return nullptr;
}

}  // namespace

WrittenVariables findWrittenVariables(const clang::Stmt& body) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    WrittenVariables result;
    void note(const clang::Expr* lvalue) {
      bool isArray = false;
      if (const clang::VarDecl* variable = writtenBase(lvalue, &isArray))
        (isArray ? result.arrays : result.scalars).insert(variable);
    }
    bool VisitBinaryOperator(clang::BinaryOperator* op) {
      if (op->isAssignmentOp()) note(op->getLHS());
      return true;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      if (op->isIncrementDecrementOp()) note(op->getSubExpr());
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Stmt*>(&body));
  return finder.result;
}

class ReferenceVisitor : public clang::RecursiveASTVisitor<ReferenceVisitor> {
 public:
  explicit ReferenceVisitor(ReferenceCollector& collector) : collector_(collector) {}

  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* access) {
    collector_.classify(access, false);
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (op->getOpcode() == clang::UO_Deref) collector_.classify(op, false);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
    collector_.classify(use, true);
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    collector_.addCall(call);
    return true;
  }
  // The task whose instances are the iterations: its data-sharing clauses name variables without
  // accessing them; if, final and priority are read when the task is created.
  bool TraverseOMPTaskDirective(clang::OMPTaskDirective* task) {
    if (task != collector_.allowed_) return RecursiveASTVisitor::TraverseOMPTaskDirective(task);
    for (clang::OMPClause* clause : task->clauses())
      if (llvm::isa<clang::OMPIfClause>(clause) || llvm::isa<clang::OMPFinalClause>(clause) ||
          llvm::isa<clang::OMPPriorityClause>(clause))
        for (clang::Stmt* child : clause->children())
          if (!TraverseStmt(child)) return false;
    // The body, not the CapturedStmt: its children are the captures, which access nothing.
    return TraverseStmt(task->getInnermostCapturedStmt()->getCapturedStmt());
  }
  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
    if (directive == collector_.allowed_) return true;
    if (const char* construct = unsupportedNestedConstruct(directive))
      collector_.limit(std::string("unsupported OpenMP construct inside the loop: ") + construct, directive);
    return true;
  }

 private:
  ReferenceCollector& collector_;
};

ReferenceCollector::ReferenceCollector(clang::ASTContext& context, DataSharing& sharing,
                                       IndexTranslator& translator, const ContextBuilder& contexts,
                                       const LoopCfg& cfg, const WrittenVariables& written,
                                       const DerivedPointers& aliases)
    : context_(context), sharing_(sharing), translator_(translator), contexts_(contexts), cfg_(cfg),
      written_(written), aliases_(aliases),
      calleeLoops_(translator, context.getSourceManager(), static_cast<int>(contexts.contexts().size())) {}

void ReferenceCollector::collect(const clang::Stmt& body) {
  ReferenceVisitor(*this).TraverseStmt(const_cast<clang::Stmt*>(&body));
}

void ReferenceCollector::limit(const std::string& message, const clang::Stmt* at) {
  limitations_.push_back({message, positionOf(at->getBeginLoc(), context_.getSourceManager())});
}

// A call's accesses to the loop's memory, followed into the callee (and its callees).
void ReferenceCollector::addCall(const clang::CallExpr* call) {
  if (isTestLock(*call) && !isModelledTestLock(*call, cfg_.parents()))
    return limit("omp_test_lock used other than as `while (!omp_test_lock(&l))` or `if (omp_test_lock(&l))`: the "
                 "protection it gives is not modelled", call);
  CallSummary summary = followCall(*call);
  for (const std::string& note : summary.notes)
    limitations_.push_back({note, positionOf(call->getBeginLoc(), context_.getSourceManager()), false});
  if (!summary.unmodelled.empty()) {
    limit(summary.unmodelled, call);
    return;
  }
  for (const CalleeAccess& access : summary.accesses) addCalleeAccess(access);
}

namespace {

// The array whose element an address argument points to: `a[i]` (a row of a 2-D array, not an
// element of an array of pointers, which points elsewhere), `*(a + i)`, `&a[k]`, `&a[i][j]`, `a + k`,
// `k + a`, `a - k`, `a[i] + k`.
const clang::VarDecl* arrayUnderAddress(const clang::Expr* argument) {
  const clang::Expr* expression = argument->IgnoreParenImpCasts();
  bool addressOf = false;
  if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(expression); address && address->getOpcode() == clang::UO_AddrOf) {
    expression = address->getSubExpr()->IgnoreParenImpCasts();
    addressOf = true;
  }
  if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(expression);
      sum && (sum->getOpcode() == clang::BO_Add || sum->getOpcode() == clang::BO_Sub)) {
    const clang::Expr* pointer = sum->getLHS()->getType()->isPointerType() ? sum->getLHS() : sum->getRHS();
    if (sum->getOpcode() == clang::BO_Sub && pointer != sum->getLHS()) return nullptr;
    if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(pointer->IgnoreParenImpCasts()))
      return llvm::dyn_cast<clang::VarDecl>(use->getDecl());
    return arrayUnderAddress(pointer);
  }
  auto* dereference = llvm::dyn_cast<clang::UnaryOperator>(expression);
  bool element = llvm::isa<clang::ArraySubscriptExpr>(expression) ||
                 (dereference && dereference->getOpcode() == clang::UO_Deref);
  if (element && (addressOf || expression->getType()->isArrayType()))
    return IndexTranslator::splitAccess(expression).variable;
  return nullptr;
}

}  // namespace

// One access made inside a called function, as a reference of the loop: its base followed back
// through the calls' arguments to a variable of the loop (or a file-scope one), its indices in
// terms of the arguments, its place that of the call in the loop body.
void ReferenceCollector::addCalleeAccess(const CalleeAccess& access) {
  const clang::CallExpr* call = access.calls.front();
  const clang::FunctionDecl* callee = access.calls.back()->getDirectCallee();
  IndexTranslator::Access split;
  const clang::VarDecl* base = nullptr;
  if (access.isScalar) {
    if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(access.access->IgnoreParenImpCasts()))
      base = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
  } else {
    split = IndexTranslator::splitAccess(access.access);
    base = split.variable;
  }
  if (!base) return limit("access in called function '" + callee->getNameAsString() + "' is not followed", call);
  bool scalar = access.isScalar;
  std::string elementArgument;  // set when an argument is an address inside an array, not the array
  // Parameters stand for the arguments of the call that binds them, innermost call first.
  for (size_t level = access.calls.size(); level > 0 && llvm::isa<clang::ParmVarDecl>(base); --level) {
    const clang::CallExpr* binding = access.calls[level - 1];
    auto* parameter = llvm::cast<clang::ParmVarDecl>(base);
    if (parameter->getFunctionScopeIndex() >= binding->getNumArgs())
      return limit("variadic argument of '" + calleeName(binding) + "' is not followed", call);
    const clang::Expr* argument = binding->getArg(parameter->getFunctionScopeIndex())->IgnoreParenImpCasts();
    bool addressOf = false;
    if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(argument); address && address->getOpcode() == clang::UO_AddrOf) {
      argument = address->getSubExpr()->IgnoreParenImpCasts();
      addressOf = true;
    }
    auto* use = llvm::dyn_cast<clang::DeclRefExpr>(argument);
    base = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
    if (!base && (base = arrayUnderAddress(argument))) {
      // `row(a[i])`, `f(&a[k])`, `g(a + k)`: the callee reaches a's elements from an address inside a.
      if (elementArgument.empty()) elementArgument = sourceText(argument, context_) + "' of '" + calleeName(binding);
      addressOf = false;
    }
    if (!base)
      return limit("argument '" + sourceText(argument, context_) + "' of call to '" + calleeName(binding) +
                       "' is not a plain variable: accesses through it are not followed",
                   call);
    if (addressOf) {
      // p = &x: *p and p[0] are x itself.
      for (const clang::Expr* subscript : split.subscripts) {
        clang::Expr::EvalResult value;
        if (subscript && !(subscript->EvaluateAsInt(value, context_) && value.Val.getInt() == 0))
          return limit("pointer to scalar '" + base->getName().str() + "' indexed in '" + calleeName(binding) + "'", call);
      }
      if (!split.offsets.empty())
        return limit("pointer to scalar '" + base->getName().str() + "' offset in '" + calleeName(binding) + "'", call);
      scalar = true;
    }
    // A local array of an intermediate callee is that call's own.
    if (level > 1 && !llvm::isa<clang::ParmVarDecl>(base) && !base->hasGlobalStorage()) return;
  }
  const DataSharing::Entry& entry = sharing_.of(base);
  if (isPerThread(entry.sharing) && (scalar || base->getType()->isArrayType())) return;

  Reference reference;
  reference.id = static_cast<int>(references_.size());
  reference.variable = entry.name;
  reference.kind = access.kind;
  reference.isScalar = scalar;
  reference.text = sourceText(access.access, context_) + " in '" + callee->getNameAsString() + "'";
  reference.context = contexts_.contextOf(call);
  reference.span = spanOf(call->getSourceRange(), context_.getSourceManager());
  // The callee's own synchronisation first (a lock it takes, an atomic), else the call site's.
  reference.protection = access.protection;
  reference.exclusionName = access.exclusionName;
  if (reference.protection == Protection::None)
    reference.protection = analyzer::protectionOf(call, cfg_.parents(), true, &reference.exclusionName);
  reference.conditional = access.conditional;
  if (!scalar) {
    if (base->getType()->isPointerType() && (isPerThread(entry.sharing) || written_.scalars.count(base))) {
      reference.opaque = true;
      reference.opaqueReason = "pointer '" + base->getName().str() + "' is assigned inside the loop";
    } else if (!elementArgument.empty()) {
      // The callee's subscripts count from the argument's address, which the translator cannot add
      // to them: any element of the array, compared as a possible race against every write of it.
      reference.opaque = true;
      reference.opaqueReason = "reached through argument '" + elementArgument +
                               "', an address inside the array: which elements is not followed";
    } else {
      for (const clang::CallExpr* entered : access.calls) translator_.enterCall(*entered);
      // Inside the callee's loops the counters are symbols whose ranges only these references see.
      if (!access.loops.empty())
        if (int loopContext = calleeLoops_.enter(access.calls, access.loops, reference.context); loopContext >= 0)
          reference.context = loopContext;
      if (!translator_.translateSubscripts(split, reference.indices, reference.opaqueReason)) reference.opaque = true;
      calleeLoops_.leave();
      for (size_t k = 0; k < access.calls.size(); ++k) translator_.leaveCall();
    }
  }
  references_.push_back(std::move(reference));
}

// Decides what role `access` plays in its parent expression and records it.
void ReferenceCollector::classify(const clang::Expr* access, bool isScalar) {
  const clang::ParentMap& parents = cfg_.parents();
  if (absorbed_.count(access)) return;
  if (isScalar) {
    const clang::VarDecl* variable = scalarVariable(access);
    if (!variable || variable->getType()->isArrayType() || variable->getType()->isPointerType()) return;
    if (!written_.scalars.count(variable) || isPerThread(sharing_.of(variable).sharing)) return;
  }
  // The parent that gives the access its role, looking through parentheses and casts.
  const clang::Stmt* parent = parents.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access));
  if (!isScalar) {
    // a[i] inside a[i][j], or p in *(p + 1): part of a larger access.
    if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent))
      if (outer->getBase()->IgnoreParenImpCasts() == access) return;
  }
  auto* lhsOf = [&](const clang::Stmt* s) -> const clang::Expr* {
    if (auto* op = llvm::dyn_cast_or_null<clang::BinaryOperator>(s))
      if (op->isAssignmentOp()) return op->getLHS()->IgnoreParenImpCasts();
    return nullptr;
  }(parent);
  auto record = [&](AccessKind kind) {
    if (isScalar)
      addScalar(llvm::cast<clang::DeclRefExpr>(access->IgnoreParenImpCasts()), kind);
    else
      addAccess(access, kind);
  };

  if (lhsOf == access) {
    auto* assignment = llvm::cast<clang::BinaryOperator>(parent);
    switch (assignment->getOpcode()) {
      case clang::BO_AddAssign:
      case clang::BO_SubAssign: return record(AccessKind::Increment);
      case clang::BO_Assign: {
        // a[k] = a[k] + e, a[k] = e + a[k], a[k] = a[k] - e: an increment in disguise.
        if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(assignment->getRHS()->IgnoreParens()))
          if (sum->getOpcode() == clang::BO_Add || sum->getOpcode() == clang::BO_Sub) {
            std::vector<const clang::Expr*> candidates{sum->getLHS()->IgnoreParenImpCasts()};
            if (sum->getOpcode() == clang::BO_Add) candidates.push_back(sum->getRHS()->IgnoreParenImpCasts());
            for (const clang::Expr* candidate : candidates)
              if (sourceText(candidate, context_) == sourceText(access, context_) &&
                  candidate->getStmtClass() == access->getStmtClass()) {
                absorbed_.insert(candidate);
                return record(AccessKind::Increment);
              }
          }
        return record(AccessKind::Write);
      }
      default:  // *=, /=, ...: the old value is read, then overwritten
        record(AccessKind::Read);
        return record(AccessKind::Write);
    }
  }
  if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent)) {
    if (unary->isIncrementDecrementOp()) return record(AccessKind::Increment);
    if (unary->getOpcode() == clang::UO_AddrOf && !isScalar) {
      if (passedToLockRoutine(*unary, parents)) return;
      if (onlyReadThrough(*unary, parents)) {
        addAccess(access, AccessKind::Read);
        references_.back().opaque = true;
        references_.back().opaqueReason = "its address is read through a pointer to const: which elements is not followed";
        return;
      }
      addAccess(access, AccessKind::Write);
      Reference& reference = references_.back();
      reference.opaque = true;
      reference.opaqueReason = "its address is taken: accesses through the pointer are not tracked";
      return;
    }
  }
  record(AccessKind::Read);
}

void ReferenceCollector::addScalar(const clang::DeclRefExpr* use, AccessKind kind) {
  auto* variable = llvm::cast<clang::VarDecl>(use->getDecl());
  Reference reference;
  reference.id = static_cast<int>(references_.size());
  reference.variable = sharing_.of(variable).name;
  reference.kind = kind;
  reference.isScalar = true;
  reference.text = variable->getName().str();
  reference.context = contexts_.contextOf(use);
  reference.span = spanOf(use->getSourceRange(), context_.getSourceManager());
  reference.protection = analyzer::protectionOf(use, cfg_.parents(), true, &reference.exclusionName);
  references_.push_back(std::move(reference));
}

void ReferenceCollector::addAccess(const clang::Expr* access, AccessKind kind) {
  Reference reference;
  reference.id = static_cast<int>(references_.size());
  reference.kind = kind;
  reference.text = sourceText(access, context_);
  reference.context = contexts_.contextOf(access);
  reference.span = spanOf(access->getSourceRange(), context_.getSourceManager());
  reference.protection = analyzer::protectionOf(access, cfg_.parents(), true, &reference.exclusionName);

  IndexTranslator::Access split = IndexTranslator::splitAccess(access);
  aliases_.follow(split);
  if (!split.variable) {
    reference.variable = reference.text;
    reference.opaque = true;
    reference.opaqueReason = split.reason;
    references_.push_back(std::move(reference));
    return;
  }
  const DataSharing::Entry& entry = sharing_.of(split.variable);
  reference.variable = entry.name;
  if (split.variable->getType()->isPointerType() &&
      (isPerThread(entry.sharing) || written_.scalars.count(split.variable))) {
    reference.opaque = true;
    reference.opaqueReason = "pointer '" + split.variable->getName().str() +
                             "' is assigned inside the loop: pointer chasing is not followed";
  } else if (!translator_.translateSubscripts(split, reference.indices, reference.opaqueReason)) {
    reference.opaque = true;
  }
  references_.push_back(std::move(reference));
}

}  // namespace adrace::analyzer
