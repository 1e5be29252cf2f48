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

StmtRef pragma(std::string text) {
  auto statement = make(Stmt::Kind::Pragma);
  statement->text = std::move(text);
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

}  // namespace adrace::ad::c
