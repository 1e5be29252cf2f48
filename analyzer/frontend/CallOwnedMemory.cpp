#include "analyzer/frontend/CallOwnedMemory.h"

#include "analyzer/frontend/LibraryCalls.h"
#include "analyzer/frontend/NestedParallelInCallee.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/OpenMPKinds.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace adrace::analyzer {

bool isAllocation(const clang::Expr* value, clang::ASTContext& context) {
  const clang::Expr* e = value->IgnoreParenCasts();
  if (llvm::isa<clang::CXXNewExpr>(e)) return true;
  if (e->isNullPointerConstant(context, clang::Expr::NPC_ValueDependentIsNotNull)) return true;
  auto* call = llvm::dyn_cast<clang::CallExpr>(e);
  const clang::FunctionDecl* callee = call ? call->getDirectCallee() : nullptr;
  if (!callee || callee->hasBody()) return false;
  std::string name = callee->getNameAsString();
  if (name.rfind("__builtin_", 0) == 0) name = name.substr(10);
  // realloc(NULL, n) is malloc(n) (C11 7.22.3.5); of another block it may return that block.
  if (name == "realloc" && call->getNumArgs() == 2)
    return call->getArg(0)->IgnoreParenCasts()->isNullPointerConstant(context,
                                                                      clang::Expr::NPC_ValueDependentIsNotNull);
  return name == "malloc" || name == "calloc" || name == "aligned_alloc";
}

namespace {

// How many calls deep a pointer passed on is followed.
constexpr int kMaxCallDepth = 3;

// What is known of the pointers already asked about (a local pointer at depth 0, a callee's
// parameter at the depth of the call chain that reaches it), per translation unit: every access
// through a pointer asks, and a function called many times with a block (Rodinia myocyte calls its
// model thirteen times) is read once per parameter. The entry of a unit goes with its ASTContext.
using ParameterVerdicts = std::map<std::pair<const clang::VarDecl*, int>, bool>;

std::mutex gVerdictsMutex;
std::map<const clang::ASTContext*, ParameterVerdicts> gVerdicts;

std::optional<bool> knownVerdict(const clang::ASTContext& context, const clang::VarDecl& pointer, int depth) {
  std::lock_guard<std::mutex> lock(gVerdictsMutex);
  auto unit = gVerdicts.find(&context);
  if (unit == gVerdicts.end()) return std::nullopt;
  auto known = unit->second.find({&pointer, depth});
  if (known == unit->second.end()) return std::nullopt;
  return known->second;
}

void rememberVerdict(const clang::ASTContext& context, const clang::VarDecl& pointer, int depth, bool own) {
  std::lock_guard<std::mutex> lock(gVerdictsMutex);
  auto [unit, added] = gVerdicts.try_emplace(&context);
  if (added)
    context.AddDeallocation(
        [](void* key) {
          std::lock_guard<std::mutex> forget(gVerdictsMutex);
          gVerdicts.erase(static_cast<const clang::ASTContext*>(key));
        },
        const_cast<clang::ASTContext*>(&context));
  unit->second[{&pointer, depth}] = own;
}

class OwnershipCheck {
 public:
  // `region`: the uses are those inside that parallel region of `function`, made by each thread on
  // its private copy of the pointer; null: every use in `function`.
  OwnershipCheck(const clang::FunctionDecl& function, int depth, const clang::OMPExecutableDirective* region = nullptr)
      : function_(function),
        context_(function.getASTContext()),
        depth_(depth),
        region_(region),
        parents_(const_cast<clang::Stmt*>(function.getBody())) {}

  // Every use of `variable` in the function (or the region) keeps its blocks inside the call (or the thread).
  bool variableStaysOwn(const clang::VarDecl& variable) {
    // A private copy of a region starts with no value: the declaration's initialiser is the original's.
    bool declaredOutside = region_ && !regionBody()->getSourceRange().fullyContains(variable.getSourceRange());
    if (const clang::Expr* init = variable.getInit(); init && !declaredOutside && !isAllocation(init, context_))
      return false;
    struct Uses : clang::RecursiveASTVisitor<Uses> {
      const clang::VarDecl* variable = nullptr;
      std::vector<const clang::DeclRefExpr*> found;
      bool VisitDeclRefExpr(clang::DeclRefExpr* use) {
        if (use->getDecl() == variable) found.push_back(use);
        return true;
      }
    } uses;
    uses.variable = &variable;
    uses.TraverseStmt(const_cast<clang::Stmt*>(region_ ? regionBody() : function_.getBody()));
    for (const clang::DeclRefExpr* use : uses.found)
      if (!pointerStaysOwn(use)) return false;
    return true;
  }

 private:
  // The region's statement: its CapturedStmt's children are the captures of the original variables.
  const clang::Stmt* regionBody() const { return region_->getInnermostCapturedStmt()->getCapturedStmt(); }

  // The parent of `e`, past parentheses and implicit casts; `e` becomes the child it is reached by.
  const clang::Stmt* parentOf(const clang::Expr*& e) const {
    const clang::Stmt* parent = parents_.getParent(const_cast<clang::Expr*>(e));
    while (parent && (llvm::isa<clang::ParenExpr>(parent) || llvm::isa<clang::ImplicitCastExpr>(parent))) {
      e = llvm::cast<clang::Expr>(parent);
      parent = parents_.getParent(const_cast<clang::Stmt*>(parent));
    }
    return parent;
  }

  // `lvalue` holds a pointer (the variable, an element or field of one of the call's blocks): set
  // only to allocations where it is assigned, and kept inside the call where it is read.
  bool pointerStaysOwn(const clang::Expr* lvalue) {
    const clang::Expr* e = lvalue;
    const clang::Stmt* parent = parentOf(e);
    if (auto* assignment = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent);
        assignment && assignment->getOpcode() == clang::BO_Assign && assignment->getLHS() == e)
      return isAllocation(assignment->getRHS(), context_);
    return valueStaysOwn(lvalue);
  }

  // `value` is the address of one of the call's blocks (or of a place inside one).
  bool valueStaysOwn(const clang::Expr* value) {
    const clang::Expr* e = value;
    const clang::Stmt* parent = parentOf(e);
    if (!parent) return false;
    if (llvm::isa<clang::UnaryExprOrTypeTraitExpr>(parent)) return true;  // sizeof
    if (auto* cast = llvm::dyn_cast<clang::ExplicitCastExpr>(parent)) {
      if (cast->getType()->isPointerType()) return valueStaysOwn(cast);
      return cast->getType()->isVoidType();  // (void)p
    }
    if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(parent)) {
      if (element->getBase()->IgnoreParenImpCasts() != e->IgnoreParenImpCasts()) return false;  // i[p]
      return elementStaysOwn(element);
    }
    if (auto* member = llvm::dyn_cast<clang::MemberExpr>(parent)) return elementStaysOwn(member);
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(parent)) {
      if (unary->getOpcode() == clang::UO_Deref) return elementStaysOwn(unary);
      if (unary->getOpcode() == clang::UO_LNot) return true;
      return false;  // ++p, &p: the pointer changes or leaves through its address
    }
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(parent)) {
      if (binary->isComparisonOp() || binary->isLogicalOp()) return true;
      if (binary->getOpcode() == clang::BO_Add) return valueStaysOwn(binary);  // p + k: inside the block
      if (binary->getOpcode() == clang::BO_Sub)
        return binary->getType()->isPointerType() ? valueStaysOwn(binary) : true;  // p - k, or p - q (a count)
      return false;                                                                // stored: q = p, s->buf = p
    }
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(parent)) return passedStaysOwn(*call, e);
    if (auto* condition = llvm::dyn_cast<clang::IfStmt>(parent)) return condition->getCond() == e;
    if (auto* loop = llvm::dyn_cast<clang::WhileStmt>(parent)) return loop->getCond() == e;
    // Captured by a parallel region of the call, which ends before the call does; its uses inside
    // the region are uses of their own (a task's capture may outlive the call).
    if (llvm::isa<clang::CapturedStmt>(parent))
      if (auto* region = llvm::dyn_cast_or_null<clang::OMPExecutableDirective>(
              parents_.getParent(const_cast<clang::Stmt*>(parent)))) {
        // In a region, the thread itself runs what a worksharing, single, master, critical or
        // atomic construct captures; a task may run on another thread (and the region's own
        // capture is the original's, not the private copy's).
        if (region_)
          return region != region_ && !clang::isOpenMPTaskingDirective(region->getDirectiveKind()) &&
                 !clang::isOpenMPTargetExecutionDirective(region->getDirectiveKind()) &&
                 !clang::isOpenMPParallelDirective(region->getDirectiveKind());
        return isNestedParallelRegion(*region);
      }
    return false;  // returned, stored in a declaration, chosen by ?:, captured, ...
  }

  // `element` (`p[e]`, `*p`, `p->x`) names memory of the call's block: an access, unless it holds a
  // pointer itself, which must then be one of the call's blocks too.
  bool elementStaysOwn(const clang::Expr* element) {
    clang::QualType type = element->getType();
    if (type->isPointerType()) return pointerStaysOwn(element);
    if (type->isArrayType()) return valueStaysOwn(element);  // a row of a block: p[i][j]
    if (type->isRecordType()) {
      // A struct element with pointer fields could hold foreign pointers: not followed.
      if (const clang::RecordDecl* record = type->getAsRecordDecl())
        for (const clang::FieldDecl* field : record->fields())
          if (field->getType()->isPointerType()) return false;
    }
    return true;
  }

  // `argument` (the address of one of the call's blocks) passed to `call`.
  bool passedStaysOwn(const clang::CallExpr& call, const clang::Expr* argument) {
    const clang::FunctionDecl* callee = call.getDirectCallee();
    if (!callee) return false;
    if (const LibraryFunction* library = libraryFunction(call))
      return !library->takesCallback && library->kind != LibraryKind::HiddenState;
    if (callee->getNameAsString() == "free" && !callee->hasBody()) return true;
    const clang::FunctionDecl* definition = nullptr;
    if (depth_ >= kMaxCallDepth || !callee->hasBody(definition) || !definition->getBody()) return false;
    for (unsigned k = 0; k < call.getNumArgs(); ++k) {
      if (call.getArg(k)->IgnoreParenImpCasts() != argument->IgnoreParenImpCasts()) continue;
      if (k >= definition->getNumParams()) return false;  // variadic
      const clang::ParmVarDecl* parameter = definition->getParamDecl(k);
      // A thread's block passed on: the callee must keep it as a call keeps its own.
      if (std::optional<bool> known = knownVerdict(context_, *parameter, depth_ + 1)) return *known;
      OwnershipCheck inCallee(*definition, depth_ + 1);
      bool own = inCallee.variableStaysOwn(*parameter);
      rememberVerdict(context_, *parameter, depth_ + 1, own);
      return own;
    }
    return false;
  }

  const clang::FunctionDecl& function_;
  clang::ASTContext& context_;
  int depth_;
  const clang::OMPExecutableDirective* region_;
  clang::ParentMap parents_;
};

}  // namespace

bool holdsCallOwnedMemory(const clang::FunctionDecl& function, const clang::VarDecl& pointer) {
  if (!function.getBody() || !pointer.hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(pointer) ||
      !pointer.getType()->isPointerType())
    return false;
  // Declared without an initialiser and never assigned: it points nowhere; with one, an allocation.
  clang::ASTContext& context = function.getASTContext();
  if (std::optional<bool> known = knownVerdict(context, pointer, 0)) return *known;
  OwnershipCheck check(function, 0);
  bool own = check.variableStaysOwn(pointer);
  rememberVerdict(context, pointer, 0, own);
  return own;
}

bool regionUsesKeepBlocks(const clang::FunctionDecl& function, const clang::OMPExecutableDirective& region,
                          const clang::VarDecl& pointer) {
  if (!function.getBody() || !pointer.getType()->isPointerType()) return false;
  return OwnershipCheck(function, 0, &region).variableStaysOwn(pointer);
}

bool isCallOwnedAddress(const clang::Expr& address, const clang::FunctionDecl& function) {
  const clang::Expr* e = address.IgnoreParenCasts();
  bool loadsPointer = false;  // a pointer read from memory on the way (`rows[k]`)
  for (;;) {
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e);
        unary && (unary->getOpcode() == clang::UO_AddrOf || unary->getOpcode() == clang::UO_Deref)) {
      loadsPointer = loadsPointer || (unary->getOpcode() == clang::UO_Deref && unary->getType()->isPointerType());
      e = unary->getSubExpr()->IgnoreParenCasts();
    } else if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
      loadsPointer = loadsPointer || element->getType()->isPointerType();
      e = element->getBase()->IgnoreParenCasts();
    } else if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(e);
               sum && (sum->getOpcode() == clang::BO_Add || sum->getOpcode() == clang::BO_Sub)) {
      e = (sum->getLHS()->getType()->isPointerType() ? sum->getLHS() : sum->getRHS())->IgnoreParenCasts();
    } else {
      break;
    }
  }
  auto* use = llvm::dyn_cast<clang::DeclRefExpr>(e);
  auto* variable = use ? llvm::dyn_cast<clang::VarDecl>(use->getDecl()) : nullptr;
  if (!variable || !variable->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(variable)) return false;
  if (variable->getType()->isArrayType()) {
    // A local array of numbers; one of pointers holds addresses of anything.
    clang::QualType element = variable->getASTContext().getBaseElementType(variable->getType());
    return !loadsPointer && (element->isArithmeticType() || element->isAnyCharacterType());
  }
  return holdsCallOwnedMemory(function, *variable);
}

}  // namespace adrace::analyzer
