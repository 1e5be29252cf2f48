#include "ad/InvariantIncrements.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace adrace::ad {
namespace {

void visitExpressions(const c::ExprRef& expr, const std::function<void(const c::Expr&)>& visit) {
  if (!expr) return;
  visit(*expr);
  for (const c::ExprRef& operand : expr->operands) visitExpressions(operand, visit);
}

// Every expression of the statements, at every depth (headers, bodies, initial values, clauses).
void visitExpressions(const c::StmtList& statements, const std::function<void(const c::Expr&)>& visit) {
  for (const c::StmtRef& statement : statements) {
    if (!statement) continue;
    visitExpressions(statement->value, visit);
    visitExpressions(statement->step, visit);
    if (statement->init) visitExpressions(c::StmtList{statement->init}, visit);
    visitExpressions(statement->body, visit);
    visitExpressions(statement->otherwise, visit);
    if (statement->directive)
      for (const c::Clause& clause : statement->directive->clauses)
        for (const c::ExprRef& argument : clause.arguments) visitExpressions(argument, visit);
  }
}

void visitStatements(const c::StmtList& statements, const std::function<void(const c::Stmt&)>& visit) {
  for (const c::StmtRef& statement : statements) {
    if (!statement) continue;
    visit(*statement);
    if (statement->init) visitStatements(c::StmtList{statement->init}, visit);
    visitStatements(statement->body, visit);
    visitStatements(statement->otherwise, visit);
  }
}

// The names the iteration may change: assigned, incremented, decremented, address taken, declared.
std::set<std::string> writtenNames(const c::StmtList& iteration) {
  std::set<std::string> written;
  visitExpressions(iteration, [&](const c::Expr& expr) {
    const bool writes = expr.kind == c::Expr::Kind::Assign ||
                        ((expr.kind == c::Expr::Kind::Prefix || expr.kind == c::Expr::Kind::Postfix) &&
                         (expr.op == c::Op::Increment || expr.op == c::Op::Decrement || expr.op == c::Op::AddressOf));
    if (writes && !expr.operands.empty() && expr.operands[0]->kind == c::Expr::Kind::Name)
      written.insert(expr.operands[0]->text);
  });
  visitStatements(iteration, [&](const c::Stmt& statement) {
    if (statement.kind != c::Stmt::Kind::Declaration) return;
    written.insert(statement.name);
    written.insert(statement.moreNames.begin(), statement.moreNames.end());
  });
  return written;
}

// Names, literals and arithmetic over names nothing in the iteration writes.
bool invariant(const c::ExprRef& expr, const std::set<std::string>& written) {
  switch (expr->kind) {
    case c::Expr::Kind::Name: return !written.count(expr->text);
    case c::Expr::Kind::Literal: return true;
    case c::Expr::Kind::Binary:
    case c::Expr::Kind::Paren:
    case c::Expr::Kind::Cast: break;
    case c::Expr::Kind::Prefix:
      if (expr->text != "-" && expr->text != "+") return false;
      break;
    default: return false;
  }
  for (const c::ExprRef& operand : expr->operands)
    if (!invariant(operand, written)) return false;
  return true;
}

bool sameExpression(const c::ExprRef& a, const c::ExprRef& b) {
  if (!a || !b) return a == b;
  if (a->kind != b->kind || a->text != b->text || a->operands.size() != b->operands.size() || a->arrow != b->arrow)
    return false;
  if (a->kind == c::Expr::Kind::Cast &&
      (a->type.specifiers != b->type.specifiers || a->type.derivations.size() != b->type.derivations.size()))
    return false;
  for (size_t k = 0; k < a->operands.size(); ++k)
    if (!sameExpression(a->operands[k], b->operands[k])) return false;
  return true;
}

// The adjoint array named `name` and its element type, when its elements are floating scalars and
// it neither is nor has a pointer local into an array (an alias could read or reset the element
// while its sum waits).
std::optional<c::Type> adjointElement(const AdjointContext& context, const std::string& name) {
  for (const auto& [decl, info] : context.variables) {
    if (!info.active || !info.array || info.adjoint != name) continue;
    if (context.pointerAliases.count(decl)) return std::nullopt;  // itself a pointer local into an array
    for (const auto& alias : context.pointerAliases)
      if (alias.second == decl) return std::nullopt;
    clang::QualType type = decl->getType();
    clang::QualType element = type->isPointerType() ? type->getPointeeType()
                              : context.ast.getAsArrayType(type) != nullptr
                                  ? context.ast.getAsArrayType(type)->getElementType()
                                  : clang::QualType();
    if (element.isNull() || !element->isRealFloatingType()) return std::nullopt;
    c::Type scalar = context.from.type(decl->getType(), true);
    scalar.derivations.clear();
    return scalar;
  }
  return std::nullopt;
}

struct Candidate {
  std::vector<const c::Stmt*> increments;
  c::ExprRef index;
  bool uniform = true;  // every increment at the same index
};

c::StmtRef rewritten(const c::StmtRef& statement, const std::map<const c::Stmt*, c::StmtRef>& replacements);

c::StmtList rewritten(const c::StmtList& statements, const std::map<const c::Stmt*, c::StmtRef>& replacements,
                      bool& changed) {
  c::StmtList result;
  for (const c::StmtRef& statement : statements) {
    result.push_back(rewritten(statement, replacements));
    changed = changed || result.back() != statement;
  }
  return result;
}

c::StmtRef rewritten(const c::StmtRef& statement, const std::map<const c::Stmt*, c::StmtRef>& replacements) {
  if (!statement) return statement;
  auto replacement = replacements.find(statement.get());
  if (replacement != replacements.end()) return replacement->second;
  bool changed = false;
  c::StmtList body = rewritten(statement->body, replacements, changed);
  c::StmtList otherwise = rewritten(statement->otherwise, replacements, changed);
  if (!changed) return statement;
  auto copy = std::make_shared<c::Stmt>(*statement);
  copy->body = std::move(body);
  copy->otherwise = std::move(otherwise);
  return copy;
}

}  // namespace

SummedIncrements sumInvariantIncrements(AdjointContext& context, const c::StmtList& iteration,
                                        const std::string& counter) {
  SummedIncrements summed;
  summed.iteration = iteration;
  std::set<std::string> written = writtenNames(iteration);
  written.insert(counter);
  std::map<std::string, Candidate> candidates;  // by adjoint array, in name order (deterministic output)
  visitStatements(iteration, [&](const c::Stmt& statement) {
    if (statement.kind != c::Stmt::Kind::Expression || statement.directive || !statement.value) return;
    const c::Expr& assign = *statement.value;
    if (assign.kind != c::Expr::Kind::Assign || (assign.op != c::Op::AddAssign && assign.op != c::Op::SubtractAssign))
      return;
    const c::ExprRef& target = assign.operands[0];
    if (target->kind != c::Expr::Kind::Subscript || target->operands[0]->kind != c::Expr::Kind::Name) return;
    Candidate& candidate = candidates[target->operands[0]->text];
    if (candidate.index && !sameExpression(candidate.index, target->operands[1])) candidate.uniform = false;
    candidate.index = target->operands[1];
    candidate.increments.push_back(&statement);
  });
  std::map<std::string, size_t> mentions;
  visitExpressions(iteration, [&](const c::Expr& expr) {
    if (expr.kind == c::Expr::Kind::Name && candidates.count(expr.text)) ++mentions[expr.text];
  });
  std::map<const c::Stmt*, c::StmtRef> replacements;
  for (const auto& [array, candidate] : candidates) {
    if (!candidate.uniform || mentions[array] != candidate.increments.size() || written.count(array) ||
        !invariant(candidate.index, written))
      continue;
    std::optional<c::Type> element = adjointElement(context, array);
    if (!element) continue;
    const std::string sum = context.freshName(array + "_sum");
    summed.before.push_back(c::declaration(*element, sum, c::literal("0.0")));
    for (const c::Stmt* increment : candidate.increments)
      replacements[increment] =
          c::expression(c::assign(increment->value->op, c::name(sum), increment->value->operands[1]));
    summed.after.push_back(c::expression(c::addAssign(c::subscript(c::name(array), candidate.index), c::name(sum))));
  }
  if (!replacements.empty()) {
    bool changed = false;
    summed.iteration = rewritten(iteration, replacements, changed);
  }
  return summed;
}

}  // namespace adrace::ad
