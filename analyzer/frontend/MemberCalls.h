// C++ member functions called where a loop is modelled: `out.idx(i, j)` on a `Grid& out`,
// `g->idx(i, j)` on a `Grid* g`, `s.grid.idx(i, j)`. Inside the callee `this` is the object the
// call is made on (the implicit object argument), so the member `nx` it reads is `out.nx`,
// `g->nx` or `s.grid.nx` (MemberPath.h binds it). A member function calling another on `this`
// passes its own object on. The function a call runs must be known: a virtual function is followed
// only where Clang devirtualises the call (a final class or function, an object of its declared
// type), as docs/check.md says for calls in indices and callees.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

// The object `this` stands for in the innermost of `calls` (the chain of calls being followed,
// the caller's call first), and how many of those calls enclose the place where it is written:
// 0 when written in the caller's own code (`out` of `out.idx(i, j)` in the loop), k when written
// in the body of calls[k - 1]. When every call is made on `this` (the caller is itself a member
// function: `idx(i, j)` in `Grid::smooth`), the caller's own `this`, at level 0. Null `expression`
// when the innermost call is not a call of a member function on an object.
struct BoundObject {
  const clang::Expr* expression = nullptr;
  size_t level = 0;
};
BoundObject objectOfThis(const std::vector<const clang::CallExpr*>& calls);

// The definition a call of a non-static member function runs, when it is known and has a body;
// null with `why` (naming the function) otherwise. Null without `why` for a call that is not one
// of a non-static member function.
const clang::CXXMethodDecl* memberFunctionRun(const clang::CallExpr& call, std::string* why);

}  // namespace adrace::analyzer
