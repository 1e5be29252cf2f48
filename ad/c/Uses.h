// Questions about the identifiers a piece of the C tree uses, asked of the tree (never of printed
// text): whether a statement names a variable anywhere (code only: comments do not count), and the
// pass that drops the statements that only write a variable nobody reads.
#pragma once

#include "ad/c/Statement.h"

#include <string>

namespace adrace::ad::c {

// Whether the statement (its expressions, types, declared name, nested statements and directive
// clauses) names `identifier`.
bool mentions(const StmtRef& statement, const std::string& identifier);
bool mentions(const StmtList& statements, const std::string& identifier);
// Whether a declaration of a type names `identifier` (an array size: `double x[n]`).
bool mentions(const Type& type, const std::string& identifier);

// A statement that only writes `identifier`: its declaration with an initial value, or `x = e;`,
// `x += e;`, `x -= e;`, where e does not read it.
bool onlyWrites(const StmtRef& statement, const std::string& identifier);
// Removes, at every depth, the statements that only write `identifier` when no other statement
// names it (a value whose readers moved elsewhere); leaves the list as it is otherwise.
void dropWriteOnly(StmtList& statements, const std::string& identifier);

}  // namespace adrace::ad::c
