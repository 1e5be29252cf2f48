// The clauses the loop and region models read on a parallel loop or region (or that cannot change
// a race or a verdict). A clause outside this list may
// change what races (`bind(thread)` runs a `loop` on one thread, `defaultmap(tofrom: scalar)`
// shares the scalars a target region would copy, `in_reduction` joins a task reduction): the
// construct is not modelled ("cannot check" for `check`, `not_analysed` for `analyze`), naming the
// clause, never analysed as if it were absent.
// Tasks and taskloops are not covered here: their models read and refuse their own clauses.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <optional>

namespace adrace::analyzer {

// The first clause of `directive` the check does not model, as an unsupported diagnostic.
std::optional<Diagnostic> unmodelledClause(const clang::OMPExecutableDirective& directive,
                                           const clang::ASTContext& context);

}  // namespace adrace::analyzer
