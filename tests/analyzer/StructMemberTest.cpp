// Memory kept in structs (docs/check.md, "Memory in structs"): member arrays, pointer members, arrays of structs,
// scalar fields and accessors, in `check` (races) and in the loop model `analyze` reads (verdicts).
#include "CheckSnippet.h"
#include "analyzer/verdicts/LoopAnalysis.h"

#include <map>

namespace adrace::analyzer::testing {
namespace struct_member_test {

const char* kGrid = R"(
  #define NX 256
  typedef struct { float u[NX]; float unew[NX]; float coef; } Grid;
)";

TEST(StructMembers, MemberArrayReadAtTheNeighbourRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(std::string(kGrid) + R"(
    void f(Grid *grid, int n) {
      int i;
      #pragma omp parallel for firstprivate(n)
      for (i = 1; i < n - 1; i++) grid->u[i] = grid->coef * (grid->u[i - 1] + grid->u[i + 1]);
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "grid->u", true)) << describe(checked.findings);
}

TEST(StructMembers, TwoMemberArraysOfOneStructNeverOverlap) {
  CheckedSnippet checked = checkSnippet(std::string(kGrid) + R"(
    void f(Grid *grid, int n) {
      int i;
      #pragma omp parallel for firstprivate(n)
      for (i = 1; i < n - 1; i++) grid->unew[i] = grid->u[i - 1] + /* centre */ grid->u[i] + grid->u[i + 1];
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  const LoopModel& loop = checked.models.loops.at(0);
  ASSERT_NE(loop.findVariable("grid->unew"), nullptr);
  EXPECT_EQ(loop.findVariable("grid->unew")->sharing, Sharing::Shared);
  EXPECT_TRUE(loop.findVariable("grid->unew")->isFloating);
}

TEST(StructMembers, ArrowDotAndDereferenceSpellOneArray) {
  CheckedSnippet checked = checkSnippet(std::string(kGrid) + R"(
    Grid global;
    void f(Grid *grid, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n - 1; i++) { (*grid).u[i] = grid->u[i + 1]; global.unew[i] = global.unew[i + 1]; }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "grid->u", true)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "global.unew", true)) << describe(checked.findings);
}

TEST(StructMembers, NestedMembersArePathsOfTheirOwn) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { double x[64]; double y[64]; } Coords;
    typedef struct { Coords mesh; int n; } Domain;
    void f(Domain *d) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < 63; i++) d->mesh.x[i] = d->mesh.y[i + 1];
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_NE(checked.models.loops.at(0).findVariable("d->mesh.x"), nullptr);
}

TEST(StructMembers, PointerMembersMayAliasUnlessAssumedNot) {
  std::string code = R"(
    typedef struct { double *m_xd; double *m_xdd; } Domain;
    void f(Domain *domain, int n, double dt) {
      int i;
      #pragma omp parallel for firstprivate(dt)
      for (i = 0; i < n - 1; i++) domain->m_xd[i] += domain->m_xdd[i + 1] * dt;
    })";
  CheckedSnippet checked = checkSnippet(code);
  std::vector<RaceFinding> aliasing = findingsOf(checked, RaceFinding::Kind::PointerAlias);
  ASSERT_EQ(aliasing.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(aliasing[0].certainty, Certainty::Possible);
  EXPECT_NE(aliasing[0].message.find("domain->m_xd and domain->m_xdd"), std::string::npos) << aliasing[0].message;
  EXPECT_TRUE(checkSnippet(code, {}, false).findings.empty());
}

TEST(StructMembers, PointerMembersAtTheSameIndexAreCleanEvenIfAliased) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { double *m_xd; double *m_xdd; } Domain;
    void f(Domain *domain, int n, double dt) {
      int i;
      #pragma omp parallel for firstprivate(dt)
      for (i = 0; i < n; i++) domain->m_xd[i] += domain->m_xdd[i] * dt;
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(StructMembers, OneMemberThroughTwoBasesMayBeOneArray) {
  std::string code = std::string(kGrid) + R"(
    void f(Grid *dst, Grid *src, int n) {
      int i;
      #pragma omp parallel for
      for (i = 1; i < n; i++) { dst->u[i] = src->u[i - 1]; dst->unew[i] = src->u[i]; }
    })";
  CheckedSnippet checked = checkSnippet(code);
  std::vector<RaceFinding> aliasing = findingsOf(checked, RaceFinding::Kind::PointerAlias);
  ASSERT_EQ(aliasing.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(aliasing[0].certainty, Certainty::Possible);
  EXPECT_EQ(aliasing[0].variable, "dst->u");
  EXPECT_FALSE(hasDefinite(checked));
}

TEST(StructMembers, FieldsOfOneElementOfAnArrayOfStructsNeverOverlap) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { float x, y; float v[3]; } Particle;
    void f(Particle *p, int n, float dt) {
      int i;
      #pragma omp parallel for firstprivate(dt)
      for (i = 0; i < n; i++) { p[i].x += p[i].y * dt; p[i].v[2] = p[i].v[0] + p[i].v[1]; }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  const Variable* field = checked.models.loops.at(0).findVariable("p[].v");
  ASSERT_NE(field, nullptr);
  EXPECT_EQ(field->dimensions, 2u) << "the element, then the field's own subscript";
}

TEST(StructMembers, OneFieldOfTwoElementsRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { float x, y; } Particle;
    void f(Particle *p, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n - 1; i++) p[i].x += p[i + 1].x;
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "p[].x", true)) << describe(checked.findings);
}

TEST(StructMembers, ScalarFieldWrittenByEveryIterationIsDefinite) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { float total; int count; } Stats;
    void f(const float *cell, Stats *stats, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n; i++) stats->total += cell[i];
    })");
  std::vector<RaceFinding> scalar = findingsOf(checked, RaceFinding::Kind::SharedScalar);
  ASSERT_EQ(scalar.size(), 1u) << describe(checked.findings);
  EXPECT_EQ(scalar[0].variable, "stats->total");
  EXPECT_EQ(scalar[0].certainty, Certainty::Definite);
  EXPECT_EQ(scalar[0].suggestion.find("reduction(+:stats"), std::string::npos) << "a clause cannot name a member";
}

// The loop body only reads stats->total; a helper it calls updates it under a critical section.
TEST(StructMembers, AFieldReadInTheBodyRacesWithItsWritesInACallee) {
  const std::string code = R"(
    typedef struct { int count; double total; } Stats;
    static void bump(Stats *s, double v) {
      #pragma omp critical
      { s->count++; s->total += v; }
    }
    void f(Stats *stats, const double *x, double *y, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n; i++) {
        bump(stats, x[i]);
        %s;
      }
    })";
  CheckedSnippet unprotected = checkSnippet(fillIn(code, {"y[i] = stats->total"}));
  EXPECT_TRUE(reportsRaceOn(unprotected, "stats->total", true)) << describe(unprotected.findings);
  CheckedSnippet protectedRead = checkSnippet(fillIn(code, {"\n#pragma omp critical\n y[i] = stats->total;"}));
  EXPECT_TRUE(protectedRead.findings.empty()) << describe(protectedRead.findings);
}

TEST(StructMembers, PointerMemberAssignedInTheLoopCannotBeChecked) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { double *m_xd; } Domain;
    double *pick(int i);
    void f(Domain *d, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n; i++) { d->m_xd = pick(i); d->m_xd[i] = 1.0; }
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "pointer member 'd->m_xd' is assigned inside the loop"))
      << describe(checked.findings);
}

TEST(StructMembers, StructPointerReassignedInTheLoopCannotBeChecked) {
  CheckedSnippet checked = checkSnippet(std::string(kGrid) + R"(
    void f(Grid *grid, Grid *other, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n; i++) { if (i == 3) grid = other; grid->u[i] = 0.0f; }
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "'grid' is assigned inside the loop")) << describe(checked.findings);
}

TEST(StructMembers, PrivatePointerToAnElementIsNeverDefinite) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { float x, y; } Node;
    void f(Node *nodes, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n; i++) { Node *node = i % 2 ? &nodes[i] : &nodes[0]; node->x = node->y; }
    })");
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "node->x")) << "which node is not followed: possible, never clean";
}

TEST(StructMembers, PointerToOneElementIsThatElementsFields) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { float x, y; } Node;
    void f(Node *nodes, int n) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) { Node *node = &nodes[i]; node->x = node->y + nodes[i].x; }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_NE(checked.models.loops.at(0).findVariable("nodes[].x"), nullptr);
}

TEST(StructMembers, PointerToTheNextElementRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { float x, y; } Node;
    void f(Node *nodes, int n) {
      #pragma omp parallel for
      for (int i = 0; i < n - 1; i++) { Node *next = &nodes[i + 1]; nodes[i].x = next->x; }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "nodes[].x", true)) << describe(checked.findings);
}

TEST(StructMembers, WholeStructBesideItsFieldsIsRefused) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { float v[3]; } Vec;
    typedef struct { Vec pos; Vec vel; } Body;
    void f(Body *b, int n) {
      int i;
      #pragma omp parallel for
      for (i = 1; i < n; i++) { Vec v = b[i - 1].pos; b[i].pos.v[0] = v.v[1]; }
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "used as a whole")) << describe(checked.findings);
}

// A whole element read beside its fields is a read of each field (frontend/WholeStructAccesses).
TEST(StructMembers, WholeElementBesideItsFieldsIsReadFieldByField) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { float x, y; } Particle;
    void f(Particle *p, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n - 1; i++) { Particle q = p[i + 1]; p[i].x = q.y; }
    })");
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "p[].x", true)) << describe(checked.findings);
  EXPECT_FALSE(reportsRaceOn(checked, "p[].y")) << describe(checked.findings);
}

// A whole element written while a pointer field is followed changes what the accesses reach: refused.
TEST(StructMembers, WholeElementWrittenBesidePointerFieldIsRefused) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { double *v; int n; } Row;
    void f(Row *rows, Row spare, int n) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n; i++) { rows[i].v[0] = 1.0; rows[i] = spare; }
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "accessed as whole structs")) << describe(checked.findings);
}

const char* kDomain = R"(
  typedef double Real_t;
  typedef int Index_t;
  struct Domain { Real_t *m_x, *m_xd; Real_t *m_nodalMass; Index_t numNode; };
  static inline Real_t *x(struct Domain *d, Index_t i) { return &d->m_x[i]; }
  static inline Real_t *xd(struct Domain *d, Index_t i) { return &d->m_xd[i]; }
  static inline Real_t nodalMass(const struct Domain *d, Index_t i) { return d->m_nodalMass[i]; }
)";

TEST(StructMembers, AccessorsGiveTheMemberAccessInTermsOfTheArguments) {
  CheckedSnippet checked = checkSnippet(std::string(kDomain) + R"(
    void f(struct Domain *domain, const Real_t dt) {
      Index_t i, numNode = domain->numNode;
      #pragma omp parallel for firstprivate(numNode)
      for (i = 0; i < numNode; ++i) *x(domain, i) += *xd(domain, i) * dt / nodalMass(domain, i);
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_NE(checked.models.loops.at(0).findVariable("domain->m_x"), nullptr);
}

TEST(StructMembers, AccessorAtTheNeighbourRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(std::string(kDomain) + R"(
    void f(struct Domain *domain, const Real_t dt) {
      Index_t i, numNode = domain->numNode;
      #pragma omp parallel for firstprivate(numNode)
      for (i = 0; i < numNode - 1; ++i) *x(domain, i) += *x(domain, i + 1) * dt;
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "domain->m_x", true)) << describe(checked.findings);
}

TEST(StructMembers, CalleeReachingAStructPassedByAddressNamesItsFields) {
  CheckedSnippet checked = checkSnippet(std::string(kGrid) + R"(
    static Grid grid;
    static void relax(Grid *g, int i) { g->unew[i] = 0.5f * (g->u[i - 1] + g->u[i + 1]); }
    static void bump(Grid *g, int i) { g->u[i] += g->u[i + 1]; }
    void f(int n) {
      int i;
      #pragma omp parallel for
      for (i = 1; i < n - 1; i++) relax(&grid, i);
      #pragma omp parallel for
      for (i = 1; i < n - 1; i++) bump(&grid, i);
    })");
  ASSERT_EQ(checked.models.loops.size(), 2u);
  for (const RaceFinding& finding : checked.findings) EXPECT_EQ(finding.loop, 1) << describe(checked.findings);
  EXPECT_TRUE(reportsRaceOn(checked, "grid.u", true)) << describe(checked.findings);
}

TEST(StructMembers, FieldsOfAStructPassedByValueAreTheCalleesCopy) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { float w[4]; float *out; } Params;
    static void apply(Params p, int i) { p.w[0] = 1.0f; p.out[i] = p.w[1]; }
    void f(Params params, int n) {
      int i;
      #pragma omp parallel for firstprivate(params)
      for (i = 0; i < n; i++) apply(params, i);
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_NE(checked.models.loops.at(0).findVariable("params.out"), nullptr);
}

const char* kParticle = R"(
  struct particle { double x, y; double vx, vy; int alive; };
  static void force(const struct particle *a, double *fx) { *fx = -a->x - 0.1 * a->vx; }
  static void move(struct particle *a, double dx) { a->x += dx; }
)";

TEST(StructMembers, ElementPassedByAddressIsThatElementsFields) {
  CheckedSnippet checked = checkSnippet(std::string(kParticle) + R"(
    void f(int n, double dt, struct particle *p) {
      int i;
      #pragma omp parallel for schedule(guided)
      for (i = 0; i < n; i++) {
        double fx;
        if (!p[i].alive) continue;
        force(&p[i], &fx);
        p[i].vx += dt * fx;
        move(&p[i], dt * p[i].vx);
      }
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
}

TEST(StructMembers, NeighbourElementPassedByAddressRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(std::string(kParticle) + R"(
    void f(int n, struct particle *p) {
      int i;
      #pragma omp parallel for
      for (i = 0; i < n - 1; i++) {
        double fx;
        force(&p[i + 1], &fx);
        move(&p[i], fx);
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "p[].x", true)) << describe(checked.findings);
}

TEST(StructMembers, AnalyzeGivesMemberArraysVerdictsNamedAsWritten) {
  LoopModel loop = onlyLoop(std::string(kDomain) + R"(
    void f(struct Domain *domain, const Real_t dt) {
      Index_t i, numNode = domain->numNode;
      #pragma omp parallel for firstprivate(numNode)
      for (i = 0; i < numNode; ++i) *x(domain, i) += *xd(domain, i) * dt / nodalMass(domain, i);
    })");
  LoopAnalysis analysis = analyzeLoop(loop, AnalysisOptions{});
  bool sawX = false;
  for (const ArrayVerdict& verdict : analysis.arrays)
    if (verdict.array == "domain->m_xd") {
      sawX = true;
      EXPECT_EQ(verdict.verdict, Verdict::Shared) << verdict.reason;
      EXPECT_TRUE(verdict.proven);
      EXPECT_EQ(verdict.adjoint, "domain_b->m_xd");
    }
  EXPECT_TRUE(sawX);
}

TEST(StructMembers, AdjointNamesLiveInTheShadowStruct) {
  EXPECT_EQ(adjointNameOf("u"), "u_b");
  EXPECT_EQ(adjointNameOf("d->m_xd"), "d_b->m_xd");
  EXPECT_EQ(adjointNameOf("p[].x"), "p_b[].x");
  EXPECT_EQ(adjointNameOf("s.mesh.x"), "s_b.mesh.x");
}

// Members in a parallel region's own statements, named as in loops.
std::string regionOnGrid(const std::string& store) {
  return R"(
    #include <omp.h>
    typedef struct { int n; int count; double *u; double sum[64]; } grid_t;
    void smooth(grid_t *g) {
    #pragma omp parallel
      {
        int t = omp_get_thread_num(), i;
        double s = 0.0;
    #pragma omp for
        for (i = 1; i < g->n - 1; i++)
          s += g->u[i];
        )" +
         store + R"(
      }
    })";
}

TEST(StructMembers, ARegionStatementWritesTheThreadsOwnSlotOfAMemberArray) {
  CheckedSnippet checked = checkSnippet(regionOnGrid("if (t < 64) g->sum[t] = s;"));
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  EXPECT_FALSE(anyUnsupported(checked)) << describe(checked.findings);
  CheckedSnippet racy = checkSnippet(regionOnGrid("g->sum[0] = s;"));
  EXPECT_TRUE(reportsRaceOn(racy, "g->sum", true)) << describe(racy.findings);
}

TEST(StructMembers, AScalarMemberEveryThreadUpdatesRacesUnlessProtected) {
  CheckedSnippet racy = checkSnippet(regionOnGrid("g->count++;"));
  EXPECT_TRUE(reportsRaceOn(racy, "g->count", true)) << describe(racy.findings);
  EXPECT_FALSE(anyUnsupported(racy)) << describe(racy.findings);
  CheckedSnippet atomic = checkSnippet(regionOnGrid("\n#pragma omp atomic\n g->count++;"));
  EXPECT_TRUE(atomic.findings.empty()) << describe(atomic.findings);
  // The loop reads g->u: a region statement writing it before the loop's barrier races.
  CheckedSnippet mixed = checkSnippet(regionOnGrid("if (t == 0) g->u[2] = s;"));
  EXPECT_TRUE(mixed.findings.empty()) << "after the loop's barrier: " << describe(mixed.findings);
}

TEST(StructMembers, APointerMemberAssignedInARegionIsNotFollowed) {
  CheckedSnippet checked = checkSnippet(regionOnGrid("\n#pragma omp single\n g->u = 0;"));
  EXPECT_TRUE(anyUnsupported(checked)) << describe(checked.findings);
}

}  // namespace struct_member_test
}  // namespace adrace::analyzer::testing

namespace adrace::analyzer::testing {
namespace struct_member_test {

// Rodinia streamcluster: `points->p[i].cost`, an array of structs that a pointer member points to.
// Its fields are arrays of their own, indexed by the element, as those of a `Point *p` parameter are.
const char* kPoints = R"(
  typedef struct { float weight; float *coord; long assign; float cost; } Point;
  typedef struct { long num; int dim; Point *p; } Points;
)";

TEST(StructMembers, AnArrayOfStructsBehindAPointerMemberIsChecked) {
  CheckedSnippet checked = checkSnippet(std::string(kPoints) + R"(
    void f(Points *points) {
      long i;
      #pragma omp parallel for
      for (i = 0; i < points->num; i++) points->p[i].cost = points->p[i].weight * 2.0f;
    })");
  EXPECT_TRUE(checked.findings.empty()) << describe(checked.findings);
  const Variable* cost = checked.models.loops.at(0).findVariable("points->p[].cost");
  ASSERT_NE(cost, nullptr);
  EXPECT_EQ(cost->sharing, Sharing::Shared);
  EXPECT_EQ(cost->dimensions, 1u);
}

TEST(StructMembers, TheNextElementBehindAPointerMemberRacesDefinitely) {
  CheckedSnippet checked = checkSnippet(std::string(kPoints) + R"(
    void f(Points *points) {
      long i;
      #pragma omp parallel for
      for (i = 0; i < points->num - 1; i++) points->p[i].cost = points->p[i + 1].cost;
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "points->p[].cost", true)) << describe(checked.findings);
}

// An array member of a struct (`Cell cells[128]`), and an array field of its elements.
TEST(StructMembers, AnArrayOfStructsInAStructIsChecked) {
  const std::string mesh = R"(
    typedef struct { double v[4]; double mass; } Cell;
    typedef struct { Cell cells[128]; int n; } Mesh;
    void f(Mesh *m, double factor) {
      int i, k;
      #pragma omp parallel for private(k)
      for (i = 1; i < m->n; i++) {
        for (k = 0; k < 4; k++) m->cells[i].v[k] *= factor * m->cells[i].mass;
        %s;
      }
    })";
  CheckedSnippet clean = checkSnippet(fillIn(mesh, {"m->cells[i].mass = 0.0"}));
  EXPECT_TRUE(clean.findings.empty()) << describe(clean.findings);
  EXPECT_EQ(clean.models.loops.at(0).findVariable("m->cells[].v")->dimensions, 2u);
  // Iteration i - 1 writes the v of the cell iteration i reads.
  CheckedSnippet race = checkSnippet(fillIn(mesh, {"m->cells[i].mass += m->cells[i - 1].v[3]"}));
  EXPECT_TRUE(reportsRaceOn(race, "m->cells[].v", true)) << describe(race.findings);
  EXPECT_FALSE(reportsRaceOn(race, "m->cells[].mass")) << "each iteration its own cell's mass";
}

// `dist(points->p[i], points->p[x], dim)`: each element passed by value, its pointer field's
// pointee read in the callee; the copy reads every field of the element where the call is made.
TEST(StructMembers, AnElementOfAMemberArrayPassedByValueIsFollowed) {
  const std::string assign = std::string(kPoints) + R"(
    static float dist(Point p1, Point p2, int dim) {
      int k;
      float result = 0.0f;
      for (k = 0; k < dim; k++) result += (p1.coord[k] - p2.coord[k]) * (p1.coord[k] - p2.coord[k]);
      return result;
    }
    void f(Points *points, long x) {
      long i;
      #pragma omp parallel for
      for (i = 0; i < points->num; i++) {
        float c = dist(points->p[i], points->p[x], points->dim) * points->p[i].weight;
        if (c < points->p[i].cost) %s;
      }
    })";
  CheckedSnippet costs = checkSnippet(fillIn(assign, {"points->p[i].cost = c"}));
  EXPECT_FALSE(anyUnsupported(costs)) << describe(costs.findings);
  // Element x is read whole by every iteration while iteration x may write its cost.
  EXPECT_TRUE(reportsRaceOn(costs, "points->p[].cost", true)) << describe(costs.findings);
  CheckedSnippet weights = checkSnippet(fillIn(assign, {"points->p[i].weight = c"}));
  EXPECT_TRUE(reportsRaceOn(weights, "points->p[].weight", true)) << describe(weights.findings);
  CheckedSnippet coords = checkSnippet(fillIn(assign, {"points->p[i].coord[0] = c"}));
  EXPECT_TRUE(reportsRaceOn(coords, "points->p[].coord")) << describe(coords.findings);
}

// The adjoint of a read of cell i - 1 increments the shadow cell i - 1: one iteration each, plain;
// cells i and i + 1 are both read, so their adjoint increments may meet (not proven).
TEST(StructMembers, AnalyzeGivesAnArrayOfStructsInAStructVerdictsPerField) {
  LoopModel loop = onlyLoop(R"(
    typedef struct { double v; double w; } Cell;
    typedef struct { int n; Cell *cells; } Mesh;
    void relax(Mesh *m, double *out) {
      int i;
      #pragma omp parallel for
      for (i = 1; i < m->n - 1; i++) out[i] = m->cells[i].v * m->cells[i - 1].w + m->cells[i + 1].v;
    })");
  LoopAnalysis analysis = analyzeLoop(loop, AnalysisOptions{});
  std::map<std::string, const ArrayVerdict*> verdicts;
  for (const ArrayVerdict& verdict : analysis.arrays) verdicts[verdict.array] = &verdict;
  ASSERT_TRUE(verdicts.count("m->cells[].w"));
  EXPECT_EQ(verdicts["m->cells[].w"]->verdict, Verdict::Shared) << verdicts["m->cells[].w"]->reason;
  EXPECT_EQ(verdicts["m->cells[].w"]->adjoint, "m_b->cells[].w");
  ASSERT_TRUE(verdicts.count("m->cells[].v"));
  EXPECT_NE(verdicts["m->cells[].v"]->verdict, Verdict::Shared);
}

// One element under two names: `points->p->cost` is element 0's cost.
TEST(StructMembers, AMemberUsedAsOneStructAndAsAnArrayIsRefused) {
  CheckedSnippet checked = checkSnippet(std::string(kPoints) + R"(
    void f(Points *points) {
      long i;
      #pragma omp parallel for
      for (i = 0; i < points->num; i++) points->p[i].cost = points->p->cost + 1.0f;
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "'points->p' is used both as one struct and as an array of structs"))
      << describe(checked.findings);
}

// Two elements' pointer members may point to one struct (or one array): not a path.
TEST(StructMembers, APointerMemberOfAnElementFollowedFurtherIsRefused) {
  CheckedSnippet checked = checkSnippet(std::string(kPoints) + R"(
    typedef struct { Point *q; Point *row; } Link;
    typedef struct { long num; Link *links; } Net;
    void f(Net *net) {
      long i;
      #pragma omp parallel for
      for (i = 0; i < net->num; i++) { net->links[i].q->cost = 1.0f; net->links[i].row[0].cost = 2.0f; }
    })");
  EXPECT_TRUE(unsupportedSaying(checked, "net->links[i].q->cost")) << describe(checked.findings);
  EXPECT_TRUE(unsupportedSaying(checked, "net->links[i].row[0].cost")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

}  // namespace struct_member_test
}  // namespace adrace::analyzer::testing
