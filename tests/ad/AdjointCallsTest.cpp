// Unit tests of the adjoint generator on calls: the derivative rules of the math library, helpers
// inlined (value and void helpers, accessors returning a pointer), function-like macros kept as
// written, file-scope variables, I/O kept in the forward sweep, and the calls it refuses.
#include "GeneratedAdjoint.h"

#include <string>

namespace adrace::ad {
namespace adjoint_calls_test {

using testing::contains;
using testing::generate;
using testing::Generated;

TEST(AdjointGenerator, CallRules) {
  Generated g = generate(R"(#include <math.h>
void g(double *x, double *y)
{
    y[0] = exp(x[0]) + log(x[1]) + sqrt(x[2]) + pow(x[3], 3.0) + fabs(x[4]) + fmax(x[5], x[6]) + tanh(x[7]);
}
)",
                         "g", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "x_b[0] += y_b[0] * exp(x[0]);")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[1] += y_b[0] / x[1];")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[2] += y_b[0] / (2.0 * sqrt(x[2]));")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[3] += y_b[0] * 3.0 * pow(x[3], 3.0 - 1.0);")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[4] += x[4] >= 0.0 ? y_b[0] : -y_b[0];")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[5] += x[5] >= x[6] ? y_b[0] : 0.0;")) << g.code;
  EXPECT_TRUE(contains(g.code, "x_b[7] += y_b[0] * (1.0 - tanh(x[7]) * tanh(x[7]));")) << g.code;
}

TEST(AdjointGenerator, UnsupportedCallExitsWithLocation) {
  Generated g = generate(R"(double mystery(double);
void f(int n, double *x)
{
    for (int i = 0; i < n; i++)
        x[i] = mystery(x[i]);
}
)",
                         "f", {"x"});
  EXPECT_TRUE(g.code.empty());
  EXPECT_TRUE(contains(g.error, ":5:16: error: unsupported: call to 'mystery'")) << g.error;
}

TEST(AdjointGenerator, ReturnedValueGetsResultAdjointLast) {
  // Tapenade's convention: the result's adjoint is the last parameter, by value, named afresh when
  // result_b is taken; `return expr;` seeds expr with it.
  Generated g = generate(R"(float f(int n, const float *x, float result_b)
{
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return result_b * s;
}
)",
                         "f", {"x"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "void f_b(int n, const float *x, float *x_b, float result_b, float result_b2)"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "float s_b = 0.0f;")) << g.code;
  EXPECT_TRUE(contains(g.code, "s_b += result_b * result_b2;")) << g.code;
}

TEST(AdjointGenerator, FloatMathDerivativesStayInFloat) {
  Generated g = generate(R"(#include <math.h>
void f(int n, const float *x, float *y)
{
    for (int i = 0; i < n; i++)
        y[i] = sqrtf(x[i]) + sinf(x[i]) + (x[i] > 0.5f ? x[i] : 0.0f);
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "y_b[i] / (2.0f * sqrtf(x[i]))")) << g.code;
  EXPECT_TRUE(contains(g.code, "y_b[i] * cosf(x[i])")) << g.code;
  // The `?:` arm's increment stands alone, stored where the arm ran (ad/BranchGuard.h).
  EXPECT_TRUE(contains(g.code, "if (x[i] > 0.5f) {\n            x_b[i] += y_b[i];")) << g.code;
  EXPECT_FALSE(contains(g.code, "cos(")) << g.code;
}

TEST(AdjointGenerator, ValueHelperIsInlinedAndMacroOverItIsNotPrinted) {
  // TWICE_SQ expands to a call of sq: printed as the macro's name, the generated file would call a
  // function it does not define; the inlined expression is printed instead.
  Generated g = generate(R"(static inline double sq(double v) { return v * v; }
#define TWICE_SQ (2.0 * sq(x[i]))
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = TWICE_SQ;
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  const std::string body = g.code.substr(g.code.find("void f_b("));  // the prelude repeats the #define
  EXPECT_FALSE(contains(body, "sq(")) << g.code;
  EXPECT_FALSE(contains(body, "TWICE_SQ")) << g.code;
  EXPECT_TRUE(contains(body, "x_b[i] += 2.0 * y_b[i] * x[i] + x[i] * (2.0 * y_b[i]);")) << g.code;
}

// Function-like macros are written as the author called them when the call means its expansion:
// each argument a whole sub-expression (converted, so renamed like any other), a body that names no
// variable. Otherwise (a pasted argument, a body reading nx, a macro over a helper that is inlined)
// the expansion is printed.
// A C89 local that only the loop privatises, read as a value helper's argument: the inlined call's
// nodes stand where the helper is written, but the local is still the loop's only (each thread of the
// regions declares it), with no function-scope declaration left unused (-Wunused-variable).
TEST(AdjointGenerator, ValueHelperArgumentPrivateToTheLoopStaysInTheRegions) {
  Generated generated = generate(R"(#include <math.h>
static float squash(float x) { return (float)(1.0 / (1.0 + exp(-x))); }
void layer(float *l1, float *l2, const float *conn, int n1, int n2)
{
    float sum;
    int j, k;
#pragma omp parallel for private(k, sum)
    for (j = 1; j <= n2; j++) {
        sum = 0.0f;
        for (k = 0; k <= n1; k++)
            sum += conn[k * (n2 + 1) + j] * l1[k];
        l2[j] = squash(sum);
    }
}
)",
                                 "layer", {"l1", "l2"}, Strategy::Atomic);
  EXPECT_TRUE(generated.error.empty()) << generated.error;
  EXPECT_FALSE(contains(generated.code, "\n    float sum")) << generated.code;       // not at function scope
  EXPECT_TRUE(contains(generated.code, "            float sum")) << generated.code;  // in the regions
}

TEST(AdjointGenerator, FunctionLikeMacroCallsAreKeptWhenTheyMeanTheirExpansion) {
  Generated g = generate(R"(static inline double sq(double v) { return v * v; }
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define CUBE(x) ((x) * (x) * (x))
#define LIT(x) x##f
#define AT(j, i) ((j) * nx + (i))
#define SQ_OF(v) sq(v)
void f(int n, int nx, const double *x, double *y)
{
    int i;
    for (i = 0; i < MIN(n, 4 * nx); i++)
        y[i] = CUBE(x[AT(0, i)] /* left */) * x[i] * LIT(0.5) + SQ_OF(x[i]);
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  const std::string body = g.code.substr(g.code.find("void f_b("));  // the prelude repeats the #defines
  EXPECT_TRUE(contains(body, "MIN(n, 4 * nx)")) << g.code;
  EXPECT_TRUE(contains(body, "CUBE(x[0 * nx + i])")) << g.code;  // the partial of x[i]
  EXPECT_FALSE(contains(body, "AT(")) << g.code;
  EXPECT_FALSE(contains(body, "LIT(")) << g.code;
  EXPECT_TRUE(contains(body, "0.5f")) << g.code;
  EXPECT_FALSE(contains(body, "SQ_OF(")) << g.code;
  EXPECT_FALSE(contains(body, "sq(")) << g.code;
}

// A void helper called as a statement is inlined as a block: pointer parameters bound to `&x` are x,
// a struct pointer bound to `&p[i]` gives p[i].m, its locals get names no variable of f has, and a
// value parameter is a copy of the argument (here the helper overwrites what it was passed).
TEST(AdjointGenerator, VoidHelperIsInlinedAsABlock) {
  Generated g = generate(R"(struct body { double x, v; };
static void pull(const struct body *b, double k, double *f)
{
    double t = k * b->x;
    *f = -t;
}
static void scale(double s, double *out) { s = 2.0 * s; *out = s * s; }
void f(int n, double k, struct body *p, double *e)
{
    double t = 0.0;
    for (int i = 0; i < n; i++) {
        double force;
        pull(&p[i], k, &force);
        p[i].v += force;
        t += p[i].v;
        scale(e[i], &e[i]);
    }
    e[0] += t;
}
)",
                         "f", {"k", "p", "e"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "double k2 = k;")) << g.code;
  EXPECT_TRUE(contains(g.code, "double t2 = k2 * p[i].x;")) << g.code;
  EXPECT_TRUE(contains(g.code, "force = -t2;")) << g.code;
  EXPECT_TRUE(contains(g.code, "double s = e[i];")) << g.code;
  EXPECT_TRUE(contains(g.code, "s = 2.0 * s;")) << g.code;
  EXPECT_TRUE(contains(g.code, "e[i] = s * s;")) << g.code;
  EXPECT_FALSE(contains(g.code, "pull(")) << g.code;
  EXPECT_FALSE(contains(g.code, "->")) << g.code;
}

// A void helper's loop (LULESH's CollectDomainNodesToElemNodes: a constant-trip loop gathering an
// element's nodes into a local array) is inlined as the loop it is, its C89 counter renamed like any
// helper local; the backward sweep runs it in reverse and scatters the local array's adjoint.
TEST(AdjointGenerator, VoidHelperLoopIsInlinedAsALoop) {
  Generated g = generate(R"(#define NC 3 /* nodes per element */
static void gather(const double *field, const int *nodes, double local[NC])
{
    int c;
    for (c = 0; c < NC; ++c) {
        int g = nodes[c];
        local[c] = field[g];
    }
}
void f(int n, const int *conn, const double *u, double *v)
{
    int i;
#pragma omp parallel for firstprivate(n)
    for (i = 0; i < n; i++) {
        double w[NC];
        int c;
        gather(u, &conn[NC * i], w);
        v[i] = 0.0;
        for (c = 0; c < NC; c++)
            v[i] += w[c] * w[c];
    }
}
)",
                         "f", {"u", "v"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "gather(")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "for (int c2 = 0; c2 < NC; ++c2) {\n"
                       "                        int g = conn[NC * i + c2];\n"
                       "                        w[c2] = u[g];"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "for (int c2 = NC - 1; c2 >= 0; c2--) {")) << g.code;
  EXPECT_TRUE(contains(g.code, "u_b[g] += w_b[c2];")) << g.code;
}

// A helper with statements before its `return` (LULESH's CalcElemVolume), called in an expression,
// is evaluated first as a statement: its body inlined as a void helper's, its final `return e;`
// written to a new local that the expression reads. Calls in one statement are hoisted in
// evaluation order (arguments first), helpers calling helpers recursively, and the declarators of
// one declaration one after another.
TEST(AdjointGenerator, ValueHelperWithStatementsIsEvaluatedBeforeItsStatement) {
  Generated g = generate(R"(#define C0 0.5
static inline double bump(double v)
{
    double t;
    t = v * v;
    return C0 * t; /* C0 t */
}
static double both(double a, double b)
{
    double ta = bump(a), tb = bump(b);
    return ta + tb;
}
void f(int n, const double *x, double *y)
{
    int i;
#pragma omp parallel for firstprivate(n)
    for (i = 0; i < n; i++) {
        double s = both(x[i], x[i + 1]);
        y[i] = s * bump(bump(x[i]));
    }
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "bump(")) << g.code;
  EXPECT_FALSE(contains(g.code, "both(")) << g.code;
  // both's body: its first declarator's call, then the declaration, then the second's
  EXPECT_TRUE(contains(g.code,
                       "bump_value = C0 * t;\n"
                       "                    }\n"
                       "                    double ta = bump_value;\n"
                       "                    double bump_value2 = 0;"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "both_value = ta + tb;")) << g.code;
  EXPECT_TRUE(contains(g.code, "double s = both_value;")) << g.code;
  // the inner call of bump(bump(x[i])) first: the outer one's argument is its value
  const size_t inner = g.code.find("double v3 = x[i];"), outer = g.code.find("double v4 = bump_value3;");
  ASSERT_NE(inner, std::string::npos) << g.code;
  ASSERT_NE(outer, std::string::npos) << g.code;
  EXPECT_LT(inner, outer) << g.code;
  EXPECT_TRUE(contains(g.code, "s_b += y_b[i] * bump_value4;")) << g.code;
  EXPECT_TRUE(contains(g.code, "bump_value3_b += v4_b;")) << g.code;
}

// A branch or loop body that is one statement calling such a helper becomes a block, where the
// call is evaluated first: only on the branch that makes it (`if (c) y = f(x); else y = -f(-x);`).
TEST(AdjointGenerator, ValueHelperWithStatementsInAnUnbracedBranch) {
  Generated g = generate(R"(static double cube(double v) { double s = v * v; s = s * v; return s; }
void f(int n, const double *x, double *y)
{
    int i;
#pragma omp parallel for
    for (i = 0; i < n; i++)
        if (x[i] > 0.0) y[i] = cube(x[i]); else y[i] = -cube(-x[i]);
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "cube(")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "if (x[i] > 0.0) {\n"
                       "                    {\n"
                       "                        double v = x[i];"))
      << g.code;
  EXPECT_TRUE(contains(g.code,
                       "} else {\n"
                       "                    {\n"
                       "                        double v2 = -x[i];"))
      << g.code;
  EXPECT_TRUE(contains(g.code,
                       "cube_value2_b -= y_b[i];\n"
                       "                    y_b[i] = 0.0;"))
      << g.code;
}

// In the statement of an OpenMP construct inside a region (here `single`, unbraced), which Clang keeps
// in a CapturedStmt: a block of the hoisted call and the statement replaces it there.
TEST(AdjointGenerator, ValueHelperWithStatementsInASingle) {
  Generated g = generate(R"(static double cube(double v) { double s = v * v; s = s * v; return s; }
void f(int n, double a, const double *x, double *y)
{
    double c;
#pragma omp parallel firstprivate(n)
    {
#pragma omp single
        c = cube(a);
#pragma omp for
        for (int i = 0; i < n; i++)
            y[i] = c * x[i];
    }
}
)",
                         "f", {"a", "x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "cube(")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       "cube_value = s;\n"
                       "            adrace_push_double(s);\n"
                       "        }\n"
                       "        adrace_push_double(c);\n"
                       "        c = cube_value;"))
      << g.code;
  EXPECT_TRUE(contains(g.code, "cube_value_b += c_b;")) << g.code;
}

// Where the hoisted call would run where C does not run it (an arm of ?:, the right of && or ||),
// or where no statement can run before it (a condition, a loop header), it is refused.
TEST(AdjointGenerator, ValueHelperWithStatementsWhereItCannotBeHoistedIsRefused) {
  const char* helper = "static double cube(double v) { double s = v * v; return s * v; }\n";
  auto refusal = [&](const std::string& body) {
    return generate(std::string(helper) + "void f(int n, const double *x, double *y)\n{\n" + body + "}\n", "f",
                    {"x", "y"})
        .error;
  };
  EXPECT_TRUE(contains(refusal("    for (int i = 0; i < n; i++)\n        y[i] = x[i] > 0.0 ? cube(x[i]) : 0.0;\n"),
                       ":5:29: error: unsupported: call to helper 'cube', whose body has statements before its "
                       "`return`, in an arm of ?:"));
  EXPECT_TRUE(
      contains(refusal("    for (int i = 0; i < n; i++)\n        if (x[i] > 0.0 && cube(x[i]) < 1.0) y[i] = 0.0;\n"),
               ":5:27: error: unsupported: call to helper 'cube', whose body has statements before its `return`, in a "
               "condition"));
  EXPECT_TRUE(contains(refusal("    for (int i = 0; cube(x[i]) < 1.0; i++)\n        y[i] = 0.0;\n"),
                       ":4:21: error: unsupported: call to helper 'cube'"));
  EXPECT_TRUE(contains(refusal("    for (int i = 0; i < n; i++)\n        y[i] = (x[i] > 0.0 || cube(x[i]) > 1.0);\n"),
                       ":5:31: error: unsupported: call to helper 'cube', whose body has statements before its "
                       "`return`, in the right operand of ||"));
}

// Accessors returning a pointer, as LULESH reaches its Domain's fields: `*out(mesh, e) = ...` writes
// the element the accessor's `return &m->m_out[e];` names, and a pointer local set from one
// (`nodes = conn(mesh, e)`, `&m->m_conn[2 * e]`) is substituted by the field's elements, so the
// analysis and the derivative rules see `mesh->m_conn[2 * e + 1]` as if written in place.
TEST(AdjointGenerator, AccessorReturningAPointerIsAnElementOfTheField) {
  Generated g = generate(R"(typedef struct Mesh { double *m_u; double *m_out; int *m_conn; int m_n; } Mesh;
static inline double u(const Mesh *m, int n) { return m->m_u[n]; }
static inline const int *conn(const Mesh *m, int e) { return &m->m_conn[2 * e]; }
static inline double *out(Mesh *m, int e) { return &m->m_out[e]; }
void f(Mesh *mesh)
{
    int n = mesh->m_n;
#pragma omp parallel for firstprivate(n)
    for (int e = 0; e < n; e++) {
        const int *const nodes = conn(mesh, e);
        *out(mesh, e) = u(mesh, nodes[0]) * u(mesh, /* second node */ nodes[1]);
    }
}
)",
                         "f", {"mesh"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_FALSE(contains(g.code, "nodes")) << g.code;
  EXPECT_TRUE(contains(g.code, "mesh->m_out[e] = mesh->m_u[mesh->m_conn[2 * e]] * mesh->m_u[mesh->m_conn[2 * e + 1]];"))
      << g.code;
  EXPECT_TRUE(contains(g.code,
                       "double adj = mesh_b->m_out[e];\n"
                       "                    mesh_b->m_out[e] = 0.0;"))
      << g.code;
  EXPECT_TRUE(
      contains(g.code,
               "#pragma omp atomic\n"
               "                    mesh_b->m_u[mesh->m_conn[2 * e + 1]] += mesh->m_u[mesh->m_conn[2 * e]] * adj;"))
      << g.code;
}

// A field pointer whose offset changes while it is in scope is not substituted: PointerAliases
// refuses it with its reason (it points into a field, not a parameter's array).
TEST(AdjointGenerator, FieldPointerWithAMovingOffsetIsRefused) {
  Generated g = generate(R"(typedef struct Mesh { double *m_u; int m_n; } Mesh;
void f(Mesh *mesh, double *y)
{
    int k = 0;
    const double *p = &mesh->m_u[k];
    k = 1;
    y[0] = p[0] * mesh->m_u[k];
}
)",
                         "f", {"mesh", "y"});
  EXPECT_TRUE(contains(g.error, ":5:19: error: unsupported: local pointer 'p'")) << g.error << g.code;
}

TEST(AdjointGenerator, VoidHelpersThatCannotBeInlinedAreRefused) {
  const char* recursive = R"(static void down(double *v, int k) { *v *= 0.5; if (k > 0) down(v, k - 1); }
void f(int n, double *y)
{
    for (int i = 0; i < n; i++) down(&y[i], 3);
}
)";
  EXPECT_TRUE(
      contains(generate(recursive, "f", {"y"}).error, ":4:33: error: unsupported: call to 'down', which is recursive"));
  const char* local_array = R"(static void fill(double *v) { double w[2] = {1.0, 2.0}; *v = w[0] * *v; }
void f(int n, double *y)
{
    for (int i = 0; i < n; i++) fill(&y[i]);
}
)";
  EXPECT_TRUE(contains(generate(local_array, "f", {"y"}).error,
                       ":1:31: error: unsupported: a declaration other than of scalars in the body of helper 'fill'"));
}

TEST(AdjointGenerator, FileScopeReadsAreDeclaredInTheAdjointsFile) {
  Generated g = generate(R"(const double weight = 0.75;
static const double offset = 0.125;
double gain;
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = gain * (weight * x[i] + offset) * x[i];
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(
      contains(g.code, "extern const double weight;\nstatic const double offset = 0.125;\nextern double gain;\n"))
      << g.code;
}

TEST(AdjointGenerator, PrintStaysInForwardSweepOnly) {
  Generated g = generate(R"(#include <stdio.h>
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = 3.0 * x[i];
    printf("%g\n", y[0]);
}
)",
                         "f", {"x", "y"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  size_t print = g.code.find("printf(\"%g\\n\", y[0]);");
  ASSERT_NE(print, std::string::npos) << g.code;
  EXPECT_EQ(g.code.find("printf(", print + 1), std::string::npos) << g.code;  // once
  EXPECT_LT(g.code.find("y[i] = 3.0 * x[i];"), print) << g.code;              // with the primal's values
  EXPECT_LT(print, g.code.find("/* backward sweep */")) << g.code;
}

// File-scope variables: the primal's declared extern in the adjoint's file, an active one's adjoint
// defined there with the same type (the caller reaches it by name).
TEST(AdjointGenerator, FileScopeVariablesAreExternAndActiveOnesGetFileScopeAdjoints) {
  Generated g = generate(R"(#define N 16
double field[N][N];
const double coef = 0.5;
int n = N;
void smooth(void)
{
    int i, j;
#pragma omp parallel for private(j)
    for (i = 1; i < n - 1; i++)
        for (j = 0; j < n; j++)
            field[i][j] = coef * (field[i][j] + field[i][j]);
}
)",
                         "smooth", {"field"});
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code,
                       "extern double field[N][N];\ndouble field_b[N][N]; /* the adjoint of field */\n"
                       "extern const double coef;\nextern int n;\n\nvoid smooth_b(void)\n"))
      << g.code;
  const char* internal = R"(static double hidden[8];
void f(double *x)
{
    for (int i = 0; i < 8; i++) x[i] = hidden[i] * x[i];
}
)";
  EXPECT_TRUE(
      contains(generate(internal, "f", {"x"}).error,
               ":4:40: error: unsupported: static file-scope variable 'hidden': the adjoint's file cannot reach it"));
  const char* constant = R"(const double scale = 2.0;
void f(double *x)
{
    for (int i = 0; i < 8; i++) x[i] = scale * x[i];
}
)";
  EXPECT_TRUE(contains(generate(constant, "f", {"x", "scale"}).error,
                       ":4:40: error: unsupported: --active scale: a const variable has no derivative"));
}

// --include-primal: the adjoint's file includes the primal's and replaces it in the build, so static
// file-scope variables are reachable (declared by the included file, not repeated), an active one's
// adjoint is defined with external linkage, and nothing else of the primal's file is repeated.
TEST(AdjointGenerator, IncludedPrimalReachesStaticVariables) {
  const char* source = R"(#include <math.h>
#define NMAX 100
typedef struct { double scale; } config_t;
static int n;
static double u[NMAX + 2], unew[NMAX + 2];
static const double half = 0.5;
void step(void)
{
    int i;
#pragma omp parallel for
    for (i = 1; i <= n; i++)
        unew[i] = half * (u[i - 1] + u[i + 1]);
}
)";
  AdjointRequest request;
  request.function = "step";
  request.active = {"u", "unew"};
  request.includePrimal = true;
  Generated g = generate(source, request);
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(g.code, "\n#include \"adrace_ad_IncludedPrimalReachesStaticVariables_")) << g.code;
  EXPECT_TRUE(contains(g.code,
                       ".c\"\n#include <stdlib.h>\n#include \"adrace/runtime.h\"\n\n"
                       "double u_b[NMAX + 2]; /* the adjoint of u */\n"
                       "double unew_b[NMAX + 2]; /* the adjoint of unew */\n\nvoid step_b(void)\n"))
      << g.code;
  for (const char* repeated :
       {"#include <math.h>", "#define NMAX", "config_t", "static int", "static double", "static const", "extern"})
    EXPECT_FALSE(contains(g.code, repeated)) << repeated << " repeated:\n" << g.code;
  request.includePrimal = false;
  const std::string refused = generate(source, request).error;
  EXPECT_TRUE(contains(refused,
                       ":11:22: error: unsupported: static file-scope variable 'n': the adjoint's file cannot "
                       "reach it (only a static const scalar or array with an initializer is repeated there; give "
                       "the others external linkage, or pass --include-primal"))
      << refused;
}
}  // namespace adjoint_calls_test
}  // namespace adrace::ad
