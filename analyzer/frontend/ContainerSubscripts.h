// C++ containers as HPC codes pass them: a `std::vector<double>&` or `std::array<double, N>&`
// parameter (or a local reference to one) is an array of its elements, as a `double *` is. Its
// `v[i]` (a call of operator[]) is rewritten in place into the plain subscript `v[i]`, whose base is
// the container seen as a pointer to its elements, so that the model, the verdicts and the
// adjoint's derivative rules read it as they read `p[i]` (docs/adjoint.md, "C++").
// Containers held by value (a local std::vector, each thread's own or shared) are left alone: their
// storage is not a caller's array.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>

namespace adrace::analyzer {

// The element type of std::vector<T> or std::array<T, N> (through a reference and const) when T is
// an arithmetic type; null otherwise.
clang::QualType containerElementType(clang::QualType type);
// Whether `var` is a reference to such a container (a parameter or a local reference).
bool isContainerReference(const clang::VarDecl* var);
// `v.size()` (or `v.empty()`) of a container reference: an integer the container's values do not change.
bool isContainerSizeCall(const clang::Expr* expr);
// Rewrites every `v[i]` under `body` with v a container reference; returns how many it rewrote.
// With `members`, also `g.u[i]` and `g->u[i]` with u a container member of a struct the caller
// passes (a reference or pointer parameter, or a local reference), and `u[i]` in a member function
// (`this->u[i]`): the member's elements are the caller's array `g.u`, as a pointer member's are.
int lowerContainerSubscripts(clang::ASTContext& ast, clang::Stmt* body, bool members = false);
// The same, members included, in every function the program defines outside system headers (the
// race check reads the loops and the functions they call); returns how many it rewrote.
int lowerContainerSubscriptsInProgram(clang::ASTContext& ast);

}  // namespace adrace::analyzer
