#include "ad/c/Uses.h"

#include <algorithm>

namespace adrace::ad::c {

bool mentions(const Type& type, const std::string& identifier) {
  for (const Type::Derivation& derivation : type.derivations)
    if (derivation.size && namesIdentifier(derivation.size, identifier)) return true;
  return false;
}

namespace {
bool directiveMentions(const Directive& directive, const std::string& identifier) {
  for (const Clause& clause : directive.clauses)
    for (const ExprRef& argument : clause.arguments)
      if (namesIdentifier(argument, identifier)) return true;
  return false;
}

// Whether the statement itself, without the statements nested in it, names `identifier`.
bool ownPartsMention(const Stmt& statement, const std::string& identifier) {
  if (statement.directive && directiveMentions(*statement.directive, identifier)) return true;
  if (statement.kind == Stmt::Kind::Declaration &&
      (statement.name == identifier || mentions(statement.type, identifier) ||
       std::find(statement.moreNames.begin(), statement.moreNames.end(), identifier) != statement.moreNames.end()))
    return true;
  return namesIdentifier(statement.value, identifier) || namesIdentifier(statement.step, identifier);
}
}  // namespace

bool mentions(const StmtRef& statement, const std::string& identifier) {
  if (!statement) return false;
  return ownPartsMention(*statement, identifier) || mentions(statement->init, identifier) ||
         mentions(statement->parameters, identifier) || mentions(statement->body, identifier) ||
         mentions(statement->otherwise, identifier);
}

bool mentions(const StmtList& statements, const std::string& identifier) {
  for (const StmtRef& statement : statements)
    if (mentions(statement, identifier)) return true;
  return false;
}

bool onlyWrites(const StmtRef& statement, const std::string& identifier) {
  if (statement->directive) return false;
  if (statement->kind == Stmt::Kind::Declaration)
    return statement->name == identifier && statement->value && !namesIdentifier(statement->value, identifier) &&
           !mentions(statement->type, identifier);
  if (statement->kind != Stmt::Kind::Expression) return false;
  const Expr& value = *statement->value;
  if (value.kind != Expr::Kind::Assign ||
      (value.op != Op::Assign && value.op != Op::AddAssign && value.op != Op::SubtractAssign))
    return false;
  const Expr& target = *value.operands[0];
  return target.kind == Expr::Kind::Name && target.text == identifier &&
         !namesIdentifier(value.operands[1], identifier);
}

namespace {
// Whether any statement names `identifier` other than as the target of a write onlyWrites accepts.
bool readElsewhere(const StmtList& statements, const std::string& identifier) {
  for (const StmtRef& statement : statements) {
    if (onlyWrites(statement, identifier)) continue;
    if (ownPartsMention(*statement, identifier) || mentions(statement->init, identifier) ||
        readElsewhere(statement->body, identifier) || readElsewhere(statement->otherwise, identifier))
      return true;
  }
  return false;
}

StmtList withoutWrites(const StmtList& statements, const std::string& identifier) {
  StmtList kept;
  for (const StmtRef& statement : statements) {
    if (onlyWrites(statement, identifier)) continue;
    if (!mentions(statement->body, identifier) && !mentions(statement->otherwise, identifier)) {
      kept.push_back(statement);
      continue;
    }
    auto copy = std::make_shared<Stmt>(*statement);
    copy->body = withoutWrites(statement->body, identifier);
    copy->otherwise = withoutWrites(statement->otherwise, identifier);
    kept.push_back(copy);
  }
  return kept;
}
}  // namespace

void dropWriteOnly(StmtList& statements, const std::string& identifier) {
  if (!readElsewhere(statements, identifier)) statements = withoutWrites(statements, identifier);
}

}  // namespace adrace::ad::c
