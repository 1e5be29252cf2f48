// The inner loops on the innermost body's root that only accumulate into locals (a convolution's
// `double acc = 0.0; for (r = -R; r <= R; r++) acc += w[r + R] * x[i + r]; y[i] = acc;`), as
// LoopModel::accumulatingLoops describes them. Every iteration of the parallel loop runs such a
// loop whole; its body's one effect is on the accumulators, whose adjoints the += leaves unchanged,
// so a gather may evaluate a term of its body at any (iteration, inner counter) pair. The body may
// be a perfect nest of such loops (a 2-D filter's taps, `for (a ...) for (b ...) acc += ...`), whose
// innermost body then updates. What breaks that is recorded as the loop's failure: another write in
// its body (an array element, a scalar with =, a local declared there, a counter of a nested loop
// that is not one of that nest), an accumulator read other than by its
// own update, an accumulator that is not declared or set (`acc = 0.0f;`) on the root before the loop, written
// elsewhere, read before the loop (its adjoint would differ between the loop and that read), or updated by two loops.
#pragma once

#include "analyzer/frontend/ContextBuilder.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/model/LoopModel.h"

#include <clang/AST/Stmt.h>

#include <vector>

namespace adrace::analyzer {

// `body`: the innermost body (PerfectNest.h's innermostBodyOf); `translator` translates as it reads.
std::vector<AccumulatingLoopModel> accumulatingLoopsOf(const clang::Stmt& body, IndexTranslator& translator,
                                                       const ContextBuilder& contexts, clang::ASTContext& context);

}  // namespace adrace::analyzer
