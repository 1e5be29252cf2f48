// The statements of the C tree the adjoint generator builds (ad/c): blocks, declarations,
// expression statements, if/else, for, while, do, OpenMP pragma lines, comments and return.
// ad/c/Printer.h prints them (4-space indentation, braces always, pragmas at column 0).
#pragma once

#include "ad/c/Expr.h"

#include <memory>
#include <string>
#include <vector>

namespace adrace::ad::c {

struct Stmt;
using StmtRef = std::shared_ptr<const Stmt>;
using StmtList = std::vector<StmtRef>;

struct Stmt {
  enum class Kind {
    Block,        // { body }
    Declaration,  // type name [= value];  (storage: "static", "extern" or "")
    Expression,   // value;
    If,           // if (value) body else otherwise (otherwise may be empty)
    For,          // for (init; value; step) body  (init: a Declaration or an Expression statement, or null)
    While,        // while (value) body
    Do,           // do body while (value);
    Pragma,       // #pragma text (a line of its own, at column 0)
    Comment,      // /* text */
    Return,       // return [value];
    Break,
    Continue,
  };
  Kind kind = Kind::Block;
  StmtList body;
  StmtList otherwise;
  ExprRef value;
  ExprRef step;
  StmtRef init;
  Type type;
  std::string name;     // Declaration
  std::string storage;  // Declaration
  std::string text;     // Pragma, Comment
  std::string trailingComment;  // printed after the statement on its line: `x = 0; /* why */`
};

StmtRef block(StmtList body);
StmtRef declaration(Type type, std::string name, ExprRef value = nullptr);
StmtRef expression(ExprRef value);
StmtRef ifElse(ExprRef condition, StmtList then, StmtList otherwise = {});
StmtRef forLoop(StmtRef init, ExprRef condition, ExprRef step, StmtList body);
StmtRef whileLoop(ExprRef condition, StmtList body);
StmtRef doWhile(StmtList body, ExprRef condition);
StmtRef pragma(std::string text);  // "omp parallel for reduction(+: s)" (without "#pragma ")
StmtRef comment(std::string text);
StmtRef returnStatement(ExprRef value = nullptr);
StmtRef breakStatement();
StmtRef continueStatement();
// The same statement with a comment after it on its line.
StmtRef withComment(StmtRef statement, std::string text);
// The same declaration with a storage class.
StmtRef withStorage(StmtRef declaration, std::string storage);

}  // namespace adrace::ad::c
