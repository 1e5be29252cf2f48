// Local pointers that are another array at an offset: `const double *q = p + 1;` (or `&p[1]`, or
// `p`) never reassigned in the function, whose offset keeps its value wherever q is in scope (its
// variables are never assigned, or are counters of the loops whose body declares q, as in
// `double *row = b + n*i;`). References through q are references to p, shifted — so the analysis
// sees that q[i] and p[i + 1] are the same element instead of assuming no aliasing. A row of a
// multi-dimensional array, `double *Ci = &C[i][0];`, makes Ci[j] the element C[i][j] (indexing
// past the row is undefined behaviour in C, as it is for C[i][j] itself). A pointer declared without
// a value and assigned once in a block, used only after that in the block (`fA = &fv[first_i];` in
// a loop body, C89 style), is such an alias too.
#pragma once

#include "analyzer/frontend/IndexTranslator.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <map>
#include <optional>
#include <vector>

namespace adrace::analyzer {

class DerivedPointers {
 public:
  struct Alias {
    const clang::VarDecl* base = nullptr;
    const clang::Expr* offset = nullptr;  // null for q = p
    // A row of a multi-dimensional array, `double *row = &C[i][0];`: the subscripts before the
    // last (here i); row[j] is C[i][0 + j].
    std::vector<const clang::Expr*> leading;
  };

  explicit DerivedPointers(const clang::FunctionDecl* function);
  const Alias* find(const clang::VarDecl* pointer) const;
  // An access through an alias, rewritten to its base array: q[i] with q = p + 1 is p[i + 1].
  void follow(IndexTranslator::Access& access) const;
  // Whether `address` is the value of a pointer assigned once (`fA = &fv[first_i];`, below).
  bool isAssignmentOf(const clang::Expr& address) const;

 private:
  // A pointer declared without a value and assigned once by a statement of a block, used only after
  // it in that block, whose address keeps its value there (`fA = &fv[first_i];` in a loop body).
  void addAssignedOnce(const clang::FunctionDecl& function);

  std::map<const clang::VarDecl*, Alias> aliases_;
  std::map<const clang::VarDecl*, const clang::BinaryOperator*> assignedAt_;
};

}  // namespace adrace::analyzer
