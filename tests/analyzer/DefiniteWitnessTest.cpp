// What makes a race definite (docs/check.md, "What a definite race means"): a witness that every
// fact of the function allows. Each race-free kernel, written as application code is, had a false
// definite race whose witness broke a fact the model did not carry; each racing twin must stay
// definite.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace definite_witness_test {

// Blocks of a vector updated one block row after another: the sequential loop around the
// parallel one starts at 0 and steps by the block size, so `off + c` never meets another `c'`.
const char* kBlockSweep = R"(
  #define BS 16
  void block_sweep(double *y, int n)
  {
    int off, c;
    for (off = %s; off < n; off += BS) {
  #pragma omp parallel for
      for (c = 0; c < BS; c++)
        y[off + c] = 0.5 * y[c];
    }
  })";

TEST(DefiniteWitness, EnclosingLoopCounterKeepsItsRangeAndStride) {
  CheckedSnippet clean = checkSnippet(fillIn(kBlockSweep, {"0"}));
  EXPECT_FALSE(hasDefinite(clean)) << describe(clean.findings);
  EXPECT_FALSE(reportsRaceOn(clean, "y")) << describe(clean.findings);

  CheckedSnippet racing = checkSnippet(fillIn(kBlockSweep, {"1"}));
  EXPECT_TRUE(reportsRaceOn(racing, "y", true)) << describe(racing.findings);
}

// The block count is computed in the sequential loop from its counter: `nchunks` has the value
// of the assignment, not any value.
const char* kPerimeter = R"(
  #define BS 16
  void perimeter(float *a, int size)
  {
    int offset, chunk, nchunks, rest;
    for (offset = 0; offset < size - BS; offset += BS) {
      rest = size - offset - BS;
      nchunks = rest / BS;
  #pragma omp parallel for
      for (chunk = 0; chunk < nchunks; chunk++) {
        int j;
        for (j = 0; j < BS; j++)
          a[offset + BS * (chunk + 1) + j] = a[offset + BS * (chunk + 1) + j] - a[offset + j %s];
      }
    }
  })";

TEST(DefiniteWitness, AssignmentsBeforeTheLoopAreFacts) {
  CheckedSnippet clean = checkSnippet(fillIn(kPerimeter, {""}));
  EXPECT_FALSE(hasDefinite(clean)) << describe(clean.findings);

  CheckedSnippet racing = checkSnippet(fillIn(kPerimeter, {"+ BS"}));
  EXPECT_TRUE(reportsRaceOn(racing, "a", true)) << describe(racing.findings);
}

// A variable the function changes where the model does not follow (here at the end of a `while`
// around the loop) is not pinned: lo is always a multiple of n, but a race needing lo = 1 is only
// possible, and says which value it needs.
TEST(DefiniteWitness, ValueChangedInAWhileLoopIsNotPinned) {
  CheckedSnippet checked = checkSnippet(R"(
    void spread(double *u, int n, int total)
    {
      int lo = 0, i;
      while (lo < total) {
    #pragma omp parallel for
        for (i = 0; i < n; i++)
          u[lo + i] = 2.0 * u[i];
        lo += n;
      }
    })");
  const RaceFinding* finding = findingOn(checked, "u");
  ASSERT_NE(finding, nullptr) << describe(checked.findings);
  EXPECT_EQ(finding->certainty, Certainty::Possible) << finding->message;
  EXPECT_NE(finding->message.find("lo"), std::string::npos) << finding->message;
}

// A witness that needs a negative subscript (a row length of -1) proves nothing: programs that
// work index in bounds.
const char* kRowWrap = R"(
  void wrap_rows(double *u, int rows, int cols)
  {
    int i;
  #pragma omp parallel for
    for (i = 0; i < rows; i++)
      u[i * cols] = u[i * cols + cols %s];
  })";

TEST(DefiniteWitness, NegativeSubscriptsProveNoRace) {
  CheckedSnippet clean = checkSnippet(fillIn(kRowWrap, {"- 1"}));
  EXPECT_FALSE(hasDefinite(clean)) << describe(clean.findings);

  CheckedSnippet racing = checkSnippet(fillIn(kRowWrap, {"+ 0"}));
  EXPECT_TRUE(reportsRaceOn(racing, "u", true)) << describe(racing.findings);
}

// A grid flattened with a macro of constant row length, its bounds read from a struct: rows of
// NY + 2 = 50 elements (docs/check.md, "What a definite race means": columns within their rows).
const char* kGridRows = R"(
  #define NX 64
  #define NY 48
  #define IDX(i, j) ((i) * (NY + 2) + (j))
  typedef struct { int nx, ny; double *u, *unew; } grid_t;
  void relax(grid_t *g)
  {
    int i, j;
  #pragma omp parallel for private(j)
    for (i = 1; i <= g->nx; i++)
      for (j = %s; j <= %s; j++)
        g->%s[IDX(i, j)] = 0.25 * (g->u[IDX(i - 1, j)] + g->u[IDX(i + 1, j)] + g->u[IDX(i, j - 1)] +
                                   g->u[IDX(i, j + 1)]);
  })";

// Jacobi into a second grid: iteration i's write meets another row's only if j passes the row,
// which g->ny (an input) allows but a run with g->ny <= NY does not: possible, and it says why.
TEST(DefiniteWitness, ColumnPastItsRowThroughAnInputBoundIsOnlyPossible) {
  CheckedSnippet checked = checkSnippet(fillIn(kGridRows, {"1", "g->ny", "unew"}));
  const RaceFinding* finding = findingOn(checked, "g->unew");
  ASSERT_NE(finding, nullptr) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
  EXPECT_NE(finding->message.find("only if column j of"), std::string::npos) << finding->message;
  EXPECT_NE(finding->message.find("reaches the row length 50"), std::string::npos) << finding->message;
}

// In place, IDX(i + 1, j) is the next row's column j (a row shift, not a column past the row):
// rows i and i + 1 race with every column in its row, definitely.
TEST(DefiniteWitness, RowShiftInPlaceIsDefinite) {
  CheckedSnippet checked = checkSnippet(fillIn(kGridRows, {"1", "g->ny", "u"}));
  EXPECT_TRUE(reportsRaceOn(checked, "g->u", true)) << describe(checked.findings);
}

// A column bound that is a constant past the row (0 <= j <= NY + 2) leaves the row in every run:
// the program indexes the grid flat (column 50 of row i is column 0 of row i + 1), and the race
// through it stays definite.
TEST(DefiniteWitness, ColumnPastItsRowInEveryRunStaysDefinite) {
  CheckedSnippet checked = checkSnippet(fillIn(kGridRows, {"0", "NY + 2", "unew"}));
  EXPECT_TRUE(reportsRaceOn(checked, "g->unew", true)) << describe(checked.findings);
  // Within the row, the same loop is race-free.
  CheckedSnippet inside = checkSnippet(fillIn(kGridRows, {"1", "NY", "unew"}), {}, /*checkAliasing=*/false);
  EXPECT_FALSE(reportsRaceOn(inside, "g->unew")) << describe(inside.findings);
}

// Beside an input bound, a known one past the row (`y < count_ones`, count_ones = W + 1) says the
// program means its column to reach the next row: smaller inputs would avoid it, but the race
// stays definite.
TEST(DefiniteWitness, KnownBoundPastTheRowBesideAnInputStaysDefinite) {
  const char* code = R"(
    #define W 2
    void mark(int n, int *grid)
    {
      int x, y;
      int count_ones = W %s;
    #pragma omp parallel for private(y)
      for (x = 0; x < n; x++)
        for (y = 0; y < n && y < count_ones; y++)
          grid[x * W + y] = 1;
    })";
  CheckedSnippet racing = checkSnippet(fillIn(code, {"+ 1"}));
  EXPECT_TRUE(reportsRaceOn(racing, "grid", true)) << describe(racing.findings);
  CheckedSnippet clean = checkSnippet(fillIn(code, {""}));
  EXPECT_FALSE(reportsRaceOn(clean, "grid")) << describe(clean.findings);
}

// Column j - 1 from j = 0 is negative in every run: the overflow is forced, definite.
TEST(DefiniteWitness, NegativeColumnInEveryRunStaysDefinite) {
  CheckedSnippet checked = checkSnippet(R"(
    #define W 32
    void shift_rows(double *u, const double *v, int rows, int cols)
    {
      int i, j;
    #pragma omp parallel for private(j)
      for (i = 1; i < rows; i++)
        for (j = 0; j < cols; j++)
          u[i * W + j - 1] = v[i * W + j];
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << describe(checked.findings);
}

// A struct field the function assigns before the loop has that value, not any: `v->off = n` puts
// the copy past the source (no race), `n - 1` makes the first write meet the last read.
const char* kFieldOffset = R"(
  typedef struct { int off, n; double *x; } vec_t;
  void mirror(vec_t *v, int n)
  {
    int i;
    v->off = n%s;%s
  #pragma omp parallel for
    for (i = 0; i < n; i++)
      v->x[v->off + i] = v->x[i];
  })";

TEST(DefiniteWitness, StructFieldAssignedBeforeTheLoopIsAFact) {
  CheckedSnippet clean = checkSnippet(fillIn(kFieldOffset, {"", ""}));
  EXPECT_FALSE(reportsRaceOn(clean, "v->x")) << describe(clean.findings);

  CheckedSnippet racing = checkSnippet(fillIn(kFieldOffset, {" - 1", ""}));
  EXPECT_TRUE(reportsRaceOn(racing, "v->x", true)) << describe(racing.findings);
}

// A call between the assignment and the loop may change the field through the struct's address:
// its value is not modelled, and a race through it is only possible, naming it.
TEST(DefiniteWitness, StructFieldBehindACallIsNotPinned) {
  CheckedSnippet checked =
      checkSnippet(fillIn(kFieldOffset, {"", "\n    reset(v);"}).insert(0, "void reset(void *);\n"));
  const RaceFinding* finding = findingOn(checked, "v->x");
  ASSERT_NE(finding, nullptr) << describe(checked.findings);
  EXPECT_EQ(finding->certainty, Certainty::Possible) << finding->message;
  EXPECT_NE(finding->message.find("v->off"), std::string::npos) << finding->message;
}

// A pipeline whose iterations wait on flags under `flush` (as NAS LU's SSOR sweeps do): the order
// it gives is not modelled, so the races between neighbouring iterations are only possible.
TEST(DefiniteWitness, FlushFlagPipelineIsOnlyPossible) {
  CheckedSnippet checked = checkSnippet(R"(
    static int flag[64];
    void sweep(double *v, int n)
    {
      int i;
    #pragma omp parallel
      {
    #pragma omp for nowait schedule(static)
        for (i = 1; i < n; i++) {
          if (i != 1) {
            while (flag[i - 1] == 0) {
    #pragma omp flush(flag)
            }
          }
          v[i] = v[i] + 0.5 * v[i - 1];
          flag[i] = 1;
    #pragma omp flush(flag)
        }
      }
    })");
  const RaceFinding* finding = findingOn(checked, "v");
  ASSERT_NE(finding, nullptr) << describe(checked.findings);
  EXPECT_EQ(finding->certainty, Certainty::Possible) << finding->message;
  EXPECT_NE(finding->message.find("flush"), std::string::npos) << finding->message;
}

// The same sweep without the flags races, definitely.
TEST(DefiniteWitness, TheSweepWithoutFlagsIsDefinite) {
  CheckedSnippet checked = checkSnippet(R"(
    void sweep(double *v, int n)
    {
      int i;
    #pragma omp parallel for
      for (i = 1; i < n; i++)
        v[i] = v[i] + 0.5 * v[i - 1];
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "v", true)) << describe(checked.findings);
}

// A second counter of a comma list (`k` below) is not the loop's counter: unless the model knows
// its value, a race through it is not definite.
const char* kBoxCopy = R"(
  #define MAXPER 32
  void copy_boxes(double *out, const double *pos, int nbox)
  {
    int box;
  #pragma omp parallel for
    for (box = 0; box < nbox; box++) {
      int k, ii;
      for (k = %s * box, ii = 0; ii < MAXPER; ++ii, ++k)
        out[k] = 2.0 * pos[k];
    }
  })";

TEST(DefiniteWitness, CommaListCounterIsNoDefiniteRaceWithoutItsValue) {
  CheckedSnippet clean = checkSnippet(fillIn(kBoxCopy, {"MAXPER"}));
  EXPECT_FALSE(hasDefinite(clean)) << describe(clean.findings);

  CheckedSnippet racing = checkSnippet(fillIn(kBoxCopy, {"(MAXPER - 1)"}));
  EXPECT_TRUE(reportsRaceOn(racing, "out")) << describe(racing.findings);
}

// A bound read from memory through struct members (`s->boxes->natoms[b]`) is data: the race it
// allows is only possible.
TEST(DefiniteWitness, BoundReadThroughStructMembersIsData) {
  CheckedSnippet checked = checkSnippet(R"(
    #define MAXPER 64
    struct boxes { int nboxes; int natoms[1024]; };
    struct sim { struct boxes *boxes; double *f; };
    void zero_forces(struct sim *s)
    {
      int b;
    #pragma omp parallel for
      for (b = 0; b < s->boxes->nboxes; b++) {
        int m = s->boxes->natoms[b];
        int i;
        for (i = 0; i < m; i++)
          s->f[b * MAXPER + i] = 0.0;
      }
    })");
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

// A shared pointer moved by every iteration loses updates: a definite race on the pointer.
TEST(DefiniteWitness, SharedPointerBumpedInEveryIterationRaces) {
  CheckedSnippet checked = checkSnippet(R"(
    void pack(double *out, const double *in, int n)
    {
      double *q = out;
      int i;
    #pragma omp parallel for
      for (i = 0; i < n; i++)
        *q++ = in[i];
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "q", true)) << describe(checked.findings);
}

// Tickets drawn with atomic capture, in the forms programs write them: each iteration gets its own
// slot, so out[slot] never races; a race that needs two tickets to be one apart is only possible.
const char* kTickets = R"(
  int count = 0;
  void compact(double *out, const double *in, int n)
  {
    int i;
  #pragma omp parallel for
    for (i = 0; i < n; i++) {
      int slot;
  #pragma omp atomic capture
      %s
      out[slot] = in[i];
      %s
    }
  })";

TEST(DefiniteWitness, CaptureTicketsOfEveryFormAreDistinct) {
  for (const char* draw : {"{ slot = count; count += 1; }", "{ count++; slot = count; }", "slot = --count;",
                           "slot = count -= 3;", "slot = count++;"}) {
    CheckedSnippet checked = checkSnippet(fillIn(kTickets, {draw, ""}));
    EXPECT_FALSE(reportsRaceOn(checked, "out")) << draw << "\n" << describe(checked.findings);
  }
  CheckedSnippet pairs = checkSnippet(fillIn(kTickets, {"slot = count += 2;", "out[slot + 1] = in[i];"}));
  EXPECT_FALSE(hasDefinite(pairs)) << describe(pairs.findings);
  // Tickets drawn up and down the same counter may repeat: no ticket, and a race.
  CheckedSnippet mixed = checkSnippet(fillIn(kTickets, {"slot = count++;", "\n  #pragma omp atomic\n      count--;"}));
  EXPECT_TRUE(reportsRaceOn(mixed, "out")) << describe(mixed.findings);
}

// Doacross loops whose sink the model does not follow (a distance of 2, a count-down loop, a 2-D
// wavefront) order their iterations all the same: their races are only possible.
TEST(DefiniteWitness, UnmodelledDoacrossSinksGiveNoDefiniteRace) {
  for (const char* loop : {"#pragma omp parallel for ordered(1)\n for (i = 2; i < n; i++) {\n"
                           "#pragma omp ordered depend(sink: i - 2)\n a[i] = a[i - 2] + 1.0;\n"
                           "#pragma omp ordered depend(source)\n }",
                           "#pragma omp parallel for ordered(1)\n for (i = n - 2; i >= 0; i--) {\n"
                           "#pragma omp ordered depend(sink: i + 1)\n a[i] = a[i + 1] + 1.0;\n"
                           "#pragma omp ordered depend(source)\n }"}) {
    CheckedSnippet checked = checkSnippet(fillIn("void f(double *a, int n) {\n int i;\n%s\n}", {loop}));
    EXPECT_FALSE(hasDefinite(checked)) << loop << "\n" << describe(checked.findings);
  }
  // The same loops without the ordered directives race.
  CheckedSnippet plain = checkSnippet(R"(
    void f(double *a, int n) {
      int i;
    #pragma omp parallel for
      for (i = 2; i < n; i++) a[i] = a[i - 2] + 1.0;
    })");
  EXPECT_TRUE(reportsRaceOn(plain, "a", true)) << describe(plain.findings);
}

// A firstprivate pointer is each thread's own copy; where it points is not followed, so the race
// through it is possible, and the reason says so (it said the pointer was assigned in the loop).
TEST(DefiniteWitness, FirstprivatePointerSaysWhyItIsOnlyPossible) {
  CheckedSnippet checked = checkSnippet(R"(
    void total(const double *x, double *acc, int n)
    {
      int i;
    #pragma omp parallel for firstprivate(acc)
      for (i = 0; i < n; i++)
        acc[0] += x[i];
    })");
  const RaceFinding* finding = findingOn(checked, "acc");
  ASSERT_NE(finding, nullptr) << describe(checked.findings);
  EXPECT_EQ(finding->certainty, Certainty::Possible) << finding->message;
  EXPECT_NE(finding->message.find("is each thread's own"), std::string::npos) << finding->message;
}

// masked filter(0) runs on the master thread, as master does: one thread, no race between them.
TEST(DefiniteWitness, MaskedFilterZeroIsTheMaster) {
  CheckedSnippet checked = checkSnippet(R"(
    double status[4];
    void report(void)
    {
    #pragma omp parallel
      {
    #pragma omp masked filter(0)
        status[0] = 1.0;
    #pragma omp master
        status[0] += 2.0;
      }
    })");
  EXPECT_FALSE(reportsRaceOn(checked, "status")) << describe(checked.findings);

  CheckedSnippet other = checkSnippet(R"(
    double status[4];
    void report(void)
    {
    #pragma omp parallel num_threads(4)
      {
    #pragma omp masked filter(1)
        status[0] = 1.0;
    #pragma omp master
        status[0] += 2.0;
      }
    })");
  EXPECT_TRUE(reportsRaceOn(other, "status")) << describe(other.findings);
}

// Rows dealt out by hand, `for (row = tid; row < n; row += nthreads)`: the counter is its thread's
// number modulo the team size, so two threads never share a row. Its exact values (tid + nthreads *
// trip) are not linear, and Z3 used to time out on them; a race through them is possible only.
const char* kCyclicRows = R"(
  #include <omp.h>
  #define NX 64
  void rows(double *grid, int nrows)
  {
  #pragma omp parallel
    {
      int tid, nthreads, row, col;
      tid = omp_get_thread_num();
      nthreads = omp_get_num_threads();
      for (row = tid; row < nrows %s; row += nthreads)
        for (col = 0; col < NX; col++)
          grid[row * NX + col] = 0.5 * grid[%s * NX + col];
    }
  })";

TEST(DefiniteWitness, ThreadCyclicRowsAreEachThreadsOwn) {
  CheckedSnippet clean = checkSnippet(fillIn(kCyclicRows, {"", "row"}));
  EXPECT_TRUE(clean.findings.empty()) << describe(clean.findings);

  CheckedSnippet racing = checkSnippet(fillIn(kCyclicRows, {"- 1", "(row + 1)"}));
  EXPECT_TRUE(reportsRaceOn(racing, "grid")) << describe(racing.findings);
  EXPECT_FALSE(hasDefinite(racing)) << describe(racing.findings);
  for (const RaceFinding& finding : racing.findings)
    EXPECT_NE(finding.message.find("follows only modulo the step"), std::string::npos) << finding.message;
}

// The branch of `if (a || b)` is entered when one of the operands holds: edge blocks (lo 0 or 48)
// never meet inner ones, though blocks b and b + 4 share their block (Rodinia hotspot's boundary
// chunks, `r_start == 0 || c_start == 0 || ...`).
TEST(DefiniteWitness, EitherOperandOfAnOrHoldsInItsBranch) {
  CheckedSnippet checked = checkSnippet(R"(
    void edges(double *res, int nblocks)
    {
      int b, k;
    #pragma omp parallel for private(k)
      for (b = 0; b < nblocks; b++) {
        int lo = 16 * (b % 4);
        if (lo == 0 || lo == 48 || lo >= 64) {
          for (k = lo; k < lo + 16; k++)
            res[k] = 0.0;
        } else {
          for (k = lo; k < lo + 16; k++)
            res[k] = 1.0;
        }
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "res", true)) << describe(checked.findings);
  for (const RaceFinding& finding : checked.findings)
    if (finding.certainty == Certainty::Definite) {
      EXPECT_EQ(finding.at.line, finding.related.line) << finding.message;
    }
}

}  // namespace definite_witness_test
}  // namespace adrace::analyzer::testing
