// Where an expression came from in the preprocessor: the macro expansions the generated code writes
// back as the author did. An object-like macro's name (`N`, `SIZE`) stands for its whole body
// (FromClang::objectLikeMacro); a function-like macro's call `MIN(ib + BS, n)` stands for its
// expansion when the body is the whole expression, each argument is a whole sub-expression of it,
// and the body itself names no variable: then the call, with its arguments converted like any other
// expression (renamed, shifted), means what the expansion means, whatever the generator does to the
// names the arguments hold.
#pragma once

#include <clang/AST/Expr.h>
#include <clang/Basic/SourceManager.h>

#include <optional>
#include <string>
#include <vector>

namespace adrace::ad::c {

// Whether the tokens from `first` to `last` (file locations inside one #define's body) are that
// body's first and last tokens; `objectLike` tells whether the macro takes no parameters.
bool wholeMacroBody(clang::SourceLocation first, clang::SourceLocation last, const clang::SourceManager& sources,
                    const clang::LangOptions& language, bool& objectLike);

struct MacroCall {
  std::string name;
  std::vector<const clang::Expr*> arguments;  // one sub-expression of the expansion per argument
};

// `expr` as a call of the function-like macro whose expansion it is, written in the file (not inside
// another macro), or nothing.
std::optional<MacroCall> functionLikeMacroCall(const clang::Expr* expr, const clang::SourceManager& sources,
                                               const clang::LangOptions& language);

}  // namespace adrace::ad::c
