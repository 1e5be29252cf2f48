// A copy of a Clang expression node with other children, for the rewriters that substitute inside
// nodes the function's AST shares (a helper's body serves all its calls: HelperInlining.h; a
// constructor's initialisers serve all its locals: ClassLocals.h).
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>

#include <vector>

namespace adrace::ad {

// `expr` with `children` (in the order of expr->children()) in place of its own: parentheses, casts,
// unary, binary and compound-assignment operators, ?:, subscripts and calls. Null for any other kind.
clang::Expr* copyWithChildren(clang::ASTContext& ast, clang::Expr* expr, const std::vector<clang::Expr*>& children);

}  // namespace adrace::ad
