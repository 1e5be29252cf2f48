// libFuzzer target: index expressions and relations as a question document spells them. Whatever
// the text, the parser answers with an expression or an error at a column inside the text; an
// expression prints as text that parses back to the same expression.
#include "analyzer/protocol/IndexParser.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

const adrace::analyzer::IndexSymbols& symbols() {
  using adrace::smt::Scope;
  static const adrace::analyzer::IndexSymbols table = {
      {"i", {Scope::Counter, true, 0}}, {"j", {Scope::Private, true, 0}}, {"n", {Scope::Shared, true, 0}},
      {"k", {Scope::Private, true, 0}}, {"c", {Scope::Shared, true, 1}},  {"m", {Scope::Shared, true, 2}},
      {"x", {Scope::Shared, false, 1}},
  };
  return table;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  adrace::analyzer::ParsedExpression parsed = adrace::analyzer::parseIndexExpression(text, symbols());
  if (parsed.expr.get() == nullptr) {
    if (!parsed.error || parsed.error->column < 1 || parsed.error->column > text.size() + 1) std::abort();
  } else {
    std::string printed = adrace::smt::toString(parsed.expr);
    adrace::analyzer::ParsedExpression again = adrace::analyzer::parseIndexExpression(printed, symbols());
    if (!again.expr || !adrace::smt::sameExpr(parsed.expr, again.expr)) std::abort();
  }
  adrace::analyzer::ParsedRelation relation = adrace::analyzer::parseIndexRelation(text, symbols());
  if (!relation.error && (!relation.lhs || !relation.rhs)) std::abort();
  return 0;
}
