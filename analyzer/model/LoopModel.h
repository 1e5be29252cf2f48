// The clang-free model of one parallel loop: what the front-end extracts and every later stage
// (verdicts, the race check, the adjoint generator's scoping) reads.
#pragma once

#include "analyzer/model/Directive.h"
#include "smt/IndexExpr.h"
#include "smt/KnowledgeBase.h"
#include "smt/LoopDomain.h"

#include <optional>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct SourcePosition {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

struct SourceSpan {
  SourcePosition begin;
  SourcePosition end;
};

// Data sharing of a variable inside the loop (docs/design.md [TOMS-AD] §3.2 gives each clause's adjoint).
enum class Sharing {
  Shared,
  Private,  // private clause, declared in the loop body or in the enclosing parallel region
  FirstPrivate,
  LastPrivate,
  Reduction,
  Linear,
  ThreadPrivate,
  LoopCounter,  // a counter of the loop nest the directive is associated with
};

// True for every sharing under which each thread (or iteration) has its own copy.
bool isPerThread(Sharing sharing);
const char* sharingName(Sharing sharing);

struct Variable {
  std::string name;
  std::string type;  // C spelling, e.g. "double *", "const int *", "double (*)[ns]"
  Sharing sharing = Sharing::Shared;
  std::string sharingReason;      // "clause private(tmp)", "declared in the loop body", "implicit rule: shared"
  std::string reductionOperator;  // for Sharing::Reduction, e.g. "+"
  bool isInteger = false;         // element type (scalar's own type) is an integer
  bool isFloating = false;        // element type is float/double/long double: differentiable
  bool isArray = false;           // array or pointer: referenced through subscripts
  unsigned dimensions = 0;        // subscripts it takes (1 for double*, 2 for double (*)[m] or double**)
  std::string extent;             // number of elements when a declaration says it (e.g. "n*20"), else ""
  bool isParameter = false;
  bool writtenInLoop = false;
  bool countsInnerLoop = false;  // the counter of a `for` in the loop body (`j` left shared races as one)
  SourcePosition declaredAt;
  // Declared in the loop body: private to each iteration, its value there its initializer and the
  // assignments that follow (gathers recompute such a local at a shifted iteration).
  bool declaredInLoopBody = false;
};

enum class AccessKind {
  Read,
  Write,      // plain store: a[k] = e (e not of the form a[k] + ...)
  Increment,  // a[k] += e, a[k] -= e, a[k] = a[k] + e, a[k]++ : the adjoint only reads a_b[k]
};
const char* accessKindName(AccessKind kind);

// Synchronisation that protects a reference (for the race check; the adjoint ignores it).
enum class Protection { None, Atomic, Critical, Ordered, Single, Master, Lock };
const char* protectionName(Protection protection);

// One access to an array element or a shared scalar inside the loop body.
struct Reference {
  int id = 0;
  std::string variable;  // the array (or scalar) accessed: same declaration = same array
  AccessKind kind = AccessKind::Read;
  smt::IndexTuple indices;  // one expression per subscript; empty for a scalar
  bool isScalar = false;    // a shared scalar (no subscripts)
  bool opaque = false;      // indices could not be expressed in the IR
  std::string opaqueReason;
  std::string text;  // source text, e.g. "uold[i - 1]"
  int context = 0;
  SourceSpan span;
  Protection protection = Protection::None;
  // Protection::Critical: the critical's name ("" unnamed); Protection::Lock: the lock variable ("l"
  // for omp_set_lock(&l); "" when it is not a plain variable, such as an element of an array of locks).
  std::string exclusionName;
  // Made inside a called function under one of its branches or loops, which the model does not
  // follow: a call may not make it, so a race through it is possible, not definite.
  bool conditional = false;
  // The hidden state of a library function (`rand`, `strtok`: frontend/LibraryCalls), not a variable.
  bool hiddenState = false;
  // Some subscripts could not be expressed (`bins[tid][bin_of(x)]`): each is a symbol of its own
  // that may take any value, and this says why; the others still tell accesses apart, but a race
  // through the unknown ones is only possible.
  std::string unknownSubscripts;
};
// The prefix of the symbols that stand for such subscripts: values that may differ anywhere.
inline constexpr const char* kUnknownSubscript = "unknown subscript ";
// What to do about a race on a library function's hidden state.
inline constexpr const char* kHiddenStateSuggestion =
    "call the reentrant form (rand_r, strtok_r, localtime_r, ...) with state of each thread's own, or protect the "
    "call with #pragma omp critical";

// A control context (docs/design.md [FormAD] §5.1): the statements executed by exactly the same
// iterations. Context 0 is the loop body's root; a child is executed only when its parent is.
enum class ContextKind {
  LoopBody,             // context 0
  Branch,               // a then or else part, a case
  InnerLoopBody,        // the body of a loop inside the loop's
  AfterEarlyExit,       // what follows a `break`, `continue` or `return` that may leave first
  CalleeBlock,          // a block of a called function (`description` names it)
  CalleeInnerLoopBody,  // the body of a loop in a called function
  Described,            // a question document's own kind (`description`: its text)
};

struct Context {
  int id = 0;
  int parent = -1;
  ContextKind kind = ContextKind::LoopBody;
  // CalleeBlock, CalleeInnerLoopBody: the called function; Described: the document's text.
  std::string description;
  SourceSpan span;
  std::vector<unsigned> cfgBlocks;  // Clang CFG block ids in this context
};
// As the model's JSON and the messages describe a context: "loop body", "branch", "inner loop body",
// "after early exit", "block of 'f'", "inner loop body in 'f'", or a question document's text.
std::string contextDescription(const Context& context);
// The kind a question document's text names ("branch"), or Described when it names none.
ContextKind contextKindNamed(const std::string& text);

// One instance of a scalar that occurs in index expressions (docs/design.md [FormAD] §5.2): the set of
// definitions that reach its uses.
struct Instance {
  std::string variable;
  int instance = 0;
  std::vector<std::string> reachingDefinitions;  // "line:col" of each definition, "entry" for the value before the body
};

// A fact both threads satisfy whenever they reach `context`: a definition `k = 2*i + 1` (single
// reaching definition of a private integer temporary) or a branch condition `i != j`.
struct Fact {
  int context = 0;
  smt::ExprRef lhs;
  smt::KnowledgeBase::Relation relation = smt::KnowledgeBase::Relation::Equal;
  smt::ExprRef rhs;
  std::string origin;  // in words: "definition", "condition", "enclosing loop"
  SourcePosition at;
  bool isDefinition = false;  // the single reaching definition of `lhs`, which may be substituted for it
};

// Something the front-end could not model; it makes the verdicts guarded (unknown means unsafe).
struct Limitation {
  std::string message;
  SourcePosition at;
  bool unsafe = true;  // false when it only weakens the knowledge (an unmodelled loop bound)
};

// A variable of the function whose value where the loop starts the model does not know: the
// function assigns it where the model does not follow (in a `while` around the loop, twice, under a
// condition). Z3 may give it any value, so a race whose witness needs one is only possible
// (frontend/EnclosingFacts).
struct UnpinnedValue {
  std::string symbol;  // the IR's name for it: "offset"
  std::string reason;  // "assigned at line 64 in a way the model does not follow"
  SourcePosition at;
};

// Synchronisation in the loop that the model does not follow (a flag polled under `flush`): any
// race it finds may be one the program orders, so none is definite.
struct UnmodelledSynchronisation {
  std::string what;  // "flush (a flag wait)"
  SourcePosition at;
  // The flags themselves (the flush list, what the wait loop's condition reads): the protocol
  // orders other accesses, not theirs, so their own plain accesses race as any others.
  std::vector<std::string> flags;
};

struct LoopDimensionModel {
  smt::LoopDimension domain;                   // counter, first, bound, comparison, step in the IR
  std::string firstText, boundText, stepText;  // as written
};

// One inner loop of a perfect nest under the parallel loop (analyzer/frontend/PerfectNest.h): the
// loop's body is, blocks aside, this `for` alone, and so on inward. Its iterations form a box with
// the parallel loop's, so a gather (GatherAnalysis.h) may treat its counter as one more dimension.
struct InnerLoopModel {
  LoopDimensionModel dimension;  // domain.counter: the counter's name ("j"); first/bound as the body reads them
  smt::ExprRef counter;          // the counter as the body's indices name it: the private Var j#1
  int context = 0;               // the context of its body (the innermost one holds the statements)
};

// An inner `for` among other statements on the innermost body's root (not a perfect nest), whose
// body only accumulates into locals: `double acc = 0.0; for (r = -R; r <= R; r++) acc += w[r + R] * x[i + r];`
// (analyzer/frontend/AccumulatingLoops.h). A gather (GatherAnalysis.h) reads x[i + r] there as a
// family of terms, one per value of r; the accumulators' adjoints are the same on every inner iteration.
struct AccumulatingLoopModel {
  InnerLoopModel loop;  // header, counter symbol (r#1), the context of its body
  // The loops of a perfect nest in its body (a 2-D filter's `for (a ...) for (b ...) acc += ...`),
  // outermost first; the updates are in the innermost one's body. Empty when the body updates.
  std::vector<InnerLoopModel> nested;
  std::vector<std::string> accumulators;  // locals its body only updates by += / -=: "acc"
  // Why the body is not only such updates, "" when it is: "it writes y[i + r] (line 12)",
  // "acc is assigned with = (line 13)", "acc is read before the loop (line 10)".
  std::string failure;
};

// How a loop's iterations go to threads: its schedule clause's kind (static without one), or, for a
// taskloop, to whichever thread runs their task.
enum class Schedule { Static, Dynamic, Guided, Auto, Runtime, Tasks };
// As the model's JSON and the diagnostics write it: "static", "dynamic", ..., "tasks".
const char* scheduleName(Schedule schedule);

// As the model's JSON and the reports write a loop's directive: its spelling ("parallel for"), or
// "task (created in a loop)" for a task created in each iteration of a sequential loop.
std::string loopDirectiveName(Directive directive);

// A `depend(in/out/inout: ...)` item of a task created in a loop (frontend/TaskDependences), as
// the iteration that creates the task evaluates it: a scalar, an element (length 1 in every
// subscript) or an array section `a[lo:len]`.
struct TaskDependence {
  enum class Type { In, Out, InOut };
  Type type = Type::In;
  std::string variable;
  smt::IndexTuple first;   // per subscript, the first element; empty for a scalar
  smt::IndexTuple length;  // per subscript, how many elements
  std::string opaque;  // why the item cannot be said in the IR ("" when it can): it may be any storage of `variable`
  bool throughPointer = false;  // an element of a pointer's pointee: it may be storage of another variable
  std::string text;
  SourcePosition at;
};

// One task a loop creates per iteration, when it creates several or gives them dependences
// (docs/check.md, Tasks): its dependences, and the model's references its body makes.
struct CreatedTask {
  SourcePosition at;
  std::vector<TaskDependence> depends;
  int firstReference = 0, endReference = 0;  // references [first, end) are the task's
};

struct LoopModel {
  int id = 0;  // 0-based, in source order within its file
  std::string function;
  // {Parallel, For}, {For}, {Parallel, For, Simd}, {For, Simd}, {Simd}, {Taskloop}, ...; {Task} alone:
  // a task created in each iteration of a sequential loop (frontend/TaskLoops.h).
  Directive directive;
  SourcePosition pragmaAt;  // the `#pragma omp` line
  SourceSpan loopSpan;      // the associated for statement
  unsigned linesOfCode = 0;
  std::vector<LoopDimensionModel> dimensions;  // one, or n with collapse(n)
  // The inner loops of a perfect nest in the body, outermost first; empty when the body is not one
  // `for` (with a canonical header, a counter the body leaves alone, and no break, goto or return).
  std::vector<InnerLoopModel> perfectNest;
  // Scalars the innermost body (perfectNest's, or the loop's own) assigns exactly once, as a statement
  // of its top level, before any read of them: "p" for `p = IDX(k, j, i);` (SingleDefinitions.h).
  std::vector<std::string> singleDefinitions;
  // Scalars one if/else of the innermost body's top level assigns once on every path, before any read
  // of them: "south" for `if (j == 0) south = c; else south = u[j - 1][i];` (SingleDefinitions.h).
  std::vector<std::string> branchDefinitions;
  // The inner loops on the innermost body's root that only accumulate into locals (AccumulatingLoopModel),
  // in source order; a loop whose header is not canonical is left out.
  std::vector<AccumulatingLoopModel> accumulatingLoops;
  Schedule schedule = Schedule::Static;
  std::string scheduleChunk;
  bool nowait = false;
  bool ordered = false;
  std::optional<std::int64_t> safelen;  // simd safelen(k)
  std::vector<Variable> variables;
  std::vector<Context> contexts;
  std::vector<Reference> references;
  std::vector<Instance> instances;
  std::vector<Fact> facts;
  // The exact values of integers chosen with `?:` between two arms it compares (`e = a < b ? a : b`,
  // `MIN(a, b)`; `rhs` is the IR's IfLess), which `facts` only bound (e <= a, e <= b: a choice is a
  // case split that slows every query down). A race is definite only once a witness satisfies them
  // too (check/RaceCheck, docs/check.md "What a definite race means").
  std::vector<Fact> exactChoices;
  std::vector<Limitation> limitations;
  // Variables of the function the loop reads (in indices, bounds, facts) whose values are not
  // modelled (EnclosingFacts.h), and synchronisation the model does not follow.
  std::vector<UnpinnedValue> unpinnedValues;
  std::vector<UnmodelledSynchronisation> unmodelledSynchronisation;
  // The symbol omp_get_thread_num() translates to in this loop ("omp_get_thread_num()", private:
  // one value per thread), when an index, fact or condition uses it; empty otherwise. Iterations
  // that race run on different threads, so the race check asserts the two values differ.
  std::string threadNumberSymbol;
  // Private symbols whose value differs between any two iterations, e.g. `my#1` for
  // `#pragma omp atomic capture` `my = next++;` (each execution draws a distinct ticket when every
  // write of `next` in the loop is an atomic increment). The race check asserts the two values differ.
  std::vector<smt::ExprRef> distinctPerIteration;
  // Tasks created by a loop (directive "task (created in a loop)") with several tasks per iteration
  // or with `depend`, in the order the loop creates them; empty otherwise. A reference of no task
  // is made by the creating thread itself. Two instances race only when neither is ordered before
  // the other (check/TaskOrdering).
  std::vector<CreatedTask> createdTasks;

  const Variable* findVariable(const std::string& name) const;
  smt::LoopDomain domain() const;
  smt::ContextTree contextTree() const;
};

// The adjoint's name for a variable of the model: "u" → "u_b"; for memory in a struct, the shadow
// struct's member, as hand-written adjoints of struct codes keep them: "d->m_xd" → "d_b->m_xd",
// "p[].x" → "p_b[].x", "s.x" → "s_b.x".
std::string adjointNameOf(const std::string& variable);

struct Diagnostic {
  enum class Severity { Note, Warning, Error };
  Severity severity = Severity::Error;
  SourcePosition at;
  std::string message;
  // An OpenMP construct or loop shape adrace does not model: an input error for `analyze`,
  // an "unsupported" finding for `check` (never silently race-free).
  bool unsupported = false;
  std::string function = "";  // the function the construct is in, when there is one
};
std::string formatDiagnostic(const Diagnostic& diagnostic);  // "file.c:12:7: error: message"

// All loops of one translation unit.
struct FileModel {
  std::string file;
  std::vector<LoopModel> loops;
};

}  // namespace adrace::analyzer
