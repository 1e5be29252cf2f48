// A tool that only asks questions in JSON (<adrace/Protocol.h>): linked with adrace::protocol alone,
// it must not pull in libclang-cpp (run.sh checks the executable's dynamic dependencies).
// Exit 0 when [FormAD] figure 2 (docs/design.md) gets x_b and y_b shared.
#include <adrace/Protocol.h>

#include <iostream>

int main() {
  const char* figure2 = R"json({
    "loop": {"counter": "i", "first": "1", "bound": "n", "comparison": "<=", "step": "1"},
    "variables": [{"name": "n", "type": "integer"}, {"name": "c", "type": "integer", "dimensions": 1},
                  {"name": "x", "type": "real", "dimensions": 1}, {"name": "y", "type": "real", "dimensions": 1}],
    "references": [{"array": "y", "kind": "write", "index": ["c(i)"]},
                   {"array": "x", "kind": "read", "index": ["c(i)+7"]}]
  })json";
  adrace::ProtocolAnswer answer = adrace::answerQuestionText(figure2, adrace::AnalysisOptions{});
  int failures = answer.error.has_value() || answer.document.at("answers").size() != 2;
  for (const auto& verdict : answer.document.at("answers")) {
    std::cout << "protocol only: " << verdict.at("adjoint").get<std::string>() << " "
              << verdict.at("verdict").get<std::string>() << "\n";
    failures += verdict.at("verdict") != "shared";
  }
  std::cout << (failures ? "FAILED\n" : "ok\n");
  return failures ? 1 : 0;
}
