// What every part of the generator shares while it transforms one function: the Clang AST, the
// variables and their activity, the parallel loops' models and verdicts, and the
// first "unsupported" diagnostic (generation stops producing output once one is recorded).
#pragma once

#include "ad/AdjointGenerator.h"
#include "ad/c/FromClang.h"
#include "ad/c/Printer.h"
#include "analyzer/model/LoopModel.h"
#include "analyzer/verdicts/LoopAnalysis.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace adrace::ad {

struct VariableInfo {
  const clang::VarDecl* decl = nullptr;
  std::string name;
  bool parameter = false;
  bool floating = false;               // double/float scalar, or array/pointer of them
  bool array = false;                  // pointer or array: referenced through subscripts or *p
  bool active = false;                 // has an adjoint NAME_b
  std::string adjoint;                 // the adjoint's name: NAME_b, or a fresh one when NAME_b is taken
  bool byValueScalar = false;          // active scalar parameter: its adjoint is reached as *NAME_b
  bool global = false;                 // a file-scope variable the function uses (FileScopeVariables.h)
  const clang::Stmt* scope = nullptr;  // compound (or for) that declares a local; null for parameters
};

// Where the analyzer's reference to a variable begins: how ad/ finds the reference a leaf denotes.
struct ReferencePosition {
  unsigned line = 0, column = 0;
  std::string variable;
  bool operator<(const ReferencePosition& other) const {
    return std::tie(line, column, variable) < std::tie(other.line, other.column, other.variable);
  }
};

// One parallel loop directive: the analyzer's model and verdicts, rebuilt from the same AST.
struct ParallelLoop {
  const clang::OMPLoopDirective* directive = nullptr;
  const clang::OMPExecutableDirective* region = nullptr;  // enclosing `omp parallel` for `omp for`
  analyzer::LoopModel model;
  analyzer::LoopAnalysis analysis;
  // The region's per-thread scalars alike on every thread (TeamUniform.h), by name: a gather's
  // terms read them at shifted iterations.
  std::set<std::string> teamUniform;
  // The analyzer's reference a leaf of the loop's body denotes, found by its position and variable;
  // null when there is none, or when several that differ share that position (the reads inside one
  // macro expansion all sit at the macro's name): then nothing may be assumed about it.
  const analyzer::Reference* referenceAt(const analyzer::SourcePosition& at, const std::string& variable) const;
  void indexReferences();  // after `model` is final
  std::map<ReferencePosition, const analyzer::Reference*> referencesByPosition;
};

// A buffer the function allocates (HeapBuffers.h): the statement that allocates it, its element
// count (null: one element), and the `free` that releases it (null when the function keeps it).
struct HeapBuffer {
  const clang::Stmt* allocation = nullptr;
  const clang::Expr* count = nullptr;
  const clang::Stmt* release = nullptr;
};

class AdjointContext {
 public:
  AdjointContext(clang::ASTContext& ast, const clang::FunctionDecl& function, const AdjointRequest& request)
      : ast(ast), function(function), request(request), from(ast) {}

  clang::ASTContext& ast;
  const clang::FunctionDecl& function;
  const AdjointRequest& request;
  std::map<const clang::VarDecl*, VariableInfo> variables;
  std::map<const clang::OMPLoopDirective*, ParallelLoop> loops;
  // Loop and function bodies as the sweeps see them (SupportCheck.cpp): `if (c) { A; continue; } B;`
  // becomes `if (c) { A } else { B }`; a `break` (while and do loops) or `return` (the function body)
  // ending such a branch stays as its last statement, with nothing after it in the iteration or body.
  std::map<const clang::Stmt*, const clang::Stmt*> bodies;
  // Function-scope locals used only inside parallel loops that privatise them: each region declares
  // its own copy, so the function-scope declaration (and its adjoint's) is left out.
  std::set<const clang::VarDecl*> regionPrivate;
  // C89 counters (`int i; ... for (i = 0; ...)`) used only inside the loops that assign them in
  // their header: treated as declared in each such header (LoopCounters.h).
  std::set<const clang::VarDecl*> loopOwnedCounters;
  // C89 counters also read outside those loops: each loop leaves its exit value in the variable.
  std::set<const clang::VarDecl*> exitValueCounters;
  // Pointer locals that alias an array at an offset (PointerAliases.h): the array each points into.
  std::map<const clang::VarDecl*, const clang::VarDecl*> pointerAliases;
  // Pointer locals holding a buffer the function allocates and frees (HeapBuffers.h).
  std::map<const clang::VarDecl*, HeapBuffer> heapBuffers;
  const clang::Stmt* loopBody(const clang::Stmt* loop) const {
    auto found = bodies.find(loop);
    if (found != bodies.end()) return found->second;
    if (auto* forLoop = llvm::dyn_cast<clang::ForStmt>(loop)) return forLoop->getBody();
    if (auto* whileLoop = llvm::dyn_cast<clang::WhileStmt>(loop)) return whileLoop->getBody();
    if (auto* doLoop = llvm::dyn_cast<clang::DoStmt>(loop)) return doLoop->getBody();
    return nullptr;
  }
  // The function's body as the sweeps see it (an early `return` rewritten as above).
  const clang::Stmt* body() const {
    auto found = bodies.find(function.getBody());
    return found == bodies.end() ? function.getBody() : found->second;
  }
  // Sequential loops (while, do, for) whose body ends an iteration with `break` (SupportCheck.cpp):
  // the forward sweep sets a flag there that the loop's condition tests, and counts the iterations.
  std::set<const clang::Stmt*> loopsWithBreak;

  // Records the first unsupported construct; generation output is discarded when one exists.
  void unsupported(clang::SourceLocation at, const std::string& what) const;
  bool failed() const { return error.has_value(); }
  mutable std::optional<analyzer::Diagnostic> error;

  const VariableInfo* variable(const clang::VarDecl* decl) const;

  // Expressions and types as C trees (ad/c), rebuilt from the AST (macro names kept).
  c::FromClang from;
  // The expression as a tree; records "unsupported" for a construct the tree cannot hold.
  c::ExprRef tree(const clang::Expr* expr) const;
  // The expression printed from its tree (never the source text: comments cannot leak in).
  std::string text(const clang::Expr* expr) const;

  // Every identifier the translation unit and the function declare: generated names avoid them.
  void collectNames();
  // `wanted` if no declaration or earlier generated name uses it, else wanted2, wanted3, ...
  std::string freshName(const std::string& wanted);
  std::set<std::string> takenNames;

  // --extent values, parsed (ad/Extents.h).
  std::map<std::string, c::ExprRef> extents;
  // An array's element count: its --extent, else the product of its declared sizes (`float a[N][M]`
  // gives N * M); null when neither says.
  c::ExprRef extentOf(const VariableInfo& info) const;
  std::string adjName = "adj";  // the temporary holding an assignment's adjoint (fresh)
  // A function returning a floating value (`double loss(...)`): its `return expr;`, the last statement
  // of its body, and the name of the result's adjoint, the by-value parameter F_b takes last
  // (Tapenade's convention: `result_b`, or a fresh name when that is taken). Empty for a void function.
  const clang::ReturnStmt* result = nullptr;
  std::string resultAdjoint;
  // A function returning an integer status (`return(0);`, docs/adjoint.md): the status is passive,
  // and F_b returns the same constant; null otherwise.
  const clang::Expr* status = nullptr;
  // Its guard clauses `if (c) ... return K;` at the top level (StatusExits.h): (c, K), in order.
  std::vector<std::pair<const clang::Expr*, const clang::Expr*>> statusExits;
  analyzer::SourcePosition position(clang::SourceLocation at) const;
};

// The variable an lvalue or leaf expression denotes: `x`, `x[..][..]`, `*x`, `p[i].x`, `d->x[j]`;
// null otherwise.
const clang::VarDecl* baseVariable(const clang::Expr* expr);
// An access path down to a variable (after parentheses and implicit casts): `x`, `x[...]...`, `*x`,
// and member accesses on the way (`p[i].x`, `a->x`, `d->x[i]`); null otherwise.
const clang::Expr* asLeaf(const clang::Expr* expr);
// The variable reference at the root of a leaf's path (x in p[i].x), or null.
const clang::DeclRefExpr* leafReference(const clang::Expr* expr);
// The leaf's adjoint: x_b, x_b[i - 1], *s_b, p_b[i].x (the adjoint of a struct has the same type).
c::ExprRef adjointOf(const AdjointContext& context, const clang::Expr* leaf);
std::string adjointText(const AdjointContext& context, const clang::Expr* leaf);
// Every variable an expression reads (array bases included).
void collectVariables(const clang::Expr* expr, std::set<const clang::VarDecl*>& out);
// Variables read in the subscripts of a leaf (not the base).
void collectIndexVariables(const clang::Expr* leaf, std::set<const clang::VarDecl*>& out);
// double/float, arrays and pointers of them, and structs with such a member (their adjoints have
// the same struct type; integer members are passive and never read or written in the adjoint).
bool isFloatingType(clang::QualType type);
// A struct, or an array of or pointer to structs.
bool isStructType(clang::QualType type);
// A struct whose members are all numbers (no pointer, array, bit-field or nested struct): a bundle
// of scalars, as `typedef struct { float x, y, z; } float3;`.
bool isStructOfNumbers(const clang::RecordDecl* record);
// The local's type as written (without const; a pointer alias keeps it): `double`, `double [3][N]`.
c::Type declaredTypeOf(const AdjointContext& context, const clang::VarDecl* var);
// `double x = value;`, `double B[3][N] = {0};`: a declaration of `name` with the local's type.
c::StmtRef declarationOf(const AdjointContext& context, const clang::VarDecl* var, const std::string& name,
                         c::ExprRef value);
// The declaration of a local's adjoint, zero-initialised: `double x_b = 0.0;`, `double B_b[3][8] = {0};`.
c::StmtRef adjointDeclaration(const AdjointContext& context, const clang::VarDecl* var);

}  // namespace adrace::ad
