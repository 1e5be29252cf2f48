// Tasks created in a function the region calls: `parallel` > `single` > `f(args);` (or
// `v = f(args);`), f a function of the file whose body is a sequence of tasks (TaskSequences.h), as
// programs write a task tree: f creates its tasks, waits for them with taskwait, and returns.
// OpenMP binds f's tasks to the caller's region, so the region model reads f's body as if it were
// written in the single, f's names bound as CalleeInlining.h says. f's automatic scalars that its
// tasks name in `shared(...)` are shared between the activation and those tasks (and only them);
// every other local of f is the activation's own, and firstprivate in its tasks (OpenMP 5.2, 5.1.1).
// A recursive f (the task tree of `fib`, a divide-and-conquer sum) is followed when it reaches no
// memory but its own activation's and what its `const` pointer parameters point to
// (reachesOnlyOwnOrReadOnlyMemory): then its recursive calls only read, anywhere, the arrays passed for those
// parameters, and one activation's tasks and statements are all there is to check, every
// activation having the same body.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <optional>
#include <set>
#include <string>

namespace adrace::analyzer {

struct CalledTaskSequence {
  const clang::CallExpr* call = nullptr;
  const clang::FunctionDecl* callee = nullptr;  // its definition
  const clang::Expr* result = nullptr;          // `v` of `v = f(args);`, else null
};

// The call of `single` when the single is nothing but `f(args);` or `v = f(args);` and f's body
// creates tasks at its top level; nullopt otherwise.
std::optional<CalledTaskSequence> calledTaskSequenceOf(const clang::OMPSingleDirective& single);

// The automatic variables of `callee` that `task` names in its shared clauses.
std::set<const clang::VarDecl*> sharedLocalsOf(const clang::OMPTaskDirective& task, const clang::FunctionDecl& callee);

// Whether `function` reaches no memory but its own activation's, and what its `const T *`
// parameters point to, which it only reads: no file-scope or static variable, no other pointer or
// reference, no cast to a pointer, calls only to itself, to other such functions and to library
// functions that touch no user memory.
bool reachesOnlyOwnOrReadOnlyMemory(const clang::FunctionDecl& function);

// Whether the tasks (and taskwaits, taskgroups) of `function`, which has no parallel region of its
// own around them, are those of sequences the region model reads: every call of `function` in
// the file is the call of a single that findCalledTaskSequence models, or a call in `function`'s
// own body when it reaches only its own memory. Otherwise false, with the reason.
bool tasksOfCalledSequences(const clang::FunctionDecl& function, clang::ASTContext& context, std::string& reason);

}  // namespace adrace::analyzer
