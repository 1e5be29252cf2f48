// Rows whose width is a value of the run (analyzer/check/ColumnsWithinRows.h): `out[j * onx + i]`
// races between rows only when onx is below the columns written, which the caller decides. Such a
// race is possible, never definite (docs/check.md, "What a definite race means"), and says which
// value it depends on; where every run overlaps the rows (a width set before the loop below the
// columns, no width at all) the race stays definite.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace symbolic_row_width_test {

void expectPossibleThroughTheWidth(const CheckedSnippet& checked, const std::string& variable,
                                   const std::string& width) {
  const RaceFinding* finding = findingOn(checked, variable);
  ASSERT_NE(finding, nullptr) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
  EXPECT_EQ(finding->certainty, Certainty::Possible) << finding->message;
  EXPECT_NE(finding->message.find("only if the row width " + width + " is at most column"), std::string::npos)
      << finding->message;
  EXPECT_NE(finding->message.find("rows of " + variable + " overlap"), std::string::npos) << finding->message;
}

// The output's rows are onx wide, the columns written nx - 1: onx = 0 (or any onx < nx - 1)
// overlaps the rows, a caller with onx >= nx - 1 has no race.
const char* kSmoothRows = R"(
  #define MIN(a, b) ((a) < (b) ? (a) : (b))
  void smooth2(int nx, int ny, int onx, double *out, const double *in)
  {
    int i, j;%s
  #pragma omp parallel for private(i)
    for (j = 0; j < ny; j++)
      for (i = 0; i < %s; i++)
        out[%s] = 0.5 * (in[j * nx + i] + in[j * nx + i + 1]);
  })";

TEST(SymbolicRowWidth, InputWidthBelowTheColumnsIsOnlyPossible) {
  CheckedSnippet checked = checkSnippet(fillIn(kSmoothRows, {"", "nx - 1", "j * onx + i"}));
  expectPossibleThroughTheWidth(checked, "out", "onx");
}

// Columns bounded by the width too: no run overlaps the rows.
TEST(SymbolicRowWidth, ColumnsBoundedByTheWidthAreRaceFree) {
  CheckedSnippet checked = checkSnippet(fillIn(kSmoothRows, {"", "MIN(nx - 1, onx)", "j * onx + i"}));
  EXPECT_FALSE(reportsRaceOn(checked, "out")) << describe(checked.findings);
}

// A width the function sets below the columns before the loop overlaps the rows in every run.
TEST(SymbolicRowWidth, WidthSetBelowTheColumnsStaysDefinite) {
  CheckedSnippet constantColumns = checkSnippet(fillIn(kSmoothRows, {"\n    onx = 4;", "8", "j * onx + i"}));
  EXPECT_TRUE(reportsRaceOn(constantColumns, "out", true)) << describe(constantColumns.findings);
  // Set wide enough, no race.
  CheckedSnippet wide = checkSnippet(fillIn(kSmoothRows, {"\n    onx = 8;", "8", "j * onx + i"}));
  EXPECT_FALSE(reportsRaceOn(wide, "out")) << describe(wide.findings);
}

// No width: rows j and j + 1 overlap in every run.
TEST(SymbolicRowWidth, NoWidthStaysDefinite) {
  CheckedSnippet checked = checkSnippet(fillIn(kSmoothRows, {"", "nx - 1", "j + i"}));
  EXPECT_TRUE(reportsRaceOn(checked, "out", true)) << describe(checked.findings);
}

// Columns that reach the width in every run (`i <= onx`) are the program's flat indexing.
TEST(SymbolicRowWidth, ColumnPastTheWidthInEveryRunStaysDefinite) {
  CheckedSnippet checked = checkSnippet(fillIn(kSmoothRows, {"", "onx + 1", "j * onx + i"}));
  EXPECT_TRUE(reportsRaceOn(checked, "out", true)) << describe(checked.findings);
}

// The width a struct field: out->nx against the columns of in->nx.
TEST(SymbolicRowWidth, FieldWidthIsTheRunsValue) {
  CheckedSnippet checked = checkSnippet(R"(
    typedef struct { int nx, ny; double *restrict v; } field_t;
    void diff_x(field_t *out, const field_t *in)
    {
      int i, j;
    #pragma omp parallel for private(i)
      for (j = 0; j < in->ny; j++)
        for (i = 0; i < in->nx - 1; i++)
          out->v[j * out->nx + i] = in->v[j * in->nx + i + 1] - in->v[j * in->nx + i];
    })");
  expectPossibleThroughTheWidth(checked, "out->v", "out->nx");
}

// A struct passed by value, and a global width; the row a product r * col, tiled with MIN.
TEST(SymbolicRowWidth, ValueStructAndGlobalWidths) {
  CheckedSnippet byValue = checkSnippet(R"(
    typedef struct { int nx, ny; } grid_t;
    void copy_rows(grid_t g, int cols, double *out, const double *in)
    {
      int i, j;
    #pragma omp parallel for private(i)
      for (j = 0; j < g.ny; j++)
        for (i = 0; i < cols; i++)
          out[j * g.nx + i] = in[j * cols + i];
    })");
  expectPossibleThroughTheWidth(byValue, "out", "g.nx");

  CheckedSnippet global = checkSnippet(R"(
    #define BS 16
    #define MIN(a, b) ((a) < (b) ? (a) : (b))
    #define IDX(r, c) ((r) * stride + (c))
    int rows, cols, stride;
    void update(double *result, const double *temp)
    {
      int rr, r, c;
    #pragma omp parallel for private(r, c)
      for (rr = 0; rr < rows; rr += BS)
        for (r = rr; r < MIN(rr + BS, rows); r++)
          for (c = 0; c < cols; c++)
            result[IDX(r, c)] = 0.5 * temp[r * cols + c];
    })");
  expectPossibleThroughTheWidth(global, "result", "stride");
}

// A true race between rows that every run has stays definite beside the width: iteration j writes
// row j + 1 too (its columns within the row).
TEST(SymbolicRowWidth, RowShiftStaysDefinite) {
  CheckedSnippet checked = checkSnippet(R"(
    void shift(int nx, int ny, double *u)
    {
      int i, j;
    #pragma omp parallel for private(i)
      for (j = 0; j < ny - 1; j++)
        for (i = 0; i < nx; i++)
          u[(j + 1) * nx + i] = 0.5 * u[j * nx + i];
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "u", true)) << describe(checked.findings);
}

// A parallel region asks as a loop does: each thread's row tid * onx of an input width, columns
// up to nx - 1 (possible), or bounded by the width too (race-free); reading the next thread's row,
// which every run does, stays definite.
const char* kThreadRows = R"(
  #include <omp.h>
  #define MIN(a, b) ((a) < (b) ? (a) : (b))
  void thread_rows(double *out, int nx, int onx)
  {
  #pragma omp parallel
    {
      int tid = omp_get_thread_num(), i;
      for (i = 0; i < %s; i++)
        out[%s] = %s;
    }
  })";

TEST(SymbolicRowWidth, RegionRowsOfAnInputWidth) {
  CheckedSnippet racing = checkSnippet(fillIn(kThreadRows, {"nx", "tid * onx + i", "1.0"}));
  const RaceFinding* finding = findingOn(racing, "out");
  ASSERT_NE(finding, nullptr) << describe(racing.findings);
  EXPECT_EQ(finding->certainty, Certainty::Possible) << finding->message;
  EXPECT_NE(finding->message.find("only if the row width onx is at most a column"), std::string::npos)
      << finding->message;

  CheckedSnippet bounded = checkSnippet(fillIn(kThreadRows, {"MIN(nx, onx)", "tid * onx + i", "1.0"}));
  EXPECT_FALSE(reportsRaceOn(bounded, "out")) << describe(bounded.findings);

  CheckedSnippet shifted =
      checkSnippet(fillIn(kThreadRows, {"MIN(nx, onx)", "tid * onx + i", "out[(tid + 1) * onx + i]"}));
  EXPECT_TRUE(reportsRaceOn(shifted, "out", true)) << describe(shifted.findings);
}

// A region's race that needs a negative size (a row length of 0 on every thread is row 0) is
// possible: u[tid * cols] and u[tid * cols + cols - 1] are one element only for cols = 0.
TEST(SymbolicRowWidth, RegionRaceThatNeedsADegenerateSizeIsPossible) {
  CheckedSnippet checked = checkSnippet(R"(
    #include <omp.h>
    void wrap(double *u, int cols)
    {
    #pragma omp parallel
      {
        int tid = omp_get_thread_num();
        u[tid * cols] = u[tid * cols + cols - 1];
      }
    })");
  EXPECT_TRUE(reportsRaceOn(checked, "u")) << describe(checked.findings);
  EXPECT_FALSE(hasDefinite(checked)) << describe(checked.findings);
}

// Without a width the threads' slots meet in every run: tid + i against tid' + i'.
TEST(SymbolicRowWidth, RegionWithoutAWidthStaysDefinite) {
  CheckedSnippet checked = checkSnippet(fillIn(kThreadRows, {"nx", "tid + i", "1.0"}));
  EXPECT_TRUE(reportsRaceOn(checked, "out", true)) << describe(checked.findings);
}

}  // namespace symbolic_row_width_test
}  // namespace adrace::analyzer::testing
