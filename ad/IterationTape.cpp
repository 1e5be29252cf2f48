#include "ad/IterationTape.h"

#include "ad/Sweeps.h"

#include <clang/AST/RecursiveASTVisitor.h>

namespace adrace::ad {
namespace {

// The assignments (=, op=, ++, --) of `variable` in `body`.
class Kills : public clang::RecursiveASTVisitor<Kills> {
 public:
  explicit Kills(const clang::VarDecl* variable) : variable_(variable) {}
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (op->isAssignmentOp() && names(op->getLHS())) found.push_back(op);
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (op->isIncrementDecrementOp() && names(op->getSubExpr())) found.push_back(op);
    return true;
  }
  std::vector<const clang::Stmt*> found;

 private:
  bool names(const clang::Expr* expr) const {
    auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
    return ref && ref->getDecl() == variable_;
  }
  const clang::VarDecl* variable_;
};

}  // namespace

std::set<const clang::VarDecl*> iterationTapeCandidates(const AdjointContext& context, const ParallelLoop& loop,
                                                        const Sweeps& sweeps, const clang::ForStmt* stmt,
                                                        bool collapsed) {
  std::set<const clang::VarDecl*> candidates;
  if (loop.model.schedule != "static" || collapsed || !loop.model.perfectNest.empty()) return candidates;
  const clang::Stmt* body = context.loopBody(stmt);
  auto* compound = llvm::dyn_cast<clang::CompoundStmt>(body);
  if (!compound || !sweeps.plan().recomputedLoops.count(stmt) || !sweeps.forwardEmits(body)) return candidates;
  for (const clang::Stmt* child : compound->body()) {
    auto* declarations = llvm::dyn_cast<clang::DeclStmt>(child);
    if (!declarations) continue;
    for (const clang::Decl* declaration : declarations->decls()) {
      auto* decl = llvm::dyn_cast<clang::VarDecl>(declaration);
      if (!decl || decl->getType().isVolatileQualified()) continue;
      const clang::BuiltinType* builtin = decl->getType()->getAs<clang::BuiltinType>();
      if (!builtin ||
          (builtin->getKind() != clang::BuiltinType::Double && builtin->getKind() != clang::BuiltinType::Float))
        continue;
      Kills kills(decl);
      kills.TraverseStmt(const_cast<clang::Stmt*>(body));
      bool saved = false;
      for (const clang::Stmt* kill : kills.found) saved = saved || sweeps.savesBeforeKill(kill, decl);
      if (!saved) candidates.insert(decl);
    }
  }
  return candidates;
}

c::StmtList iterationTapeDeclarations(const std::vector<TapedScalar>& taped) {
  c::StmtList declarations;
  int slot = 0;
  for (const TapedScalar& scalar : taped) {
    const c::Type element = c::plainType(scalar.decl->getType().getUnqualifiedType().getAsString());
    c::ExprRef buffer =
        c::call("adrace_iteration_tape", {c::integer(slot++), c::cast(c::plainType("size_t"), c::name("adrace_trip"))});
    if (element.specifiers != "double") buffer = c::cast(c::pointerTo(element), buffer);
    declarations.push_back(c::withComment(c::declaration(c::pointerTo(element), scalar.tape, buffer),
                                          scalar.decl->getNameAsString() + " of each iteration, at its own slot"));
  }
  return declarations;
}

c::StmtList iterationTapeFill(const std::vector<TapedScalar>& taped, const ForHeader& header, c::StmtList forward) {
  const c::ExprRef k = c::name("adrace_k");
  std::string names;
  for (const TapedScalar& scalar : taped) names += (names.empty() ? "" : ", ") + scalar.decl->getNameAsString();
  c::StmtList body;
  body.push_back(header.declareCounter(header.counterValue(k)));
  body.insert(body.end(), forward.begin(), forward.end());
  for (const TapedScalar& scalar : taped)
    body.push_back(
        c::expression(c::assign("=", c::subscript(c::name(scalar.tape), k), c::name(scalar.decl->getNameAsString()))));
  c::StmtRef loop =
      c::governed(c::directive("omp for", {c::clause("schedule", {c::name("static")})}),
                  c::forLoop(c::declaration(c::plainType("long"), "adrace_k", c::integer(0)),
                             c::binary("<", k, c::name("adrace_trip")), c::postfix("++", k), std::move(body)));
  return {c::comment("first: " + names + " at every iteration, for the gather's terms at shifted iterations"), loop};
}

}  // namespace adrace::ad
