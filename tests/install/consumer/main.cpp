// [FormAD] figure 2 (docs/design.md) through both clang-free entries of the installed library: a LoopModel built
// in code, and the same loop as a JSON question document. Exit 0 when x_b and y_b are shared.
#include <adrace/Analysis.h>
#include <adrace/Protocol.h>

#include <iostream>

namespace {

using namespace adrace::analyzer;

Variable variable(const std::string& name, bool integer, unsigned dimensions) {
  Variable result;
  result.name = name;
  result.isInteger = integer;
  result.isFloating = !integer;
  result.isArray = dimensions > 0;
  result.dimensions = dimensions;
  return result;
}

// !$omp parallel do / do i = 1, n / y(c(i)) = x(c(i) + 7)
LoopModel figure2() {
  LoopModel loop;
  LoopDimensionModel dimension;
  dimension.domain = {"i", adrace::smt::constant(1), adrace::smt::variable("n"), adrace::smt::Comparison::LessEqual,
                      adrace::smt::constant(1)};
  loop.dimensions.push_back(dimension);
  Variable counter = variable("i", true, 0);
  counter.sharing = Sharing::LoopCounter;
  loop.variables = {counter, variable("n", true, 0), variable("c", true, 1), variable("x", false, 1),
                    variable("y", false, 1)};
  auto i = adrace::smt::variable("i", 0, adrace::smt::Scope::Counter);
  auto ci = adrace::smt::arrayRead("c", {i});
  Reference write;
  write.id = 0;
  write.variable = "y";
  write.kind = AccessKind::Write;
  write.indices = {ci};
  Reference read;
  read.id = 1;
  read.variable = "x";
  read.kind = AccessKind::Read;
  read.indices = {adrace::smt::add(ci, adrace::smt::constant(7))};
  loop.references = {write, read};
  return loop;
}

const char* kFigure2 = R"json({
  "loop": {"counter": "i", "first": "1", "bound": "n", "comparison": "<=", "step": "1"},
  "variables": [{"name": "n", "type": "integer"}, {"name": "c", "type": "integer", "dimensions": 1},
                {"name": "x", "type": "real", "dimensions": 1}, {"name": "y", "type": "real", "dimensions": 1}],
  "references": [{"array": "y", "kind": "write", "index": ["c(i)"]},
                 {"array": "x", "kind": "read", "index": ["c(i)+7"]}]
})json";

}  // namespace

int main() {
  int failures = 0;
  adrace::LoopAnalysis analysis = adrace::analyzeLoop(figure2(), adrace::AnalysisOptions{});
  for (const adrace::ArrayVerdict& verdict : analysis.arrays) {
    std::cout << "struct API: " << verdict.adjoint << " " << verdictName(verdict.verdict) << "\n";
    failures += verdict.verdict != adrace::Verdict::Shared;
  }
  failures += analysis.arrays.size() != 2;

  adrace::ProtocolAnswer answer = adrace::answerQuestionText(kFigure2, adrace::AnalysisOptions{});
  for (const auto& verdict : answer.document.at("answers")) {
    std::cout << "JSON protocol: " << verdict.at("adjoint").get<std::string>() << " "
              << verdict.at("verdict").get<std::string>() << "\n";
    failures += verdict.at("verdict") != "shared";
  }
  failures += answer.error.has_value() || answer.document.at("answers").size() != 2;
  std::cout << (failures ? "FAILED\n" : "ok\n");
  return failures ? 1 : 0;
}
