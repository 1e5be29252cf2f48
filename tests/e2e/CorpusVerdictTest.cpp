// End to end over corpus/: `adrace analyze` on every kernel must give the verdicts its
// expected.json states, guard exactly the references it lists, and model each loop as its
// "model" section says (nest, schedule, sharing, references, contexts, facts, instances).
#include "../RunCommand.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

namespace adrace::testing {
namespace corpus_verdict_test {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<std::string> corpusKernels() {
  std::vector<std::string> kernels;
  for (const auto& entry : fs::directory_iterator(ADRACE_CORPUS_DIR))
    if (fs::exists(entry.path() / "expected.json")) kernels.push_back(entry.path().filename().string());
  std::sort(kernels.begin(), kernels.end());
  return kernels;
}

bool verdictMatches(const std::string& expected, const std::string& actual) {
  if (expected == "guarded") return actual == "reduction" || actual == "atomic";
  return expected == actual;
}

const json* loopAtLine(const json& report, int line) {
  for (const json& loop : report["files"][0]["loops"])
    if (loop["pragma_at"]["line"] == line) return &loop;
  return nullptr;
}

std::string referenceText(const json& loop, int id) {
  for (const json& reference : loop["references"])
    if (reference["id"] == id) return reference["text"];
  return "?";
}

std::string joined(const json& items, const std::string& separator) {
  std::string text;
  for (const json& item : items) text += (text.empty() ? "" : separator) + item.get<std::string>();
  return text;
}

// The loop's model as expected.json writes it: the nest, the schedule, every variable's sharing,
// and one line per reference ("increment unew[i - 1] @0"), context ("1: branch <- 0"), fact
// ("i#1 != j#1 @1 (condition)") and instance ("j#1 <- 15:13", the definitions' line:col).
json modelSummary(const json& loop) {
  json summary;
  summary["nest"] = json::array();
  for (const json& dimension : loop["nest"])
    summary["nest"].push_back({{"counter", dimension["counter"]},
                               {"first", dimension["first"]},
                               {"comparison", dimension["comparison"]},
                               {"bound", dimension["bound"]},
                               {"step", dimension["step"]}});
  const json& schedule = loop["schedule"];
  summary["schedule"] = schedule["kind"].get<std::string>() +
                        (schedule["chunk"].is_null() ? "" : "(" + schedule["chunk"].get<std::string>() + ")");
  summary["sharing"] = json::object();
  for (const json& variable : loop["variables"])
    summary["sharing"][variable["name"].get<std::string>()] = variable["sharing"];
  summary["references"] = json::array();
  for (const json& reference : loop["references"]) {
    std::string line = reference["kind"].get<std::string>() + " " + reference["variable"].get<std::string>() + "[" +
                       joined(reference["index"], "][") + "] @" + std::to_string(reference["context"].get<int>());
    if (reference["opaque"].get<bool>()) line += " opaque: " + reference["opaque_reason"].get<std::string>();
    if (reference["protection"] != "none") line += " " + reference["protection"].get<std::string>();
    summary["references"].push_back(line);
  }
  summary["contexts"] = json::array();
  for (const json& context : loop["contexts"])
    summary["contexts"].push_back(std::to_string(context["id"].get<int>()) + ": " + context["kind"].get<std::string>() +
                                  " <- " + std::to_string(context["parent"].get<int>()));
  summary["facts"] = json::array();
  for (const json& fact : loop["facts"])
    summary["facts"].push_back(fact["text"].get<std::string>() + " @" + std::to_string(fact["context"].get<int>()) +
                               " (" + fact["origin"].get<std::string>() + ")");
  summary["instances"] = json::array();
  for (const json& instance : loop["instances"])
    summary["instances"].push_back(instance["variable"].get<std::string>() + "#" +
                                   std::to_string(instance["instance"].get<int>()) + " <- " +
                                   joined(instance["reaching_definitions"], ", "));
  return summary;
}

// Normalised for comparison: no spaces.
std::string compact(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
  return text;
}

class CorpusVerdict : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusVerdict, MatchesExpected) {
  fs::path folder = fs::path(ADRACE_CORPUS_DIR) / GetParam();
  json expected = json::parse(readWhole((folder / "expected.json").string()));
  std::string arguments;
  for (const json& argument : expected.value("analyze_args", json::array()))
    arguments += " '" + argument.get<std::string>() + "'";
  CommandResult run =
      runCommand(std::string(ADRACE_BINARY) + " analyze" + arguments + " " +
                 (folder / expected["source"].get<std::string>()).string() + " -- -I" + folder.string());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  json report = json::parse(run.out);

  for (const json& expectedLoop : expected["loops"]) {
    int line = expectedLoop["line"];
    const json* loop = loopAtLine(report, line);
    ASSERT_NE(loop, nullptr) << "no loop at line " << line;
    for (const auto& [array, want] : expectedLoop["arrays"].items()) {
      const json* got = nullptr;
      for (const json& verdict : (*loop)["analysis"]["arrays"])
        if (verdict["array"] == array) got = &verdict;
      ASSERT_NE(got, nullptr) << "line " << line << ": no verdict for " << array;
      // A gather's FormAD verdict is its guard (what the adjoint writes without a gather).
      const json& formad = got->contains("guard") ? (*got)["guard"] : (*got)["verdict"];
      EXPECT_TRUE(verdictMatches(want["verdict"], formad))
          << "line " << line << ": " << array << "_b expected " << want["verdict"] << ", got " << formad << " ("
          << (*got)["reason"] << ")";
      if (want.contains("guarded_references")) {
        std::multiset<std::string> wanted, actual;
        for (const json& text : want["guarded_references"]) wanted.insert(compact(text));
        for (const json& id : (*got)["guarded_references"]) actual.insert(compact(referenceText(*loop, id)));
        EXPECT_EQ(wanted, actual) << "line " << line << ": guarded references of " << array;
      }
    }
    // The model, field by field, in the form of modelSummary.
    json summary = modelSummary(*loop);
    json model = expectedLoop.value("model", json::object());
    for (const auto& [field, value] : model.items()) {
      ASSERT_TRUE(summary.contains(field)) << "line " << line << ": the model summary has no " << field;
      EXPECT_EQ(summary[field], value) << "line " << line << ": model field " << field << "\nexpected " << value.dump(1)
                                       << "\nactual " << summary[field].dump(1);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusVerdict, ::testing::ValuesIn(corpusKernels()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace corpus_verdict_test
}  // namespace adrace::testing
