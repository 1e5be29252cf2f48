// C89 bodies assign their private temporaries instead of initialising declarations:
//     #pragma omp parallel for private(j, i, p, laplacian)
//     ... { p = IDX(k, j, i); laplacian = u[p - 1] + ...; unew[p] = ... laplacian; }
// A scalar the innermost body assigns exactly once, as a statement of its top level, and reads
// nowhere before that statement holds at each read a value of its own iteration alone, like an
// initialised declaration: a gather may recompute it at another iteration (GatherAnalysis.h).
#pragma once

#include <clang/AST/Stmt.h>

#include <string>
#include <vector>

namespace adrace::analyzer {

// The names of the scalars `body` defines once that way (in statement order).
std::vector<std::string> singleDefinitionsOf(const clang::Stmt& body);

}  // namespace adrace::analyzer
