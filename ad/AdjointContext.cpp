#include "ad/AdjointContext.h"

#include "ad/HeapBuffers.h"
#include "ad/PointerAliases.h"

#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/ContainerSubscripts.h"
#include "smt/IndexExpr.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/raw_ostream.h>

#include <cctype>

namespace adrace::ad {

void AdjointContext::unsupported(clang::SourceLocation at, const std::string& what) const {
  if (error) return;
  analyzer::Diagnostic diagnostic;
  diagnostic.severity = analyzer::Diagnostic::Severity::Error;
  diagnostic.at = position(at);
  diagnostic.message = "unsupported: " + what;
  diagnostic.unsupported = true;
  error = diagnostic;
}

void ParallelLoop::indexReferences() {
  referencesByPosition.clear();
  for (const analyzer::Reference& reference : model.references) {
    auto [entry, added] = referencesByPosition.emplace(
        ReferencePosition{reference.span.begin.line, reference.span.begin.column, reference.variable}, &reference);
    // Twins (a helper's parameter used twice, `sq(x)` inlined as `x * x`) are one reference to the
    // analysis: same access, same indices, same context, hence the same verdicts. Others are ambiguous.
    const analyzer::Reference* first = entry->second;
    if (!added && first &&
        !(first->kind == reference.kind && first->context == reference.context && first->opaque == reference.opaque &&
          smt::sameTuple(first->indices, reference.indices)))
      entry->second = nullptr;
  }
}

const analyzer::Reference* ParallelLoop::referenceAt(const analyzer::SourcePosition& at,
                                                     const std::string& variable) const {
  auto found = referencesByPosition.find(ReferencePosition{at.line, at.column, variable});
  return found == referencesByPosition.end() ? nullptr : found->second;
}

const VariableInfo* AdjointContext::variable(const clang::VarDecl* decl) const {
  auto found = variables.find(decl);
  if (found == variables.end() && decl)  // another declaration of a file-scope variable (`extern` in a header)
    for (const auto& entry : variables)
      if (entry.second.global && entry.first->getCanonicalDecl() == decl->getCanonicalDecl()) return &entry.second;
  return found == variables.end() ? nullptr : &found->second;
}

analyzer::SourcePosition AdjointContext::position(clang::SourceLocation at) const {
  return analyzer::positionOf(at, ast.getSourceManager());
}

c::ExprRef AdjointContext::tree(const clang::Expr* expr) const {
  c::ExprRef converted = from.expr(expr);
  if (converted) return converted;
  unsupported(from.unsupportedAt.isValid() ? from.unsupportedAt : expr->getBeginLoc(), from.unsupportedWhat);
  return c::literal("0");
}

std::string AdjointContext::text(const clang::Expr* expr) const { return c::print(tree(expr)); }

c::ExprRef AdjointContext::extentOf(const VariableInfo& info) const {
  auto given = extents.find(info.name);
  if (given != extents.end()) return given->second;
  c::Type declared = from.declaredType(info.decl);
  c::ExprRef count;
  for (const c::Type::Derivation& derivation : declared.derivations) {
    if (derivation.kind != c::Type::Derivation::Kind::Array || !derivation.size) return nullptr;
    count = count ? c::mul(count, derivation.size) : derivation.size;
  }
  return count;
}

namespace {
class NameCollector : public clang::RecursiveASTVisitor<NameCollector> {
 public:
  explicit NameCollector(std::set<std::string>& names) : names_(names) {}
  bool VisitNamedDecl(clang::NamedDecl* decl) {
    if (decl->getIdentifier()) names_.insert(decl->getName().str());
    return true;
  }

 private:
  std::set<std::string>& names_;
};
}  // namespace

void AdjointContext::collectNames() {
  for (const clang::Decl* decl : ast.getTranslationUnitDecl()->decls())
    if (auto* named = llvm::dyn_cast<clang::NamedDecl>(decl); named && named->getIdentifier()) {
      takenNames.insert(named->getName().str());
      if (auto* tag = llvm::dyn_cast<clang::EnumDecl>(decl))
        for (const clang::EnumConstantDecl* constant : tag->enumerators()) takenNames.insert(constant->getName().str());
    }
  NameCollector collector(takenNames);
  collector.TraverseDecl(const_cast<clang::FunctionDecl*>(&function));
  adjName = freshName("adj");
}

std::string AdjointContext::freshName(const std::string& wanted) {
  std::string name = wanted;
  for (int suffix = 2; takenNames.count(name); ++suffix) name = wanted + std::to_string(suffix);
  takenNames.insert(name);
  return name;
}

namespace {
// One step down an access path towards its variable: x[i] -> x, s.f -> s, a->f -> a, *x -> x (a
// dereference only of a variable, not of `x + 1`); null for anything else.
const clang::Expr* pathStep(const clang::Expr* access) {
  if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(access))
    return subscript->getBase()->IgnoreParenImpCasts();
  if (auto* member = llvm::dyn_cast<clang::MemberExpr>(access)) return member->getBase()->IgnoreParenImpCasts();
  if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(access); unary && unary->getOpcode() == clang::UO_Deref) {
    const clang::Expr* pointer = unary->getSubExpr()->IgnoreParenImpCasts();
    return llvm::isa<clang::DeclRefExpr>(pointer) ? pointer : nullptr;
  }
  return nullptr;
}
}  // namespace

const clang::DeclRefExpr* leafReference(const clang::Expr* expr) {
  const clang::Expr* cursor = expr->IgnoreParenImpCasts();
  while (!llvm::isa<clang::DeclRefExpr>(cursor)) {
    cursor = pathStep(cursor);
    if (!cursor) return nullptr;
  }
  auto* ref = llvm::cast<clang::DeclRefExpr>(cursor);
  return llvm::isa<clang::VarDecl>(ref->getDecl()) ? ref : nullptr;
}

const clang::Expr* asLeaf(const clang::Expr* expr) {
  return leafReference(expr) ? expr->IgnoreParenImpCasts() : nullptr;
}

const clang::VarDecl* baseVariable(const clang::Expr* expr) {
  const clang::DeclRefExpr* ref = leafReference(expr);
  return ref ? llvm::cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

namespace {
// The leaf's access path rebuilt over the adjoint variable: p[i].x -> p_b[i].x, *q -> *q_b.
c::ExprRef adjointPath(const AdjointContext& context, const clang::Expr* access, const std::string& adjoint) {
  if (llvm::isa<clang::DeclRefExpr>(access)) return c::name(adjoint);
  c::ExprRef base = adjointPath(context, pathStep(access), adjoint);
  if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(access))
    return c::subscript(base, context.tree(subscript->getIdx()));
  if (auto* member = llvm::dyn_cast<clang::MemberExpr>(access))
    return c::member(base, member->getMemberDecl()->getNameAsString(), member->isArrow());
  return c::dereference(base);
}
}  // namespace

c::ExprRef adjointOf(const AdjointContext& context, const clang::Expr* leaf) {
  leaf = asLeaf(leaf);
  const clang::VarDecl* base = baseVariable(leaf);
  const VariableInfo* info = context.variable(base);
  std::string adjoint = info ? info->adjoint : base->getNameAsString() + "_b";
  if (info && info->byValueScalar) return c::dereference(c::name(adjoint));  // *s_b
  return adjointPath(context, leaf, adjoint);
}

std::string adjointText(const AdjointContext& context, const clang::Expr* leaf) {
  return c::print(adjointOf(context, leaf));
}

namespace {
class VariableCollector : public clang::RecursiveASTVisitor<VariableCollector> {
 public:
  explicit VariableCollector(std::set<const clang::VarDecl*>& out) : out_(out) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) out_.insert(var);
    return true;
  }

 private:
  std::set<const clang::VarDecl*>& out_;
};
}  // namespace

void collectVariables(const clang::Expr* expr, std::set<const clang::VarDecl*>& out) {
  if (!expr) return;
  VariableCollector collector(out);
  collector.TraverseStmt(const_cast<clang::Expr*>(expr));
}

void collectIndexVariables(const clang::Expr* leaf, std::set<const clang::VarDecl*>& out) {
  leaf = asLeaf(leaf);
  for (const clang::Expr* cursor = leaf; cursor && !llvm::isa<clang::DeclRefExpr>(cursor); cursor = pathStep(cursor))
    if (auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(cursor)) collectVariables(subscript->getIdx(), out);
}

c::Type declaredTypeOf(const AdjointContext& context, const clang::VarDecl* var) {
  // A pointer alias keeps `const double *`: it may point into a const parameter (PointerAliases.h).
  return context.from.declaredType(var, !context.pointerAliases.count(var));
}

c::StmtRef declarationOf(const AdjointContext& context, const clang::VarDecl* var, const std::string& name,
                         c::ExprRef value) {
  return c::declaration(declaredTypeOf(context, var), name, std::move(value));
}

c::StmtRef adjointDeclaration(const AdjointContext& context, const clang::VarDecl* var) {
  const VariableInfo* info = context.variable(var);
  if (context.heapBuffers.count(var)) return bufferAdjointDeclaration(context, var);  // calloc'd (HeapBuffers.h)
  if (context.pointerAliases.count(var))  // the same offset into the array's adjoint (PointerAliases.h)
    return c::declaration(context.from.declaredType(var, true), info->adjoint, aliasAdjointInit(context, var));
  if (var->getType()->isArrayType()) return declarationOf(context, var, info->adjoint, c::initList({c::integer(0)}));
  if (var->getType()->isSpecificBuiltinType(
          clang::BuiltinType::Float))  // a float's adjoint in float, as its derivatives
    return c::declaration(c::plainType("float"), info->adjoint, c::literal("0.0f"));
  return c::declaration(c::plainType("double"), info->adjoint, c::literal("0.0"));
}

// What a pointer, array or C++ container (of pointers, of arrays...) holds in the end; the type itself otherwise.
static clang::QualType innermostElementType(clang::QualType type) {
  type = type.getNonReferenceType();  // C++: `Field &f` holds a Field
  while (true) {
    if (clang::QualType element = analyzer::containerElementType(type); !element.isNull())  // std::vector<double>&
      type = element;
    else if (type->isPointerType())
      type = type->getPointeeType();
    else if (type->isArrayType())
      type = type->getAsArrayTypeUnsafe()->getElementType();
    else
      return type;
  }
}

bool isFloatingType(clang::QualType type) {
  type = innermostElementType(type);
  if (!type->isStructureType() && !type->isClassType()) return type->isRealFloatingType();
  if (const clang::RecordType* record = type->getAs<clang::RecordType>()) {  // a struct with a floating member
    for (const clang::FieldDecl* field : record->getDecl()->fields())
      if (isFloatingType(field->getType())) return true;
    return false;
  }
  return type->isRealFloatingType();
}

bool isStructType(clang::QualType type) {
  clang::QualType element = innermostElementType(type);
  return element->isStructureType() || element->isClassType();
}

bool isStructOfNumbers(const clang::RecordDecl* record) {
  if (!record || !record->isStruct() || !record->getDefinition() || record->field_empty()) return false;
  for (const clang::FieldDecl* field : record->fields())
    if (!field->getType()->isArithmeticType() || field->isBitField()) return false;
  return true;
}

}  // namespace adrace::ad
