#include "ad/c/Statement.h"

namespace adrace::ad::c {
namespace {
std::shared_ptr<Stmt> make(Stmt::Kind kind) {
  auto statement = std::make_shared<Stmt>();
  statement->kind = kind;
  return statement;
}
}  // namespace

StmtRef block(StmtList body) {
  auto statement = make(Stmt::Kind::Block);
  statement->body = std::move(body);
  return statement;
}

StmtRef declaration(Type type, std::string name, ExprRef value) {
  auto statement = make(Stmt::Kind::Declaration);
  statement->type = std::move(type);
  statement->name = std::move(name);
  statement->value = std::move(value);
  return statement;
}

StmtRef declarations(Type type, std::vector<std::string> names) {
  auto statement = make(Stmt::Kind::Declaration);
  statement->type = std::move(type);
  statement->name = names.front();
  statement->moreNames.assign(names.begin() + 1, names.end());
  return statement;
}

StmtRef guarded(ExprRef condition, StmtRef expressionStatement) {
  auto statement = make(Stmt::Kind::If);
  statement->value = std::move(condition);
  statement->body = {std::move(expressionStatement)};
  statement->oneLine = true;
  return statement;
}

StmtRef expression(ExprRef value) {
  auto statement = make(Stmt::Kind::Expression);
  statement->value = std::move(value);
  return statement;
}

StmtRef ifElse(ExprRef condition, StmtList then, StmtList otherwise) {
  auto statement = make(Stmt::Kind::If);
  statement->value = std::move(condition);
  statement->body = std::move(then);
  statement->otherwise = std::move(otherwise);
  return statement;
}

StmtRef forLoop(StmtRef init, ExprRef condition, ExprRef step, StmtList body) {
  auto statement = make(Stmt::Kind::For);
  statement->init = std::move(init);
  statement->value = std::move(condition);
  statement->step = std::move(step);
  statement->body = std::move(body);
  return statement;
}

StmtRef whileLoop(ExprRef condition, StmtList body) {
  auto statement = make(Stmt::Kind::While);
  statement->value = std::move(condition);
  statement->body = std::move(body);
  return statement;
}

StmtRef doWhile(StmtList body, ExprRef condition) {
  auto statement = make(Stmt::Kind::Do);
  statement->value = std::move(condition);
  statement->body = std::move(body);
  return statement;
}

Clause scheduleClause(Schedule kind, ExprRef chunk) {
  Clause clause;
  clause.kind = Clause::Kind::Schedule;
  clause.schedule = kind;
  if (chunk) clause.arguments.push_back(std::move(chunk));
  return clause;
}

Clause firstprivateClause(std::vector<ExprRef> variables) {
  Clause clause;
  clause.kind = Clause::Kind::FirstPrivate;
  clause.arguments = std::move(variables);
  return clause;
}

Clause reductionClause(Op combiner, std::vector<ExprRef> variables) {
  Clause clause;
  clause.kind = Clause::Kind::Reduction;
  clause.combiner = combiner;
  clause.arguments = std::move(variables);
  return clause;
}

Clause nowaitClause() {
  Clause clause;
  clause.kind = Clause::Kind::NoWait;
  return clause;
}

Directive directive(Directive::Kind kind, std::vector<Clause> clauses) { return Directive{kind, std::move(clauses)}; }

StmtRef pragma(Directive directive) {
  auto statement = make(Stmt::Kind::Pragma);
  statement->directive = std::make_shared<const Directive>(std::move(directive));
  return statement;
}

StmtRef governed(Directive directive, StmtRef statement) {
  auto copy = std::make_shared<Stmt>(*statement);
  copy->directive = std::make_shared<const Directive>(std::move(directive));
  return copy;
}

StmtRef oneLine(StmtList statements) {
  auto statement = make(Stmt::Kind::Line);
  statement->body = std::move(statements);
  return statement;
}

StmtRef comment(std::string text) {
  auto statement = make(Stmt::Kind::Comment);
  statement->text = std::move(text);
  return statement;
}

StmtRef returnStatement(ExprRef value) {
  auto statement = make(Stmt::Kind::Return);
  statement->value = std::move(value);
  return statement;
}

StmtRef functionDefinition(Type returned, std::string name, StmtList parameters, StmtList body) {
  auto statement = make(Stmt::Kind::Function);
  statement->type = std::move(returned);
  statement->name = std::move(name);
  statement->parameters = std::move(parameters);
  statement->body = std::move(body);
  return statement;
}

StmtRef onOneLine(StmtRef function) {
  auto copy = std::make_shared<Stmt>(*function);
  copy->oneLine = true;
  return copy;
}

StmtRef preprocessor(std::string directive, std::string argument) {
  auto statement = make(Stmt::Kind::Preprocessor);
  statement->name = std::move(directive);
  statement->text = std::move(argument);
  return statement;
}

StmtRef namespaceBlock(std::string name, StmtList declarations) {
  auto statement = make(Stmt::Kind::Namespace);
  statement->name = std::move(name);
  statement->body = std::move(declarations);
  return statement;
}

StmtRef verbatim(std::string text) {
  auto statement = make(Stmt::Kind::Verbatim);
  statement->text = std::move(text);
  return statement;
}

StmtRef blankLine() { return make(Stmt::Kind::Blank); }

StmtRef breakStatement() { return make(Stmt::Kind::Break); }
StmtRef continueStatement() { return make(Stmt::Kind::Continue); }

StmtRef withComment(StmtRef statement, std::string text) {
  auto copy = std::make_shared<Stmt>(*statement);
  copy->trailingComment = std::move(text);
  return copy;
}

StmtRef withStorage(StmtRef declaration, std::string storage) {
  auto copy = std::make_shared<Stmt>(*declaration);
  copy->storage = std::move(storage);
  return copy;
}

namespace {
bool sameDirective(const std::shared_ptr<const Directive>& a, const std::shared_ptr<const Directive>& b) {
  if (!a || !b) return !a && !b;
  if (a->kind != b->kind || a->clauses.size() != b->clauses.size()) return false;
  for (size_t k = 0; k < a->clauses.size(); ++k) {
    const Clause& x = a->clauses[k];
    const Clause& y = b->clauses[k];
    if (x.kind != y.kind || x.schedule != y.schedule || x.combiner != y.combiner ||
        x.arguments.size() != y.arguments.size())
      return false;
    for (size_t m = 0; m < x.arguments.size(); ++m)
      if (!sameExpr(x.arguments[m], y.arguments[m])) return false;
  }
  return true;
}
}  // namespace

bool sameStatement(const StmtRef& a, const StmtRef& b) {
  if (a == b) return true;
  if (!a || !b) return false;
  return a->kind == b->kind && a->text == b->text && a->name == b->name && a->moreNames == b->moreNames &&
         a->oneLine == b->oneLine && a->storage == b->storage && a->trailingComment == b->trailingComment &&
         sameType(a->type, b->type) && sameExpr(a->value, b->value) && sameExpr(a->step, b->step) &&
         sameStatement(a->init, b->init) && sameDirective(a->directive, b->directive) &&
         sameStatements(a->parameters, b->parameters) && sameStatements(a->body, b->body) &&
         sameStatements(a->otherwise, b->otherwise);
}

bool sameStatements(const StmtList& a, const StmtList& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (!sameStatement(a[k], b[k])) return false;
  return true;
}

}  // namespace adrace::ad::c
