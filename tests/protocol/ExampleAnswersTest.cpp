// The examples shipped in docs/examples: each QUESTIONS.json is answered as QUESTIONS.answer.json
// says (everything but the timing-dependent "statistics"), and the verdicts are the paper's.
#include "adrace/Protocol.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace adrace {
namespace example_answers_test {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kExamples = ADRACE_EXAMPLES_DIR;

json readJson(const fs::path& path) {
  std::ifstream in(path);
  return json::parse(in);
}

json answerOf(const std::string& example) {
  ProtocolAnswer answer = answerQuestions(readJson(kExamples / (example + ".json")), {});
  EXPECT_FALSE(answer.error) << answer.document.dump();
  answer.document.erase("statistics");
  return answer.document;
}

std::string verdictOf(const json& answer, const std::string& adjoint) {
  for (const json& entry : answer["answers"])
    if (entry["adjoint"] == adjoint) return entry["verdict"];
  return "no answer for " + adjoint;
}

TEST(Examples, EveryExampleIsAnsweredAsDocumented) {
  int checked = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(kExamples)) {
    std::string name = entry.path().filename().string();
    const std::string suffix = ".answer.json";
    if (name.size() <= suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
    std::string example = name.substr(0, name.size() - suffix.size());
    SCOPED_TRACE(example);
    json expected = readJson(entry.path());
    json actual = answerOf(example);
    EXPECT_EQ(actual, expected) << "diff: " << json::diff(expected, actual).dump(2);
    ++checked;
  }
  EXPECT_GE(checked, 2);
}

TEST(Examples, FormAdFigure2NeedsNoGuard) {
  json answer = answerOf("formad_figure2");
  EXPECT_EQ(verdictOf(answer, "xb"), "shared");
  EXPECT_EQ(verdictOf(answer, "yb"), "shared");
}

TEST(Examples, GreenGaussNeedsNoGuard) {
  json answer = answerOf("green_gauss");
  EXPECT_EQ(verdictOf(answer, "dvb"), "shared");
  EXPECT_EQ(verdictOf(answer, "gradb"), "shared");
  EXPECT_EQ(verdictOf(answer, "sijb"), "shared");
}

}  // namespace example_answers_test
}  // namespace adrace
