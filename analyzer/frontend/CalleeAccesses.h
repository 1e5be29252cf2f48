// Calls to functions defined in the translation unit, followed into their bodies: what a call reads
// and writes of the memory its caller can see (pointer and array arguments, file-scope and static
// variables, scalars passed by address), with the callee's own expressions, so that the index
// translator can say the indices in terms of the call's arguments. A callee that touches none of
// that memory is pure. Accesses through struct members reached from a parameter or a file-scope
// struct are accesses like the others (MemberPath.h). An external function adrace has no summary
// for, recursion, a pointer the callee computes itself, a member path MemberPath refuses or a
// pointer or struct member the callee assigns, a member function that writes its object's members
// or is called on an object the caller does not name (MemberCalls.h), or an OpenMP construct inside the callee (other
// than atomic and critical, which protect the accesses inside them, and a nested `parallel` region read as the calling
// thread's code, NestedParallelInCallee.h) leave the call unmodelled, with a reason that names the callee (unknown
// means unsafe).
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <string>
#include <vector>

namespace adrace::analyzer {

struct CalleeAccess {
  const clang::Expr* access = nullptr;  // a[k], *p, d->m[k], p[k].x (element) or x (scalar), in a callee's body
  bool isScalar = false;                // a file-scope or static scalar, or `*p` with p = &x
  AccessKind kind = AccessKind::Read;
  std::vector<const clang::CallExpr*> calls;  // the chain of calls that reaches it, the caller's call first
  bool conditional = false;                   // under a branch or loop of a callee: not every call makes it
  std::vector<const clang::ForStmt*> loops;   // the `for` loops of the innermost callee around it, outermost first
  // The synchronisation around it inside the callees (atomic, critical, a lock the callee holds), or
  // around the call that reaches it in an intermediate callee; None: only the caller's call site can
  // protect it.
  Protection protection = Protection::None;
  std::string exclusionName;  // the critical's name or the lock, as Reference says
  // Made through a local pointer that holds one address (CalleeLocalPointers.h): that address,
  // which throughFixedAddress rewrites the access with; null otherwise.
  const clang::Expr* through = nullptr;
  // A member of the object a member function is called on (`nx`, that is `this->nx`, in
  // `out.idx(i, j)`): that object, written in the caller's own code (MemberCalls.h); null otherwise.
  const clang::Expr* object = nullptr;
};

struct CallSummary {
  std::vector<CalleeAccess> accesses;  // empty for a pure callee
  std::string unmodelled;              // non-empty: why the call cannot be followed (names the callee)
  std::vector<std::string> notes;      // e.g. "call to 'printf': output is not a race on program data"
};

// What `call` (made in the loop or region being modelled) does to memory the caller sees.
CallSummary followCall(const clang::CallExpr& call);

// The same for one statement of `function`'s body, as if `function` were called: whether it
// reaches shared memory at all (the accesses' call chains are empty).
CallSummary followStatement(const clang::Stmt& statement, const clang::FunctionDecl& function);

// Whether `body` assigns, increments or takes the address of `variable` anywhere.
bool modifiedIn(const clang::Stmt& body, const clang::VarDecl* variable);

}  // namespace adrace::analyzer
