// The clauses the loop and region models read on a parallel loop or region (or that cannot change
// a race or a verdict). A clause outside this list may
// change what races (`bind(thread)` runs a `loop` on one thread, `defaultmap(tofrom: scalar)`
// shares the scalars a target region would copy, `in_reduction` joins a task reduction): the
// construct is not modelled ("cannot check" for `check`, `not_analysed` for `analyze`), naming the
// clause, never analysed as if it were absent.
// Tasks and taskloops read and refuse their other clauses themselves; an if or final clause that
// serialises them is refused here and by their models.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <optional>
#include <string>

namespace adrace::analyzer {

// Why a clause whose condition is a compile-time constant takes the concurrency out of `directive`:
// with `if(false)` a parallel region runs on one thread and a task or taskloop's tasks are undeferred
// (each ends before its creator goes on); with `final(true)` a task's descendants are included tasks
// (OpenMP 5.2, sections 10.1 and 12.5). A race found as if the construct were concurrent would be
// false. A condition not known at compile time may be true: the check assumes the concurrent case, as
// it assumes any number of threads. Empty when no clause does this.
std::optional<std::string> serialisingClause(const clang::OMPExecutableDirective& directive,
                                             const clang::ASTContext& context);

// The first clause of `directive` the check does not model, as an unsupported diagnostic (a
// serialising clause included, for every kind of directive).
std::optional<Diagnostic> unmodelledClause(const clang::OMPExecutableDirective& directive,
                                           const clang::ASTContext& context);

}  // namespace adrace::analyzer
