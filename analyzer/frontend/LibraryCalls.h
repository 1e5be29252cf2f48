// The C library, POSIX and OpenMP runtime functions application codes call inside parallel loops
// and regions, each with what it does to memory the program can see (docs/check.md, "Library
// calls"). A call to one of them is modelled, not "defined elsewhere":
//   - pure: math, character classes, OpenMP queries, timers that return a value;
//   - through its pointer arguments: every pointer argument is read, except those the table says
//     the function writes (`strcpy` writes argument 0, `sscanf` every argument from 2 on). Which
//     elements is not known, so these accesses are compared as any element of the array (a race
//     through them is only possible);
//   - hidden state: `rand`, `strtok`, `localtime`, ... keep state of their own between calls; two
//     concurrent calls race on it (a write of a shared variable named after the state). Where
//     glibc serialises the state with a lock (`rand`), the race is only possible: the C standard
//     does not require it to be, other C libraries need not;
//   - I/O: output and input on streams, which is not a race on program data (the order of lines is
//     unspecified); what `fread`, `fgets`, `fscanf` store is a write through their arguments;
//   - ends the program: `exit`, `abort`, `__assert_fail` (what `assert` calls): no access.
// The table also says which calls a reverse-mode adjoint (ad/PassiveCalls.h) leaves passive: the
// derivative does not depend on them, though a timer or a thread number is not pure.
// A function of the table applies only when the translation unit does not define it (a program's
// own `rand` is followed into its body, as any function of the file).
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/Expr.h>

#include <string>
#include <vector>

namespace adrace::analyzer {

enum class LibraryKind { Pure, Memory, HiddenState, InputOutput, EndsProgram, OpenMPRuntime };

struct LibraryFunction {
  std::string name;
  LibraryKind kind = LibraryKind::Pure;
  std::vector<unsigned> writtenArguments;  // positions written through
  int writesFrom = -1;                     // every argument from this position on is written (scanf)
  std::string state;                       // HiddenState: the state's name ("rand" for rand and srand)
  bool writesState = false;                // HiddenState: the call changes it (rand), or only reads it (getenv)
  bool serialisedByGlibc = false;          // HiddenState: glibc locks it, the C standard does not require it
  bool takesCallback = false;              // qsort, bsearch: calls the function given as an argument
  bool objects = false;                    // each pointer argument points to one object, not an array
  // For the adjoint (ad/PassiveCalls.h): a value the derivative does not depend on, in an
  // expression (omp_get_thread_num(), omp_get_wtime()); or a statement of its own the forward sweep
  // keeps and the backward sweep leaves out (printf, omp_set_num_threads). A passive value is also
  // a passive statement.
  bool passiveValue = false;
  bool passiveStatement = false;
};

// The table's entry for the function `call` calls, or null (not in the table, defined in the
// translation unit, or called through a pointer). `__builtin_` forms and the `f`/`l` forms of
// math functions are their functions' entries.
const LibraryFunction* libraryFunction(const clang::CallExpr& call);
// The table's entry for a function of that name (its `__builtin_`, `f` and `l` forms included),
// whether or not a translation unit defines it; null when not in the table.
const LibraryFunction* libraryFunctionNamed(const std::string& name);

// An argument through which a library call reads or writes the program's memory.
struct PointerArgument {
  const clang::Expr* argument = nullptr;  // as written
  unsigned position = 0;
  bool written = false;
};

// The pointer arguments `call` reads or writes through: every argument of pointer (or array) type
// but null pointers, string literals, streams (`FILE *`) and functions.
std::vector<PointerArgument> pointerArgumentsOf(const clang::CallExpr& call, const LibraryFunction& function);

// What a pointer argument reaches: the variable whose memory it is, as application codes write
// arguments: `a` (an array or pointer), `a + e`, `&a[e]`, a row `a[i]` of a multi-dimensional
// array (any element of `a`), or `&x` (the scalar `x`). Anything else (a struct member, an element
// of an array of pointers, a call's result) is not followed, and `whyNot` says so.
struct ArgumentTarget {
  const clang::VarDecl* variable = nullptr;
  bool scalar = false;                   // `&x`
  bool elementAddress = false;           // `&a[e]`, `&a[i][j]`: the address of an element
  const clang::Expr* element = nullptr;  // the element `a[e]` or the row `a[i]` named, as written
  unsigned subscripts = 0;               // of `element`
  unsigned rank = 0;                     // of the array `variable`: 2 for `double a[N][M]`, `double (*a)[M]`
  std::string whyNot;
};
ArgumentTarget targetOf(const clang::Expr& argument);

// What a library call reads and writes, as the loop and region models take it: its hidden state (a
// shared scalar named after the state), the arrays and scalars its pointer arguments reach (array
// accesses of any element), and the arguments it cannot follow (`whyNot`, the caller says it cannot
// check). An element's address `&a[e]` is left to the caller, which reads it as any address it sees.
struct LibraryAccess {
  const clang::Expr* at = nullptr;           // the argument, or the call for the hidden state
  const clang::VarDecl* variable = nullptr;  // the argument's variable; null for the hidden state
  std::string state;                         // the hidden state's name
  AccessKind kind = AccessKind::Read;
  bool scalar = false;       // the hidden state or `&x`
  bool certain = false;      // every call makes it: a race through it may be definite
  std::string text;          // "rand()", "buf in 'strcpy'"
  std::string opaqueReason;  // an array access: why which elements is not known
  std::string whyNot;        // not followed
  // An element or a row named by the argument (`&seeds[i]`, `names[i]`, `&names[i][0]`): when
  // `exact`, the access is that element (a function writing one object through the pointer:
  // `rand_r(&seeds[i])`); otherwise its first `knownSubscripts` subscripts name a row and the
  // others, up to `rank`, are not known (`strcpy(names[i], s)` writes row i); 0 known: any element.
  const clang::Expr* element = nullptr;
  bool exact = false;
  unsigned knownSubscripts = 0;
  unsigned rank = 0;
};
std::vector<LibraryAccess> libraryAccessesOf(const clang::CallExpr& call, const LibraryFunction& function,
                                             const clang::ASTContext& context);

// Whether `argument` is one of the pointer arguments of a library call (the call's accesses stand for it).
bool isLibraryPointerArgument(const clang::Expr& argument, const clang::CallExpr& call);

// Why a callback given to qsort or bsearch is not followed, or "" when every callback argument of
// `call` is a function of the file that reaches no memory but through its parameters (the
// elements the library function hands it, which the call's own accesses already cover).
std::string unfollowedCallback(const clang::CallExpr& call);

// Functions that touch no memory the program can see and keep no state that races: a call to one
// is no access at all (pure, I/O without pointer arguments, the end of the program, OpenMP queries).
bool touchesNoUserMemory(const clang::CallExpr* call);
// Output and input on streams: not a race on program data.
bool isOutputFunction(const clang::CallExpr* call);

}  // namespace adrace::analyzer
