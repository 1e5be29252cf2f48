// The inner loops of a perfect nest under a parallel loop: `for (k...) for (j...) for (i...) { body }`
// with `omp parallel for` on k alone (C89 codes rarely write collapse). When the parallel loop's
// body is, blocks aside, one `for` with a canonical header (LoopHeader.h) whose counter its body
// leaves alone, and so on inward, every statement of the innermost body runs once for each point of
// the box the counters span, as in a collapse(n) nest. A break out of one of those loops, a goto
// or a return would cut the box short: the nest then ends above the loop that has one. An inner
// loop under `#pragma omp simd` (vectorised rows, as stencil codes write them) is a loop of the nest.
#pragma once

#include "analyzer/frontend/ContextBuilder.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/model/LoopModel.h"

#include <clang/AST/Stmt.h>

#include <optional>
#include <vector>

namespace adrace::analyzer {

// The loop a statement of the nest is: a `for`, or the `for` of an `omp simd` whose clauses are only
// hints (safelen, simdlen, aligned). simd lets a thread run the iterations together, but each still
// runs once, as in the sequential loop, which is what the box needs; clauses that change data
// sharing (private, linear, reduction) or collapse end the nest there. Null otherwise.
const clang::ForStmt* nestedLoop(const clang::Stmt* statement);

// One inner `for` as the model describes it (its header read, its counter as its body's indices name
// it, the context of its body), or nullopt when the header is not canonical, the body may leave the
// loop early (break, goto, return) or the body is empty.
std::optional<InnerLoopModel> innerLoopOf(const clang::ForStmt& loop, IndexTranslator& translator,
                                          const ContextBuilder& contexts, clang::ASTContext& context);

// `body`: the body of the (innermost associated) parallel loop; `translator` translates as the
// body reads (instances); `contexts` has been built for the loop.
std::vector<InnerLoopModel> perfectNestOf(const clang::Stmt& body, IndexTranslator& translator,
                                          const ContextBuilder& contexts, clang::ASTContext& context);

// The body whose statements run once per point of the box: `body` itself, or the body of the
// innermost of the first `depth` loops perfectNestOf found in it.
const clang::Stmt& innermostBodyOf(const clang::Stmt& body, size_t depth);

// The one statement a block holds (blocks in blocks and empty statements aside), or null.
const clang::Stmt* onlyStatement(const clang::Stmt* statement);

}  // namespace adrace::analyzer
