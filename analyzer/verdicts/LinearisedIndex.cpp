#include "analyzer/verdicts/LinearisedIndex.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>

namespace adrace::analyzer {
namespace {

using Monomial = std::vector<std::string>;            // a sorted product of symbols; {} is 1
using Polynomial = std::map<Monomial, std::int64_t>;  // monomial -> coefficient (no zeros)

Polynomial sum(Polynomial a, const Polynomial& b, std::int64_t sign) {
  for (const auto& [monomial, coefficient] : b) a[monomial] += sign * coefficient;
  for (auto it = a.begin(); it != a.end();) it = it->second == 0 ? a.erase(it) : std::next(it);
  return a;
}

Polynomial product(const Polynomial& a, const Polynomial& b) {
  Polynomial out;
  for (const auto& [left, x] : a)
    for (const auto& [right, y] : b) {
      Monomial monomial = left;
      monomial.insert(monomial.end(), right.begin(), right.end());
      std::sort(monomial.begin(), monomial.end());
      out[monomial] += x * y;
    }
  return sum(out, {}, 1);
}

std::optional<Polynomial> polynomialOf(const smt::ExprRef& expr, const std::set<std::string>& symbols,
                                       std::string& failure) {
  switch (expr->op) {
    case smt::Expr::Op::Const: return expr->value ? Polynomial{{{}, expr->value}} : Polynomial{};
    case smt::Expr::Op::Var:
      if (!symbols.count(expr->name) || (expr->scope == smt::Scope::Private)) {
        failure = "the index depends on " + smt::toString(expr) +
                  ", which is neither a counter nor a parameter the loop leaves alone";
        return std::nullopt;
      }
      return Polynomial{{{expr->name}, 1}};
    case smt::Expr::Op::Read:
      failure = "the index goes through an indirection (" + smt::toString(expr) + ")";
      return std::nullopt;
    case smt::Expr::Op::Div:
    case smt::Expr::Op::Mod: failure = "the index divides (" + smt::toString(expr) + ")"; return std::nullopt;
    case smt::Expr::Op::IfLess:
      failure = "the index chooses between two values (" + smt::toString(expr) + ")";
      return std::nullopt;
    case smt::Expr::Op::Neg: {
      std::optional<Polynomial> a = polynomialOf(expr->args[0], symbols, failure);
      if (!a) return std::nullopt;
      return sum({}, *a, -1);
    }
    case smt::Expr::Op::Add:
    case smt::Expr::Op::Sub:
    case smt::Expr::Op::Mul: {
      std::optional<Polynomial> a = polynomialOf(expr->args[0], symbols, failure);
      if (!a) return std::nullopt;
      std::optional<Polynomial> b = polynomialOf(expr->args[1], symbols, failure);
      if (!b) return std::nullopt;
      if (expr->op == smt::Expr::Op::Mul) return product(*a, *b);
      return sum(*a, *b, expr->op == smt::Expr::Op::Add ? 1 : -1);
    }
  }
  failure = "unknown index operator";
  return std::nullopt;
}

smt::ExprRef monomialExpr(const Monomial& monomial, std::int64_t coefficient) {
  smt::ExprRef out = smt::constant(coefficient);
  for (const std::string& symbol : monomial) out = smt::mul(out, smt::variable(symbol));
  return out;
}

std::string monomialText(const Monomial& monomial) {
  std::string text;
  for (const std::string& symbol : monomial) text += (text.empty() ? "" : "*") + symbol;
  return text.empty() ? "1" : text;
}

std::string strideText(const std::pair<Monomial, std::int64_t>& stride) {
  if (stride.first.empty()) return std::to_string(stride.second);
  return (stride.second == 1 ? "" : std::to_string(stride.second) + "*") + monomialText(stride.first);
}

// The whole number q nearest to a / b (b != 0), halves away from zero.
std::int64_t nearestQuotient(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b, r = a % b;
  if (2 * std::llabs(r) >= std::llabs(b)) q += ((r < 0) == (b < 0)) ? 1 : -1;
  return q;
}

}  // namespace

LinearisedIndex linearisedIndex(const smt::ExprRef& index, const std::vector<std::string>& counters,
                                const std::set<std::string>& invariant) {
  LinearisedIndex out;
  std::set<std::string> symbols(invariant.begin(), invariant.end());
  symbols.insert(counters.begin(), counters.end());
  std::optional<Polynomial> polynomial = polynomialOf(index, symbols, out.failure);
  if (!polynomial) return out;
  // Split off each counter's stride: the terms that hold the counter, once, without it.
  std::vector<std::pair<Monomial, std::int64_t>> strides;
  for (const std::string& counter : counters) {
    Polynomial stride;
    for (auto it = polynomial->begin(); it != polynomial->end();) {
      Monomial monomial = it->first;
      auto found = std::find(monomial.begin(), monomial.end(), counter);
      if (found == monomial.end()) {
        ++it;
        continue;
      }
      monomial.erase(found);
      if (std::find(monomial.begin(), monomial.end(), counter) != monomial.end()) {
        out.failure = "the index multiplies " + counter + " by itself";
        return out;
      }
      for (const std::string& other : counters)
        if (std::find(monomial.begin(), monomial.end(), other) != monomial.end()) {
          out.failure = "the index multiplies the counters " + counter + " and " + other;
          return out;
        }
      stride[monomial] += it->second;
      it = polynomial->erase(it);
    }
    if (stride.size() != 1) {
      out.failure = stride.empty() ? "the index does not depend on the counter " + counter
                                   : "the stride of " + counter + " is a sum of terms, not one product of parameters";
      return out;
    }
    for (const auto& other : strides)
      if (other.first == stride.begin()->first && other.second == stride.begin()->second) {
        out.failure = "two counters have the stride " + strideText(other) + ": the offsets are ambiguous";
        return out;
      }
    strides.push_back(*stride.begin());
  }
  // What remains is the offsets times the strides. Counters whose strides share a monomial (the
  // constant strides 37 and 1 of j * NX + i with #define NX 37) split its coefficient, the largest
  // stride first, each taking the nearest whole number of strides: -38 is (-1, -1), not (0, -38).
  // Another split names the same element too; the proof's one-to-one query over the targets' box,
  // which the offsets widen, rejects a split that is not the nest's (i beyond its row).
  out.offsets.assign(counters.size(), 0);
  for (const auto& [monomial, coefficient] : *polynomial) {
    std::vector<size_t> sharing;
    for (size_t c = 0; c < strides.size(); ++c)
      if (strides[c].first == monomial) sharing.push_back(c);
    std::sort(sharing.begin(), sharing.end(),
              [&](size_t a, size_t b) { return std::llabs(strides[a].second) > std::llabs(strides[b].second); });
    std::int64_t rest = coefficient;
    for (size_t c : sharing) {
      out.offsets[c] = nearestQuotient(rest, strides[c].second);
      rest -= out.offsets[c] * strides[c].second;
    }
    if (rest != 0) {
      out.failure = "the constant part " + monomialText(monomial) + " (times " + std::to_string(coefficient) +
                    ") is not a whole number of the counters' strides";
      out.offsets.clear();
      return out;
    }
  }
  for (const auto& [monomial, coefficient] : strides) out.strides.push_back(monomialExpr(monomial, coefficient));
  return out;
}

smt::ExprRef layoutOf(const LinearisedIndex& index, const std::vector<std::string>& counters) {
  smt::ExprRef out = smt::constant(0);
  for (size_t c = 0; c < counters.size(); ++c)
    out = smt::add(out, smt::mul(index.strides[c], smt::variable(counters[c], 0, smt::Scope::Counter)));
  return out;
}

}  // namespace adrace::analyzer
