// Scalars of a parallel region alike on every thread (TeamUniform.h).
#include "ad/TeamUniform.h"

#include "ad/MathLibrary.h"
#include "ad/TeamRegion.h"

#include <clang/AST/Expr.h>
#include <clang/AST/OpenMPClause.h>

#include <map>

namespace adrace::ad {
namespace {

// Every variable the statement may write: one named other than as a value read (an lvalue that is
// not converted to its value): assignments, increments, `&x`, a reference bound to it, and also a C++
// call's reference parameter or a lambda's capture, which the write sites (WriteSites.h) do not list:
// here a use that is not a read means a write.
void collectWritten(const clang::Stmt* statement, bool read, std::set<const clang::VarDecl*>& written) {
  if (!statement) return;
  // A directive's statement as written: not the captures and helper expressions Clang adds around it
  // (a capture by reference names the variable as an lvalue without writing it).
  if (auto* directive = llvm::dyn_cast<clang::OMPExecutableDirective>(statement))
    return collectWritten(directive->hasAssociatedStmt() ? directive->getRawStmt() : nullptr, false, written);
  if (auto* captured = llvm::dyn_cast<clang::CapturedStmt>(statement))
    return collectWritten(captured->getCapturedStmt(), false, written);
  if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(statement)) {
    if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()); var && !read) written.insert(var);
    return;
  }
  // The only conversions that read a variable without writing it: its value, or an array or a
  // function decaying to a pointer (an element written through it is not the variable).
  auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(statement);
  bool reads =
      cast && (cast->getCastKind() == clang::CK_LValueToRValue || cast->getCastKind() == clang::CK_ArrayToPointerDecay);
  for (const clang::Stmt* child : statement->children())
    collectWritten(child, reads || (read && llvm::isa<clang::ParenExpr>(statement)), written);
}

class Uniformity {
 public:
  Uniformity(const std::set<const clang::VarDecl*>& owned, const std::set<const clang::VarDecl*>& written)
      : owned_(owned), written_(written) {}

  std::set<const clang::VarDecl*> alike;  // proven so far

  bool readAlike(const clang::Expr* expr) const {
    if (!expr) return false;
    expr = expr->IgnoreParens();
    if (llvm::isa<clang::IntegerLiteral, clang::FloatingLiteral, clang::CharacterLiteral,
                  clang::UnaryExprOrTypeTraitExpr>(expr))
      return true;
    if (auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr)) {
      if (llvm::isa<clang::EnumConstantDecl>(ref->getDecl())) return true;
      auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
      if (!var || written_.count(var) || var->getTLSKind() != clang::VarDecl::TLS_None) return false;
      return owned_.count(var) ? alike.count(var) > 0 : true;  // a shared variable the region never writes
    }
    if (auto* cast = llvm::dyn_cast<clang::CastExpr>(expr)) return readAlike(cast->getSubExpr());
    if (auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
      switch (unary->getOpcode()) {
        case clang::UO_Plus:
        case clang::UO_Minus:
        case clang::UO_Not:
        case clang::UO_LNot: return readAlike(unary->getSubExpr());
        default: return false;
      }
    }
    if (auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr))
      return !binary->isAssignmentOp() && binary->getOpcode() != clang::BO_Comma && readAlike(binary->getLHS()) &&
             readAlike(binary->getRHS());
    if (auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(expr))
      return readAlike(conditional->getCond()) && readAlike(conditional->getTrueExpr()) &&
             readAlike(conditional->getFalseExpr());
    if (auto* call = llvm::dyn_cast<clang::CallExpr>(expr)) {
      const clang::FunctionDecl* callee = call->getDirectCallee();
      if (!callee || !callee->getIdentifier() || !isMathFunction(callee->getName().str())) return false;
      for (const clang::Expr* argument : call->arguments())
        if (!readAlike(argument)) return false;
      return true;
    }
    return false;
  }

 private:
  const std::set<const clang::VarDecl*>& owned_;
  const std::set<const clang::VarDecl*>& written_;
};

}  // namespace

std::set<std::string> teamUniformScalars(const clang::OMPParallelDirective& region) {
  const std::set<const clang::VarDecl*> owned = teamOwnedVariables(region);
  std::set<const clang::VarDecl*> written;
  collectWritten(region.getRawStmt(), false, written);
  // A private or reduction copy is not initialised by a declaration the region holds; a firstprivate
  // copy holds the original's value on every thread until the region writes it.
  std::set<const clang::VarDecl*> clauses;
  Uniformity uniformity(owned, written);
  for (const auto* clause : region.clauses())
    for (const clang::Stmt* child : const_cast<clang::OMPClause*>(clause)->children())
      if (auto* ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(child))
        if (auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
          clauses.insert(var);
          if (llvm::isa<clang::OMPFirstprivateClause>(clause) && !written.count(var) &&
              var->getType()->isArithmeticType())
            uniformity.alike.insert(var);
        }
  for (bool changed = true; changed;) {  // until a pass proves nothing new (a chain w2 = w = ...)
    changed = false;
    for (const clang::VarDecl* var : owned)
      if (!uniformity.alike.count(var) && !clauses.count(var) && !written.count(var) && !var->isStaticLocal() &&
          var->getType()->isArithmeticType() && var->hasInit() && uniformity.readAlike(var->getInit())) {
        uniformity.alike.insert(var);
        changed = true;
      }
  }
  std::map<std::string, bool> byName;  // name -> every variable of that name is alike
  for (const clang::VarDecl* var : owned) {
    auto [it, inserted] = byName.emplace(var->getNameAsString(), true);
    it->second = it->second && uniformity.alike.count(var) > 0;
  }
  std::set<std::string> names;
  for (const auto& [name, alike] : byName)
    if (alike) names.insert(name);
  return names;
}

}  // namespace adrace::ad
