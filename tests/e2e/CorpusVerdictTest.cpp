// End to end over corpus/: `adrace analyze` on every kernel must give the verdicts its
// expected.json states, guard exactly the references it lists, and model what it says.
#include "../RunCommand.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

namespace adrace::testing {
namespace {

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
  for (const json& argument : expected.value("analyze_args", json::array())) arguments += " '" + argument.get<std::string>() + "'";
  CommandResult run = runCommand(std::string(ADRACE_BINARY) + " analyze" + arguments + " " +
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
      EXPECT_TRUE(verdictMatches(want["verdict"], (*got)["verdict"]))
          << "line " << line << ": " << array << "_b expected " << want["verdict"] << ", got " << (*got)["verdict"]
          << " (" << (*got)["reason"] << ")";
      if (want.contains("guarded_references")) {
        std::multiset<std::string> wanted, actual;
        for (const json& text : want["guarded_references"]) wanted.insert(compact(text));
        for (const json& id : (*got)["guarded_references"]) actual.insert(compact(referenceText(*loop, id)));
        EXPECT_EQ(wanted, actual) << "line " << line << ": guarded references of " << array;
      }
    }
    // Optional model checks: any field of the loop's JSON, compared as written.
    for (const auto& [field, value] : expectedLoop.value("model", json::object()).items()) {
      json::json_pointer pointer("/" + field);
      ASSERT_TRUE(loop->contains(pointer)) << "line " << line << ": model has no " << field;
      EXPECT_EQ((*loop)[pointer], value) << "line " << line << ": model field " << field;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusVerdict, ::testing::ValuesIn(corpusKernels()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace adrace::testing
