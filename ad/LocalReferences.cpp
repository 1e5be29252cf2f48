#include "ad/LocalReferences.h"

#include "ad/ForHeader.h"
#include "ad/InPlaceRewriter.h"
#include "ad/WriteSites.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <set>

namespace adrace::ad {
namespace {

struct ReferenceDeclarations : clang::RecursiveASTVisitor<ReferenceDeclarations> {
  std::vector<clang::DeclStmt*> found;
  bool VisitDeclStmt(clang::DeclStmt* statement) {
    if (auto* var =
            llvm::dyn_cast_or_null<clang::VarDecl>(statement->isSingleDecl() ? statement->getSingleDecl() : nullptr))
      if (var->getType()->isLValueReferenceType()) found.push_back(statement);
    return true;
  }
};

// The element or variable a reference is bound to: `u[i]`, `a[i][j]`, `total` (a plain variable at
// the root of subscripts only); null otherwise.
clang::Expr* boundElement(clang::Expr* init) {
  clang::Expr* bound = init->IgnoreParenImpCasts();
  for (clang::Expr* cursor = bound;;) {
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(cursor))
      return llvm::isa<clang::VarDecl>(ref->getDecl()) ? bound : nullptr;
    auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(cursor);
    if (!subscript) return nullptr;
    cursor = subscript->getBase()->IgnoreParenImpCasts();
  }
}

class Substitution : public InPlaceRewriter {
 public:
  explicit Substitution(AdjointContext& context) : InPlaceRewriter(context.ast), context_(context) {}

  void run() {
    clang::Stmt* body = const_cast<clang::Stmt*>(context_.function.getBody());
    ReferenceDeclarations declarations;
    declarations.TraverseStmt(body);
    if (declarations.found.empty()) return;
    const std::set<const clang::ValueDecl*> writes = wholeWrites(body);
    clang::ParentMap parents(body);
    for (clang::DeclStmt* statement : declarations.found) {
      auto* var = llvm::cast<clang::VarDecl>(statement->getSingleDecl());
      clang::QualType referred = var->getType().getNonReferenceType();
      bool scalar = referred->isIntegerType() || referred->isRealFloatingType();
      if ((!scalar && !referred->isRecordType()) || !var->hasLocalStorage() || !var->getInit()) continue;
      clang::Expr* element = boundElement(var->getInit());
      // A struct reference names a whole variable (`float3& v = velocity;`, as an inlined helper's
      // reference parameter is bound): its `v.x` become `velocity.x`.
      if (!scalar && !llvm::isa_and_nonnull<clang::DeclRefExpr>(element)) continue;
      if (!element || !steady(element, parents, statement, writes)) continue;
      bound_[var] = element;
      dropped_.insert(statement);
    }
    if (bound_.empty()) return;
    rewriteChildren(body);
  }

 private:
  // Nothing the access reads (its subscripts' variables, the array's pointer) is written as a whole
  // in the function, the counters of the loops enclosing the declaration aside.
  bool steady(const clang::Expr* element, clang::ParentMap& parents, const clang::Stmt* declaration,
              const std::set<const clang::ValueDecl*>& writes) const {
    if (llvm::isa<clang::DeclRefExpr>(element)) return true;  // a variable: its own value is what is named
    std::set<const clang::ValueDecl*> counters;
    for (const clang::Stmt *child = declaration, *parent = parents.getParent(child); parent;
         child = parent, parent = parents.getParent(parent))
      if (auto* loop = llvm::dyn_cast<clang::ForStmt>(parent); loop && loop->getBody() == child)
        if (const clang::VarDecl* counter = loopCounter(loop)) counters.insert(counter);
    std::set<const clang::VarDecl*> read;
    collectVariables(element, read);
    for (const clang::VarDecl* variable : read)
      if (writes.count(variable) && !counters.count(variable)) return false;
    return true;
  }

  // A node of its own for each use (the subscripts below it are shared, as FieldPointers does).
  clang::Expr* copy(clang::Expr* element, clang::SourceLocation at) {
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(element))
      return clang::DeclRefExpr::Create(ast_, ref->getQualifierLoc(), clang::SourceLocation(), ref->getDecl(), false,
                                        at, ref->getType(), clang::VK_LValue);
    auto* subscript = llvm::cast<clang::ArraySubscriptExpr>(element);
    return new (ast_) clang::ArraySubscriptExpr(subscript->getLHS(), subscript->getRHS(), subscript->getType(),
                                                clang::VK_LValue, clang::OK_Ordinary, subscript->getRBracketLoc());
  }

  // Each use of a bound reference: the element it names.
  clang::Stmt* substitute(clang::Stmt* stmt) override {
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt))
      if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()); var && bound_.count(var))
        return copy(bound_.at(var), ref->getLocation());
    return nullptr;
  }

  AdjointContext& context_;
  std::map<const clang::VarDecl*, clang::Expr*> bound_;
};

}  // namespace

void substituteLocalReferences(AdjointContext& context) { Substitution(context).run(); }

}  // namespace adrace::ad
