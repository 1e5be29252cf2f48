// What the generated file must repeat of the primal's file before NAME_b: its preprocessor lines
// (every #include, quoted ones too, every #define, and the #if/#ifdef/#else/#endif around them), its
// type declarations (typedef, struct, enum) and the file-scope constants they name, in the order the
// file has them. Directives are found by Clang's raw lexer, so a `#` inside a comment or a string is
// never taken for one; those inside function bodies (the primal's `#pragma omp`) are left out, as are
// file-level pragmas, which belong to the declarations the generated file does not repeat. They are
// the user's text, so they are copied verbatim (c::verbatim), not rebuilt.
#pragma once

#include "ad/c/Statement.h"

#include <clang/AST/ASTContext.h>

#include <set>
#include <string>

namespace adrace::ad {

struct FilePrelude {
  c::StmtList lines;             // c::verbatim, one per directive or declaration
  std::set<std::string> macros;  // names of the object-like macros the file defines
  // file-scope constants the type declarations name (`constexpr int N = 64;` before `double u[N];`),
  // repeated among the lines, so not declared again with the other file-scope variables
  std::set<const clang::VarDecl*> constants;
};

FilePrelude filePrelude(const clang::ASTContext& ast);

}  // namespace adrace::ad
