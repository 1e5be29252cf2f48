// check/FindingSummary: what a file's findings look like once grouped for a developer.
#include "analyzer/check/FindingSummary.h"

#include <gtest/gtest.h>

namespace adrace::analyzer {
namespace finding_summary_test {

RaceFinding finding(Certainty certainty, const std::string& variable, unsigned line, unsigned relatedLine, int loop = 0,
                    const std::string& message = "data race") {
  RaceFinding result;
  result.certainty = certainty;
  result.variable = variable;
  result.at.line = line;
  result.related.line = relatedLine;
  result.loop = loop;
  result.message = message + " " + std::to_string(line) + "/" + std::to_string(relatedLine);
  return result;
}

TEST(FindingSummary, ExactDuplicatesGo) {
  std::vector<RaceFinding> findings{finding(Certainty::Definite, "a", 3, 4), finding(Certainty::Definite, "a", 3, 4)};
  summariseFindings(findings);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].message, "data race 3/4");
}

TEST(FindingSummary, PairsOfOneStatementPairBecomeOneFindingThatCountsTheOthers) {
  std::vector<RaceFinding> findings{
      finding(Certainty::Possible, "a", 3, 4, 0, "x"), finding(Certainty::Possible, "a", 4, 3, 0, "y"),
      finding(Certainty::Possible, "a", 3, 4, 0, "z"), finding(Certainty::Possible, "b", 3, 4, 0, "w")};
  summariseFindings(findings);
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0].variable, "a");
  EXPECT_NE(findings[0].message.find("and 2 other pairs of accesses of these two statements"), std::string::npos)
      << findings[0].message;
  EXPECT_EQ(findings[1].variable, "b");
}

TEST(FindingSummary, PossibleFindingsPastTheLimitAreCountedDefiniteOnesKept) {
  std::vector<RaceFinding> findings;
  for (unsigned line = 1; line <= kPossibleFindingsShown + 10; ++line)
    findings.push_back(finding(Certainty::Possible, "a", line, line + 1000));
  findings.push_back(finding(Certainty::Definite, "b", 5000, 5001));
  findings.push_back(finding(Certainty::Possible, "c", 7, 8, 1));  // another loop: shown
  summariseFindings(findings);
  size_t possible = 0, definite = 0;
  for (const RaceFinding& kept : findings) {
    possible += kept.certainty == Certainty::Possible;
    definite += kept.certainty == Certainty::Definite;
  }
  EXPECT_EQ(definite, 1u);
  EXPECT_EQ(possible, kPossibleFindingsShown + 1 + 1);  // the shown ones, loop 1's, and the summary
  EXPECT_EQ(findings.back().message, "10 more possible data races in this loop not shown (the first 25 are)");
}

}  // namespace finding_summary_test
}  // namespace adrace::analyzer
