#include "analyzer/frontend/ReferenceCollector.h"

#include "analyzer/frontend/ContainerSubscripts.h"
#include "analyzer/frontend/CallOwnedMemory.h"
#include "analyzer/frontend/CalleeLocalPointers.h"

#include "analyzer/frontend/AddressInArray.h"
#include "analyzer/frontend/BlockCopies.h"
#include "analyzer/frontend/CallOwnedMemory.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ElementAddresses.h"
#include "analyzer/frontend/LibraryCalls.h"
#include "analyzer/frontend/RegionOwnedMemory.h"
#include "analyzer/frontend/Synchronisation.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/ParentMap.h>

#include <algorithm>
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
      if (auto* member = llvm::dyn_cast<clang::MemberExpr>(lvalue->IgnoreParenImpCasts())) {
        std::string reason;
        if (std::optional<MemberPath> path = memberPathOf(member, &reason))
          result.members.insert({path->root, path->path});
        return;
      }
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
  bool VisitMemberExpr(clang::MemberExpr* member) {
    collector_.classifyMember(member);
    return true;
  }
  // The task whose instances are the iterations: its data-sharing clauses name variables without
  // accessing them; if, final and priority are read when the task is created.
  bool TraverseOMPTaskDirective(clang::OMPTaskDirective* task) {
    if (!collector_.allowed_.count(task)) return RecursiveASTVisitor::TraverseOMPTaskDirective(task);
    for (clang::OMPClause* clause : task->clauses())
      if (llvm::isa<clang::OMPIfClause>(clause) || llvm::isa<clang::OMPFinalClause>(clause) ||
          llvm::isa<clang::OMPPriorityClause>(clause))
        for (clang::Stmt* child : clause->children())
          if (!TraverseStmt(child)) return false;
    // The body, not the CapturedStmt: its children are the captures, which access nothing.
    size_t first = collector_.references_.size();
    bool result = TraverseStmt(task->getInnermostCapturedStmt()->getCapturedStmt());
    collector_.madeIn_[task] = {first, collector_.references_.size()};
    return result;
  }
  bool VisitOMPExecutableDirective(clang::OMPExecutableDirective* directive) {
    if (collector_.allowed_.count(directive)) return true;
    if (const char* construct = unsupportedNestedConstruct(directive))
      collector_.limit(std::string("unsupported OpenMP construct inside the loop: ") + construct, directive);
    return true;
  }

 private:
  ReferenceCollector& collector_;
};

ReferenceCollector::ReferenceCollector(clang::ASTContext& context, DataSharing& sharing, IndexTranslator& translator,
                                       const ContextBuilder& contexts, const LoopCfg& cfg,
                                       const WrittenVariables& written, const DerivedPointers& aliases)
    : context_(context),
      sharing_(sharing),
      translator_(translator),
      contexts_(contexts),
      cfg_(cfg),
      written_(written),
      aliases_(aliases),
      calleeLoops_(translator, context.getSourceManager(), static_cast<int>(contexts.contexts().size())) {}

void ReferenceCollector::collect(const clang::Stmt& body) {
  ReferenceVisitor(*this).TraverseStmt(const_cast<clang::Stmt*>(&body));
  limitWholeStructs();
}

void ReferenceCollector::limit(const std::string& message, const clang::Stmt* at) {
  SourcePosition position = positionOf(at->getBeginLoc(), context_.getSourceManager());
  // Every access a call makes can hit the same reason: say it once.
  for (const Limitation& known : limitations_)
    if (known.message == message && known.at.line == position.line && known.at.column == position.column) return;
  limitations_.push_back({message, position});
}

// A call's accesses to the loop's memory, followed into the callee (and its callees).
void ReferenceCollector::addCall(const clang::CallExpr* call) {
  if (isTestLock(*call) && !isModelledTestLock(*call, cfg_.parents()))
    return limit(
        "omp_test_lock used other than as `while (!omp_test_lock(&l))` or `if (omp_test_lock(&l))`: the "
        "protection it gives is not modelled",
        call);
  if (isBlockCopy(*call)) return addBlockCopy(*call);
  if (const LibraryFunction* function = libraryFunction(*call)) return addLibraryCall(*call, *function);
  CallSummary summary = followCall(*call);
  for (const std::string& note : summary.notes)
    limitations_.push_back({note, positionOf(call->getBeginLoc(), context_.getSourceManager()), false});
  if (!summary.unmodelled.empty()) {
    limit(summary.unmodelled, call);
    return;
  }
  for (const CalleeAccess& access : summary.accesses) addCalleeAccess(access);
}

// A function of the C library, POSIX or the OpenMP runtime (LibraryCalls.h): its hidden state is a
// shared variable every call writes (or reads), its pointer arguments are accesses of any element
// of the arrays they point into.
void ReferenceCollector::addLibraryCall(const clang::CallExpr& call, const LibraryFunction& function) {
  if (function.kind == LibraryKind::InputOutput)
    limitations_.push_back({"call to '" + calleeName(&call) +
                                "': I/O is not a race on program data (the order of "
                                "lines from different threads is unspecified)",
                            positionOf(call.getBeginLoc(), context_.getSourceManager()), false});
  for (const LibraryAccess& access : libraryAccessesOf(call, function, context_)) {
    if (!access.whyNot.empty()) {
      limit(access.whyNot, &call);
      continue;
    }
    if (access.element) {
      addLibraryElement(access, calleeName(&call));
      continue;
    }
    Reference reference;
    reference.id = static_cast<int>(references_.size());
    reference.kind = access.kind;
    reference.text = access.text;
    reference.context = contexts_.contextOf(&call);
    reference.span = spanOf(access.at->getSourceRange(), context_.getSourceManager());
    reference.protection = analyzer::protectionOf(&call, cfg_.parents(), true, &reference.exclusionName);
    reference.isScalar = access.scalar;
    reference.hiddenState = !access.state.empty();
    // Definite only when every iteration makes the call (the body's root context) and makes the access.
    reference.conditional = !access.certain || reference.context != 0;
    if (access.variable) {
      const DataSharing::Entry& entry = sharing_.of(access.variable);
      bool pointer = access.variable->getType()->isPointerType();
      if (isPerThread(entry.sharing) && (access.scalar || !pointer)) continue;  // the thread's own memory
      reference.variable = entry.name;
    } else {
      reference.variable = access.state;
    }
    if (!access.opaqueReason.empty()) {
      reference.opaque = true;
      reference.opaqueReason = access.opaqueReason;
    }
    references_.push_back(std::move(reference));
  }
}

// An element or a row a library call reaches through an argument (`&seeds[i]`, `names[i]`): the
// access of that element, or of the row with the subscripts after it unknown (translatePartly's
// symbols: a race through them is only possible).
void ReferenceCollector::addLibraryElement(const LibraryAccess& access, const std::string& function) {
  size_t before = references_.size();
  addAccess(access.element, access.kind);
  if (references_.size() == before) return;  // the thread's own array
  Reference& reference = references_.back();
  reference.text = access.text;
  if (access.exact || reference.opaque) return;
  if (access.knownSubscripts == 0 || !partlyKnownSubscripts_ || reference.indices.size() < access.knownSubscripts) {
    reference.opaque = true;
    reference.opaqueReason = access.opaqueReason;
    reference.indices.clear();
    return;
  }
  reference.indices.resize(access.knownSubscripts);
  for (unsigned k = access.knownSubscripts; k < access.rank; ++k)
    reference.indices.push_back(smt::variable(
        kUnknownSubscript + std::to_string(reference.id) + "." + std::to_string(k), 0, smt::Scope::Private));
  reference.unknownSubscripts = "'" + function + "' " + (access.kind == AccessKind::Read ? "reads" : "writes") +
                                " the row through it: which elements of it is not followed";
}

namespace {

// `&a[e]`, `a[i]` (through casts) given to a library function: the call's accesses stand for it.
bool passedToLibraryCall(const clang::Expr& access, const clang::ParentMap& parents) {
  const clang::Stmt* child = &access;
  const clang::Stmt* parent = parents.getParent(child);
  while (parent && (llvm::isa<clang::ParenExpr>(parent) || llvm::isa<clang::CastExpr>(parent) ||
                    (llvm::isa<clang::UnaryOperator>(parent) &&
                     llvm::cast<clang::UnaryOperator>(parent)->getOpcode() == clang::UO_AddrOf))) {
    child = parent;
    parent = parents.getParent(parent);
  }
  auto* call = llvm::dyn_cast_or_null<clang::CallExpr>(parent);
  return call && isLibraryPointerArgument(*llvm::cast<clang::Expr>(child), *call) &&
         targetOf(*llvm::cast<clang::Expr>(child)).element == access.IgnoreParens();
}

// `&a[e]` (through casts) given to memcpy, memmove or memset: the call's block stands for it.
bool passedToBlockCopy(const clang::Expr& address, const clang::ParentMap& parents) {
  const clang::Stmt* child = &address;
  const clang::Stmt* parent = parents.getParent(child);
  while (parent && (llvm::isa<clang::ParenExpr>(parent) || llvm::isa<clang::CastExpr>(parent))) {
    child = parent;
    parent = parents.getParent(parent);
  }
  auto* call = llvm::dyn_cast_or_null<clang::CallExpr>(parent);
  return call && isBlockArgument(*llvm::cast<clang::Expr>(child), *call);
}

// `&e` as e (with `addressOf` set), anything else as it is; parentheses and implicit casts dropped.
const clang::Expr* withoutAddressOf(const clang::Expr* expression, bool& addressOf) {
  expression = expression->IgnoreParenImpCasts();
  // A struct passed by value in C++ is a copy construction; a trivial one copies the fields as C does.
  if (auto* copy = llvm::dyn_cast<clang::CXXConstructExpr>(expression);
      copy && copy->getNumArgs() == 1 && copy->getConstructor()->isCopyOrMoveConstructor() &&
      copy->getConstructor()->isTrivial())
    expression = copy->getArg(0)->IgnoreParenImpCasts();
  auto* address = llvm::dyn_cast<clang::UnaryOperator>(expression);
  addressOf = address && address->getOpcode() == clang::UO_AddrOf;
  return addressOf ? address->getSubExpr()->IgnoreParenImpCasts() : expression;
}

// The argument `binding` passes for `parameter`; null when the call has none there (a variadic callee).
const clang::Expr* argumentFor(const clang::CallExpr* binding, const clang::ParmVarDecl* parameter) {
  unsigned index = parameter->getFunctionScopeIndex();
  return index < binding->getNumArgs() ? binding->getArg(index) : nullptr;
}

// The array whose element an address argument points to: `a[i]` (a row of a 2-D array, not an
// element of an array of pointers, which points elsewhere), `*(a + i)`, `&a[k]`, `&a[i][j]`, `a + k`,
// `k + a`, `a - k`, `a[i] + k`.
const clang::VarDecl* arrayUnderAddress(const clang::Expr* argument) {
  bool addressOf = false;
  const clang::Expr* expression = withoutAddressOf(argument, addressOf);
  if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(expression);
      sum && (sum->getOpcode() == clang::BO_Add || sum->getOpcode() == clang::BO_Sub)) {
    const clang::Expr* pointer = sum->getLHS()->getType()->isPointerType() ? sum->getLHS() : sum->getRHS();
    if (sum->getOpcode() == clang::BO_Sub && pointer != sum->getLHS()) return nullptr;
    if (auto* use = llvm::dyn_cast<clang::DeclRefExpr>(pointer->IgnoreParenImpCasts()))
      return llvm::dyn_cast<clang::VarDecl>(use->getDecl());
    return arrayUnderAddress(pointer);
  }
  auto* dereference = llvm::dyn_cast<clang::UnaryOperator>(expression);
  bool element =
      llvm::isa<clang::ArraySubscriptExpr>(expression) || (dereference && dereference->getOpcode() == clang::UO_Deref);
  if (element && (addressOf || expression->getType()->isArrayType()))
    return IndexTranslator::splitAccess(expression).variable;
  return nullptr;
}

}  // namespace

// Whether `address` is an argument of a call to a function defined in the translation unit.
bool passedToDefinedFunction(const clang::UnaryOperator& address, const clang::ParentMap& parents) {
  auto* call = llvm::dyn_cast_or_null<clang::CallExpr>(
      parents.getParentIgnoreParenImpCasts(const_cast<clang::UnaryOperator*>(&address)));
  const clang::FunctionDecl* definition = nullptr;
  if (!call || !call->getDirectCallee() || !call->getDirectCallee()->hasBody(definition)) return false;
  for (const clang::Expr* argument : call->arguments())
    if (argument->IgnoreParenImpCasts() == &address) return true;
  return false;
}

// Whether `address` is the initialiser of a pointer DerivedPointers follows.
bool ReferenceCollector::initialisesDerivedPointer(const clang::UnaryOperator& address,
                                                   const clang::ParentMap& parents) const {
  if (aliases_.isAssignmentOf(address)) return true;
  auto* declaration = llvm::dyn_cast_or_null<clang::DeclStmt>(
      parents.getParentIgnoreParenImpCasts(const_cast<clang::UnaryOperator*>(&address)));
  if (!declaration) return false;
  for (const clang::Decl* declared : declaration->decls())
    if (auto* pointer = llvm::dyn_cast<clang::VarDecl>(declared))
      if (pointer->getInit() && pointer->getInit()->IgnoreParenImpCasts() == &address && aliases_.find(pointer))
        return true;
  return false;
}

// The call of `*f(args)` when f's body is only `return &E;` with E an element or a field (an accessor).
const clang::CallExpr* accessorCall(const clang::Expr* access) {
  auto* dereference = llvm::dyn_cast<clang::UnaryOperator>(access->IgnoreParenImpCasts());
  if (!dereference || dereference->getOpcode() != clang::UO_Deref) return nullptr;
  auto* call = llvm::dyn_cast<clang::CallExpr>(dereference->getSubExpr()->IgnoreParenImpCasts());
  return call && returnedAddressTarget(*call) ? call : nullptr;
}

const clang::Expr* returnedAddressTarget(const clang::CallExpr& call) {
  const clang::FunctionDecl* callee = call.getDirectCallee();
  const clang::FunctionDecl* definition = nullptr;
  if (!callee || !callee->hasBody(definition)) return nullptr;
  auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(definition->getBody());
  if (!body || body->size() != 1) return nullptr;
  auto* statement = llvm::dyn_cast<clang::ReturnStmt>(body->body_front());
  auto* address = statement && statement->getRetValue()
                      ? llvm::dyn_cast<clang::UnaryOperator>(statement->getRetValue()->IgnoreParenImpCasts())
                      : nullptr;
  if (!address || address->getOpcode() != clang::UO_AddrOf) return nullptr;
  const clang::Expr* target = address->getSubExpr()->IgnoreParens();
  // Memory the caller can name: reached from a parameter or a file-scope variable.
  IndexTranslator::Access split = IndexTranslator::splitAccess(target);
  const clang::VarDecl* root = split.member ? split.member->root : split.variable;
  if (!root || !(llvm::isa<clang::ParmVarDecl>(root) || root->hasGlobalStorage())) return nullptr;
  return target;
}

// An access through struct members made in a called function: its root followed back through the
// calls' arguments (`xd(domain, i)` binds d to domain: d->m_xd[i] is domain->m_xd[i]; `f(&s)` makes
// p->x s.x), then recorded as the caller's own member access.
void ReferenceCollector::addCalleeMemberAccess(const CalleeAccess& access, IndexTranslator::Access split) {
  const clang::CallExpr* call = access.calls.front();
  const clang::FunctionDecl* callee = access.calls.back()->getDirectCallee();
  MemberPath& member = *split.member;
  std::vector<smt::ExprRef> leading;  // the element's indices when an element of an array of structs is passed
  // A member of the object of a member function is already the caller's: no parameter to bind, and
  // the object's subscripts (`grids[k]` of `grids[k].set(i, x)`) are said where the call is made,
  // outside the calls; the element's own subscripts are said in the callee, inside them.
  if (access.object && !member.rootSubscripts.empty()) {
    IndexTranslator::Access object = split;
    object.subscripts = member.rootSubscripts;
    std::string why;
    if (!translator_.translateSubscripts(object, leading, why))
      return limit(
          "object '" + sourceText(access.object, context_) + "' of call to '" + callee->getNameAsString() + "': " + why,
          call);
    split.subscripts.erase(split.subscripts.begin(),
                           split.subscripts.begin() + static_cast<std::ptrdiff_t>(member.rootSubscripts.size()));
    member.rootSubscripts.clear();
  }
  for (size_t level = access.object ? 0 : access.calls.size(); level > 0 && llvm::isa<clang::ParmVarDecl>(member.root);
       --level) {
    const clang::CallExpr* binding = access.calls[level - 1];
    const clang::Expr* passed = argumentFor(binding, llvm::cast<clang::ParmVarDecl>(member.root));
    if (!passed) return limit("variadic argument of '" + calleeName(binding) + "' is not followed", call);
    bool addressOf = false;
    const clang::Expr* argument = withoutAddressOf(passed, addressOf);
    auto* use = llvm::dyn_cast<clang::DeclRefExpr>(argument);
    const clang::VarDecl* root = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
    // f(&p[k]) and a->x in f, or f(p[k]) and s.x in f (the element passed by value, and x a
    // pointer member, whose pointee is the caller's): the field x of element k of the array of
    // structs p, p[].x at k; k is said where the call is made (inside the calls that lead there).
    // So with an array of structs that is a member, f(points->p[k]): points->p[].x at k.
    bool elementByAddress = addressOf && member.path.rfind("->", 0) == 0;
    bool elementByValue =
        !addressOf && member.path.rfind(".", 0) == 0 && llvm::isa<clang::ArraySubscriptExpr>(argument);
    if (!root && (elementByAddress || elementByValue) && leading.empty()) {
      IndexTranslator::Access element = IndexTranslator::splitAccess(argument);
      // The array of structs is a variable, or a member no subscript leads to (`points->p`).
      bool arrayOfStructs = element.member ? element.member->rootSubscripts.empty() : element.variable != nullptr;
      if (arrayOfStructs && element.offsets.empty() &&
          std::find(element.subscripts.begin(), element.subscripts.end(), nullptr) == element.subscripts.end()) {
        for (size_t k = 0; k + 1 < level; ++k) translator_.enterCall(*access.calls[k]);
        std::string why;
        bool translated = translator_.translateSubscripts(element, leading, why);
        for (size_t k = 0; k + 1 < level; ++k) translator_.leaveCall();
        if (!translated)
          return limit(
              "element '" + sourceText(argument, context_) + "' passed to '" + calleeName(binding) + "': " + why, call);
        root = element.member ? element.member->root : element.variable;
        std::string elements;
        for (size_t k = 0; k < element.subscripts.size(); ++k) elements += "[]";
        member.path = (element.member ? element.member->path : "") + elements + "." +
                      member.path.substr(elementByAddress ? 2 : 1);
        member.throughPointer = root->getType()->isPointerType() || member.path.find("->") != std::string::npos ||
                                (element.member && element.member->memberIsPointer());
        member.root = root;
        addressOf = false;
        if (level > 1 && !llvm::isa<clang::ParmVarDecl>(root) && !root->hasGlobalStorage()) {
          if (root->getType()->isArrayType()) return;  // the intermediate call's own array of structs
          return limit(
              "struct pointer '" + root->getName().str() + "' local to '" + calleeName(binding) + "' is not followed",
              call);
        }
        continue;
      }
    }
    if (!root)
      return limit("argument '" + sourceText(argument, context_) + "' of call to '" + calleeName(binding) +
                       "' is not a plain variable: the struct members reached through it are not followed",
                   call);
    if (addressOf) {
      // f(&s) and p->x in f: s.x.
      if (member.path.rfind("->", 0) != 0)
        return limit("pointer to struct '" + root->getName().str() + "' indexed in '" + calleeName(binding) + "'",
                     call);
      member.path = "." + member.path.substr(2);
      member.throughPointer = member.path.find("->") != std::string::npos;
    }
    member.root = root;
    // A local struct of an intermediate callee is that call's own; what a local pointer reaches is not followed.
    if (level > 1 && !llvm::isa<clang::ParmVarDecl>(root) && !root->hasGlobalStorage()) {
      if (!member.reachesPointee(split.subscripts.size())) return;
      return limit(
          "struct pointer '" + root->getName().str() + "' local to '" + calleeName(binding) + "' is not followed",
          call);
    }
  }
  Reference reference;
  reference.id = static_cast<int>(references_.size());
  reference.kind = access.kind;
  reference.text = sourceText(access.access, context_) + " in '" + callee->getNameAsString() + "'";
  reference.context = contexts_.contextOf(call);
  reference.span = spanOf(call->getSourceRange(), context_.getSourceManager());
  reference.protection = access.protection;
  reference.exclusionName = access.exclusionName;
  if (reference.protection == Protection::None)
    reference.protection = analyzer::protectionOf(call, cfg_.parents(), true, &reference.exclusionName);
  reference.conditional = access.conditional;
  for (const clang::CallExpr* entered : access.calls) translator_.enterCall(*entered);
  bool inCalleeLoop = !access.loops.empty();
  if (inCalleeLoop)
    if (int loopContext = calleeLoops_.enter(access.calls, access.loops, reference.context); loopContext >= 0)
      reference.context = loopContext;
  addMemberAccess(std::move(reference), split, std::move(leading));
  if (inCalleeLoop) calleeLoops_.leave();
  for (size_t k = 0; k < access.calls.size(); ++k) translator_.leaveCall();
}

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
  } else if (access.object) {
    // A member of the object a member function is called on, or an element of one: the caller's
    // member access (MemberCalls.h).
    split = IndexTranslator::splitAccess(access.access, access.object);
    if (!split.member)
      return limit("access in called function '" + callee->getNameAsString() + "': " + split.reason, call);
    return addCalleeMemberAccess(access, std::move(split));
  } else {
    split = IndexTranslator::splitAccess(access.access);
    // Through a local pointer of the callee that holds one address: the access of what it names.
    if (access.through)
      if (std::optional<IndexTranslator::Access> named = throughFixedAddress(split, *access.through)) split = *named;
    if (split.member) return addCalleeMemberAccess(access, std::move(split));
    base = split.variable;
  }
  if (!base) return limit("access in called function '" + callee->getNameAsString() + "' is not followed", call);
  bool scalar = access.isScalar;
  std::string elementArgument;  // set when an argument is an address inside an array, not the array
  // That address, when it is an argument of the loop's own call to the callee making the access:
  // the callee's subscripts then count from it (AddressInArray.h).
  std::optional<AddressInArray> inArray;
  // Parameters stand for the arguments of the call that binds them, innermost call first.
  for (size_t level = access.calls.size(); level > 0 && llvm::isa<clang::ParmVarDecl>(base); --level) {
    const clang::CallExpr* binding = access.calls[level - 1];
    const clang::Expr* passed = argumentFor(binding, llvm::cast<clang::ParmVarDecl>(base));
    if (!passed) return limit("variadic argument of '" + calleeName(binding) + "' is not followed", call);
    bool addressOf = false;
    const clang::Expr* argument = withoutAddressOf(passed, addressOf);
    auto* use = llvm::dyn_cast<clang::DeclRefExpr>(argument);
    base = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
    std::optional<AddressInArray> address = base ? std::nullopt : addressInArray(*passed);
    // `float *blk = &x[b * B]; f(blk)`: a pointer derived from an array passes that address.
    if (const DerivedPointers::Alias* alias = base && !addressOf ? aliases_.find(base) : nullptr) {
      address = AddressInArray{alias->base, alias->leading, {}, {}};
      if (alias->offset) {
        address->offsets.push_back(alias->offset);
        address->subtracted.push_back(false);
      }
      base = nullptr;
    }
    if (!base && (base = address ? address->array : arrayUnderAddress(argument))) {
      // `row(a[i])`, `f(&a[k])`, `g(a + k)`: the callee reaches a's elements from an address inside a.
      if (elementArgument.empty()) elementArgument = sourceText(passed, context_) + "' of '" + calleeName(binding);
      if (address && access.calls.size() == 1) inArray = address;
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
          return limit("pointer to scalar '" + base->getName().str() + "' indexed in '" + calleeName(binding) + "'",
                       call);
      }
      if (!split.offsets.empty())
        return limit("pointer to scalar '" + base->getName().str() + "' offset in '" + calleeName(binding) + "'", call);
      scalar = true;
    }
    // A local array of an intermediate callee, or a block it allocates for itself, is that call's
    // own; what another local pointer of it reaches is not followed.
    if (level > 1 && !llvm::isa<clang::ParmVarDecl>(base) && !base->hasGlobalStorage()) {
      const clang::FunctionDecl* holder = access.calls[level - 2]->getDirectCallee();
      const clang::FunctionDecl* definition = nullptr;
      if (holdsItsElements(base) || (holder && holder->hasBody(definition) && holdsCallOwnedMemory(*definition, *base)))
        return;
      return limit("pointer '" + base->getName().str() + "' local to '" + calleeName(access.calls[level - 2]) +
                       "' passed to '" + calleeName(binding) + "' is not followed",
                   call);
    }
  }
  const DataSharing::Entry& entry = sharing_.of(base);
  if (isPerThread(entry.sharing) && (scalar || holdsItsElements(base))) return;

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
    } else if (inArray && addSubscriptsFrom(*inArray, access, split, reference)) {
      // the callee's subscripts counted from the argument's address
    } else if (!elementArgument.empty()) {
      // The callee's subscripts count from an address the translator cannot add to them (a call
      // deeper than the loop's own): any element of the array, a possible race against every write.
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

// The indices of a callee's access `p[k]...` when the loop's call passed an address inside an array
// for p: the row's subscripts, then the callee's first subscript plus the offset, then the callee's
// others. False (nothing set) when a subscript cannot be translated or the count of subscripts is
// not the array's.
bool ReferenceCollector::addSubscriptsFrom(const AddressInArray& address, const CalleeAccess& access,
                                           const IndexTranslator::Access& split, Reference& reference) {
  if (!split.variable || !llvm::isa<clang::ParmVarDecl>(split.variable) || split.subscripts.empty()) return false;
  std::vector<smt::ExprRef> indices;
  for (const clang::Expr* subscript : address.leading) {
    IndexTranslator::Result translated = translator_.translate(subscript);
    if (!translated.expr) return false;
    indices.push_back(translated.expr);
  }
  smt::ExprRef offset = smt::constant(0);
  for (size_t k = 0; k < address.offsets.size(); ++k) {
    IndexTranslator::Result translated = translator_.translate(address.offsets[k]);
    if (!translated.expr) return false;
    offset = address.subtracted[k] ? smt::sub(offset, translated.expr) : smt::add(offset, translated.expr);
  }
  std::vector<smt::ExprRef> inCallee;
  std::string reason;
  translator_.enterCall(*access.calls.front());
  int context = reference.context;
  if (!access.loops.empty())
    if (int loopContext = calleeLoops_.enter(access.calls, access.loops, reference.context); loopContext >= 0)
      context = loopContext;
  bool translated = translator_.translateSubscripts(split, inCallee, reason);
  calleeLoops_.leave();
  translator_.leaveCall();
  if (!translated || indices.size() + inCallee.size() != arrayRank(*address.array)) return false;
  inCallee.front() = smt::add(offset, inCallee.front());
  indices.insert(indices.end(), inCallee.begin(), inCallee.end());
  reference.indices = std::move(indices);
  reference.context = context;
  return true;
}

// Decides what role `access` plays in its parent expression and records it.
void ReferenceCollector::classify(const clang::Expr* access, bool isScalar) {
  const clang::ParentMap& parents = cfg_.parents();
  if (absorbed_.count(access)) return;
  if (isScalar) {
    const clang::VarDecl* variable = scalarVariable(access);
    // A pointer is a scalar too when the loop moves it (`*q++ = v` on a shared q loses updates).
    if (!variable || variable->getType()->isArrayType()) return;
    if (!written_.scalars.count(variable) || isPerThread(sharing_.of(variable).sharing)) return;
  }
  // The parent that gives the access its role, looking through parentheses and casts.
  const clang::Stmt* parent = parents.getParentIgnoreParenImpCasts(const_cast<clang::Expr*>(access));
  if (!isScalar) {
    if (passedToLibraryCall(*access, parents)) return;  // addLibraryElement
    // a[i] inside a[i][j], or p in *(p + 1): part of a larger access; p[i] in p[i].x, *d in (*d).x.
    if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent))
      if (outer->getBase()->IgnoreParenImpCasts() == access) return;
    if (auto* outer = llvm::dyn_cast_or_null<clang::MemberExpr>(parent))
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
      if (passedToBlockCopy(*unary, parents)) return;
      // `force(&p[i], ...)`, `relax(&u[i][1], n)`: the callee's accesses through the address are
      // followed (addCalleeMemberAccess, addCalleeAccess), or the call is refused.
      if (passedToDefinedFunction(*unary, parents)) return;
      // `Node *node = &nodes[i];`, `double *row = &C[i][0];`: what is reached through the pointer
      // is followed as the array's elements (DerivedPointers).
      if (initialisesDerivedPointer(*unary, parents)) return;
      if (onlyReadThrough(*unary, parents)) {
        addAccess(access, AccessKind::Read);
        references_.back().opaque = true;
        references_.back().opaqueReason =
            "its address is read through a pointer to const: which elements is not followed";
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
  if (const clang::CallExpr* accessor = accessorCall(access)) {
    // `*xd(domain, i)` with `Real_t *xd(Domain *d, Index_t i) { return &d->m_xd[i]; }`: the element
    // the accessor returns the address of, accessed where the caller dereferences it.
    CalleeAccess made;
    made.access = returnedAddressTarget(*accessor);
    made.kind = kind;
    made.calls = {accessor};
    return addCalleeAccess(made);
  }
  Reference reference;
  reference.id = static_cast<int>(references_.size());
  reference.kind = kind;
  reference.text = sourceText(access, context_);
  reference.context = contexts_.contextOf(access);
  reference.span = spanOf(access->getSourceRange(), context_.getSourceManager());
  reference.protection = analyzer::protectionOf(access, cfg_.parents(), true, &reference.exclusionName);

  IndexTranslator::Access split = IndexTranslator::splitAccess(access);
  if (split.member) return addMemberAccess(std::move(reference), split);
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
  // A block the thread allocated for itself in the region around the loop: no other thread's.
  if (split.variable->getType()->isPointerType() && isPerThread(entry.sharing) &&
      !written_.scalars.count(split.variable) && region_ && function_ &&
      holdsThreadOwnedMemory(*region_, *function_, *split.variable))
    return;
  if (split.variable->getType()->isPointerType() &&
      (isPerThread(entry.sharing) || written_.scalars.count(split.variable))) {
    reference.opaque = true;
    reference.opaqueReason =
        written_.scalars.count(split.variable)
            ? "pointer '" + split.variable->getName().str() +
                  "' is assigned inside the loop: pointer chasing is not followed"
            : "pointer '" + split.variable->getName().str() + "' is each thread's own: where it points is not followed";
  } else if (!translator_.translateSubscripts(split, reference.indices, reference.opaqueReason)) {
    reference.opaque = !translatePartly(split, reference);
  }
  references_.push_back(std::move(reference));
}

// `bins[tid][bin_of(x)]`: when some subscripts of a multi-dimensional access cannot be translated,
// each of those becomes a symbol of its own, free on every iteration, so that the others still
// tell accesses apart (Reference::unknownSubscripts). False when none can be translated.
bool ReferenceCollector::translatePartly(const IndexTranslator::Access& split, Reference& reference) {
  if (!partlyKnownSubscripts_ || split.subscripts.size() < 2 || !split.offsets.empty()) return false;
  std::vector<smt::ExprRef> indices;
  std::string why;
  bool someKnown = false;
  for (size_t k = 0; k < split.subscripts.size(); ++k) {
    IndexTranslator::Result subscript = translator_.translate(split.subscripts[k]);
    if (subscript.expr) {
      someKnown = true;
      indices.push_back(subscript.expr);
      continue;
    }
    if (why.empty()) why = subscript.reason;
    indices.push_back(smt::variable(kUnknownSubscript + std::to_string(reference.id) + "." + std::to_string(k), 0,
                                    smt::Scope::Private));
  }
  if (!someKnown) return false;
  reference.indices = std::move(indices);
  reference.unknownSubscripts = why;
  reference.opaqueReason.clear();
  return true;
}

}  // namespace adrace::analyzer

namespace adrace::analyzer {

// A member expression standing on its own: a scalar field (`d->count`, `p[i].x`) is an access; a
// pointer, array or struct member is part of a larger access (`d->m_xd[i]`, `d->mesh.x[i]`),
// except where it is assigned as a whole, which changes what the accesses through it reach.
void ReferenceCollector::classifyMember(const clang::MemberExpr* member) {
  const clang::ParentMap& parents = cfg_.parents();
  const clang::Stmt* parent = parents.getParentIgnoreParenImpCasts(const_cast<clang::MemberExpr*>(member));
  if (auto* outer = llvm::dyn_cast_or_null<clang::MemberExpr>(parent);
      outer && outer->getBase()->IgnoreParenImpCasts() == member)
    return;
  if (auto* outer = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent);
      outer && outer->getBase()->IgnoreParenImpCasts() == member)
    return;
  // Assigned, incremented or (for a scalar field) its address taken.
  auto assignedAsWhole = [&](bool addressToo) {
    if (auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent))
      return assignment->isAssignmentOp() && assignment->getLHS()->IgnoreParenImpCasts() == member;
    if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent))
      return unary->isIncrementDecrementOp() || (addressToo && unary->getOpcode() == clang::UO_AddrOf);
    return false;
  };
  clang::QualType type = member->getType();
  if (!type->isPointerType() && !type->isArrayType() && !type->isRecordType()) {
    std::string reason;
    std::optional<MemberPath> path = memberPathOf(member, &reason);
    if (!path) {
      // Reads of a field no path names race only with writes, which are refused the same way.
      if (assignedAsWhole(true))
        limit("access '" + sourceText(member, context_) + "' (" + reason + ") is not modelled", member);
      return;
    }
    // A scalar field of one struct (not an array of structs) matters where the loop writes it, or
    // where the struct is also an element of an array of structs the loop names (`points->p->cost`
    // beside `points->p[i].cost`).
    if (path->rootSubscripts.empty() && !elementOfStructArray(*path) &&
        !written_.members.count({path->root, path->path})) {
      noteStructBases(sharing_.of(path->root).name, path->path, nullptr);
      return;
    }
    return classify(member, false);
  }
  if (assignedAsWhole(false))
    return limit(std::string(type->isRecordType() ? "struct" : "pointer") + " member '" + sourceText(member, context_) +
                     "' is assigned inside the loop: what is reached through it is not followed",
                 member);
  // A struct member read or passed as a whole (`Vec3 v = p[i].pos;`): checked against writes of its
  // fields once every reference is known.
  if (type->isRecordType()) {
    std::string reason;
    if (std::optional<MemberPath> path = memberPathOf(member, &reason))
      wholeStructMembers_.push_back({sharing_.of(path->root).name + path->path, member});
  }
}

// The alias of `member`'s root when the root is a pointer to one element of an array of structs
// that never changes in its scope (`Node *node = &nodes[i];`, DerivedPointers) and the path starts
// with `->`; null otherwise.
const DerivedPointers::Alias* ReferenceCollector::elementOfStructArray(const MemberPath& member) const {
  if (!member.rootSubscripts.empty() || member.path.rfind("->", 0) != 0) return nullptr;
  const DerivedPointers::Alias* alias = aliases_.find(member.root);
  if (!alias) return nullptr;
  clang::QualType base = alias->base->getType();
  const clang::Type* element =
      base->isPointerType() ? base->getPointeeType().getTypePtr() : base->getPointeeOrArrayElementType();
  return element && element->isRecordType() ? alias : nullptr;
}

// An access through a struct member, as an access of the array (or scalar) its path names.
void ReferenceCollector::addMemberAccess(Reference reference, const IndexTranslator::Access& split,
                                         std::vector<smt::ExprRef> leading) {
  MemberPath member = *split.member;
  IndexTranslator::Access fields = split;
  // `fA = &fv[first_i];` then fA[i].v: the field v of element first_i + i of fv (DerivedPointers).
  if (const DerivedPointers::Alias* alias = aliases_.find(member.root);
      alias && alias->leading.empty() && member.rootIsArray() && member.rootSubscripts.size() == 1 && leading.empty() &&
      !fields.subscripts.empty() && fields.subscripts.front() == member.rootSubscripts.front()) {
    IndexTranslator::Result element = translator_.translate(member.rootSubscripts.front());
    if (element.expr && alias->offset) {
      IndexTranslator::Result offset = translator_.translate(alias->offset);
      element.expr = offset.expr ? smt::add(offset.expr, element.expr) : nullptr;
      if (!offset.expr) element.reason = offset.reason;
    }
    member.root = alias->base;
    member.rootSubscripts.clear();
    member.throughPointer = alias->base->getType()->isPointerType() || member.path.find("->") != std::string::npos;
    fields.subscripts.erase(fields.subscripts.begin());
    fields.member = member;
    if (element.expr) {
      leading.push_back(element.expr);
    } else {
      reference.opaque = true;
      reference.opaqueReason = element.reason;
    }
  }
  // `Node *node = &nodes[i];` then node->x: the field x of element i of nodes (DerivedPointers).
  if (const DerivedPointers::Alias* alias = elementOfStructArray(member); alias && leading.empty()) {
    std::string why = "the element's index is not followed into a called function";
    smt::ExprRef element = smt::constant(0);
    if (alias->offset) {
      IndexTranslator::Result offset = translator_.translate(alias->offset);
      element = offset.expr;
      if (!offset.expr) why = offset.reason;
    }
    member.path = "[]." + member.path.substr(2);
    member.root = alias->base;
    member.throughPointer = alias->base->getType()->isPointerType() || member.path.find("->") != std::string::npos;
    if (element) {
      leading.push_back(element);
    } else {
      reference.opaque = true;
      reference.opaqueReason = why;
    }
  }
  const DataSharing::Entry& root = sharing_.of(member.root);
  const std::string rootName = member.root->getName().str();
  reference.variable = root.name + member.path;
  reference.isScalar = fields.subscripts.empty() && leading.empty();
  noteStructBases(root.name, member.path, member.outermost);
  bool pointee = member.reachesPointee(fields.subscripts.size());
  Sharing sharing = pointee ? Sharing::Shared : root.sharing;
  std::string sharingReason = pointee ? "reached through pointer '" + rootName + "': shared memory"
                                      : "member of '" + rootName + "' (" + root.reason + ")";
  if (written_.scalars.count(member.root) || written_.arrays.count(member.root)) {
    limit("'" + rootName + "' is assigned inside the loop: the members reached through it are not followed",
          member.outermost);
    reference.opaque = true;
    reference.opaqueReason = "'" + rootName + "' is assigned inside the loop";
  } else if (reference.opaque) {
    // the element a derived pointer stands for could not be said
  } else if (pointee && isPerThread(root.sharing) && !root.sameValueAtEntry) {
    // `Node *n = &nodes[i];` in the body: which struct n points to differs between iterations.
    reference.opaque = true;
    reference.opaqueReason =
        "'" + rootName + "' is private to each iteration: which struct it points to is not followed";
  } else {
    for (const auto& [assignedRoot, assignedPath] : written_.members)
      if (assignedRoot == member.root && assignedPath != member.path && member.path.rfind(assignedPath, 0) == 0) {
        reference.opaque = true;
        reference.opaqueReason = "member '" + rootName + assignedPath + "' is assigned inside the loop";
      }
    if (!reference.opaque && !translator_.translateSubscripts(fields, reference.indices, reference.opaqueReason))
      reference.opaque = true;
    if (!reference.opaque) reference.indices.insert(reference.indices.begin(), leading.begin(), leading.end());
  }
  // An opaque field is compared as possibly any element, never as a scalar every iteration writes.
  if (reference.opaque) reference.isScalar = false;
  noteMemberVariable(reference, member, sharing, sharingReason, leading.size());
  references_.push_back(std::move(reference));
}

// Each struct or array of structs a path goes through, by its name: `d` of d->x and of d[].x,
// `points->p` of points->p[].cost and of points->p->cost. One base used as one struct (`->`) and as
// an array of structs (`[]`) is one memory under two names (limitWholeStructs).
// `at` is null for a read the loop model leaves out (a scalar field no iteration writes): its bases
// count only against the same bases used the other way.
void ReferenceCollector::noteStructBases(const std::string& root, const std::string& path, const clang::Stmt* at) {
  if (at) memberRoots_.emplace(root, at);
  for (size_t step = 0; step < path.size(); ++step) {
    bool element = path.compare(step, 2, "[]") == 0;
    if (!element && path.compare(step, 2, "->") != 0) continue;
    std::string base = root + path.substr(0, step);
    if (at) memberRoots_.emplace(base, at);
    (element ? rootsAsArray_ : rootsAsStruct_).insert(base);
    ++step;
  }
}

void ReferenceCollector::noteMemberVariable(const Reference& reference, const MemberPath& member, Sharing sharing,
                                            std::string reason, size_t leadingDimensions) {
  for (MemberVariable& known : memberVariables_)
    if (known.variable.name == reference.variable) {
      known.variable.writtenInLoop = known.variable.writtenInLoop || reference.kind != AccessKind::Read;
      return;
    }
  MemberVariable added;
  added.variable.name = reference.variable;
  added.variable.sharing = sharing;
  added.variable.sharingReason = std::move(reason);
  added.variable.writtenInLoop = reference.kind != AccessKind::Read;
  const clang::ValueDecl* field = member.outermost->getMemberDecl();
  added.variable.declaredAt = positionOf(field->getLocation(), context_.getSourceManager());
  added.memberType = member.memberType;
  added.rootDimensions = static_cast<unsigned>(member.rootSubscripts.size() + leadingDimensions);
  memberVariables_.push_back(std::move(added));
}

}  // namespace adrace::analyzer
