#include "ad/PointerAliases.h"

#include "ad/ForHeader.h"
#include "ad/WriteSites.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

#include <optional>
#include <set>

namespace adrace::ad {
namespace {

// The declaration's initialiser as one array at an offset: `a`, `a + e`, `e + a`, `&a[e1]...[en]`.
struct AliasForm {
  const clang::VarDecl* base = nullptr;
  const clang::Expr* offset = nullptr;         // a + e
  std::vector<const clang::Expr*> subscripts;  // &a[e1][e2], outermost first
};

const clang::VarDecl* arrayVariable(const clang::Expr* expr) {
  auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
  auto* var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !(var->getType()->isPointerType() || var->getType()->isArrayType())) return nullptr;
  return var;
}

std::optional<AliasForm> aliasForm(const clang::Expr* init) {
  AliasForm form;
  const clang::Expr* e = init->IgnoreParenImpCasts();
  if ((form.base = arrayVariable(e))) return form;
  if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(e); sum && sum->getOpcode() == clang::BO_Add) {
    bool left = arrayVariable(sum->getLHS()) && sum->getRHS()->getType()->isIntegerType();
    bool right = arrayVariable(sum->getRHS()) && sum->getLHS()->getType()->isIntegerType();
    if (!left && !right) return std::nullopt;
    form.base = arrayVariable(left ? sum->getLHS() : sum->getRHS());
    form.offset = left ? sum->getRHS() : sum->getLHS();
    return form;
  }
  auto* address = llvm::dyn_cast<clang::UnaryOperator>(e);
  if (!address || address->getOpcode() != clang::UO_AddrOf) return std::nullopt;
  const clang::Expr* cursor = address->getSubExpr()->IgnoreParens();
  while (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(cursor)) {
    if (!element->getIdx()->getType()->isIntegerType()) return std::nullopt;
    form.subscripts.insert(form.subscripts.begin(), element->getIdx());
    cursor = element->getBase()->IgnoreParenImpCasts();
  }
  if (form.subscripts.empty() || !(form.base = arrayVariable(cursor))) return std::nullopt;
  return form;
}

// Variables the function assigns, increments or decrements (as a whole or an element of them).
struct Writes {
  std::set<const clang::VarDecl*> written;
  std::set<const clang::VarDecl*> pointers;  // assigned as a whole (p = ..., p++), not through an element
};

Writes writesIn(const clang::Stmt* body) {
  Writes writes;
  forEachWriteSite(body, [&](const WriteSite& site) {
    if (site.kind != WriteKind::Assignment && site.kind != WriteKind::IncrementDecrement) return true;
    if (const clang::VarDecl* var = baseVariable(site.target)) writes.written.insert(var);
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(site.target->IgnoreParenImpCasts()))
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) writes.pointers.insert(var);
    return true;
  });
  return writes;
}

struct Uses : clang::RecursiveASTVisitor<Uses> {
  const clang::VarDecl* of = nullptr;
  std::vector<const clang::DeclRefExpr*> found;
  std::set<const clang::VarDecl*> variables;
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
      variables.insert(var);
      if (var == of) found.push_back(ref);
    }
    return true;
  }
};

// Why a use of the pointer is not `p[k]` or `*p`, or empty.
std::string misuse(clang::ParentMap& parents, const clang::DeclRefExpr* use, const std::string& name) {
  const clang::Stmt* child = use;
  const clang::Stmt* parent = parents.getParent(use);
  while (parent && (llvm::isa<clang::ParenExpr>(parent) || llvm::isa<clang::ImplicitCastExpr>(parent))) {
    child = parent;
    parent = parents.getParent(parent);
  }
  // An OpenMP region's capture of the variable, not a use of it.
  if (llvm::isa_and_nonnull<clang::CapturedStmt>(parent) ||
      llvm::isa_and_nonnull<clang::OMPExecutableDirective>(parent))
    return "";
  if (auto* element = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent); element && element->getBase() == child)
    return "";
  if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent)) {
    if (unary->getOpcode() == clang::UO_Deref) return "";
    if (unary->isIncrementDecrementOp()) return "pointer arithmetic on '" + name + "' after its declaration";
    if (unary->getOpcode() == clang::UO_AddrOf) return "the address of the pointer '" + name + "' is taken";
  }
  if (auto* binary = llvm::dyn_cast_or_null<clang::BinaryOperator>(parent)) {
    if (binary->getOpcode() == clang::BO_Assign && binary->getLHS() == child)
      return "pointer '" + name + "' is assigned twice";
    if (binary->isAssignmentOp() || binary->isAdditiveOp())
      return "pointer arithmetic on '" + name + "' after its declaration";
  }
  if (auto* call = llvm::dyn_cast_or_null<clang::CallExpr>(parent)) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    return "pointer '" + name + "' escapes into a call" +
           (callee ? " to '" + callee->getNameAsString() + "'" : std::string());
  }
  return "pointer '" + name + "' is used other than as " + name + "[k] or *" + name;
}

}  // namespace

bool recordPointerAlias(AdjointContext& context, const clang::VarDecl* decl) {
  const std::string name = decl->getNameAsString();
  auto refuse = [&](const std::string& why) {
    context.unsupported(decl->getLocation(), "local pointer '" + name + "': " + why);
    return false;
  };
  if (!decl->getInit()) return refuse("declared without pointing into an array (write `T *p = a + e;` or `&a[e]`)");
  if (!decl->hasLocalStorage() || decl->isStaticLocal()) return refuse("static");
  std::optional<AliasForm> form = aliasForm(decl->getInit());
  if (!form)
    return refuse(
        "its initialiser is not one array at an integer offset (a + e, &a[e]): a cast, a choice between arrays "
        "or another pointer is not followed");
  const VariableInfo* base = context.variable(form->base);
  if (!base || !(base->parameter || base->global))
    return refuse("it points into '" + form->base->getNameAsString() +
                  "', which is not a parameter or a file-scope array");
  if (!form->subscripts.empty() && !decl->getType()->getPointeeType()->isScalarType())
    return refuse("it points to a row, not to an element");

  const clang::Stmt* body = context.function.getBody();
  const Writes writes = writesIn(body);
  if (writes.pointers.count(form->base))
    return refuse("the pointer '" + form->base->getNameAsString() +
                  "' it points into is itself assigned in the function");
  clang::ParentMap parents(const_cast<clang::Stmt*>(body));
  Uses uses;
  uses.of = decl;
  uses.TraverseStmt(const_cast<clang::Stmt*>(body));
  for (const clang::DeclRefExpr* use : uses.found)
    if (std::string why = misuse(parents, use, name); !why.empty()) {
      context.unsupported(use->getBeginLoc(), "local pointer '" + name + "': " + why);
      return false;
    }

  // The offset must keep its value wherever the pointer is in scope: each variable in it is never
  // written, or is the counter of a for loop whose body declares the pointer (the body never writes
  // its counter: SupportCheck.cpp).
  std::set<const clang::VarDecl*> counters;
  const clang::Stmt* declaration = nullptr;
  {
    struct FindDecl : clang::RecursiveASTVisitor<FindDecl> {
      const clang::VarDecl* decl;
      const clang::DeclStmt* found = nullptr;
      bool VisitDeclStmt(clang::DeclStmt* stmt) {
        for (const clang::Decl* d : stmt->decls())
          if (d == decl) found = stmt;
        return true;
      }
    } finder;
    finder.decl = decl;
    finder.TraverseStmt(const_cast<clang::Stmt*>(body));
    declaration = finder.found;
  }
  for (const clang::Stmt *child = declaration, *parent = child ? parents.getParent(child) : nullptr; parent;
       child = parent, parent = parents.getParent(parent))
    if (auto* loop = llvm::dyn_cast<clang::ForStmt>(parent); loop && loop->getBody() == child)
      if (const clang::VarDecl* counter = loopCounter(loop)) counters.insert(counter);
  Uses offsetUses;
  if (form->offset) offsetUses.TraverseStmt(const_cast<clang::Expr*>(form->offset));
  for (const clang::Expr* subscript : form->subscripts) offsetUses.TraverseStmt(const_cast<clang::Expr*>(subscript));
  for (const clang::VarDecl* var : offsetUses.variables)
    if (writes.written.count(var) && !counters.count(var))
      return refuse("its offset reads '" + var->getNameAsString() + "', which changes while the pointer is in scope");
  // At function scope its adjoint is declared before the forward sweep, where locals have no value yet.
  if (declaration && parents.getParent(declaration) == body)
    for (const clang::VarDecl* var : offsetUses.variables)
      if (!llvm::isa<clang::ParmVarDecl>(var) && var->hasLocalStorage())
        return refuse("declared at function scope with an offset that reads the local '" + var->getNameAsString() +
                      "' (declare it in the block that uses it)");
  context.pointerAliases[decl] = form->base;
  return true;
}

c::ExprRef aliasAdjointInit(const AdjointContext& context, const clang::VarDecl* decl) {
  std::optional<AliasForm> form = aliasForm(decl->getInit());
  c::ExprRef base = c::name(context.variable(form->base)->adjoint);
  if (form->offset) return c::add(base, context.tree(form->offset));
  if (form->subscripts.empty()) return base;
  for (const clang::Expr* subscript : form->subscripts) base = c::subscript(base, context.tree(subscript));
  return c::addressOf(base);
}

}  // namespace adrace::ad
