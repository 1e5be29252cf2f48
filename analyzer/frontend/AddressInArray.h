// An argument that is an address inside an array, as application codes pass rows and blocks to
// helpers: `scale(grid[i], m)` (row i of a 2-D array, or of a `double **`), `relax(&u[i][1], n)`,
// `axpy(x + i * n, y + i * n, n)`, `f(&a[k])`. The callee's subscripts count from that address, so
// its access `p[k]` is the caller's `grid[i][k]`, `u[i][1 + k]`, `x[i * n + k]`, `a[k + k']`: the
// leading subscripts name the row, and the offset is added to the callee's first subscript.
// The rows of a `double **` are taken to be distinct, as the check takes them in `rows[i][k]`
// (docs/check.md, "Loops").
#pragma once

#include <clang/AST/Expr.h>

#include <optional>
#include <vector>

namespace adrace::analyzer {

struct AddressInArray {
  const clang::VarDecl* array = nullptr;
  std::vector<const clang::Expr*> leading;  // subscripts that name the row, outermost first
  std::vector<const clang::Expr*> offsets;  // added to the callee's first subscript
  std::vector<bool> subtracted;             // per offset: `a - k`
};

// The array and position `argument` points to, or nullopt when it is not one of the forms above
// (a plain variable, a struct member, a call's result).
std::optional<AddressInArray> addressInArray(const clang::Expr& argument);

// The number of subscripts `variable` takes: 2 for `double a[N][M]`, `double (*a)[M]`, `double **a`.
unsigned arrayRank(const clang::VarDecl& variable);

}  // namespace adrace::analyzer
