// The index IR: clang-free integer expression trees for array subscripts.
//
// This is the seam between the front-end (analyzer/, which translates clang::Expr into it), the JSON
// question protocol (which parses strings into it) and Z3 (smt/Encoder, which turns it into terms).
// Nothing here knows about either side.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace adrace::smt {

// How a symbol relates to the two threads of a query.
enum class Scope {
  Shared,   // one value for every thread (shared scalars, read-only shared integer arrays)
  Private,  // each thread holds its own copy: primed on thread B (docs/design.md [FormAD] §5.3)
  Counter,  // a parallel loop counter: private, and distinct between the two iterations compared
};

struct Expr;
using ExprRef = std::shared_ptr<const Expr>;

struct Expr {
  enum class Op {
    Const,  // value
    Var,    // name@instance, a scalar integer variable
    Read,   // name@instance(args...), a read of an integer array: an uninterpreted function
    Add,
    Sub,
    Mul,
    Div,
    Mod,  // C semantics: truncation towards zero
    Neg,
    IfLess,  // args (a, b, x, y): a < b ? x : y (a min, a max, or any integer `?:` of a comparison)
  };
  Op op = Op::Const;
  std::int64_t value = 0;       // Const
  std::string name;             // Var, Read
  int instance = 0;             // Var, Read: which reaching definitions produced the value (section 5.2)
  Scope scope = Scope::Shared;  // Var, Read
  std::vector<ExprRef> args;    // operands (Add..Neg) or subscripts (Read)
};

// A subscript list: a[e1][e2] is the tuple (e1, e2). Two tuples name the same element only if
// every component is equal.
using IndexTuple = std::vector<ExprRef>;

// Builders. They fold constants (2+3 → 5, x+0 → x, 1*x → x) so that the same index written two ways
// in the source is one expression in the report and one symbol set in Z3.
ExprRef constant(std::int64_t value);
ExprRef variable(std::string name, int instance = 0, Scope scope = Scope::Shared);
ExprRef arrayRead(std::string array, std::vector<ExprRef> subscripts, int instance = 0, Scope scope = Scope::Shared);
ExprRef add(ExprRef lhs, ExprRef rhs);
ExprRef sub(ExprRef lhs, ExprRef rhs);
ExprRef mul(ExprRef lhs, ExprRef rhs);
ExprRef div(ExprRef lhs, ExprRef rhs);
ExprRef mod(ExprRef lhs, ExprRef rhs);
ExprRef neg(ExprRef operand);
// a < b ? whenLess : otherwise, folded when a and b are constants or both arms are one expression.
ExprRef ifLess(ExprRef a, ExprRef b, ExprRef whenLess, ExprRef otherwise);

// C-like text: "c[i] + 7", "2 * k#1 + 1". Instances other than 0 print as name#instance; with
// `primed`, private and counter symbols print with a trailing ' (thread B of a query).
std::string toString(const ExprRef& expr, bool primed = false);
std::string toString(const IndexTuple& tuple, bool primed = false);  // "[j][idd#1]"

// Structural identity: same operators, constants, names, instances and scopes.
bool sameExpr(const ExprRef& a, const ExprRef& b);
bool sameTuple(const IndexTuple& a, const IndexTuple& b);

// True when the expression reads an integer array (its value is not determined by the model's
// arithmetic alone, so a coincidence found through it is only a *possible* one).
bool readsArray(const ExprRef& expr);
bool readsArray(const IndexTuple& tuple);

// Calls `visit` on every Var and Read node, outermost first.
void forEachSymbol(const ExprRef& expr, const std::function<void(const Expr&)>& visit);

}  // namespace adrace::smt
