// Question documents that once crashed `adrace answer` or answered out of all proportion: each
// is a malformed document now, with a JSON error and exit code 2, and
// `--stdio` goes on answering the documents after it.
#include "../RunCommand.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace adrace::testing {
namespace hostile_document_test {

using nlohmann::json;

const std::string kAdrace = ADRACE_BINARY;
const std::string kFigure2 = std::string(ADRACE_EXAMPLES_DIR) + "/formad_figure2.json";

TEST(HostileDocument, NumberOutOfDoubleRangeIsMalformedNotAnAbort) {
  std::string file = writeSource("huge-number.json", R"({"id": 1e400})");
  CommandResult result = runCommand(kAdrace + " answer " + file);
  EXPECT_EQ(result.exitCode, 2) << result.err;
  EXPECT_NE(json::parse(result.out)["error"]["message"].get<std::string>().find("number overflow"), std::string::npos)
      << result.out;
}

TEST(HostileDocument, StdioOutlivesABadLine) {
  std::string lines =
      writeSource("stdio-lines.txt", "{\"id\": 1e400}\n" + json::parse(readWhole(kFigure2)).dump() + "\n");
  CommandResult result = runCommand(kAdrace + " answer --stdio < " + lines);
  EXPECT_EQ(result.exitCode, 2);  // one document was malformed
  size_t newline = result.out.find('\n');
  ASSERT_NE(newline, std::string::npos) << result.out;
  EXPECT_TRUE(json::parse(result.out.substr(0, newline)).contains("error"));
  EXPECT_EQ(json::parse(result.out.substr(newline + 1))["format"], "adrace-answers/1") << result.out;
}

TEST(HostileDocument, DeepNestingIsRefusedNotEchoed) {
  json document = json::parse(readWhole(kFigure2));
  std::string text = document.dump();
  std::string nested = std::string(10000, '[') + std::string(10000, ']');
  text.replace(text.find("\"[FormAD] figure 2\""), std::string("\"[FormAD] figure 2\"").size(), nested);
  CommandResult result = runCommand(kAdrace + " answer " + writeSource("deep-id.json", text));
  EXPECT_EQ(result.exitCode, 2);
  EXPECT_LT(result.out.size(), 1000u);  // it once echoed the id back: 200 MB
  EXPECT_NE(json::parse(result.out)["error"]["message"].get<std::string>().find("nested more than 64 levels"),
            std::string::npos)
      << result.out;
}

TEST(HostileDocument, FlatSumOf24000TermsIsRefused) {
  json document = json::parse(readWhole(kFigure2));
  std::string sum = "i";
  for (int term = 1; term < 24000; ++term) sum += "+i";
  document["references"][3]["index"][0] = sum;
  CommandResult result = runCommand(kAdrace + " answer " + writeSource("flat-sum.json", document.dump()));
  EXPECT_EQ(result.exitCode, 2) << result.err;
  json error = json::parse(result.out)["error"];
  EXPECT_EQ(error["field"], "/references/3/index/0");
  EXPECT_NE(error["message"].get<std::string>().find("expression too long"), std::string::npos) << error.dump();
}

}  // namespace hostile_document_test
}  // namespace adrace::testing
