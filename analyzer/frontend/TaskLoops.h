// Tasks created in a loop: inside `parallel` + `single`, a `for` statement whose body creates one
// or several `#pragma omp task` per iteration (beside declarations), with or without `depend` on
// variables, elements and array sections. The task instances may run at the same time, so they are
// modelled as the iterations of a parallel loop over that loop's counter (the
// counter is firstprivate in the task, OpenMP 5.2 5.1.1: a variable not shared in the enclosing
// context is firstprivate in a task). The single's implicit barrier, or a `taskwait` right after
// the loop, ends their concurrency. Any other shape is left to the front-end's "unsupported".
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/StmtOpenMP.h>

#include <string>
#include <vector>

namespace adrace::analyzer {

struct TaskLoopSite {
  const clang::ForStmt* generator = nullptr;              // the loop that creates the tasks
  const clang::OMPTaskDirective* task = nullptr;          // the first task of the loop's body
  std::vector<const clang::OMPTaskDirective*> tasks;      // every task of the body, in the order of creation
  const clang::OMPExecutableDirective* region = nullptr;  // the enclosing `omp parallel`
  const clang::FunctionDecl* function = nullptr;
};

// Whether `task` is created in a loop of the modelled shape; when it is not, `reason` says why.
// Every task of one loop gives the same site.
// `region` is the innermost `omp parallel` around the task in its own function (null if none).
bool findTaskLoop(const clang::OMPTaskDirective& task, const clang::OMPExecutableDirective* region,
                  const clang::FunctionDecl* function, clang::ASTContext& context, TaskLoopSite& site,
                  std::string& reason);

// Whether the task shares a variable the generating loop writes (its counter, by `shared(i)` or
// `default(shared)`): each task then reads it while the loop goes on changing it.
const clang::VarDecl* sharedGeneratorCounter(const TaskLoopSite& site);

// A structured block's statements (through captured statements): a compound's children, or the one
// statement.
std::vector<const clang::Stmt*> statementsOf(const clang::Stmt* block);
// Whether an OpenMP directive is anywhere in `statement` (itself included).
bool containsDirective(const clang::Stmt* statement);

// The first OpenMP directive in a task's body other than atomic and critical (which the models read
// as protection); null when there is none.
const clang::Stmt* nestedDirective(const clang::Stmt* body);

}  // namespace adrace::analyzer
