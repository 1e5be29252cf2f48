// File-scope variables the differentiated function reads (`const float amb_temp = 80.0f;`, the
// coefficients `float Rx_1, Ry_1;` another function sets): inactive constants of the function. The
// generated file reaches them as the primal's file does: a non-static one is declared `extern`
// (the adjoint is linked with the primal), a `static const` one with an initializer is repeated.
// Refused: writing one (its adjoint would have to live at file scope too), a static one that is not
// const with an initializer (the adjoint's file cannot reach it), pointers.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/c/Statement.h"

#include <functional>
#include <string>

namespace adrace::ad {

// Registers `var`, read at `at`, as an inactive file-scope variable; false (nothing recorded) when
// it is not a file-scope variable, false with an "unsupported" diagnostic when it cannot be read.
bool addFileScopeRead(AdjointContext& context, const clang::VarDecl* var, clang::SourceLocation at);

// The declarations that make those the generated code reads (`used`) visible in its file, in source
// order (a repeated static const the adjoint does not read would be an unused variable).
c::StmtList fileScopeDeclarations(const AdjointContext& context, const std::function<bool(const std::string&)>& used);

}  // namespace adrace::ad
