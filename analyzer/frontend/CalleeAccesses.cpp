#include "analyzer/frontend/CalleeAccesses.h"

#include "analyzer/frontend/ContainerSubscripts.h"

#include "analyzer/frontend/CallOwnedMemory.h"
#include "analyzer/frontend/CalleeLocalPointers.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/Synchronisation.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/frontend/LibraryCalls.h"
#include "analyzer/frontend/MemberCalls.h"
#include "analyzer/frontend/MemberPath.h"
#include "analyzer/frontend/NestedParallelInCallee.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

#include <algorithm>

namespace adrace::analyzer {
namespace {

// Memory every call shares with its caller: file-scope variables and static locals.
bool isStaticStorage(const clang::VarDecl* variable) { return variable->hasGlobalStorage(); }

bool isPointerOrArray(const clang::VarDecl* variable) {
  return variable->getType()->isPointerType() || variable->getType()->isArrayType() ||
         (llvm::isa<clang::ParmVarDecl>(variable) &&
          llvm::cast<clang::ParmVarDecl>(variable)->getOriginalType()->isArrayType());
}

// The role an lvalue plays where it stands: written, incremented, read then written, or read.
std::vector<AccessKind> kindsAt(const clang::Expr* access, const clang::ParentMap& parents) {
  const clang::Stmt* parent = parents.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access));
  if (auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent))
    if (assignment->isAssignmentOp() && assignment->getLHS()->IgnoreParenImpCasts() == access) {
      if (assignment->getOpcode() == clang::BO_Assign) return {AccessKind::Write};
      if (assignment->getOpcode() == clang::BO_AddAssign || assignment->getOpcode() == clang::BO_SubAssign)
        return {AccessKind::Increment};
      return {AccessKind::Read, AccessKind::Write};
    }
  if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent)) {
    if (unary->isIncrementDecrementOp()) return {AccessKind::Increment};
    if (unary->getOpcode() == clang::UO_AddrOf) return {};  // an address, not an access
  }
  return {AccessKind::Read};
}

// Under a branch or loop of the callee (between `statement` and the body).
bool conditionalIn(const clang::Stmt* statement, const clang::Stmt* body, const clang::ParentMap& parents) {
  for (const clang::Stmt* current = parents.getParent(statement); current && current != body;
       current = parents.getParent(current)) {
    if (llvm::isa<clang::IfStmt>(current) || llvm::isa<clang::ForStmt>(current) ||
        llvm::isa<clang::WhileStmt>(current) || llvm::isa<clang::DoStmt>(current) ||
        llvm::isa<clang::SwitchStmt>(current) || llvm::isa<clang::ConditionalOperator>(current) ||
        llvm::isa<clang::BinaryConditionalOperator>(current))
      return true;
    if (auto* logical = llvm::dyn_cast<clang::BinaryOperator>(current); logical && logical->isLogicalOp()) return true;
  }
  return false;
}

// The `for` loops whose bodies hold `statement`, up to `body`, outermost first.
std::vector<const clang::ForStmt*> loopsAround(const clang::Stmt* statement, const clang::Stmt* body,
                                               const clang::ParentMap& parents) {
  std::vector<const clang::ForStmt*> loops;
  const clang::Stmt* child = statement;
  for (const clang::Stmt* current = parents.getParent(statement); current && child != body;
       child = current, current = parents.getParent(current))
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(current); loop && loop->getBody() == child)
      loops.insert(loops.begin(), loop);
  return loops;
}

class CalleeWalker {
 public:
  CallSummary summary;
  Protection callProtection = Protection::None;  // around the call being followed, in its caller's callee
  std::string callExclusion;

  void note(const std::string& text) {
    if (std::find(summary.notes.begin(), summary.notes.end(), text) == summary.notes.end())
      summary.notes.push_back(text);
  }

  // `caller`: the function whose body makes the call (null when not known).
  void follow(const clang::CallExpr& call, std::vector<const clang::CallExpr*> chain,
              const clang::FunctionDecl* caller) {
    if (!summary.unmodelled.empty()) return;
    const clang::FunctionDecl* callee = call.getDirectCallee();
    if (!callee) {
      summary.unmodelled = "call through a function pointer may access shared memory the analysis cannot see";
      return;
    }
    std::string name = callee->getNameAsString();
    if (const LibraryFunction* library = libraryFunction(call)) {
      if (isOutputFunction(&call))
        note("call to '" + name +
             "': I/O is not a race on program data (the order "
             "of lines from different threads is unspecified)");
      if (touchesNoUserMemory(&call)) return;
      // Output reading the strings it is given: a read, which only a write of them could race with,
      // and called functions are not where programs write their messages' strings.
      bool onlyReads = library->kind == LibraryKind::InputOutput;
      // Blocks the calling function owns (`free(tmp)`, `memset(own, 0, n)`) are no one else's.
      bool onlyOwnMemory = library->kind != LibraryKind::HiddenState;
      for (const PointerArgument& argument : pointerArgumentsOf(call, *library)) {
        if (caller && isCallOwnedAddress(*argument.argument, *caller)) continue;
        onlyOwnMemory = false;
        onlyReads &= !argument.written;
      }
      if (onlyReads || onlyOwnMemory) return;
      // What the library function reaches through its arguments or its hidden state is modelled
      // where the loop or region calls it (ReferenceCollector::addLibraryCall), not deeper.
      summary.unmodelled =
          "call to '" + name + "' " +
          (library->kind == LibraryKind::HiddenState ? "(which keeps hidden state)"
                                                     : "(which accesses memory through its arguments)") +
          " inside a called function is not followed";
      return;
    }
    const clang::FunctionDecl* definition = nullptr;
    // A member function: the one the call runs, its `this` the object it is called on.
    std::string whyNot;
    if (const clang::CXXMethodDecl* method = memberFunctionRun(call, &whyNot)) {
      definition = method;
    } else if (!whyNot.empty()) {
      summary.unmodelled = whyNot;
      return;
    }
    if (!definition && (!callee->hasBody(definition) || !definition->getBody())) {
      summary.unmodelled =
          "call to '" + name + "' (defined elsewhere) may access shared memory the analysis cannot see";
      return;
    }
    for (const clang::CallExpr* outer : chain)
      if (outer->getDirectCallee() && outer->getDirectCallee()->getCanonicalDecl() == definition->getCanonicalDecl()) {
        summary.unmodelled = "recursive call to '" + name + "' is not followed";
        return;
      }
    chain.push_back(&call);
    walk(*definition->getBody(), *definition, chain);
  }

  // The accesses of `statement`, a statement of `function`'s body, reached through `chain`.
  void walk(const clang::Stmt& statement, const clang::FunctionDecl& function,
            const std::vector<const clang::CallExpr*>& chain) {
    const clang::Stmt* body = function.getBody();
    clang::ParentMap parents(const_cast<clang::Stmt*>(body));
    std::string name = function.getNameAsString();
    struct Visitor : clang::RecursiveASTVisitor<Visitor> {
      CalleeWalker& walker;
      const clang::FunctionDecl& function;
      const std::vector<const clang::CallExpr*>& chain;
      const clang::Stmt* body;
      const clang::ParentMap& parents;
      std::string name;
      Visitor(CalleeWalker& walker, const clang::FunctionDecl& function,
              const std::vector<const clang::CallExpr*>& chain, const clang::Stmt* body,
              const clang::ParentMap& parents, std::string name)
          : walker(walker), function(function), chain(chain), body(body), parents(parents), name(std::move(name)) {}

      bool stop() const { return !walker.summary.unmodelled.empty(); }
      void unmodelled(const std::string& why) {
        if (walker.summary.unmodelled.empty()) walker.summary.unmodelled = why + " in called function '" + name + "'";
      }
      void record(const clang::Expr* access, bool isScalar) {
        std::string exclusion;
        Protection protection = protectionOf(access, parents, true, &exclusion);
        if (protection == Protection::None) {
          protection = walker.callProtection;
          exclusion = walker.callExclusion;
        }
        for (AccessKind kind : kindsAt(access, parents))
          walker.summary.accesses.push_back({access, isScalar, kind, chain, conditionalIn(access, body, parents),
                                             loopsAround(access, body, parents), protection, exclusion, through,
                                             object_});
      }
      const clang::Expr* through = nullptr;  // the address of the local pointer being followed
      const clang::Expr* object_ = nullptr;  // the object `this` names, for a member of it being recorded
      // An access through a local pointer that holds one address: the access of what the address
      // names, checked as that access would be.
      bool throughLocalPointer(const clang::Expr* access, const IndexTranslator::Access& split) {
        const clang::VarDecl* pointer = split.variable;
        const clang::Expr* address = fixedAddressOf(function, *pointer);
        std::optional<IndexTranslator::Access> named = address ? throughFixedAddress(split, *address) : std::nullopt;
        if (!named) {
          unmodelled("access through local pointer '" + pointer->getName().str() + "'");
          return false;
        }
        through = address;
        bool result = true;
        if (named->member) {
          result = memberAccess(access, *named->member, named->subscripts.size());
        } else if (!llvm::isa<clang::ParmVarDecl>(named->variable) && !isStaticStorage(named->variable)) {
          // Into the call's own array or blocks, or through another local pointer, which is not followed.
          if (!holdsItsElements(named->variable) && !holdsCallOwnedMemory(function, *named->variable)) {
            unmodelled("access through local pointer '" + pointer->getName().str() + "' into local pointer '" +
                       named->variable->getName().str() + "'");
            result = false;
          }
        } else if (llvm::isa<clang::ParmVarDecl>(named->variable) && modifiedIn(*body, named->variable)) {
          unmodelled("pointer parameter '" + named->variable->getName().str() + "' is reassigned");
          result = false;
        } else {
          record(access, false);
        }
        through = nullptr;
        return result;
      }
      bool element(const clang::Expr* access) {
        // a[i] inside a[i][j] is part of the larger access.
        const clang::Stmt* parent = parents.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access));
        if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent))
          if (outer->getBase()->IgnoreParenImpCasts() == access) return !stop();
        IndexTranslator::Access split = IndexTranslator::splitAccess(access);
        if (!split.variable && !split.member) {
          unmodelled("access '" + sourceText(access, function.getASTContext()) + "' (" + split.reason + ")");
          return false;
        }
        if (split.member) return memberAccess(access, *split.member, split.subscripts.size());
        const clang::VarDecl* base = split.variable;
        bool parameter = llvm::isa<clang::ParmVarDecl>(base);
        if (!parameter && !isStaticStorage(base)) {
          // the call's own local array, or blocks it allocates for itself
          if (holdsItsElements(base) || holdsCallOwnedMemory(function, *base)) return true;
          return throughLocalPointer(access, split);
        }
        if (parameter && modifiedIn(*body, base)) {
          unmodelled("pointer parameter '" + base->getName().str() + "' is reassigned");
          return false;
        }
        record(access, false);
        return true;
      }
      // An access through struct members (`d->m_fx[i]`, `d->count`, `s.x[k]`): recorded when the
      // memory is the caller's (reached from a parameter or a file-scope struct), skipped when it
      // is the call's own (a local struct, the fields of a struct passed by value).
      bool memberAccess(const clang::Expr* access, const MemberPath& member, size_t subscripts) {
        const clang::VarDecl* root = member.root;
        if (llvm::isa<clang::ImplicitParamDecl>(root)) return objectElement(access, member);
        bool parameter = llvm::isa<clang::ParmVarDecl>(root);
        bool pointee = member.reachesPointee(subscripts);
        if (!parameter && !isStaticStorage(root)) {
          if (!pointee && !root->getType()->isPointerType()) return true;  // the call's own struct
          unmodelled("access through local struct pointer '" + root->getName().str() + "'");
          return false;
        }
        if (parameter && !pointee) return true;  // a field of a struct passed by value: the callee's copy
        if (parameter && modifiedIn(*body, root)) {
          unmodelled("struct parameter '" + root->getName().str() + "' is reassigned");
          return false;
        }
        record(access, false);
        return true;
      }
      // `u[i]` (`this->u[i]`) in a member function called on `out` or on the loop's own object: an
      // element of `out.u` or of the loop's `this->u`, recorded with that object.
      bool objectElement(const clang::Expr* access, const MemberPath& member) {
        BoundObject object = objectOfThis(chain);
        if (!object.expression || object.level > 0) {
          unmodelled("member '" + member.path.substr(2) + "' of an object named inside a called function");
          return false;
        }
        object_ = object.expression;
        record(access, false);
        object_ = nullptr;
        return true;
      }
      bool isBaseOfElement(const clang::Expr* member) const {
        auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(
            parents.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(member)));
        return outer && outer->getBase()->IgnoreParenImpCasts() == member;
      }
      bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* access) { return element(access); }
      bool VisitUnaryOperator(clang::UnaryOperator* op) {
        if (op->getOpcode() == clang::UO_Deref) return element(op);
        return true;
      }
      bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
        auto* variable = llvm::dyn_cast<clang::VarDecl>(use->getDecl());
        if (!variable || !isStaticStorage(variable) || variable->getType()->isArrayType()) return true;
        if (variable->getType().isConstQualified()) return true;
        // A file-scope pointer matters as a scalar only where it is assigned; its elements are
        // accesses of their own.
        std::vector<AccessKind> kinds = kindsAt(use, parents);
        if (isPointerOrArray(variable) &&
            std::all_of(kinds.begin(), kinds.end(), [](AccessKind kind) { return kind == AccessKind::Read; }))
          return true;
        record(use, true);
        return true;
      }
      // Members are parts of the accesses element() sees (d->m_fx in d->m_fx[i]); a scalar field
      // standing alone is an access of its own; a pointer or struct member assigned as a whole
      // changes what is reached through it, which is not followed.
      // `nx` (`this->nx`) in a member function called on `out` (or on the loop's own object): a
      // read of `out.nx` where the caller names `out`; the member functions it calls on `this` are
      // followed as calls, and its elements `u[i]` are objectElement's; a scalar member it writes
      // (`next++` in `int take()`) is a write of `out.next`. An object named inside a called
      // function is not modelled.
      bool objectMember(clang::MemberExpr* member) {
        if (!llvm::isa<clang::FieldDecl>(member->getMemberDecl())) return true;  // a member function called
        std::string field = member->getMemberDecl()->getNameAsString();
        BoundObject object = objectOfThis(chain);
        if (!object.expression) {
          unmodelled("member '" + field + "' of the object of the function holding the loop (its 'this')");
          return false;
        }
        if (object.level > 0) {
          unmodelled("member '" + field + "' of an object named inside a called function");
          return false;
        }
        std::vector<AccessKind> kinds = kindsAt(member, parents);
        bool read = std::all_of(kinds.begin(), kinds.end(), [](AccessKind kind) { return kind == AccessKind::Read; });
        clang::QualType type = member->getType();
        // A pointer, array or container member read for a larger access (`u[i]`): that access is
        // objectElement's.
        if ((type->isPointerType() || type->isArrayType() || !containerElementType(type).isNull()) &&
            isBaseOfElement(member))
          return true;
        if (type->isPointerType() || type->isArrayType() || type->isRecordType()) {
          unmodelled("member '" + field + "' of the object, a pointer, array or struct, is " +
                     (read ? "not followed" : "assigned"));
          return false;
        }
        std::string reason;
        if (!memberPathOf(member, &reason, object.expression)) {
          unmodelled("member '" + field + "' of the object (" + reason + ")");
          return false;
        }
        const clang::Stmt* parent = parents.getParentIgnoreParenImpCasts(member);
        if (auto* outer = llvm::dyn_cast_or_null<clang::MemberExpr>(parent);
            outer && outer->getBase()->IgnoreParenImpCasts() == member)
          return true;
        object_ = object.expression;
        record(member, false);
        object_ = nullptr;
        return true;
      }
      bool VisitMemberExpr(clang::MemberExpr* member) {
        if (llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts())) return objectMember(member);
        std::string reason;
        std::optional<MemberPath> path = memberPathOf(member, &reason);
        if (!path) {
          unmodelled("struct member access '" + sourceText(member, function.getASTContext()) + "' (" + reason + ")");
          return false;
        }
        const clang::Stmt* parent = parents.getParentIgnoreParenImpCasts(member);
        if (auto* outer = llvm::dyn_cast_or_null<clang::MemberExpr>(parent);
            outer && outer->getBase()->IgnoreParenImpCasts() == member)
          return true;
        if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent);
            outer && outer->getBase()->IgnoreParenImpCasts() == member)
          return true;
        clang::QualType type = member->getType();
        std::vector<AccessKind> kinds = kindsAt(member, parents);
        bool read = std::all_of(kinds.begin(), kinds.end(), [](AccessKind kind) { return kind == AccessKind::Read; });
        if (type->isPointerType() || type->isArrayType() || type->isRecordType()) {
          if (read) return true;  // a pointer or array used in a larger access, or a struct copied
          unmodelled(std::string(type->isRecordType() ? "struct" : "pointer") + " member '" +
                     sourceText(member, function.getASTContext()) + "' is assigned");
          return false;
        }
        return memberAccess(member, *path, path->rootSubscripts.size());
      }
      bool VisitCXXThisExpr(clang::CXXThisExpr* self) {
        // `this->nx` and `this->f()` are read by objectMember; `this` itself leaves the call's view.
        if (llvm::isa_and_nonnull<clang::MemberExpr>(parents.getParentIgnoreParenImpCasts(self))) return true;
        unmodelled("'this' used other than to name a member");
        return false;
      }
      bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
        // atomic and critical protect what they hold (record() reads them); the rest is not modelled.
        if (llvm::isa<clang::OMPAtomicDirective>(directive) || llvm::isa<clang::OMPCriticalDirective>(directive))
          return true;
        // A parallel region nested here is the calling thread's code up to its end (NestedParallelInCallee.h).
        std::string why = whyNestedParallelNotFollowed(*directive, function);
        if (why.empty()) return true;
        if (walker.summary.unmodelled.empty()) walker.summary.unmodelled = why;
        return false;
      }
      bool VisitCallExpr(clang::CallExpr* call) {
        if (isTestLock(*call) && !isModelledTestLock(*call, parents)) {
          unmodelled("omp_test_lock used other than as `while (!omp_test_lock(&l))` or `if (omp_test_lock(&l))`");
          return false;
        }
        // What protects the call here protects the callee's accesses that have no protection of their own.
        Protection outerProtection = walker.callProtection;
        std::string outerExclusion = walker.callExclusion;
        std::string exclusion;
        if (Protection protection = protectionOf(call, parents, true, &exclusion); protection != Protection::None) {
          walker.callProtection = protection;
          walker.callExclusion = exclusion;
        }
        walker.follow(*call, chain, &function);
        walker.callProtection = outerProtection;
        walker.callExclusion = outerExclusion;
        return !stop();
      }
    } visitor(*this, function, chain, body, parents, name);
    visitor.TraverseStmt(const_cast<clang::Stmt*>(&statement));
  }
};

}  // namespace

CallSummary followCall(const clang::CallExpr& call) {
  CalleeWalker walker;
  walker.follow(call, {}, nullptr);
  if (!walker.summary.unmodelled.empty()) walker.summary.accesses.clear();
  return std::move(walker.summary);
}

CallSummary followStatement(const clang::Stmt& statement, const clang::FunctionDecl& function) {
  CalleeWalker walker;
  walker.walk(statement, function, {});
  if (!walker.summary.unmodelled.empty()) walker.summary.accesses.clear();
  return std::move(walker.summary);
}

bool modifiedIn(const clang::Stmt& body, const clang::VarDecl* variable) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::VarDecl* variable = nullptr;
    bool found = false;
    bool names(const clang::Expr* e) const { return variableOf(e) == variable; }
    bool VisitBinaryOperator(clang::BinaryOperator* op) {
      if (op->isAssignmentOp() && names(op->getLHS())) found = true;
      return !found;
    }
    bool VisitUnaryOperator(clang::UnaryOperator* op) {
      if ((op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf) && names(op->getSubExpr()))
        found = true;
      return !found;
    }
  } finder;
  finder.variable = variable;
  finder.TraverseStmt(const_cast<clang::Stmt*>(&body));
  return finder.found;
}

}  // namespace adrace::analyzer
