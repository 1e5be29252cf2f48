// The `depend` items of a task created in a loop (TaskLoops.h), read into the model
// (TaskDependence): which storage each item names, as the creating iteration evaluates it. An item
// is a variable, an element `a[i]` (or `p[0]` of a pointer derived from an array, `in = &raw[b * B]`)
// or an array section `a[lo:len]`; OpenMP 5.2 15.9.5: two items of sibling tasks make the later task
// depend on the earlier when their storage overlaps and one of them is out or inout.
#pragma once

#include "analyzer/frontend/DerivedPointers.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/model/LoopModel.h"

#include <clang/AST/StmtOpenMP.h>

#include <string>
#include <vector>

namespace adrace::analyzer {

// Whether the task's depend clauses are of the kinds the model reads (in, out, inout, without an
// iterator) on items it can name (variables, elements, sections with unit stride); when not,
// `reason` says why.
bool dependencesModelled(const clang::OMPTaskDirective& task, std::string& reason);

// The task's depend items, translated where the task is created. An item whose subscripts the IR
// cannot say is kept, opaque, with the reason.
std::vector<TaskDependence> dependencesOf(const clang::OMPTaskDirective& task, IndexTranslator& translator,
                                          DataSharing& sharing, const DerivedPointers& aliases,
                                          clang::ASTContext& context);

}  // namespace adrace::analyzer
