// Index expressions written as text, parsed into the index IR: the way an AD tool that holds no
// Clang AST (Tapenade, a Fortran front-end) hands adrace its subscripts (docs/protocol.md).
//
// Both C and Fortran spellings are accepted so that questions written by either kind of tool work
// unchanged: c[i] + 7 and c(i)+7, a[i][j] and a(i,j), i != j and i .ne. j, k % 2 and mod(k, 2).
// `k#1` names instance 1 of k (docs/design.md [FormAD] §5.2), as the report prints it.
#pragma once

#include "smt/IndexExpr.h"
#include "smt/KnowledgeBase.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace adrace::analyzer {

// What a name may stand for in an index expression. Names absent from the table are errors: a
// misspelt private variable silently taken as shared would change the answer.
struct IndexSymbol {
  smt::Scope scope = smt::Scope::Shared;
  bool integer = true;      // only integers may appear in an index
  unsigned dimensions = 0;  // 0: a scalar; otherwise an array read through that many subscripts
};
using IndexSymbols = std::map<std::string, IndexSymbol, std::less<>>;

struct IndexParseError {
  std::string message;
  unsigned column = 1;  // 1-based, into the parsed text
};

struct ParsedExpression {
  smt::ExprRef expr;  // null on error
  std::optional<IndexParseError> error;
};

// A fact such as "i != j" or "k#1 == 2*i + 1".
struct ParsedRelation {
  smt::ExprRef lhs;
  smt::KnowledgeBase::Relation relation = smt::KnowledgeBase::Relation::Equal;
  smt::ExprRef rhs;
  std::optional<IndexParseError> error;
};

ParsedExpression parseIndexExpression(std::string_view text, const IndexSymbols& symbols);
ParsedRelation parseIndexRelation(std::string_view text, const IndexSymbols& symbols);

}  // namespace adrace::analyzer
