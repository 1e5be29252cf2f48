// Source positions and text from Clang, in the model's clang-free form.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <string>

namespace adrace::analyzer {

// The spelling position a user sees (macro uses map to where the macro is written).
SourcePosition positionOf(clang::SourceLocation location, const clang::SourceManager& sources);
SourceSpan spanOf(clang::SourceRange range, const clang::SourceManager& sources);
// The text of a statement as written (macros unexpanded), whitespace collapsed.
std::string sourceText(const clang::Stmt* statement, const clang::ASTContext& context);
// The name of the function a call calls, as a user reads it ("sqrt", "operator[]"), or
// "a function pointer" when the call is indirect.
std::string calleeName(const clang::CallExpr* call);
// The variable an expression names (`x`, through parentheses and implicit casts), or null (also
// for a null expression).
const clang::VarDecl* variableOf(const clang::Expr* expression);
// What a statement or expression is, in the language's words ("a switch statement"), for
// refusals; Clang's class name ("statement of kind ...") for kinds not listed.
std::string constructName(const clang::Stmt& statement);
// A clause's expression as the user wrote it: Sema replaces a non-constant one (`schedule(dynamic,
// c * 2)`) by a reference to a captured copy whose range is one token; this returns the copy's
// initialiser (implicit casts included), and any other expression unchanged.
const clang::Expr* uncapturedClauseExpr(const clang::Expr* expression);
// A statement's whole range. Clang ends a directive's own range with its pragma line: the end of
// its structured block (and of the directive that block may be) is taken instead.
clang::SourceRange wholeRangeOf(const clang::Stmt* statement);

}  // namespace adrace::analyzer
