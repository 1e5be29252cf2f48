// A local pointer of a called function that holds one address wherever it is used: every
// assignment (and the initialiser) stores the same expression, `fp *d_in; ... d_in = &s.d_T[s.off];`
// in two branches, `double *row = &a[k * n];`, `float *q = p + off;`, and nothing that expression
// reads is ever changed in the function (its variables, and the fields of struct variables, are
// never assigned; it reads no element and follows no `->`). An access through it is then an access
// of the memory the address names, shifted: `d_in[j]` is `s.d_T[s.off + j]`, `row[j]` is
// `a[k * n + j]`, so the accesses of the callee are said in terms of the call's arguments as any
// other access (CalleeAccesses.h).
#pragma once

#include "analyzer/frontend/IndexTranslator.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <optional>

namespace adrace::analyzer {

// The one address `pointer`, a local of `function`, holds; null when it may hold two, when it is
// changed other than by assigning that address (`++p`, `p += k`, `&p`), or when the address is not
// an element's address `&a[e]`, `&s.x[e]` or a pointer plus an offset `a + e`, `s->x + e`.
const clang::Expr* fixedAddressOf(const clang::FunctionDecl& function, const clang::VarDecl& pointer);

// `access` (through the pointer: `p[j]`, `*p`, `*(p + j)`) as an access of what `address` names;
// nullopt when the access has more than one subscript or the address is not one of those forms.
std::optional<IndexTranslator::Access> throughFixedAddress(const IndexTranslator::Access& access,
                                                           const clang::Expr& address);

}  // namespace adrace::analyzer
