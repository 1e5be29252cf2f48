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

// Boundary cases define a scalar on each arm of an if/else instead:
//     if (j == 0) south = c; else south = u[(j - 1) * nx + i];
// A scalar that one statement of the body's top level assigns exactly once on every path through it
// (each arm of each if assigns it once, as a statement `v = e;` with e not reading v, or not at all
// when both arms do not), that no other statement writes and that nothing reads before that
// statement holds, at each later read, a value of its own iteration alone. Its value is not an
// expression of the iteration (the generator cannot recompute it), but its adjoint, seeded only by
// the later reads, is (ad/GatherAdjoint.h). The names, in statement order.
std::vector<std::string> branchDefinitionsOf(const clang::Stmt& body);

}  // namespace adrace::analyzer
