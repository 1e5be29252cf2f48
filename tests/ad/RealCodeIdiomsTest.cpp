// Idioms of real C kernels the generator reads as written (docs/adjoint.md): a helper that returns
// early (a flux limiter), a cast in an --extent (`(long)m*n`), and pointer locals to rows of a
// struct's row-pointer field, through casts (a CG mini-app's sparse mat-vec).
#include "GeneratedAdjoint.h"

namespace adrace::ad {
namespace real_code_idioms_test {

using testing::contains;
using testing::generate;
using testing::generatedAdjoint;

const char* kLimiter = R"(static double limiter(double a, double b)
{
    double p = a * b;
    if (p <= 0.0)
        return 0.0;
    return 2.0 * p / (a + b);
}
void slopes(int n, const double *q, double *s)
{
    int i;
#pragma omp parallel for
    for (i = 1; i < n - 1; i++)
        s[i] = limiter(q[i] - q[i - 1], q[i + 1] - q[i]);
}
)";

TEST(EarlyReturns, AHelperReturningEarlyReturnsAChoice) {
  std::string code = generatedAdjoint(kLimiter, "slopes", {"q", "s"});
  // one value, chosen by the early return's condition: its adjoint flows only where p > 0
  EXPECT_TRUE(contains(code, "(p <= 0.0 ? 0.0 : limiter_value_b)")) << code;
  EXPECT_FALSE(contains(code, "return")) << code;
}

TEST(EarlyReturns, AReturnInsideALoopStaysRefused) {
  testing::Generated generated = generate(R"(static double first_positive(const double *v)
{
    for (int k = 0; k < 4; k++)
        if (v[k] > 0.0)
            return v[k];
    return 0.0;
}
void pick(int n, const double *q, double *s)
{
    for (int i = 0; i < n; i++)
        s[i] = first_positive(&q[4 * i]);
}
)",
                                          "pick", {"q", "s"});
  EXPECT_TRUE(contains(generated.error, ":5:13: error: unsupported: ")) << generated.error;
  EXPECT_EQ(generated.code, "");
}

const char* kRows = R"(void rows(int m, int n, const double *a, double *b)
{
    long i;
    int j;
#pragma omp parallel for private(j)
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++)
            b[i * n + j] = a[i * n + j] * a[(i + 1) * n + j];
}
)";

TEST(ExtentCasts, ACastInAnExtentSizesTheCopiesInItsType) {
  std::string code = generatedAdjoint(kRows, "rows", {"a", "b"}, Strategy::Reduction,
                                      {{"a", "(long)(m + 1)*n"}, {"b", "(long) m * n"}});
  // (b_b is each iteration's own: only a_b has copies)
  EXPECT_TRUE(contains(code, "adrace_reduction_stride(((long)m + 1) * (long)n, sizeof(double))")) << code;
}

TEST(ExtentCasts, ACastToAnotherTypeIsNotAnExtent) {
  testing::Generated generated = generate(kRows, "rows", {"a", "b"}, Strategy::Reduction, {{"a", "(double)m*n"}});
  EXPECT_TRUE(contains(generated.error, "--extent a=(double)m*n: not an index expression")) << generated.error;
}

const char* kSparse = R"(typedef struct {
    int nrow;
    int *nnz;
    double **vals;
    int **inds;
} Matrix;
int spmv(Matrix *A, const double *const x, double *const y)
{
    const int nrow = (const int)A->nrow;
#pragma omp parallel for
    for (int i = 0; i < nrow; i++) {
        double sum = 0.0;
        const double *const cur_vals = (const double *const)A->vals[i];
        const int *const cur_inds = (const int *const)A->inds[i];
        const int cur_nnz = (const int)A->nnz[i];
        for (int j = 0; j < cur_nnz; j++)
            sum += cur_vals[j] * x[cur_inds[j]];
        y[i] = sum;
    }
    return (0);
}
)";

TEST(FieldRows, PointerLocalsToRowsAreTheRowsElements) {
  std::string code = generatedAdjoint(kSparse, "spmv", {"x", "y"});
  EXPECT_FALSE(contains(code, "cur_vals")) << code;
  EXPECT_TRUE(contains(code, "A->vals[i][j] * ")) << code;
  // rows share columns: x_b's increments are guarded
  EXPECT_TRUE(contains(code, "#pragma omp atomic")) << code;
  EXPECT_TRUE(contains(code, "x_b[A->inds[i][j]] += ")) << code;
}

TEST(FieldRows, ARowPointerMovedInTheLoopStaysRefused) {
  testing::Generated generated = generate(R"(typedef struct { double **vals; } Matrix;
void scale(Matrix *A, int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++) {
        const double *row = A->vals[i];
        row++;
        y[i] = row[0] * x[i];
    }
}
)",
                                          "scale", {"x", "y"});
  EXPECT_TRUE(contains(generated.error, "error: unsupported: ")) << generated.error;
  EXPECT_EQ(generated.code, "");
}

// A 2-D stencil on a flat array whose neighbours are row offsets of a point index local: the
// gather writes the index out at its target (every read of u goes through p); before, its store
// had no element and adrace crashed printing it.
TEST(RowOffsets, NeighboursThroughAPointIndexLocalAreGathered) {
  std::string code = generatedAdjoint(R"(void rows(int ny, int nx, const double *c, const double *u, double *out)
{
#pragma omp parallel for
    for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
            long p = (long)j * nx + i;
            out[p] = c[p] * (u[p - nx] - 2.0 * u[p] + u[p + nx]);
        }
}
)",
                                      "rows", {"c", "u", "out"});
  EXPECT_TRUE(contains(code, "u_b: a gather over its targets")) << code;
  EXPECT_TRUE(contains(code, "u_b[(long)tj * nx + ti] += ")) << code;
  EXPECT_FALSE(contains(code, "#pragma omp atomic")) << code;
}

// C struct locals as Rodinia's CFD code holds a vector (`float3 m; m.x = ...;`, or filled by a
// helper through `&m`, or from a list `float3 f = {a, 0.0f, 0.0f};`): one scalar per member (ad/ClassLocals.h).
const char* kStructLocals = R"(typedef struct { float x, y, z; } float3;
static void velocity_of(float rho, const float3 *m, float3 *v)
{
    v->x = m->x / rho;
    v->y = m->y / rho;
    v->z = m->z / rho;
}
void kinetic(int n, const float *q, float *e)
{
    int i;
#pragma omp parallel for
    for (i = 0; i < n; i++) {
        float3 m, v;
        float3 sum = {0.5f * q[4 * i], 0.0f, 0.0f};
        m.x = q[4 * i + 1];
        m.y = q[4 * i + 2];
        m.z = q[4 * i + 3];
        velocity_of(q[4 * i], &m, &v);
        sum.x += m.x * v.x;
        sum.y += m.y * v.y;
        sum.z += m.z * v.z;
        e[i] = 0.5f * (sum.x + sum.y + sum.z);
    }
}
)";

TEST(StructLocals, AreOneScalarPerMember) {
  std::string code = generatedAdjoint(kStructLocals, "kinetic", {"q", "e"});
  EXPECT_TRUE(contains(code, "float m_x = 0;")) << code;
  EXPECT_TRUE(contains(code, "q_b[4 * i] += 0.5f * sum_x_b;")) << code;  // the list's value of sum.x
  EXPECT_TRUE(contains(code, "v_x = m_x / ")) << code;
  EXPECT_TRUE(contains(code, "float m_x_b = 0.0f;")) << code;
  EXPECT_FALSE(contains(code, "float3 m")) << code;
}

// A struct local used as a whole (copied, passed by value, or named in a clause) is not a bundle of
// scalars: it stays, and is refused with its type.
TEST(StructLocals, UsedWholeStayRefused) {
  for (const char* use : {"float3 w = m;", "float3 w; w = m;"}) {
    std::string source = kStructLocals;
    source.replace(source.find("        e[i] = "), 0, std::string("        ") + use + "\n");
    testing::Generated generated = generate(source, "kinetic", {"q", "e"});
    EXPECT_TRUE(contains(generated.error, "error: unsupported: local 'm' of type float3")) << use << generated.error;
    EXPECT_EQ(generated.code, "");
  }
}

// A macro continued over several lines in a file with DOS line ends (Rodinia backprop's fastcopy):
// the adjoint's file repeats it whole, not its first line with the next directive glued to it.
TEST(DosLineEnds, AContinuedMacroIsRepeatedWhole) {
  std::string code = generatedAdjoint(
      "#define SCALE(x) \\\r\n"
      "    (2.0 * (x))\r\n"
      "#define COPY(to, from, len) \\\r\n"
      "{ \\\r\n"
      "  int _i; \\\r\n"
      "  for (_i = 0; _i < (len); _i++) (to)[_i] = (from)[_i]; \\\r\n"
      "}\r\n"
      "#include <math.h>\r\n"
      "void twice(int n, const double *x, double *y)\r\n"
      "{\r\n"
      "    int i;\r\n"
      "#pragma omp parallel for\r\n"
      "    for (i = 0; i < n; i++)\r\n"
      "        y[i] = SCALE(x[i]);\r\n"
      "}\r\n",
      "twice", {"x", "y"});
  EXPECT_TRUE(contains(code, "for (_i = 0; _i < (len); _i++) (to)[_i] = (from)[_i];")) << code;
  EXPECT_TRUE(contains(code, "(2.0 * (x))")) << code;
  EXPECT_TRUE(contains(code, "#include <math.h>")) << code;
}

}  // namespace real_code_idioms_test
}  // namespace adrace::ad
