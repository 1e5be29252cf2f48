// The statements of the C tree the adjoint generator builds (ad/c): blocks, declarations,
// expression statements, if/else, for, while, do, OpenMP directives (attached to the statement they
// govern, or standalone like `barrier`), comments and return.
// ad/c/Printer.h prints them (4-space indentation, braces always, pragmas at column 0).
#pragma once

#include "ad/c/Expr.h"

#include <memory>
#include <string>
#include <vector>

namespace adrace::ad::c {

// An OpenMP clause: `name(arguments)`, or `name(modifier: arguments)` (`reduction(+: s, x_b[:1])`).
struct Clause {
  std::string name;
  std::string modifier;
  std::vector<ExprRef> arguments;
};
// `#pragma omp parallel for schedule(dynamic, 4)`: name "omp parallel for" and its clauses.
struct Directive {
  std::string name;
  std::vector<Clause> clauses;
};

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
    Pragma,       // a standalone directive (`#pragma omp barrier`, a line of its own at column 0)
    Comment,      // /* text */
    Return,       // return [value];
    Break,
    Continue,
    Line,         // body: simple statements printed on one line (`double f[N]; adrace_pop_bytes(&f, sizeof f);`)
  };
  Kind kind = Kind::Block;
  StmtList body;
  StmtList otherwise;
  ExprRef value;
  ExprRef step;
  StmtRef init;
  Type type;
  std::string name;     // Declaration
  std::vector<std::string> moreNames;  // Declaration: further declarators of a plain type (`long k, begin, end;`)
  bool oneLine = false;  // If: `if (c) x = y;` on one line (one expression statement, no else)
  std::string storage;  // Declaration
  std::string text;     // Comment
  // Pragma: the directive; any other statement: the directive that governs it, printed on the line
  // before it (`#pragma omp parallel` above its block), or none.
  std::shared_ptr<const Directive> directive;
  std::string trailingComment;  // printed after the statement on its line: `x = 0; /* why */`
};

StmtRef block(StmtList body);
StmtRef declaration(Type type, std::string name, ExprRef value = nullptr);
// `long k, begin, end;`: several uninitialised variables of one plain type.
StmtRef declarations(Type type, std::vector<std::string> names);
StmtRef expression(ExprRef value);
StmtRef ifElse(ExprRef condition, StmtList then, StmtList otherwise = {});
// `if (c) x = y;` on one line.
StmtRef guarded(ExprRef condition, StmtRef expressionStatement);
StmtRef forLoop(StmtRef init, ExprRef condition, ExprRef step, StmtList body);
StmtRef whileLoop(ExprRef condition, StmtList body);
StmtRef doWhile(StmtList body, ExprRef condition);
Clause clause(std::string name, std::vector<ExprRef> arguments, std::string modifier = "");
Directive directive(std::string name, std::vector<Clause> clauses = {});
StmtRef pragma(Directive directive);  // standalone: `omp barrier`
// The same statement governed by a directive (`omp parallel` over a block, `omp for` over a loop,
// `omp atomic` over an increment).
StmtRef governed(Directive directive, StmtRef statement);
StmtRef comment(std::string text);
// Declarations and expression statements kept together on one line (a declaration and what fills it).
StmtRef oneLine(StmtList statements);
StmtRef returnStatement(ExprRef value = nullptr);
StmtRef breakStatement();
StmtRef continueStatement();
// The same statement with a comment after it on its line.
StmtRef withComment(StmtRef statement, std::string text);
// Structural identity of statements (kinds, expressions, types, names, comments, directives, bodies).
bool sameStatement(const StmtRef& a, const StmtRef& b);
bool sameStatements(const StmtList& a, const StmtList& b);
// The same declaration with a storage class.
StmtRef withStorage(StmtRef declaration, std::string storage);

}  // namespace adrace::ad::c
