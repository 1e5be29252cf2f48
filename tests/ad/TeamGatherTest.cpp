// Unit tests of gathers in the worksharing loops of a team region (ad/TeamUniform.h): a term reads a
// scalar of the region at iterations other threads ran, so the gather is written only when that
// scalar is proven to hold one value on every thread; otherwise the increments stay guarded.
#include "GeneratedAdjoint.h"

#include <string>

namespace adrace::ad {
namespace team_gather_test {

using testing::contains;
using testing::generatedAdjoint;

// `WEIGHT` is replaced by each test's initialiser of the per-thread weight w.
const char* kTeamSmooth = R"(#include <omp.h>
void smooth(int n, double relax, const double *c, const double *u, double *v)
{
    int i;
#pragma omp parallel private(i)
    {
        double w = WEIGHT;
#pragma omp for
        for (i = 1; i < n - 1; i++)
            v[i] = (1.0 - w) * u[i] + w * 0.5 * (u[i - 1] + u[i + 1]);
    }
}
)";

std::string adjointWith(const std::string& from, const std::string& to) {
  std::string source = kTeamSmooth;
  source.replace(source.find(from), from.size(), to);
  return generatedAdjoint(source, "smooth", {"relax", "u", "v"});
}

const char* kGathered = "/* u_b: a gather over its targets, plain stores";
const char* kGuarded = "/* u_b: atomic on the unproven increments";

TEST(TeamGather, AWeightEveryThreadComputesAlikeIsGathered) {
  std::string code = adjointWith("WEIGHT", "0.5 * sqrt(relax) + sizeof(double)");
  EXPECT_TRUE(contains(code, kGathered)) << code;
  // the gather's interior is a worksharing loop of the team, and the increments of w_b stay in the
  // backward iterations, each thread's own
  EXPECT_TRUE(contains(code, "#pragma omp for schedule(static)\n")) << code;
  EXPECT_TRUE(contains(code, "w_b -= v_b[i] * u[i]")) << code;
  EXPECT_FALSE(contains(code, "atomic\n            u_b")) << code;
}

TEST(TeamGather, AWeightThatMayDifferByThreadIsGuarded) {
  // an array element (unknown: the region might write it; the thread number itself is refused where
  // its value enters the derivative)
  for (const char* weight : {"relax * c[0]", "relax * c[n - 1]"}) {
    std::string code = adjointWith("WEIGHT", weight);
    EXPECT_TRUE(contains(code, kGuarded)) << weight << "\n" << code;
    EXPECT_FALSE(contains(code, kGathered)) << weight << "\n" << code;
  }
}

TEST(TeamGather, AWeightTheRegionWritesAgainIsGuarded) {
  std::string code = adjointWith("double w = WEIGHT;", "double w = relax;\n        w = w * w;");
  EXPECT_TRUE(contains(code, kGuarded)) << code;
}

TEST(TeamGather, AFirstprivateCopyTheRegionNeverWritesIsAlike) {
  std::string source = kTeamSmooth;
  source.replace(source.find("private(i)"), 10, "private(i) firstprivate(scale)");
  source.replace(source.find("double relax,"), 13, "double relax, double scale,");
  source.replace(source.find("WEIGHT"), 6, "relax * scale");
  EXPECT_TRUE(contains(generatedAdjoint(source, "smooth", {"relax", "u", "v"}), kGathered));
  // a private copy is not initialised from the original
  source.replace(source.find("firstprivate(scale)"), 19, "private(scale)");
  source.replace(source.find("double w = "), 11, "scale = relax;\n        double w = ");
  EXPECT_TRUE(contains(generatedAdjoint(source, "smooth", {"relax", "u", "v"}), kGuarded));
}

TEST(TeamGather, ANameTwoVariablesShareIsAlikeOnlyWhenBothAre) {
  // the loop model names variables by name: the block's own w, thread-dependent, shares the name
  std::string code = adjointWith("double w = WEIGHT;",
                                 "{\n            double w = relax * c[1];\n            (void)w;\n"
                                 "        }\n        double w = relax;");
  EXPECT_TRUE(contains(code, kGuarded)) << code;
}

}  // namespace team_gather_test
}  // namespace adrace::ad
