// A call `f(args);` among a parallel region's statements, to a function of the file whose body holds
// OpenMP constructs (single, master, critical, atomic, barrier, sections, an orphaned `omp for`):
// OpenMP binds those constructs to the caller's region, so the region model reads f's body as if it
// were written at the call (RegionModelBuilder). This file says how f's names map to what the
// caller sees: a pointer or array parameter is the plain variable passed for it (`f(a)`), a pointer
// parameter given `&x` is the scalar x, a scalar parameter is the thread's own copy of the argument
// (its value, for indices, is the argument's: IndexTranslator::enterCall); f's automatic locals are
// each thread's own (every thread runs its own activation); its static locals and the file-scope
// variables are shared, named as the caller names them.
#pragma once

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <map>
#include <optional>
#include <set>
#include <string>

namespace adrace::analyzer {

struct InlinedCall {
  const clang::CallExpr* call = nullptr;
  const clang::FunctionDecl* callee = nullptr;  // its definition, whose body is a compound statement
  // Pointer and array parameters and the caller's variable passed for each (`f(a)`): f's p[k] is a[k].
  std::map<const clang::VarDecl*, const clang::VarDecl*> arrays;
  // Pointer parameters given the address of a scalar (`f(&x)`): f's *p is x.
  std::map<const clang::VarDecl*, const clang::VarDecl*> addressed;
  // Pointer parameters given an array or the address of a scalar of the calling activation, in a call
  // made inside another inlined callee (`g(buf)`, `g(&s)` with buf, s locals of f): each thread's own
  // memory, as those locals are.
  std::set<const clang::VarDecl*> ownMemory;
  // Prefixes the symbols of f's locals: "f::", or "f#2::" for the second call of f in one region,
  // so that two activations never share a symbol.
  std::string symbolPrefix;

  // An automatic variable or parameter of the callee: each thread's own.
  bool ownsVariable(const clang::VarDecl* variable) const;
  // The symbol of such a variable: the prefix and its name, and the line it is declared on when
  // another variable of the callee has that name (two blocks, or two tasks, each declaring `i`).
  std::string symbolOf(const clang::VarDecl* variable) const;
};

// The binding of `call`, or nothing with the reason in `whyNot` (naming the callee): a callee
// without a body, an argument for a pointer parameter that is not a plain variable or the address
// of one, a pointer parameter the callee reassigns. `calls` counts the calls already inlined per
// callee, for the symbol prefix.
std::optional<InlinedCall> bindInlinedCall(const clang::CallExpr& call, std::map<std::string, int>& calls,
                                           std::string& whyNot);

// The binding of `call`, made inside the callee `caller` is bound by (a call at depth 2 or more):
// what `caller` passes is translated through `caller`'s own binding, so that the names of the new
// callee map to what the region sees. `sharedWithTasks` are the caller's locals it shares with its
// tasks. Nothing, with the reason, for a recursive call (`active` holds the callees being read), a
// pointer local to `caller`, or a binding bindInlinedCall refuses.
std::optional<InlinedCall> bindNestedCall(const clang::CallExpr& call, const InlinedCall& caller,
                                          const std::set<const clang::FunctionDecl*>& active,
                                          const std::set<const clang::VarDecl*>& sharedWithTasks,
                                          std::map<std::string, int>& calls, std::string& whyNot);

// The variables of the caller's memory that the functions called in `statement` (and the functions
// they call) write: file-scope variables and static locals, and the plain variables passed for
// pointer parameters the callee writes through. The region model must not take their values for
// constants.
std::set<const clang::VarDecl*> writtenByCallees(const clang::Stmt& statement);

}  // namespace adrace::analyzer
