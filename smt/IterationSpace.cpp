#include "smt/IterationSpace.h"

#include <set>

namespace adrace::smt {
namespace {

// `counter CMP bound`. A `!=` test with a known step direction runs until the counter passes the
// bound, so it bounds the counter on that side.
z3::expr boundConstraint(const z3::expr& counter, const LoopDimension& dimension, const z3::expr& bound) {
  switch (dimension.comparison) {
    case Comparison::Less: return counter < bound;
    case Comparison::LessEqual: return counter <= bound;
    case Comparison::Greater: return counter > bound;
    case Comparison::GreaterEqual: return counter >= bound;
    case Comparison::NotEqual: break;
  }
  if (dimension.step && dimension.step->op == Expr::Op::Const) {
    if (dimension.step->value > 0) return counter < bound;
    if (dimension.step->value < 0) return counter > bound;
  }
  return counter != bound;
}

// Identity of a symbol across threads, for following facts from symbol to symbol.
std::string symbolKey(const Expr& symbol) { return symbol.name + "#" + std::to_string(symbol.instance); }

void collectSymbolKeys(const ExprRef& expr, std::set<std::string>& keys) {
  forEachSymbol(expr, [&](const Expr& symbol) { keys.insert(symbolKey(symbol)); });
}

}  // namespace

z3::expr relate(const z3::expr& lhs, Relation relation, const z3::expr& rhs) {
  switch (relation) {
    case Relation::Equal: return lhs == rhs;
    case Relation::NotEqual: return lhs != rhs;
    case Relation::Less: return lhs < rhs;
    case Relation::LessEqual: return lhs <= rhs;
    case Relation::Greater: return lhs > rhs;
    case Relation::GreaterEqual: return lhs >= rhs;
  }
  return lhs == rhs;
}

z3::expr freshConstant(z3::context& context, const std::string& prefix, const z3::sort& sort) {
  z3::expr constant(context, Z3_mk_fresh_const(context, prefix.c_str(), sort));
  context.check_error();
  return constant;
}

ExprRef counterOf(const LoopDimension& dimension) { return variable(dimension.counter, 0, Scope::Counter); }

std::vector<z3::expr> iterationConstraints(Encoder& encoder, z3::context& context, const LoopDomain& domain,
                                           Thread thread) {
  std::vector<z3::expr> constraints;
  for (const LoopDimension& dimension : domain.dimensions) {
    ExprRef counter = counterOf(dimension);
    z3::expr value = encoder.encode(counter, thread);
    if (dimension.first && dimension.step) {
      z3::expr trip = freshConstant(context, "trip_" + symbolName(*counter, thread), context.int_sort());
      constraints.push_back(trip >= 0);
      constraints.push_back(value ==
                            encoder.encode(dimension.first, thread) + encoder.encode(dimension.step, thread) * trip);
    }
    if (dimension.bound)
      constraints.push_back(boundConstraint(value, dimension, encoder.encode(dimension.bound, thread)));
  }
  return constraints;
}

std::string numeralText(const z3::expr& value) {
  std::int64_t number = 0;
  if (value.is_numeral_i64(number)) return std::to_string(number);
  return value.to_string();
}

bool dependsOnArrayRead(const std::vector<const IndexTuple*>& tuples,
                        const std::vector<std::pair<ExprRef, ExprRef>>& facts) {
  std::set<std::string> reached;
  for (const IndexTuple* tuple : tuples) {
    if (readsArray(*tuple)) return true;
    for (const ExprRef& component : *tuple) collectSymbolKeys(component, reached);
  }
  std::vector<bool> followed(facts.size(), false);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t k = 0; k < facts.size(); ++k) {
      const auto& [subject, value] = facts[k];
      bool registeredOnReached = subject->op == Expr::Op::Var && reached.count(symbolKey(*subject));
      if (followed[k] || !registeredOnReached) continue;
      if (readsArray(value)) return true;
      followed[k] = true;
      collectSymbolKeys(value, reached);
      grew = true;
    }
  }
  return false;
}

}  // namespace adrace::smt
