// File-scope variables the differentiated function uses (NPB's fields, HotSpot's coefficients
// `float Rx_1, Ry_1;` that another function sets, `const float amb_temp = 80.0f;`). They live in the
// primal's file, which the adjoint is linked with: the generated file declares a non-static one
// `extern` (unless a header it includes declares it) and repeats a `static const` scalar's
// definition. They may be read and written; `--active NAME` makes one active, and its adjoint NAME_b
// is defined at file scope with the same type, so that the caller seeds and reads it by name.
// Refused: other static ones (the adjoint's file cannot reach them), arrays without a size, types
// other than integers and floating values (and arrays of them).
#pragma once

#include "ad/AdjointContext.h"
#include "ad/c/Statement.h"

#include <functional>
#include <optional>
#include <set>
#include <string>

namespace adrace::ad {

// `var`, used at `at`, as a VariableInfo (global, active when --active names it); nullopt when it is
// not a file-scope variable, or (with an "unsupported" diagnostic) when the adjoint cannot use it.
std::optional<VariableInfo> fileScopeVariable(const AdjointContext& context, const clang::VarDecl* var,
                                              clang::SourceLocation at);

// The declarations that make the file-scope variables visible in the generated file, in source
// order: those its code names (`used`: a repeated static const the adjoint does not read would be
// an unused variable) and the adjoints of the active ones, always; not those `inPrelude` repeats
// (FilePrelude.h: the constants the type declarations name).
c::StmtList fileScopeDeclarations(const AdjointContext& context, const std::function<bool(const std::string&)>& used,
                                  const std::set<const clang::VarDecl*>& inPrelude);

}  // namespace adrace::ad
