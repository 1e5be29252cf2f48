// Pointer variables of a parallel loop that may point into the same array. C allows it for any two
// pointers of one element type unless one is `restrict`; if they do, accesses through them race
// exactly as accesses to one array would. `adrace check` reports such races as possible.
//
// The policy: two different pointer variables (parameters, locals or globals declared outside the
// loop) used in the loop, with the same element type, neither `restrict`-qualified, and both
// pointing to non-const elements. A pointer to const is read as an input, which the C idiom
// `f(const double *in, double *out)` declares; counting it would flag nearly every kernel of the
// corpus (41 findings in 12 of 15 kernels, against 3 in one). `constPointeesMayAlias` counts it,
// and so does a call in the file that passes a const pointer parameter the same array as another
// pointer parameter (`smooth(n, u, u)` for `smooth(int n, const double *in, double *out)`).
#pragma once

#include "analyzer/check/RaceCheck.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <vector>

namespace adrace::analyzer {

std::vector<MayAlias> mayAliasPairs(const clang::OMPLoopDirective& loop, clang::ASTContext& context,
                                    bool constPointeesMayAlias = false);
// The same for any loop body (the loop that creates tasks).
std::vector<MayAlias> mayAliasPairs(const clang::Stmt& loopBody, clang::ASTContext& context,
                                    bool constPointeesMayAlias = false);

}  // namespace adrace::analyzer
