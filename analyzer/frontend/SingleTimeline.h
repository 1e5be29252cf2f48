// What a `single` sets running as it goes, when it mixes the shapes TaskSequences.h and
// TaskloopInSingle.h each take alone: its own statements, several taskloops (with or without
// nogroup), tasks, `taskwait` and `taskgroup`, in any order:
//   #pragma omp single { S0; taskloop nogroup L1; S1; taskloop L2; taskgroup { task T1; task T2; } S2; }
// The single's thread runs its statements in order; a task or a nogroup taskloop runs from its
// creation until a taskwait (which waits for the children: tasks and a taskloop's tasks alike), the
// end of a taskgroup around its creation, or the single's barrier; a taskloop without nogroup ends
// with its implicit taskgroup before the statement after it. So each part is a step of the region
// that runs after exactly the parts finished when it starts (RegionStep::after): nothing else
// orders the single's work while the other threads wait at its barrier. Tasks here have no depend
// or if clause and create no tasks (TaskSequences.h models those where its shape allows), and a
// nogroup taskloop has no if clause (undeferred, it would end before the single goes on); anything
// else stays unsupported, with the reason.
#pragma once

#include "analyzer/frontend/SinglePart.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <string>
#include <vector>

namespace adrace::analyzer {

// The parts of `single` (a statement directly in the parallel region `region`) when it holds a
// taskloop or task in the shape above; otherwise false, and `reason` says why (empty when the single
// creates no task at all).
bool findSingleTimeline(const clang::OMPSingleDirective& single, const clang::OMPExecutableDirective& region,
                        clang::ASTContext& context, std::vector<SinglePart>& parts, std::string& reason);

// Whether `directive` (a task, taskloop or taskgroup) belongs to the timeline of a single of `region`.
bool inSingleTimeline(const clang::OMPExecutableDirective& directive, const clang::OMPExecutableDirective* region,
                      clang::ASTContext& context);

}  // namespace adrace::analyzer
