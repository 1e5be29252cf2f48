// `target ... nowait` in a function's sequential code: the target region runs as a deferred target
// task (OpenMP 5.2, 13.8) beside the statements that follow it in the encountering task, until a
// `taskwait` waits for it (or, in `main`, the end of the program):
//   #pragma omp target teams distribute parallel for map(tofrom: unew) nowait
//   for (i = 1; i < n - 1; i++) unew[i] = ...;      <- the target task's iterations
//   for (i = 0; i < n; i++) forcing[i] = f(i);      <- the host, at the same time
//   #pragma omp taskwait                            <- both finished
// The window from the first such target to the taskwait is checked as a region (RegionTaskSteps):
// each target loop's iterations run concurrently with each other and with the host's statements,
// a `target nowait` without a loop in it runs as one task. Mapped data is the same memory on both
// sides (shared memory semantics, the conservative reading: a copy could only hide a race).
// `depend` items on plain variables order the window's target tasks with each other as they order
// sibling host tasks (VariableDependences.h): a target that depends on an earlier one starts after
// it ends. Anything else about the window stays "cannot check", with the reason: a target nowait
// inside another construct, with `if`, with a depend item that is an element or a section or with
// mutexinoutset, a window with no taskwait outside `main`, a host statement that may leave it early,
// a target holding other constructs.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct TargetTaskWindow {
  const clang::FunctionDecl* function = nullptr;
  const clang::CompoundStmt* block = nullptr;  // the block whose statements the window is a stretch of
  // The window's statements in order: the first target nowait, host statements, more target nowaits.
  std::vector<const clang::Stmt*> statements;
  std::vector<const clang::OMPExecutableDirective*> targets;  // the target nowaits among them
  // Per target, the earlier targets (indices into `targets`) its depend clauses order it after,
  // directly or through others.
  std::vector<std::vector<size_t>> orderedAfter;
  const clang::Stmt* end = nullptr;  // the taskwait that ends it; null at the end of `main`
  std::string whyNot;                // not modelled: why (then the other fields may be partial)
};

// Every window of a target nowait in the main file's functions, in source order; a target nowait
// the windows cannot place gets one of its own with whyNot said.
std::vector<TargetTaskWindow> findTargetTaskWindows(clang::ASTContext& context);

// Whether `directive` is a target construct with a nowait clause.
bool isTargetNowait(const clang::OMPExecutableDirective& directive);

// A target nowait the windows model: a combined target loop (its iterations a loop model of their
// own), or a target whose body is sequential code.
bool isModelledTargetTask(const clang::OMPExecutableDirective& directive);

// The variables the window's statements name, each with whether a target of the window shares it
// with the host: named in a target's body other than as its own copy of a scalar (private,
// firstprivate — also the implicit firstprivate of a scalar a target does not map — or a loop
// counter). Arrays and pointers a target names are shared (their elements are mapped). Only the
// host touches the others.
std::map<const clang::VarDecl*, bool> sharedWithTargets(const TargetTaskWindow& window);

}  // namespace adrace::analyzer
