// The statements of the C tree the adjoint generator builds (ad/c): blocks, declarations,
// expression statements, if/else, for, while, do, OpenMP directives (attached to the statement they
// govern, or standalone like `barrier`), comments and return; and what a file holds around them:
// function definitions, preprocessor lines, the input's own lines copied verbatim, blank lines, and
// C++ namespaces.
// ad/c/Printer.h prints them (4-space indentation, braces always, pragmas at column 0).
#pragma once

#include "ad/c/Expr.h"

#include <memory>
#include <string>
#include <vector>

namespace adrace::ad::c {

// The schedule kinds of OpenMP's `schedule` clause.
enum class Schedule { Static, Dynamic, Guided, Auto, Runtime };

// An OpenMP clause the generated code writes: `schedule(kind[, chunk])`, `firstprivate(list)`,
// `reduction(op: list)` (`reduction(+: s, x_b[:1])`) or `nowait`.
struct Clause {
  enum class Kind { Schedule, FirstPrivate, Reduction, NoWait };
  Kind kind = Kind::NoWait;
  Schedule schedule = Schedule::Static;  // Schedule
  Op combiner = Op::Add;                 // Reduction
  // Schedule: the chunk, if the clause has one; FirstPrivate, Reduction: the variables and sections.
  std::vector<ExprRef> arguments;
};
// The OpenMP directives the generated code writes, each with its clauses:
// `#pragma omp for schedule(dynamic, 4)` is {For, {schedule(Dynamic, 4)}}.
struct Directive {
  enum class Kind { Parallel, For, Single, Master, Barrier, Atomic, Critical, Simd };
  Kind kind = Kind::Parallel;
  std::vector<Clause> clauses;
};
using Omp = Directive::Kind;

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
    Line,          // body: simple statements printed on one line (`double f[N]; adrace_pop_bytes(&f, sizeof f);`)
    Function,      // type name(parameters) { body }: a function definition (storage: "static inline" or "")
    Preprocessor,  // #name text: `#include <stdlib.h>`, `#ifndef _OPENMP`, `#endif` (column 0)
    Verbatim,      // text: lines of the input file as its author wrote them (column 0)
    Blank,         // an empty line between the parts of a file
    Namespace,     // C++: namespace name { body }, its declarations at column 0
  };
  Kind kind = Kind::Block;
  StmtList body;
  StmtList otherwise;
  ExprRef value;
  ExprRef step;
  StmtRef init;
  Type type;
  std::string name;                    // Declaration, Function; Preprocessor: the directive
  StmtList parameters;                 // Function: parameter declarations (none: `(void)`)
  std::vector<std::string> moreNames;  // Declaration: further declarators of a plain type (`long k, begin, end;`)
  bool oneLine = false;                // If: `if (c) x = y;` on one line (one expression statement, no else);
                                       // Function: `static inline int f(void) { return 1; }`
  std::string storage;                 // Declaration, Function
  std::string text;                    // Comment (a line break continues it on a ` * ` line), Preprocessor, Verbatim
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
Clause scheduleClause(Schedule kind, ExprRef chunk = nullptr);  // chunk null: `schedule(static)`
Clause firstprivateClause(std::vector<ExprRef> variables);
Clause reductionClause(Op combiner, std::vector<ExprRef> variables);
Clause nowaitClause();
Directive directive(Directive::Kind kind, std::vector<Clause> clauses = {});
StmtRef pragma(Directive directive);  // standalone: `omp barrier`
// The same statement governed by a directive (`omp parallel` over a block, `omp for` over a loop,
// `omp atomic` over an increment).
StmtRef governed(Directive directive, StmtRef statement);
StmtRef comment(std::string text);
// Declarations and expression statements kept together on one line (a declaration and what fills it).
StmtRef oneLine(StmtList statements);
StmtRef returnStatement(ExprRef value = nullptr);
// `returned name(parameters)` and its body; parameters are declarations without values.
StmtRef functionDefinition(Type returned, std::string name, StmtList parameters, StmtList body);
// The same function definition on one line: `int f(void) { return 1; }`.
StmtRef onOneLine(StmtRef function);
// `#directive argument`: preprocessor lines the generator writes itself.
StmtRef preprocessor(std::string directive, std::string argument = "");
// Text of the input file copied as written: its #include and #define lines and type declarations
// are the user's code, which the generated file repeats unchanged (FilePrelude.h); never generated code.
StmtRef verbatim(std::string text);
// C++: `namespace name { declarations }` (name may be nested: `physics::units`).
StmtRef namespaceBlock(std::string name, StmtList declarations);
StmtRef blankLine();
StmtRef breakStatement();
StmtRef continueStatement();
// The same statement with a comment after it on its line.
StmtRef withComment(StmtRef statement, std::string text);
// Structural identity of statements (kinds, expressions, types, names, comments, directives, bodies).
bool sameStatement(const StmtRef& a, const StmtRef& b);
bool sameStatements(const StmtList& a, const StmtList& b);
// The same declaration or function definition with a storage class ("static", "static inline").
StmtRef withStorage(StmtRef declaration, std::string storage);

}  // namespace adrace::ad::c
