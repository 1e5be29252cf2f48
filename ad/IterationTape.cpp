#include "ad/IterationTape.h"

#include "ad/Sweeps.h"

#include "ad/c/Uses.h"

#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>

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

// The variables `statement` declares, and those it writes (assignments, ++ and --: the base name
// of x, x[i] or x.f), nested statements included.
void declaredAndWritten(const c::StmtRef& statement, std::set<std::string>& declared, std::set<std::string>& written) {
  if (!statement) return;
  if (statement->kind == c::Stmt::Kind::Declaration) {
    declared.insert(statement->name);
    declared.insert(statement->moreNames.begin(), statement->moreNames.end());
  }
  auto writes = [&](const c::ExprRef& expr) {
    c::forEachNode(expr, [&](const c::Expr& node) {
      bool step = (node.kind == c::Expr::Kind::Prefix || node.kind == c::Expr::Kind::Postfix) &&
                  (node.text == "++" || node.text == "--");
      if (node.kind != c::Expr::Kind::Assign && !step) return;
      const c::Expr* target = node.operands[0].get();
      while (target->kind != c::Expr::Kind::Name && !target->operands.empty()) target = target->operands[0].get();
      written.insert(target->kind == c::Expr::Kind::Name ? target->text : "");
    });
  };
  writes(statement->value);
  writes(statement->step);
  declaredAndWritten(statement->init, declared, written);
  for (const c::StmtRef& nested : statement->body) declaredAndWritten(nested, declared, written);
  for (const c::StmtRef& nested : statement->otherwise) declaredAndWritten(nested, declared, written);
}

}  // namespace

std::set<const clang::VarDecl*> iterationTapeCandidates(const AdjointContext& context, const ParallelLoop& loop,
                                                        const Sweeps& sweeps, const clang::ForStmt* stmt,
                                                        bool collapsed) {
  std::set<const clang::VarDecl*> candidates;
  if (loop.model.schedule != analyzer::Schedule::Static || collapsed || !loop.model.perfectNest.empty())
    return candidates;
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
      for (const clang::Stmt* kill : kills.found) saved = saved || sweeps.reads().savesBeforeKill(kill, decl);
      if (!saved) candidates.insert(decl);
    }
  }
  return candidates;
}

bool pushesOnTape(const c::StmtList& statements) {
  for (const char* push : {"adrace_push_double", "adrace_push_float", "adrace_push_int", "adrace_push_long",
                           "adrace_push_pointer", "adrace_push_bytes"})
    if (c::mentions(statements, push)) return true;
  return false;
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
        c::expression(c::assign(c::subscript(c::name(scalar.tape), k), c::name(scalar.decl->getNameAsString()))));
  c::StmtRef loop = c::governed(c::directive(c::Omp::For, {c::scheduleClause(c::Schedule::Static)}),
                                c::forLoop(c::declaration(c::plainType("long"), "adrace_k", c::integer(0)),
                                           c::less(k, c::name("adrace_trip")), c::postIncrement(k), std::move(body)));
  return {c::comment("first: " + names + " at every iteration, for the gather's terms at shifted iterations"), loop};
}

c::StmtList iterationFromTape(const c::StmtList& body, const std::vector<TapedScalar>& taped) {
  auto comment = [&](const char* text) {
    return std::find_if(body.begin(), body.end(), [&](const c::StmtRef& statement) {
      return statement->kind == c::Stmt::Kind::Comment && statement->text == text;
    });
  };
  auto forward = comment(Sweeps::kRecomputedForwardComment), backward = comment(Sweeps::kBackwardPartComment);
  if (forward == body.end() || backward == body.end() || backward < forward) return body;
  const c::StmtList adjoint(backward + 1, body.end()), recomputed(forward + 1, backward);
  if (pushesOnTape(recomputed)) return body;  // the adjoint statements pop what it pushes
  std::set<std::string> declaredAnywhere, written;
  for (const c::StmtRef& statement : recomputed) declaredAndWritten(statement, declaredAnywhere, written);
  for (const std::string& name : written)
    if (!declaredAnywhere.count(name)) return body;  // it writes a variable that outlives it
  std::set<std::string> tapedNames;
  for (const TapedScalar& scalar : taped) tapedNames.insert(scalar.decl->getNameAsString());
  std::set<std::string> declared;
  for (const c::StmtRef& statement : recomputed)
    if (statement->kind == c::Stmt::Kind::Declaration) {
      declared.insert(statement->name);
      declared.insert(statement->moreNames.begin(), statement->moreNames.end());
    }
  for (const std::string& name : declared)
    if (!tapedNames.count(name) && c::mentions(adjoint, name)) return body;  // the adjoint reads another value
  for (const std::string& name : tapedNames)
    if (!declared.count(name)) return body;
  c::StmtList result(body.begin(), forward);
  result.push_back(c::comment("this iteration's " + std::string(tapedNames.size() > 1 ? "values" : "value") +
                              ", from its slot of the tape"));
  for (const TapedScalar& scalar : taped)
    if (c::mentions(adjoint, scalar.decl->getNameAsString()))
      result.push_back(c::declaration(c::plainType(scalar.decl->getType().getUnqualifiedType().getAsString()),
                                      scalar.decl->getNameAsString(),
                                      c::subscript(c::name(scalar.tape), c::name("adrace_k"))));
  result.insert(result.end(), backward, body.end());
  return result;
}

}  // namespace adrace::ad
