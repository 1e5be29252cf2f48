// The one printer of the C tree: it owns precedence (parentheses only where C needs them, and
// where compilers warn without them: `a && b || c`, `a & b == c`), indentation (4 spaces, braces
// on every body) and pragma placement (column 0, on a line of its own).
#pragma once

#include "ad/c/Expr.h"
#include "ad/c/Statement.h"
#include "ad/c/Type.h"

#include <string>

namespace adrace::ad::c {

std::string print(const ExprRef& expr);
// `double (*x_b)[M]`; without a name, the type as a cast writes it: `double (*)[M]`.
std::string print(const Type& type, const std::string& name = "");
// Lines ending in '\n', indented by `indent` levels of 4 spaces.
std::string print(const StmtRef& statement, int indent = 0);
std::string print(const StmtList& statements, int indent = 0);

}  // namespace adrace::ad::c
