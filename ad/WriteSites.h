// The places where a statement may change a variable: the target of an assignment (`=` and the
// compound `op=`), of `++`/`--`, an operand of `&` (the variable may be written through its
// address), and a reference bound to it (`int &k = i;` writes i through k). Each analysis that asks
// "does this code write x" walks these sites and applies its own rule for which kinds count and how
// a target names a variable (a whole variable, or an element of it).
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>
#include <llvm/ADT/STLFunctionalExtras.h>

#include <set>

namespace adrace::ad {

enum class WriteKind { Assignment, IncrementDecrement, AddressTaken, ReferenceBinding };

struct WriteSite {
  const clang::Stmt* operation;  // the operator; for a reference binding, its initialiser
  const clang::Expr* target;     // what it writes: the left-hand side, the operand, the initialiser
  WriteKind kind;
};

// Calls `visit` on each write site in `statement`, in source order, entering OpenMP directives'
// statements; stops when `visit` returns false.
void forEachWriteSite(const clang::Stmt* statement, llvm::function_ref<bool(const WriteSite&)> visit);

// Whether `statement` assigns, increments or decrements `variable` or an element of it (through
// baseVariable), or, when `addressCounts`, takes the address of either.
bool writesVariable(const clang::Stmt* statement, const clang::VarDecl* variable, bool addressCounts);

// The variables `statement` writes as a whole, by every kind of site: assigned, incremented, their
// address taken, or bound to a reference (`int &k = i;` may write i through k). An element written
// through a pointer (`p[i] = 0`) leaves the pointer itself out.
std::set<const clang::ValueDecl*> wholeWrites(const clang::Stmt* statement);

}  // namespace adrace::ad
