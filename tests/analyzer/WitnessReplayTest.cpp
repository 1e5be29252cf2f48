// The independent replay of a definite race's witness (check/WitnessReplay.h): the loop headers
// and subscripts read straight from the source, evaluated with the witness's values. A witness
// that is a run of the program is confirmed; one the source refutes demotes the race to possible.
#include "CheckSnippet.h"
#include "analyzer/check/WitnessReplayBuilder.h"

#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/ASTMatchers/ASTMatchers.h>

namespace adrace::analyzer::testing {
namespace witness_replay_test {

const RaceFinding* definiteOn(const CheckedSnippet& checked, const std::string& variable) {
  for (const RaceFinding& finding : checked.findings)
    if (finding.variable == variable && finding.certainty == Certainty::Definite) return &finding;
  return nullptr;
}

// The replay of the first parallel loop of a snippet, and the spans of its accesses by source text.
struct Replayed {
  std::unique_ptr<clang::ASTUnit> unit;
  LoopReplay replay;
};

Replayed replayOf(const std::string& code) {
  Replayed replayed;
  replayed.unit = clang::tooling::buildASTFromCodeWithArgs(
      code, {"-fopenmp", "-std=c99", "-Wno-everything", std::string("-resource-dir=") + clangResourceDirectory()},
      "snippet.c");
  EXPECT_FALSE(replayed.unit->getDiagnostics().hasErrorOccurred()) << code;
  using namespace clang::ast_matchers;
  auto found = match(ompExecutableDirective().bind("loop"), replayed.unit->getASTContext());
  for (const BoundNodes& nodes : found)
    if (auto* loop = nodes.getNodeAs<clang::OMPLoopDirective>("loop")) {
      const clang::FunctionDecl* function = nullptr;
      for (const auto& candidate :
           match(functionDecl(hasDescendant(ompExecutableDirective(equalsNode(loop)))).bind("f"),
                 replayed.unit->getASTContext()))
        function = candidate.getNodeAs<clang::FunctionDecl>("f");
      replayed.replay = buildLoopReplay(*loop, function, replayed.unit->getASTContext());
      break;
    }
  return replayed;
}

// The span of the access of `array` on `line` (the first one when there are several).
SourceSpan accessOn(const LoopReplay& replay, const std::string& array, unsigned line, unsigned nth = 0) {
  for (const ReplayAccess& access : replay.accesses)
    if (access.array == array && access.span.begin.line == line && nth-- == 0) return access.span;
  ADD_FAILURE() << "no access of " << array << " on line " << line;
  return {};
}

const char* kBlocks = R"(#define BS 16
void blocks(double *y, int n)
{
  int off, c;
  for (off = 1; off < n; off += BS) {
#pragma omp parallel for
    for (c = 0; c < BS; c++)
      y[off + c] = 0.5 * y[c];
  }
})";

TEST(WitnessReplay, ConfirmsAWitnessThatIsARunOfTheSource) {
  Replayed replayed = replayOf(kBlocks);
  SourceSpan write = accessOn(replayed.replay, "y", 8, 0), read = accessOn(replayed.replay, "y", 8, 1);
  ReplayOutcome outcome =
      replayWitness(replayed.replay, {{"off", "1"}, {"c", "0"}, {"c'", "1"}, {"n", "40"}}, write, read);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::Confirmed) << outcome.reason;
}

TEST(WitnessReplay, RefutesAnEnclosingCounterValueItsLoopNeverTakes) {
  Replayed replayed = replayOf(kBlocks);
  SourceSpan write = accessOn(replayed.replay, "y", 8, 0), read = accessOn(replayed.replay, "y", 8, 1);
  // off runs 1, 17, 33: 2 is not one of them, though y[2 + 0] and y[2] would meet.
  ReplayOutcome outcome =
      replayWitness(replayed.replay, {{"off", "2"}, {"c", "0"}, {"c'", "2"}, {"n", "40"}}, write, read);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::Refuted);
  EXPECT_NE(outcome.reason.find("off = 2 is not an iteration of the loop at line 5"), std::string::npos)
      << outcome.reason;
  // Nor is 33 once n stops the loop before it.
  outcome = replayWitness(replayed.replay, {{"off", "33"}, {"c", "0"}, {"c'", "33"}, {"n", "20"}}, write, read);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::Refuted) << outcome.reason;
}

TEST(WitnessReplay, RefutesAccessesOnDifferentElementsAndOneIteration) {
  Replayed replayed = replayOf(kBlocks);
  SourceSpan write = accessOn(replayed.replay, "y", 8, 0), read = accessOn(replayed.replay, "y", 8, 1);
  ReplayOutcome outcome =
      replayWitness(replayed.replay, {{"off", "1"}, {"c", "0"}, {"c'", "2"}, {"n", "40"}}, write, read);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::Refuted);
  EXPECT_NE(outcome.reason.find("different elements"), std::string::npos) << outcome.reason;
  outcome = replayWitness(replayed.replay, {{"off", "1"}, {"c", "1"}, {"c'", "1"}, {"n", "40"}}, write, write);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::Refuted);
  EXPECT_NE(outcome.reason.find("the two iterations are one"), std::string::npos) << outcome.reason;
}

TEST(WitnessReplay, LeavesUnreplayedWhatTheWitnessDoesNotName) {
  Replayed replayed = replayOf(kBlocks);
  SourceSpan write = accessOn(replayed.replay, "y", 8, 0), read = accessOn(replayed.replay, "y", 8, 1);
  ReplayOutcome outcome = replayWitness(replayed.replay, {{"c", "0"}, {"c'", "1"}}, write, read);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::NotReplayable) << outcome.reason;
}

// A tile loop with a MIN bound, a C89 inner counter, a local index defined once, a comma-list
// counter: the replay reads each from the source.
const char* kTiles = R"(#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define T 8
void tiles(float *out, const float *in, int n)
{
  int jt, j, k, q;
  for (jt = 0; jt < n; jt += T) {
#pragma omp parallel for private(j, k, q)
    for (int i = 0; i < n; i++)
      for (j = jt, q = 0; j < MIN(n, jt + T); j++, q += 2) {
        k = 0;
        int at = i * n + j; /* the element */
        out[at] = in[j * n + i] + (float)q;
      }
  }
})";

TEST(WitnessReplay, ReadsMinBoundsCommaCountersAndLocalsFromTheSource) {
  Replayed replayed = replayOf(kTiles);
  SourceSpan write = accessOn(replayed.replay, "out", 12);
  // j = 9 is inside the second tile (jt = 8) when n = 12, not inside the first.
  ReplayOutcome outcome = replayWitness(
      replayed.replay, {{"jt", "8"}, {"n", "12"}, {"i", "0"}, {"i'", "1"}, {"j", "9"}, {"j'", "9"}}, write, write);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::Refuted);
  EXPECT_NE(outcome.reason.find("different elements"), std::string::npos) << outcome.reason;
  outcome = replayWitness(replayed.replay, {{"jt", "0"}, {"n", "12"}, {"i", "0"}, {"i'", "1"}, {"j", "9"}, {"j'", "9"}},
                          write, write);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::Refuted);
  EXPECT_NE(outcome.reason.find("j = 9 is not an iteration of the loop at line 9"), std::string::npos)
      << outcome.reason;
  // The second counter follows the first: q = 3 never happens.
  outcome = replayWitness(replayed.replay,
                          {{"jt", "0"}, {"n", "12"}, {"i", "0"}, {"i'", "1"}, {"j", "1"}, {"q", "3"}, {"j'", "1"}},
                          write, write);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::Refuted) << outcome.reason;
}

TEST(WitnessReplay, ASecondIterationsOwnValueIsNotTakenFromTheFirst) {
  Replayed replayed = replayOf(kTiles);
  SourceSpan write = accessOn(replayed.replay, "out", 12);
  // j is private: without j' the other iteration's element is unknown, not i' * n + j.
  ReplayOutcome outcome =
      replayWitness(replayed.replay, {{"jt", "0"}, {"n", "12"}, {"i", "0"}, {"i'", "1"}, {"j", "1"}}, write, write);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::NotReplayable) << outcome.reason;
}

TEST(WitnessReplay, ModelInstancesOfAnInnerCounterAreItsValue) {
  Replayed replayed = replayOf(kTiles);
  SourceSpan write = accessOn(replayed.replay, "out", 12);
  ReplayOutcome outcome = replayWitness(
      replayed.replay, {{"jt", "0"}, {"n", "12"}, {"i", "0"}, {"i'", "0"}, {"j#1", "1"}, {"j#1'", "1"}}, write, write);
  EXPECT_EQ(outcome.status, ReplayOutcome::Status::Refuted);
  EXPECT_NE(outcome.reason.find("the two iterations are one"), std::string::npos) << outcome.reason;
}

TEST(WitnessReplay, AccessesOfOneMacroExpansionAreNotReplayed) {
  Replayed replayed = replayOf(R"(#define SWAP(a, i, j) { double t = a[i]; a[i] = a[j]; a[j] = t; }
void swaps(double *v, double *w, int n)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++) {
    SWAP(v, i, i + 1)
    w[i] = 0;
  }
})");
  ASSERT_FALSE(replayed.unit->getDiagnostics().hasErrorOccurred());
  bool seesW = false;
  for (const ReplayAccess& access : replayed.replay.accesses) {
    EXPECT_NE(access.array, "v") << access.span.begin.column;
    seesW |= access.array == "w";
  }
  EXPECT_TRUE(seesW);
}

// Through the check: a definite race whose witness the source confirms says so; the same race
// replayed on a source it is not a run of (the replay of a shifted copy) is only possible.
TEST(WitnessReplay, ARefutedWitnessMakesTheRaceOnlyPossible) {
  CheckedSnippet checked = checkSnippet(kBlocks);
  const RaceFinding* finding = definiteOn(checked, "y");
  ASSERT_NE(finding, nullptr) << describe(checked.findings);
  EXPECT_EQ(finding->witnessReplay, "replayed on the source");

  LoopReplay broken = checked.models.replays.at(0);
  for (ReplayAccess& access : broken.accesses) {
    auto shifted = std::make_shared<ReplayExpr>();
    shifted->op = ReplayExpr::Op::Add;
    auto thousand = std::make_shared<ReplayExpr>();
    thousand->value = 1000;
    shifted->operands = {access.subscripts.at(0), thousand};
    if (access.span.begin.column == 7) access.subscripts[0] = shifted;  // the write y[off + c] only
  }
  LoopCheckOptions options;
  options.replay = &broken;
  std::vector<RaceFinding> findings = checkLoop(checked.models.loops.at(0), options);
  bool demoted = false;
  for (const RaceFinding& demotedFinding : findings)
    if (demotedFinding.variable == "y") {
      EXPECT_NE(demotedFinding.certainty, Certainty::Definite) << demotedFinding.message;
      demoted |= demotedFinding.message.find("adrace bug: the witness is not a run of the source") != std::string::npos;
    }
  EXPECT_TRUE(demoted) << describe(findings);
}

}  // namespace witness_replay_test
}  // namespace adrace::analyzer::testing
