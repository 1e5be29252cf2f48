// The object a member function runs on, as a variable. In Clang's AST `this` is an expression with
// no declaration, while the loop model names memory by a root variable and a member path
// (MemberPath.h): `g->u[i]` in `void smooth(Grid* g)` is the array "g->u". So that `this->u[i]`
// (written `u[i]`) in `void Grid::smooth()` is read the same way, each member function gets one
// implicit parameter named `this`, of the type `this` has there, created on first use and owned by
// the ASTContext. It is a pointer parameter like `g`: the members it reaches are the caller's
// memory, shared by the threads of a loop in the function.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/ExprCXX.h>

namespace adrace::analyzer {

// The variable standing for `use`'s object: one per member function (the one whose body holds
// `use`), so the `this` of a function called on another object is never taken for the caller's.
// Null when `use` is not inside a function body (a default member initialiser) or is in a lambda's.
const clang::VarDecl* thisObjectOf(const clang::CXXThisExpr& use, clang::ASTContext& context);

}  // namespace adrace::analyzer
