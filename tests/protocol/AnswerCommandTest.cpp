// `adrace answer`: one document from a file or stdin, --stdio for one document per line, exit
// codes, and the JSON error object a malformed document gets.
#include "../RunCommand.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace adrace::testing {
namespace answer_command_test {

using nlohmann::json;

const std::string kAdrace = ADRACE_BINARY;
const std::string kFigure2 = std::string(ADRACE_EXAMPLES_DIR) + "/formad_figure2.json";
const std::string kGreenGauss = std::string(ADRACE_EXAMPLES_DIR) + "/green_gauss.json";

std::string oneLine(const std::string& path) { return json::parse(readWhole(path)).dump(); }

TEST(AnswerCommand, AnswersADocumentFromAFileOrStdin) {
  CommandResult fromFile = runCommand(kAdrace + " answer " + kFigure2);
  ASSERT_EQ(fromFile.exitCode, 0) << fromFile.err;
  json answer = json::parse(fromFile.out);
  EXPECT_EQ(answer["format"], "adrace-answers/1");
  EXPECT_EQ(answer["answers"][0]["verdict"], "shared");
  CommandResult fromStdin = runCommand(kAdrace + " answer - < " + kFigure2);
  ASSERT_EQ(fromStdin.exitCode, 0) << fromStdin.err;
  EXPECT_EQ(json::parse(fromStdin.out)["answers"], answer["answers"]);
}

TEST(AnswerCommand, MalformedDocumentIsAJsonErrorAndExitTwo) {
  std::string bad = writeSource("bad-questions.json", R"json({"loop": {"counter": "i"}, "variables": [],
      "references": [{"array": "x", "kind": "read", "index": ["i"]}]})json");
  CommandResult result = runCommand(kAdrace + " answer " + bad);
  EXPECT_EQ(result.exitCode, 2);
  json error = json::parse(result.out);
  EXPECT_EQ(error["error"]["field"], "/references/0/array");
  EXPECT_NE(error["error"]["message"].get<std::string>().find("not a declared variable"), std::string::npos);

  CommandResult syntax = runCommand("printf '{\"loop\": ' | " + kAdrace + " answer -");
  EXPECT_EQ(syntax.exitCode, 2);
  EXPECT_EQ(json::parse(syntax.out)["error"]["field"], "");
}

TEST(AnswerCommand, StdioAnswersEachLineOnItsOwnLine) {
  std::string input =
      writeSource("questions.jsonl", oneLine(kFigure2) + "\n\n{\"loop\": 1}\n" + oneLine(kGreenGauss) + "\n");
  CommandResult result = runCommand(kAdrace + " answer --stdio < " + input);
  EXPECT_EQ(result.exitCode, 2) << "one line was malformed";
  std::istringstream lines(result.out);
  std::vector<json> answers;
  for (std::string line; std::getline(lines, line);) answers.push_back(json::parse(line));
  ASSERT_EQ(answers.size(), 3u) << "the blank line is skipped";
  EXPECT_EQ(answers[0]["id"], "[FormAD] figure 2");
  EXPECT_TRUE(answers[1].contains("error"));
  EXPECT_EQ(answers[2]["id"], "green_gauss edge loop ([FormAD] §7.4)");
  EXPECT_EQ(answers[2]["answers"][0]["verdict"], "shared");

  std::string good = writeSource("good.jsonl", oneLine(kFigure2) + "\n" + oneLine(kFigure2) + "\n");
  CommandResult twice = runCommand(kAdrace + " answer --stdio < " + good);
  EXPECT_EQ(twice.exitCode, 0) << twice.err;
  CommandResult empty = runCommand(kAdrace + " answer --stdio < /dev/null");
  EXPECT_EQ(empty.exitCode, 0);
  EXPECT_TRUE(empty.out.empty());
}

TEST(AnswerCommand, UsageErrors) {
  EXPECT_EQ(runCommand(kAdrace + " answer --help").exitCode, 0);
  EXPECT_EQ(runCommand(kAdrace + " answer").exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " answer --stdio " + kFigure2).exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " answer " + kFigure2 + " " + kGreenGauss).exitCode, 2);
  EXPECT_EQ(runCommand(kAdrace + " answer --guard=sometimes " + kFigure2).exitCode, 2);
  CommandResult missing = runCommand(kAdrace + " answer /nonexistent/questions.json");
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("/nonexistent/questions.json: error: cannot read file"), std::string::npos);
  EXPECT_TRUE(missing.out.empty());
}

TEST(AnswerCommand, AnalysisOptionsApply) {
  std::string gather = writeSource("gather.json", R"json({
    "loop": {"counter": "i", "first": "0", "bound": "n", "comparison": "<", "step": "1"},
    "variables": [{"name": "n", "type": "integer"}, {"name": "c", "type": "integer", "dimensions": 1},
                  {"name": "x", "type": "real", "dimensions": 1}, {"name": "y", "type": "real", "dimensions": 1}],
    "references": [{"array": "y", "kind": "write", "index": ["i"]}, {"array": "x", "kind": "read", "index": ["c[i]"]}]
  })json");
  CommandResult result = runCommand(kAdrace + " answer --extent x=m " + gather);
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(json::parse(result.out)["answers"][0]["verdict"], "reduction");
}

}  // namespace answer_command_test
}  // namespace adrace::testing
