// The expressions of the C tree the adjoint generator builds (ad/c): identifiers, literals as
// written, operators, calls, subscripts, member access, casts and sizeof. Nodes are immutable and
// shared. The builders fold trivial constants (x * 1, 0 + x, -(-x)) so that a derivative rule can
// multiply by a partial without producing `1.0 * ...`; the printer (ad/c/Printer.h) decides where
// parentheses go, so no builder ever adds them.
#pragma once

#include "ad/c/Type.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace adrace::ad::c {

struct Expr;
using ExprRef = std::shared_ptr<const Expr>;

// The operators of C an expression node applies (ad/c/Printer.cpp knows their precedence): prefix
// and postfix ones (Plus to Decrement: -x, !x, *p, &x, ++i, i--), binary ones (Multiply to Comma)
// and assignments (Assign to BitOrAssign).
enum class Op {
  Plus,
  Minus,
  Not,
  Complement,
  Dereference,
  AddressOf,
  Increment,
  Decrement,
  Multiply,
  Divide,
  Remainder,
  Add,
  Subtract,
  ShiftLeft,
  ShiftRight,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  Equal,
  NotEqual,
  BitAnd,
  BitXor,
  BitOr,
  LogicalAnd,
  LogicalOr,
  Comma,
  Assign,
  MultiplyAssign,
  DivideAssign,
  RemainderAssign,
  AddAssign,
  SubtractAssign,
  ShiftLeftAssign,
  ShiftRightAssign,
  BitAndAssign,
  BitXorAssign,
  BitOrAssign,
};
// How C writes the operator: "-", "<=", "+=".
const char* spelling(Op op);

struct Expr {
  enum class Kind {
    Name,          // text: an identifier
    Literal,       // text: a number, character or string literal as written ("1.0e-3", "'a'", "N")
    Prefix,        // op: Plus to Decrement; operands[0]
    Postfix,       // op: Increment, Decrement; operands[0]
    Binary,        // op: Multiply to Comma; operands[0], operands[1]
    Assign,        // op: Assign to BitOrAssign; operands[0] (target), operands[1]
    Conditional,   // operands: condition, if true, if false
    Call,          // operands[0]: callee; the rest: arguments
    Subscript,     // operands: base, index
    ArraySection,  // OpenMP's base[lower:length] in a clause; operands: base, lower (may be null), length
    Member,        // text: field; operands[0]: the record (arrow: through a pointer)
    Cast,          // type; operands[0]
    SizeofType,    // type
    SizeofExpr,    // operands[0]
    InitList,      // { operands... }
    Paren,         // ( operands[0] ): parentheses kept for the reader where C needs none (`(2 + offset) + k`)
  };
  Kind kind = Kind::Name;
  std::string text;   // Name, Literal, Member
  Op op = Op::Comma;  // Prefix, Postfix, Binary, Assign
  std::vector<ExprRef> operands;
  Type type;                // Cast, SizeofType
  bool arrow = false;       // Member
  bool staticCast = false;  // Cast: C++ `static_cast<type>(operand)` as the source wrote it
};

// Builders.
ExprRef name(std::string identifier);
ExprRef literal(std::string text);
ExprRef integer(long long value);        // a decimal literal (negative values are a minus applied to one)
ExprRef prefix(Op op, ExprRef operand);  // -(-x) -> x; +x -> x
ExprRef negate(ExprRef operand);         // prefix(Op::Minus, operand)
ExprRef postfix(Op op, ExprRef operand);
// Folds x * 1, 1 * x, x / 1, x + 0, 0 + x, x - 0 and 0 - x (-> -x) for literal zeros and ones.
ExprRef binary(Op op, ExprRef lhs, ExprRef rhs);
// Without folding: an operator as the source wrote it (ad/c/FromClang).
ExprRef binaryAsWritten(Op op, ExprRef lhs, ExprRef rhs);
ExprRef add(ExprRef lhs, ExprRef rhs);
ExprRef sub(ExprRef lhs, ExprRef rhs);
ExprRef mul(ExprRef lhs, ExprRef rhs);
ExprRef div(ExprRef lhs, ExprRef rhs);
ExprRef assign(Op op, ExprRef target, ExprRef value);  // Op::Assign, Op::AddAssign, ...
// The operators the generator writes most, by name: `less(k, end)` is binary(Op::Less, k, end).
ExprRef less(ExprRef lhs, ExprRef rhs);
ExprRef lessEqual(ExprRef lhs, ExprRef rhs);
ExprRef greater(ExprRef lhs, ExprRef rhs);
ExprRef greaterEqual(ExprRef lhs, ExprRef rhs);
ExprRef equal(ExprRef lhs, ExprRef rhs);
ExprRef logicalAnd(ExprRef lhs, ExprRef rhs);
ExprRef remainder(ExprRef lhs, ExprRef rhs);
ExprRef comma(ExprRef lhs, ExprRef rhs);  // as written (a for loop's step `k++, i++`)
ExprRef addressOf(ExprRef operand);
ExprRef dereference(ExprRef operand);
ExprRef logicalNot(ExprRef operand);
ExprRef postIncrement(ExprRef operand);
ExprRef postDecrement(ExprRef operand);
ExprRef assign(ExprRef target, ExprRef value);  // target = value
ExprRef addAssign(ExprRef target, ExprRef value);
ExprRef subAssign(ExprRef target, ExprRef value);
ExprRef conditional(ExprRef condition, ExprRef ifTrue, ExprRef ifFalse);
ExprRef call(ExprRef callee, std::vector<ExprRef> arguments);
ExprRef call(const std::string& function, std::vector<ExprRef> arguments);
ExprRef subscript(ExprRef base, ExprRef index);
ExprRef arraySection(ExprRef base, ExprRef lower, ExprRef length);  // lower null: `x_b[:1]`
ExprRef member(ExprRef record, std::string field, bool arrow);
ExprRef cast(Type type, ExprRef operand);
ExprRef staticCast(Type type, ExprRef operand);  // C++ static_cast<type>(operand)
ExprRef sizeofType(Type type);
ExprRef sizeofExpr(ExprRef operand);
ExprRef initList(std::vector<ExprRef> items);
ExprRef parenthesized(ExprRef inner);

// A literal whose value is exactly zero or one ("0", "0.0", "1.f", "0x1"; not a macro name).
bool isZeroLiteral(const ExprRef& expr);
bool isOneLiteral(const ExprRef& expr);

// Structural identity (same kinds, operators, spellings and operands).
bool sameExpr(const ExprRef& a, const ExprRef& b);
bool sameType(const Type& a, const Type& b);

// Whether the expression names `identifier` (as a Name node, anywhere inside it).
bool namesIdentifier(const ExprRef& expr, const std::string& identifier);
// Calls `visit` on every node, outermost first.
void forEachNode(const ExprRef& expr, const std::function<void(const Expr&)>& visit);

}  // namespace adrace::ad::c
