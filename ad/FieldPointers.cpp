#include "ad/FieldPointers.h"

#include "ad/ForHeader.h"
#include "ad/InPlaceRewriter.h"
#include "ad/WriteSites.h"

#include <clang/AST/ParentMap.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <optional>
#include <set>

namespace adrace::ad {
namespace {

// `&s->m[e]` or `s->m + e` (m a pointer field): the field access and the offset. Or a row of a
// field of row pointers, `s->m[e]` (m a `double **`): the field access and the row.
struct FieldElement {
  clang::Expr* field = nullptr;   // s->m
  clang::Expr* offset = nullptr;  // e
  bool row = false;               // p[k] is s->m[e][k], not s->m[e + k]
};

// Casts that only add qualifiers to the pointer (`(const double *const) s->m[i]`), dropped.
clang::Expr* withoutQualifyingCasts(clang::Expr* expr) {
  for (;;) {
    expr = expr->IgnoreParenImpCasts();
    auto* cast = llvm::dyn_cast<clang::ExplicitCastExpr>(expr);
    if (!cast || !cast->getType()->isPointerType() || !cast->getSubExpr()->getType()->isPointerType()) return expr;
    clang::QualType to = cast->getType()->getPointeeType(), from = cast->getSubExpr()->getType()->getPointeeType();
    if (to.getUnqualifiedType().getCanonicalType() != from.getUnqualifiedType().getCanonicalType()) return expr;
    expr = cast->getSubExpr();
  }
}

bool isPointerField(const clang::Expr* expr) {
  auto* member = llvm::dyn_cast<clang::MemberExpr>(expr->IgnoreParenImpCasts());
  return member && member->getType()->isPointerType();
}

std::optional<FieldElement> fieldElement(clang::Expr* init) {
  clang::Expr* e = withoutQualifyingCasts(init);
  if (auto* row = llvm::dyn_cast<clang::ArraySubscriptExpr>(e);
      row && isPointerField(row->getBase()) && row->getType()->isPointerType() &&
      row->getIdx()->getType()->isIntegerType())  // HPCCG's `A->ptr_to_vals_in_row[i]`
    return FieldElement{row->getBase(), row->getIdx(), true};
  if (auto* address = llvm::dyn_cast<clang::UnaryOperator>(e); address && address->getOpcode() == clang::UO_AddrOf)
    if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(address->getSubExpr()->IgnoreParens());
        element && isPointerField(element->getBase()) && element->getIdx()->getType()->isIntegerType())
      return FieldElement{element->getBase(), element->getIdx()};
  if (auto* sum = llvm::dyn_cast<clang::BinaryOperator>(e); sum && sum->getOpcode() == clang::BO_Add) {
    if (isPointerField(sum->getLHS()) && sum->getRHS()->getType()->isIntegerType())
      return FieldElement{sum->getLHS(), sum->getRHS()};
    if (isPointerField(sum->getRHS()) && sum->getLHS()->getType()->isIntegerType())
      return FieldElement{sum->getRHS(), sum->getLHS()};
  }
  return std::nullopt;
}

// The variables and fields the function writes: as a whole (assigned, incremented, decremented, their
// address taken) or an element of them.
struct FieldWrites {
  std::set<const clang::ValueDecl*> whole, elements;
  void note(const clang::Expr* target, bool element) {
    target = target->IgnoreParenImpCasts();
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(target)) (element ? elements : whole).insert(ref->getDecl());
    if (auto* member = llvm::dyn_cast<clang::MemberExpr>(target))
      (element ? elements : whole).insert(member->getMemberDecl());
    if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(target)) note(subscript->getBase(), true);
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(target); unary && unary->getOpcode() == clang::UO_Deref)
      note(unary->getSubExpr(), true);
  }
};

FieldWrites fieldWritesIn(const clang::Stmt* body) {
  FieldWrites writes;
  forEachWriteSite(body, [&](const WriteSite& site) {
    if (site.kind == WriteKind::Assignment || site.kind == WriteKind::IncrementDecrement ||
        (site.kind == WriteKind::AddressTaken &&  // `&x`: x may be written through it
         llvm::isa<clang::DeclRefExpr, clang::MemberExpr>(site.target->IgnoreParens())))
      writes.note(site.target, false);
    return true;
  });
  return writes;
}

// The variables and fields an expression reads.
struct FieldReads : clang::RecursiveASTVisitor<FieldReads> {
  std::set<const clang::ValueDecl*> read;
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    read.insert(ref->getDecl());
    return true;
  }
  bool VisitMemberExpr(clang::MemberExpr* member) {
    read.insert(member->getMemberDecl());
    return true;
  }
};

struct DeclarationStatements : clang::RecursiveASTVisitor<DeclarationStatements> {
  std::vector<clang::DeclStmt*> found;
  bool VisitDeclStmt(clang::DeclStmt* stmt) {
    found.push_back(stmt);
    return true;
  }
};

struct VariableUses : clang::RecursiveASTVisitor<VariableUses> {
  std::map<const clang::VarDecl*, std::vector<clang::DeclRefExpr*>> uses;
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) uses[var].push_back(ref);
    return true;
  }
};

class FieldPointerSubstitution : public InPlaceRewriter {
 public:
  explicit FieldPointerSubstitution(AdjointContext& context) : InPlaceRewriter(context.ast), context_(context) {}

  void run() {
    clang::Stmt* body = const_cast<clang::Stmt*>(context_.function.getBody());
    DeclarationStatements declarations;
    declarations.TraverseStmt(body);
    if (declarations.found.empty()) return;
    const FieldWrites writes = fieldWritesIn(body);
    VariableUses references;
    references.TraverseStmt(body);
    clang::ParentMap parents(body);
    for (clang::DeclStmt* statement : declarations.found) {
      if (!statement->isSingleDecl()) continue;  // `T *p = ..., *q = ...;` stays for PointerAliases
      auto* var = llvm::dyn_cast<clang::VarDecl>(statement->getSingleDecl());
      if (!var || !var->getType()->isPointerType() || !var->hasLocalStorage() || !var->getInit()) continue;
      std::optional<FieldElement> element = fieldElement(var->getInit());
      if (!element || !onlyElementUses(parents, references.uses[var])) continue;
      if (!steady(*element, parents, statement, writes)) continue;
      fields_[var] = *element;
      dropped_.insert(statement);
    }
    if (fields_.empty()) return;
    rewriteChildren(body);
  }

 private:
  // Every use is `p[k]` or `*p`.
  static bool onlyElementUses(clang::ParentMap& parents, const std::vector<clang::DeclRefExpr*>& uses) {
    for (const clang::DeclRefExpr* use : uses) {
      const clang::Stmt* child = use;
      const clang::Stmt* parent = parents.getParent(use);
      while (parent && (llvm::isa<clang::ParenExpr>(parent) || llvm::isa<clang::ImplicitCastExpr>(parent))) {
        child = parent;
        parent = parents.getParent(parent);
      }
      if (auto* element = llvm::dyn_cast_or_null<clang::ArraySubscriptExpr>(parent);
          element && element->getBase() == child)
        continue;
      if (auto* unary = llvm::dyn_cast_or_null<clang::UnaryOperator>(parent);
          unary && unary->getOpcode() == clang::UO_Deref)
        continue;
      return false;
    }
    return true;
  }

  // Nothing the pointer's value reads (the offset's variables, the object, the field) is written in
  // the function, the counters of loops enclosing the declaration aside (their bodies never write them:
  // SupportCheck.cpp).
  bool steady(const FieldElement& element, clang::ParentMap& parents, const clang::Stmt* declaration,
              const FieldWrites& writes) const {
    std::set<const clang::ValueDecl*> counters;
    for (const clang::Stmt *child = declaration, *parent = parents.getParent(child); parent;
         child = parent, parent = parents.getParent(parent))
      if (auto* loop = llvm::dyn_cast<clang::ForStmt>(parent); loop && loop->getBody() == child)
        if (const clang::VarDecl* counter = loopCounter(loop)) counters.insert(counter);
    // The field itself only as a whole (writes to its elements leave the pointer where it is); all
    // else the pointer's value reads, as a whole or an element (`&s->m[conn[i]]`).
    const clang::ValueDecl* field =
        llvm::cast<clang::MemberExpr>(element.field->IgnoreParenImpCasts())->getMemberDecl();
    if (writes.whole.count(field)) return false;
    FieldReads reads;
    reads.TraverseStmt(llvm::cast<clang::MemberExpr>(element.field->IgnoreParenImpCasts())->getBase());
    reads.TraverseStmt(element.offset);
    for (const clang::ValueDecl* read : reads.read)
      if ((writes.whole.count(read) || writes.elements.count(read)) && !counters.count(read)) return false;
    return true;
  }

  // `s->m[e + k]` for `p[k]` (`s->m[e]` for k = 0 and for `*p`).
  clang::Expr* element(const FieldElement& field, clang::Expr* index, clang::QualType type, clang::SourceLocation at) {
    if (field.row) {  // s->m[e][k], s->m[e][0] for *p
      clang::QualType pointer =
          llvm::cast<clang::MemberExpr>(field.field->IgnoreParenImpCasts())->getType()->getPointeeType();
      auto* row = new (ast_)
          clang::ArraySubscriptExpr(field.field, field.offset, pointer, clang::VK_LValue, clang::OK_Ordinary, at);
      auto* rowValue = clang::ImplicitCastExpr::Create(ast_, pointer, clang::CK_LValueToRValue, row, nullptr,
                                                       clang::VK_PRValue, clang::FPOptionsOverride());
      if (!index) index = clang::IntegerLiteral::Create(ast_, llvm::APInt(32, 0), ast_.IntTy, clang::SourceLocation());
      auto* result =
          new (ast_) clang::ArraySubscriptExpr(rowValue, index, type, clang::VK_LValue, clang::OK_Ordinary, at);
      context_.from.synthesized.insert(row);
      context_.from.synthesized.insert(rowValue);
      context_.from.synthesized.insert(result);
      return result;
    }
    clang::Expr* offset = field.offset;
    clang::Expr::EvalResult constant;
    if (index && !(index->EvaluateAsInt(constant, ast_) && constant.Val.getInt() == 0)) {
      clang::QualType sum =
          ast_.getIntegerTypeOrder(offset->getType(), index->getType()) >= 0 ? offset->getType() : index->getType();
      offset = clang::BinaryOperator::Create(ast_, offset, index, clang::BO_Add, sum, clang::VK_PRValue,
                                             clang::OK_Ordinary, at, clang::FPOptionsOverride());
      context_.from.synthesized.insert(offset);
    }
    auto* result =
        new (ast_) clang::ArraySubscriptExpr(field.field, offset, type, clang::VK_LValue, clang::OK_Ordinary, at);
    context_.from.synthesized.insert(result);
    return result;
  }

  // The substituted pointer `expr` reads (`p` under its casts), or null.
  const FieldElement* substituted(const clang::Expr* expr) const {
    auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
    auto* var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    auto found = var ? fields_.find(var) : fields_.end();
    return found == fields_.end() ? nullptr : &found->second;
  }

  // `p[k]` and `*p` of a substituted pointer: the field's element.
  clang::Stmt* substitute(clang::Stmt* stmt) override {
    if (auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(stmt))
      if (const FieldElement* field = substituted(element->getBase())) {
        clang::Expr* index = llvm::cast<clang::Expr>(rewrite(element->getIdx()));
        return this->element(*field, index, element->getType(), element->getRBracketLoc());
      }
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(stmt); unary && unary->getOpcode() == clang::UO_Deref)
      if (const FieldElement* field = substituted(unary->getSubExpr()))
        return element(*field, nullptr, unary->getType(), unary->getOperatorLoc());
    return nullptr;
  }

  AdjointContext& context_;
  std::map<const clang::VarDecl*, FieldElement> fields_;
};

}  // namespace

void substituteFieldPointers(AdjointContext& context) { FieldPointerSubstitution(context).run(); }

}  // namespace adrace::ad
