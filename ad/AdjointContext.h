// What every part of the generator shares while it transforms one function: the Clang AST, the
// variables and their activity, the tape plan, the parallel loops' models and verdicts, and the
// first "unsupported" diagnostic (generation stops producing output once one is recorded).
#pragma once

#include "ad/AdjointGenerator.h"
#include "analyzer/verdicts/LoopAnalysis.h"
#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/StmtOpenMP.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace adrace::ad {

struct VariableInfo {
  const clang::VarDecl* decl = nullptr;
  std::string name;
  bool parameter = false;
  bool floating = false;    // double/float scalar, or array/pointer of them
  bool array = false;       // pointer or array: referenced through subscripts or *p
  bool active = false;      // has an adjoint NAME_b
  bool byValueScalar = false;  // active scalar parameter: its adjoint is reached as *NAME_b
  const clang::Stmt* scope = nullptr;  // compound (or for) that declares a local; null for parameters
};

// One parallel loop directive: the analyzer's model and verdicts, rebuilt from the same AST.
struct ParallelLoop {
  const clang::OMPLoopDirective* directive = nullptr;
  const clang::OMPExecutableDirective* region = nullptr;  // enclosing `omp parallel` for `omp for`
  analyzer::LoopModel model;
  analyzer::LoopAnalysis analysis;
  std::map<std::string, const analyzer::Reference*> referenceAt;  // "line:col:variable"
};

class AdjointContext {
 public:
  AdjointContext(clang::ASTContext& ast, const clang::FunctionDecl& function, const AdjointRequest& request)
      : ast(ast), function(function), request(request) {}

  clang::ASTContext& ast;
  const clang::FunctionDecl& function;
  const AdjointRequest& request;
  std::map<const clang::VarDecl*, VariableInfo> variables;
  std::set<const clang::VarDecl*> neededBackward;  // values the backward sweep reads
  std::set<const clang::VarDecl*> neededForward;   // values the forward sweep must compute
  // Locals the backward sweep may recompute from their initializer instead of popping (TapePlan.cpp).
  std::set<const clang::VarDecl*> recomputable;
  // Loops whose iterations the backward sweep recomputes: each backward iteration runs that
  // iteration's forward sweep first, so nothing is taped across iterations (TapePlan.cpp).
  std::set<const clang::ForStmt*> recomputedLoops;
  std::map<const clang::OMPLoopDirective*, ParallelLoop> loops;
  // Loop bodies as the sweeps see them: `if (c) { A; continue; } B;` becomes `if (c) { A } else { B }`.
  std::map<const clang::ForStmt*, const clang::Stmt*> bodies;
  // Function-scope locals used only inside parallel loops that privatise them: each region declares
  // its own copy, so the function-scope declaration (and its adjoint's) is left out.
  std::set<const clang::VarDecl*> regionPrivate;
  const clang::Stmt* loopBody(const clang::ForStmt* loop) const {
    auto found = bodies.find(loop);
    return found == bodies.end() ? loop->getBody() : found->second;
  }

  // Records the first unsupported construct; generation output is discarded when one exists.
  void unsupported(clang::SourceLocation at, const std::string& what);
  bool failed() const { return error.has_value(); }
  std::optional<analyzer::Diagnostic> error;

  const VariableInfo* variable(const clang::VarDecl* decl) const;
  // Source text of an expression (as written; printed from the AST inside macro expansions).
  std::string text(const clang::Expr* expr) const;
  // text() with parentheses unless it is a primary expression.
  std::string operand(const clang::Expr* expr) const;
  analyzer::SourcePosition position(clang::SourceLocation at) const;
};

// The variable an lvalue or leaf expression denotes: `x`, `x[..][..]`, `*x`; null otherwise.
const clang::VarDecl* baseVariable(const clang::Expr* expr);
// `x`, `x[...]...` or `*x` with x a variable (after parentheses and implicit casts), else null.
const clang::Expr* asLeaf(const clang::Expr* expr);
// The leaf's adjoint as C text: x_b, x_b[i - 1], *s_b, (*p_b).
std::string adjointText(const AdjointContext& context, const clang::Expr* leaf);
// Whether C text mentions `name` as a whole identifier.
bool mentions(const std::string& text, const std::string& name);
// Every variable an expression reads (array bases included).
void collectVariables(const clang::Expr* expr, std::set<const clang::VarDecl*>& out);
// Variables read in the subscripts of a leaf (not the base).
void collectIndexVariables(const clang::Expr* leaf, std::set<const clang::VarDecl*>& out);
bool isFloatingType(clang::QualType type);
// "double x", "double B[3][8]": the local's type declaring `name`.
std::string declarationText(const clang::VarDecl* var, const std::string& name);
// The declaration of a local's adjoint, zero-initialised: "double x_b = 0.0;", "double B_b[3][8] = {0};".
std::string adjointDeclaration(const clang::VarDecl* var, const std::string& name);

}  // namespace adrace::ad
