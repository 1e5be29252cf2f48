// `teams` regions without `distribute` (host teams, `target teams`, `target` around `teams`): every
// team runs the whole body concurrently with the others, omp_get_team_num() is distinct per team and
// omp_get_thread_num() is 0 in every team; what the model leaves out (a parallel region nested in
// the body, distribute, an asynchronous target) stays unsupported. Each race-free case has a twin that races.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace teams_region_test {

// A host teams region over file-scope arrays; SLOT is the index each team writes.
std::string teamSlots(const std::string& slot, const std::string& clauses = "num_teams(NTEAMS)") {
  return fillIn(R"(
    #include <omp.h>
    #define NTEAMS 4
    double partial[NTEAMS];
    void fill(void) {
    #pragma omp teams %s
      {
        int team = omp_get_team_num();
        partial[%s] = team * 10.0;
      }
    })",
                {clauses, slot});
}

TEST(TeamsRegion, EachTeamWritesItsOwnSlot) {
  CheckedSnippet checked = checkSnippet(teamSlots("team"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
  ASSERT_EQ(checked.models.regions.size(), 1u);
  const RegionModel& region = checked.models.regions[0];
  EXPECT_EQ(region.units, RegionUnits::Teams);
  EXPECT_EQ(region.directive, Directive{Construct::Teams});
  ASSERT_EQ(region.steps.size(), 2u);
  EXPECT_EQ(region.steps[1].executor, Executor::EveryThread);
}

TEST(TeamsRegion, TwoTeamsSharingASlotRace) {
  CheckedSnippet checked = checkSnippet(teamSlots("team / 2"));
  ASSERT_TRUE(reportsRaceOn(checked, "partial", true)) << describe(checked.findings);
  const RaceFinding& finding = checked.findings.front();
  EXPECT_NE(finding.message.find("(team "), std::string::npos) << finding.message;
  // The witness names the team numbers, and both lie in the league: 0 <= t, t' < omp_get_num_teams() <= 4.
  std::map<std::string, long> values;
  for (const auto& [name, value] : finding.witness) values[name] = std::stol(value);
  ASSERT_TRUE(values.count("omp_get_team_num()") && values.count("omp_get_team_num()'")) << describe(checked.findings);
  EXPECT_NE(values["omp_get_team_num()"], values["omp_get_team_num()'"]);
  EXPECT_EQ(values["omp_get_team_num()"] / 2, values["omp_get_team_num()'"] / 2);
  if (values.count("omp_get_num_teams()")) {
    EXPECT_LE(values["omp_get_num_teams()"], 4);
    EXPECT_LT(values["omp_get_team_num()"], values["omp_get_num_teams()"]);
  }
}

TEST(TeamsRegion, ThreadNumberIsZeroInEveryTeam) {
  // Each team's statements run on its initial thread: omp_get_thread_num() is 0 in all of them.
  CheckedSnippet checked = checkSnippet(teamSlots("omp_get_thread_num()"));
  EXPECT_TRUE(reportsRaceOn(checked, "partial", true)) << describe(checked.findings);
}

TEST(TeamsRegion, ALeagueOfOneTeamCannotRace) {
  CheckedSnippet checked = checkSnippet(teamSlots("0", "num_teams(1)"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  CheckedSnippet twin = checkSnippet(teamSlots("0", "num_teams(2)"));
  EXPECT_TRUE(reportsRaceOn(twin, "partial", true)) << describe(twin.findings);
}

const char* kCounter = R"(
    int visits = 0;
    void count(void) {
    #pragma omp teams num_teams(8) %s
      {
        visits++;
      }
    })";

TEST(TeamsRegion, ASharedCounterEveryTeamIncrementsRaces) {
  CheckedSnippet checked = checkSnippet(fillIn(kCounter, {""}));
  std::vector<RaceFinding> scalars = findingsOf(checked, RaceFinding::Kind::SharedScalar);
  ASSERT_EQ(scalars.size(), 1u) << describe(checked.findings);
  const RaceFinding& finding = scalars.front();
  EXPECT_EQ(finding.certainty, Certainty::Definite);
  EXPECT_NE(finding.message.find("every team of the teams region"), std::string::npos) << finding.message;
  EXPECT_NE(finding.suggestion.find("reduction(+:visits) on the teams construct"), std::string::npos)
      << finding.suggestion;
}

TEST(TeamsRegion, AReductionOnTheTeamsConstructIsEachTeamsOwnCopy) {
  CheckedSnippet checked = checkSnippet(fillIn(kCounter, {"reduction(+: visits)"}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
}

std::string targetTeams(const std::string& slot) {
  return fillIn(R"(
    #include <omp.h>
    #define NUM_TEAMS 4
    #define LEN 4096
    double x[LEN], partial[NUM_TEAMS];
    void sums(void) {
    #pragma omp target teams num_teams(NUM_TEAMS) map(to: x) map(tofrom: partial)
      {
        int team = omp_get_team_num();
        int k;
        double s = 0.0;
        for (k = team; k < LEN; k += NUM_TEAMS)
          s += x[k];
        if (team < NUM_TEAMS)
          partial[%s] = s;
      }
    })",
                {slot});
}

TEST(TeamsRegion, TargetTeamsWithoutDistributeIsModelled) {
  CheckedSnippet checked = checkSnippet(targetTeams("team"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
  ASSERT_EQ(checked.models.regions.size(), 1u);
  EXPECT_EQ(checked.models.regions[0].directive, (Directive{Construct::Target, Construct::Teams}));
  CheckedSnippet twin = checkSnippet(targetTeams("team % 2"));
  EXPECT_TRUE(reportsRaceOn(twin, "partial", true)) << describe(twin.findings);
}

TEST(TeamsRegion, ATargetAroundTeamsIsItsTeams) {
  const char* code = R"(
    #include <omp.h>
    double partial[16];
    void fill(void) {
    #pragma omp target map(tofrom: partial)
    #pragma omp teams num_teams(16)
      partial[omp_get_team_num()%s] = 1.0;
    })";
  CheckedSnippet checked = checkSnippet(fillIn(code, {""}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
  CheckedSnippet twin = checkSnippet(fillIn(code, {" / 4"}));
  EXPECT_TRUE(reportsRaceOn(twin, "partial", true)) << describe(twin.findings);
}

bool diagnosesUnsupported(const CheckedSnippet& checked, const std::string& words) {
  for (const Diagnostic& diagnostic : checked.diagnostics)
    if (diagnostic.unsupported && diagnostic.message.find(words) != std::string::npos) return true;
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Unsupported && finding.message.find(words) != std::string::npos) return true;
  return false;
}

TEST(TeamsRegion, AParallelRegionNestedInTheBodyIsUnsupported) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    double grid[4][64];
    void fill(void) {
    #pragma omp teams num_teams(4)
      {
        int team = omp_get_team_num();
    #pragma omp parallel
        grid[team][omp_get_thread_num()] = 1.0;
      }
    })");
  EXPECT_TRUE(diagnosesUnsupported(checked, "parallel region nested in a teams region")) << describe(checked.findings);
  for (const RaceFinding& finding : checked.findings) EXPECT_NE(finding.certainty, Certainty::Definite);
}

// `teams` > `distribute [parallel for]` as its whole body is the combined construct written in two.
TEST(TeamsRegion, ADistributeLoopThatIsAllOfTheBodyIsTheCombinedLoop) {
  const char* code = R"(
    double y[1024];
    void fill(int n) {
      int i;
    #pragma omp teams num_teams(4)
    #pragma omp distribute%s
      for (i = 0; i < n - 1; i++) y[i] = %s;
    })";
  for (const char* form : {"", " parallel for", " parallel for simd"}) {
    CheckedSnippet own = checkSnippet(fillIn(code, {form, "2.0 * i"}));
    EXPECT_TRUE(own.findings.empty()) << form << ": " << describe(own.findings);
    EXPECT_FALSE(anyUnsupported(own)) << form;
    CheckedSnippet shifted = checkSnippet(fillIn(code, {form, "y[i + 1]"}));
    EXPECT_TRUE(reportsRaceOn(shifted, "y", true)) << form << ": " << describe(shifted.findings);
  }
  // Beside another statement the teams body is a region of its own, with distribute in it: not modelled.
  CheckedSnippet beside = checkSnippet(R"(
    double y[1024];
    int calls;
    void fill(void) {
      int i;
    #pragma omp teams num_teams(4)
      {
        calls++;
    #pragma omp distribute
        for (i = 0; i < 1024; i++) y[i] = 2.0 * i;
      }
    })");
  EXPECT_TRUE(diagnosesUnsupported(beside, "distribute")) << describe(beside.findings);
}

TEST(TeamsRegion, AnAsynchronousTargetTeamsIsUnsupported) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    double partial[16];
    void fill(void) {
    #pragma omp target teams num_teams(16) map(tofrom: partial) nowait
      partial[omp_get_team_num()] = 1.0;
    #pragma omp taskwait
    })");
  EXPECT_TRUE(diagnosesUnsupported(checked, "asynchronously")) << describe(checked.findings);
}

TEST(TeamsRegion, TargetTeamsInsideAParallelRegionIsUnsupported) {
  // Every thread of the parallel region launches its own league: team 0 of two leagues meet.
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    double partial[16];
    void fill(void) {
    #pragma omp parallel num_threads(2)
      {
    #pragma omp target teams num_teams(16) map(tofrom: partial)
        partial[omp_get_team_num()] += 1.0;
      }
    })");
  EXPECT_TRUE(diagnosesUnsupported(checked, "teams construct inside '#pragma omp parallel'"))
      << describe(checked.findings);
}

TEST(TeamsRegion, AHelperCalledByEveryTeamIsReadWhereItIsCalled) {
  const char* code = R"(
    #include <omp.h>
    double partial[16];
    static void put(int t, double v) { partial[t] = v; }
    void fill(void) {
    #pragma omp teams num_teams(16)
      put(omp_get_team_num()%s, 1.0);
    })";
  CheckedSnippet checked = checkSnippet(fillIn(code, {""}));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked));
  CheckedSnippet twin = checkSnippet(fillIn(code, {" % 3"}));
  EXPECT_TRUE(reportsRaceOn(twin, "partial", true)) << describe(twin.findings);
}

}  // namespace teams_region_test
}  // namespace adrace::analyzer::testing
