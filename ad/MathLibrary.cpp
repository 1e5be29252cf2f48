#include "ad/MathLibrary.h"

#include <set>

namespace adrace::ad {
namespace {

const std::set<std::string>& doubleForms() {
  static const std::set<std::string> names = {
      "sin",  "cos",   "tan",   "exp", "log",   "sqrt",  "pow",   "fabs",     "fmin",  "fmax", "tanh",  "cbrt",
      "atan", "atan2", "hypot", "erf", "log10", "log1p", "expm1", "copysign", "floor", "ceil", "round", "trunc"};
  return names;
}

// The double form's name and whether `function` is its float form ("sinf" -> "sin", true).
std::optional<std::pair<std::string, bool>> form(const std::string& function) {
  if (doubleForms().count(function)) return std::make_pair(function, false);
  if (function.size() > 1 && function.back() == 'f') {
    std::string base = function.substr(0, function.size() - 1);
    if (doubleForms().count(base)) return std::make_pair(base, true);
  }
  return std::nullopt;
}

}  // namespace

bool isMathFunction(const std::string& function) { return form(function).has_value(); }

bool hasZeroDerivative(const std::string& function) {
  auto found = form(function);
  return found &&
         (found->first == "floor" || found->first == "ceil" || found->first == "round" || found->first == "trunc");
}

std::vector<ArgumentAdjoint> mathAdjoints(const std::string& function, const std::vector<c::ExprRef>& arguments,
                                          const c::ExprRef& seed) {
  std::vector<ArgumentAdjoint> out(arguments.size());
  auto found = form(function);
  if (!found || arguments.empty()) return out;
  const std::string& base = found->first;
  const bool single = found->second;
  // Literals and calls in the call's precision: "2.0f" and "cosf" for a float form.
  auto number = [&](const char* digits) { return c::literal(std::string(digits) + (single ? "f" : "")); };
  auto f = [&](const char* name, std::vector<c::ExprRef> args) {
    return c::call(std::string(name) + (single ? "f" : ""), args);
  };
  const c::ExprRef a = arguments[0];
  const c::ExprRef b = arguments.size() > 1 ? arguments[1] : nullptr;
  auto first = [&](c::ExprRef value, bool negate = false) { out[0] = {std::move(value), negate}; };
  auto second = [&](c::ExprRef value, bool negate = false) {
    if (out.size() > 1) out[1] = {std::move(value), negate};
  };
  if (base == "sin")
    first(c::mul(seed, f("cos", {a})));
  else if (base == "cos")
    first(c::mul(seed, f("sin", {a})), true);
  else if (base == "tan")
    first(c::div(seed, c::mul(f("cos", {a}), f("cos", {a}))));
  else if (base == "exp" || base == "expm1")
    first(c::mul(seed, f("exp", {a})));
  else if (base == "log")
    first(c::div(seed, a));
  else if (base == "log10")
    first(c::div(seed, c::mul(a, number("2.302585092994046"))));  // ln 10
  else if (base == "log1p")
    first(c::div(seed, c::add(number("1.0"), a)));
  else if (base == "sqrt")
    first(c::div(seed, c::mul(number("2.0"), f("sqrt", {a}))));
  else if (base == "cbrt")
    first(c::div(seed, c::mul(c::mul(number("3.0"), f("cbrt", {a})), f("cbrt", {a}))));
  else if (base == "tanh")
    first(c::mul(seed, c::sub(number("1.0"), c::mul(f("tanh", {a}), f("tanh", {a})))));
  else if (base == "atan")
    first(c::div(seed, c::add(number("1.0"), c::mul(a, a))));
  else if (base == "erf")  // 2/sqrt(pi) exp(-a^2)
    first(c::mul(c::mul(seed, number("1.1283791670955126")), f("exp", {c::negate(c::mul(a, a))})));
  else if (base == "fabs")
    first(c::conditional(c::greaterEqual(a, number("0.0")), seed, c::negate(seed)));
  else if (base == "copysign")  // |a| with b's sign: +-1 by whether the signs agree; nothing for b
    first(c::conditional(c::equal(c::call("signbit", {a}), c::call("signbit", {b})), seed, c::negate(seed)));
  else if (base == "pow") {
    first(c::mul(c::mul(seed, b), f("pow", {a, c::sub(b, number("1.0"))})));
    second(c::mul(c::mul(seed, f("pow", {a, b})), f("log", {a})));
  } else if (base == "fmin" || base == "fmax") {
    const c::ExprRef pick = c::binary(base == "fmin" ? c::Op::LessEqual : c::Op::GreaterEqual, a, b);
    first(c::conditional(pick, seed, number("0.0")));
    second(c::conditional(pick, number("0.0"), seed));
  } else if (base == "atan2") {  // atan2(y, x): y_b += seed x / (x^2 + y^2), x_b -= seed y / (x^2 + y^2)
    const c::ExprRef squares = c::add(c::mul(b, b), c::mul(a, a));
    first(c::div(c::mul(seed, b), squares));
    second(c::div(c::mul(seed, a), squares), true);
  } else if (base == "hypot") {
    const c::ExprRef length = f("hypot", {a, b});
    first(c::div(c::mul(seed, a), length));
    second(c::div(c::mul(seed, b), length));
  }
  // floor, ceil, round, trunc: piecewise constant, no adjoint
  return out;
}

}  // namespace adrace::ad
