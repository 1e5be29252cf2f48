// Parameters that are arrays of row pointers (`float **w`, `double ***u`; ad/RowPointerParameters.h):
// n-D arrays whose elements the analysis proves apart by their subscripts, under the assumption that
// distinct rows do not overlap; every other use of them refused with its location and the reason.
#include "GeneratedAdjoint.h"

namespace adrace::ad {
namespace row_pointer_parameters_test {

using testing::contains;
using testing::generate;
using testing::generatedAdjoint;

// Rodinia backprop's bpnn_adjust_weights, C89 style: column j of every row is iteration j's own.
const char* kAdjustWeights = R"(#define ETA 0.3f
#define MOMENTUM 0.3f
void adjust(float *delta, int ndelta, float *ly, int nly, float **w, float **oldw)
{
    float new_dw;
    int k, j;
#pragma omp parallel for shared(oldw, w, delta) private(j, k, new_dw) firstprivate(ndelta, nly)
    for (j = 1; j <= ndelta; j++) {
        for (k = 0; k <= nly; k++) {
            new_dw = ((ETA * delta[j] * ly[k]) + (MOMENTUM * oldw[k][j]));
            w[k][j] += new_dw;
            oldw[k][j] = new_dw;
        }
    }
}
)";

TEST(RowPointerParameters, AnArrayOfRowsIsProvenByItsSubscripts) {
  std::string code = generatedAdjoint(kAdjustWeights, "adjust", {"delta", "ly", "w", "oldw"});
  // the adjoints have the parameters' type, the caller's rows of the same shape
  EXPECT_TRUE(contains(code, "float **w, float **w_b, float **oldw, float **oldw_b")) << code;
  // (k, j) and (k', j') with j != j' are distinct elements: plain increments of column j
  EXPECT_TRUE(contains(code, "oldw_b[k][j]")) << code;
  EXPECT_FALSE(contains(code, "oldw_b[k][j] vs")) << code;
  EXPECT_FALSE(contains(code, "w_b[k][j] vs")) << code;
  // ly_b[k] is every iteration's: guarded
  EXPECT_TRUE(contains(code, "ly_b[k] vs ly_b[k#1']: not proven")) << code;
  // the assumption it rests on, said where the adjoint is
  EXPECT_TRUE(contains(code, "w, oldw are arrays of row pointers: distinct rows are assumed not to overlap")) << code;
}

// NPB MG's norm-free smoother on `double ***` grids: three subscripts, one per pointer level.
const char* kSmooth = R"(void smooth(double ***r, double ***u, int n1, int n2, int n3)
{
    int i3, i2, i1;
#pragma omp parallel for private(i1, i2, i3)
    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i2 = 1; i2 < n2 - 1; i2++)
            for (i1 = 1; i1 < n1 - 1; i1++)
                u[i3][i2][i1] = u[i3][i2][i1] + 0.5 * r[i3][i2][i1] * r[i3][i2][i1];
}
)";

TEST(RowPointerParameters, AGridOfPlanesOfRowsIsThreeDimensional) {
  std::string code = generatedAdjoint(kSmooth, "smooth", {"r", "u"});
  EXPECT_TRUE(contains(code, "double ***r, double ***r_b, double ***u, double ***u_b")) << code;
  EXPECT_TRUE(contains(code, "r_b[i3][i2][i1] +=")) << code;
  EXPECT_FALSE(contains(code, "#pragma omp atomic")) << code;
}

// Unknown means unsafe: row j + 1 of one iteration is row j of the next.
TEST(RowPointerParameters, RowsTwoIterationsShareAreGuarded) {
  testing::Generated generated =
      generate(R"(void pairs(int n, int m, double **w, double *y)
{
    int j;
#pragma omp parallel for
    for (j = 0; j < n; j++)
        y[j] = w[j][0] * w[j + 1][m - 1];
}
)",
               "pairs", {"w", "y"}, Strategy::FormAD, {}, analyzer::GuardPolicy::Auto, /*gather=*/false);
  EXPECT_TRUE(generated.error.empty()) << generated.error;
  EXPECT_TRUE(contains(generated.code, "#pragma omp atomic")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "not proven")) << generated.code;
}

// The refusals: what the function does with the parameter, at its location.
testing::Generated refusal(const std::string& body) {
  return generate("void f(int n, int m, double **w, double **v)\n{\n    int k, j;\n" + body + "}\n", "f", {"w", "v"});
}

TEST(RowPointerParameters, ARowAssignedToALocalIsRefused) {
  testing::Generated generated = refusal(
      "    for (k = 0; k < n; k++) {\n"
      "        double *row = w[k];\n"
      "        for (j = 0; j < m; j++)\n"
      "            v[k][j] = row[j];\n"
      "    }\n");
  EXPECT_TRUE(contains(generated.error,
                       ":5:23: error: unsupported: row 'w[k]' of the row-pointer parameter 'w' "
                       "assigned to a local (only its elements w[a][b] are differentiated)"))
      << generated.error;
  EXPECT_EQ(generated.code, "");
}

TEST(RowPointerParameters, ARowSetInTheFunctionIsRefused) {
  testing::Generated generated = refusal("    for (k = 0; k < n; k++)\n        w[k] = v[k];\n");
  EXPECT_TRUE(contains(generated.error,
                       ":5:9: error: unsupported: row 'w[k]' of the row-pointer parameter 'w' "
                       "assigned (a row set or allocated in the function)"))
      << generated.error;
}

TEST(RowPointerParameters, AReassignedParameterIsRefused) {
  testing::Generated generated = refusal("    w = v;\n    w[0][0] = 1.0;\n");
  EXPECT_TRUE(contains(generated.error, ":4:5: error: unsupported: the row-pointer parameter 'w' assigned"))
      << generated.error;
}

TEST(RowPointerParameters, PointerArithmeticOnARowIsRefused) {
  testing::Generated generated = refusal("    for (k = 0; k < n; k++)\n        v[k][0] = *(w[k] + 1);\n");
  EXPECT_TRUE(contains(generated.error,
                       "error: unsupported: row 'w[k]' of the row-pointer parameter 'w' moved by "
                       "pointer arithmetic"))
      << generated.error;
}

TEST(RowPointerParameters, ARowComparedIsRefused) {
  testing::Generated generated = refusal(
      "    for (k = 0; k < n; k++)\n        if (w[k] != v[k])\n"
      "            v[k][0] = w[k][0];\n");
  EXPECT_TRUE(contains(generated.error, "error: unsupported: row 'w[k]' of the row-pointer parameter 'w' compared"))
      << generated.error;
}

TEST(RowPointerParameters, PointersToOtherThanFloatingRowsStayRefused) {
  testing::Generated generated =
      generate("void f(int n, int **index, double *x)\n{\n    x[0] = index[0][0];\n}\n", "f", {"x"});
  EXPECT_TRUE(contains(generated.error, "error: unsupported: pointer to pointer parameter 'index'")) << generated.error;
}

TEST(RowPointerParameters, PerThreadCopiesOfRowsAreRefusedWithTheReason) {
  testing::Generated generated = generate(kAdjustWeights, "adjust", {"delta", "ly", "w", "oldw"}, Strategy::Reduction,
                                          {{"ly", "nly + 1"}, {"delta", "ndelta + 1"}});
  EXPECT_TRUE(generated.error.empty()) << generated.error;  // w and oldw are written: atomic, as any such array
  testing::Generated forward = generate(R"(void forward(float *l1, float *l2, float **conn, int n1, int n2)
{
    float sum;
    int j, k;
#pragma omp parallel for private(k, sum)
    for (j = 1; j <= n2; j++) {
        sum = 0.0f;
        for (k = 0; k <= n1; k++)
            sum += conn[k][j] * l1[k];
        l2[j] = sum;
    }
}
)",
                                        "forward", {"l1", "l2", "conn"}, Strategy::Reduction, {{"l1", "n1 + 1"}});
  EXPECT_TRUE(contains(forward.error,
                       "error: unsupported: per-thread copies of conn_b (a reduction): conn is an "
                       "array of row pointers"))
      << forward.error;
}

}  // namespace row_pointer_parameters_test
}  // namespace adrace::ad
