// What the function around a parallel loop says about the values of the variables the loop's model
// names but the loop does not assign (docs/check.md, "What a definite race means").
//
// A variable of the function that the function never assigns is an input: any value is one a run
// can have. One the function assigns has the values those assignments give it, and a witness that
// ignores them (`offset = -1` where `for (offset = 0; ...)` runs around the loop) proves nothing.
// This reads the assignments it can follow exactly, as facts:
//   - the counter of a sequential `for` around the loop (`for (jt = 0; jt < n; jt += T)`), its body
//     leaving the counter alone: first <= counter, counter < bound (as the header compares), and
//     on its stride when the step is a constant;
//   - a variable whose last assignment before the loop is a statement `v = e;` (or a `single`
//     holding only that) of a block around the loop, when what `e` reads is not assigned between
//     the two: v == e.
// Every other assigned variable is "unpinned": its value is not modelled, and a race whose witness
// needs a value of it is only possible.
#pragma once

#include "analyzer/frontend/DataSharing.h"
#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/model/LoopModel.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>

#include <set>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct EnclosingValues {
  std::vector<Fact> facts;  // context 0: they hold on every iteration of the loop
  std::vector<UnpinnedValue> unpinned;
};

// `symbols` are the IR expressions whose shared symbols (instance 0) need values: the loop's
// indices, bounds and facts; `sharing` names the variables (and is asked about those the loop does
// not use itself, such as an enclosing loop's bound); `translator` says the values (instance 0,
// thread queries named as the loop names them); `statement` is the loop's directive (or, for
// tasks, the loop that creates them) inside `function`. Symbols that already have a fact (`known`,
// by name) are left alone.
EnclosingValues enclosingValues(const clang::FunctionDecl& function, const clang::Stmt& statement,
                                const std::vector<smt::ExprRef>& symbols, const std::set<std::string>& known,
                                DataSharing& sharing, IndexTranslator& translator, clang::ASTContext& context);

}  // namespace adrace::analyzer
