// The Z3 terms that both kinds of question build: the iteration space of a loop on one thread of
// the query, relations between index expressions, and whether a coincidence rests on the contents
// of an integer array. KnowledgeBase (two iterations of one loop) and CrossDomainQuery (accesses
// of two different loops or threads) share them.
#pragma once

#include "smt/Encoder.h"
#include "smt/LoopDomain.h"

#include <z3++.h>

#include <string>
#include <utility>
#include <vector>

namespace adrace::smt {

enum class Relation { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };

z3::expr relate(const z3::expr& lhs, Relation relation, const z3::expr& rhs);

// A Z3 constant named after `prefix` that nothing a program names can collide with.
z3::expr freshConstant(z3::context& context, const std::string& prefix, const z3::sort& sort);

// The Var that stands for a dimension's counter in index expressions.
ExprRef counterOf(const LoopDimension& dimension);

// On `thread`, every counter of `domain` lies inside its bound and on its stride
// (counter = first + step * trip, trip >= 0; nonlinear for a symbolic step).
std::vector<z3::expr> iterationConstraints(Encoder& encoder, z3::context& context, const LoopDomain& domain,
                                           Thread thread);

// "5", or Z3's own text for a value that is not a 64-bit integer.
std::string numeralText(const z3::expr& value);

// Whether the elements' coincidence can rest on an integer array's contents: one is read in the
// tuples, or in a fact `symbol == expr` reached from the tuples' symbols through other such facts.
bool dependsOnArrayRead(const std::vector<const IndexTuple*>& tuples,
                        const std::vector<std::pair<ExprRef, ExprRef>>& facts);

}  // namespace adrace::smt
