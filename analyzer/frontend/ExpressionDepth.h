// A bound on how deeply the statements and expressions of a function may nest before adrace walks
// them. Clang's CFG builder and adrace's own translators recurse once per level, so a flat sum of
// 25,000 terms (a left-deep tree) overflows the stack; no real subscript or statement comes near
// the bound, and anything deeper is refused with a diagnostic instead.
#pragma once

#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>

#include <optional>

namespace adrace::analyzer {

// Levels of statement and expression nodes (casts and parentheses included) below a function body.
constexpr unsigned kMaximumExpressionDepth = 1000;

// The first place in a main-file function body nested deeper than kMaximumExpressionDepth, as an
// error "expression too deep", or nothing. The walk itself is iterative.
std::optional<Diagnostic> findTooDeepExpression(clang::ASTContext& context);

}  // namespace adrace::analyzer
