// C++ as HPC codes write it (docs/adjoint.md, "C++"): std::vector / std::array parameters by
// reference, their size(), references to scalars, namespace constants, static_cast; and what stays
// refused, with its location.
#include "ad/AdjointGenerator.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace adrace::ad {
namespace cxx_adjoint_test {

struct Generated {
  std::string code;
  std::string error;
};

// The adjoint of a C++ source (a .cpp file, -std=c++17).
Generated generateCxx(const std::string& source, const std::string& function, const std::vector<std::string>& active,
                      Strategy strategy = Strategy::FormAD, std::map<std::string, std::string> extents = {}) {
  static int counter = 0;
  std::string path = ::testing::TempDir() + "adrace_cxx_" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + std::to_string(getpid()) +
                     "_" + std::to_string(counter++) + ".cpp";
  std::ofstream(path) << source;
  AdjointRequest request;
  request.settings.files = {path};
  request.settings.compilerArguments = {"-std=c++17"};
  request.function = function;
  request.active = active;
  request.strategy = strategy;
  request.extents = std::move(extents);
  AdjointResult result = generateAdjoint(request);
  std::remove(path.c_str());
  Generated generated{result.code, ""};
  if (!result.diagnostics.empty()) generated.error = analyzer::formatDiagnostic(result.diagnostics.front());
  return generated;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const char* kResidual = R"(#include <vector>
void residual(const std::vector<double>& u, std::vector<double>& r)
{
    const int n = static_cast<int>(u.size());
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
        r[i] = u[i - 1] * u[i] + u[i + 1];
}
)";

TEST(CxxAdjoint, VectorReferencesHaveVectorAdjoints) {
  Generated generated = generateCxx(kResidual, "residual", {"u", "r"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code,
                       "void residual_b(const std::vector<double> &u, std::vector<double> &u_b, "
                       "std::vector<double> &r, std::vector<double> &r_b)"))
      << generated.code;
  EXPECT_TRUE(contains(generated.code, "int n = static_cast<int>(u.size());")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "r_b[i] = 0.0;")) << generated.code;
  EXPECT_FALSE(contains(generated.code, "operator")) << generated.code;
}

TEST(CxxAdjoint, VectorSubscriptsAreProvenLikeArrays) {
  // u_b[i - 1], u_b[i], u_b[i + 1] from different iterations meet: guarded or gathered, never plain;
  // r_b[i] is each iteration's own.
  Generated generated = generateCxx(kResidual, "residual", {"u", "r"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "/* r_b: shared: proven race-free */")) << generated.code;
  EXPECT_FALSE(contains(generated.code, "/* u_b: shared: proven race-free */")) << generated.code;
}

TEST(CxxAdjoint, VectorReductionCopiesAreElementArrays) {
  Generated generated = generateCxx(kResidual, "residual", {"u", "r"}, Strategy::Reduction, {{"u", "n"}, {"r", "n"}});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "double *u_b_copies")) << generated.code;
  // thread 0 increments the vector's elements themselves
  EXPECT_TRUE(contains(generated.code, "double *u_b_total = u_b.data();")) << generated.code;
}

TEST(CxxAdjoint, StdArrayReferences) {
  Generated generated = generateCxx(R"(#include <array>
void blend(const std::array<double, 16>& a, std::array<double, 16>& b)
{
#pragma omp parallel for
    for (int i = 0; i < 16; i++)
        b[i] = a[i] * a[i];
}
)",
                                    "blend", {"a", "b"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "std::array<double, 16> &a_b")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "a_b[i] += ")) << generated.code;
}

// C++ has no `restrict` keyword: the adjoint keeps the source's `__restrict`, which g++ and clang++
// accept, on the primal's pointers and their adjoints.
TEST(CxxAdjoint, RestrictPointersKeepTheCxxSpelling) {
  Generated generated = generateCxx(R"(void square(double* __restrict y, const double* __restrict x, int n)
{
#pragma omp parallel for
    for (int k = 0; k < n; ++k)
        y[k] = x[k] * x[k];
}
)",
                                    "square", {"y", "x"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "double * __restrict y_b")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "const double * __restrict x")) << generated.code;
  EXPECT_FALSE(contains(generated.code, " restrict ")) << generated.code;
}

TEST(CxxAdjoint, NamespaceConstantsAreDeclaredInTheirNamespace) {
  Generated generated = generateCxx(R"(namespace heat {
constexpr double kappa = 0.5;
namespace units { const double scale = 2.0; }
}
using namespace heat;
void damp(int n, double* x)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        x[i] = kappa * x[i] * x[i] * units::scale;
}
)",
                                    "damp", {"x"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "namespace heat {\nconstexpr double kappa = 0.5;\n}  // namespace heat"))
      << generated.code;
  EXPECT_TRUE(contains(generated.code, "namespace heat::units {\nstatic const double scale = 2.0;\n}"))
      << generated.code;
  EXPECT_TRUE(contains(generated.code, "heat::kappa")) << generated.code;
  EXPECT_FALSE(contains(generated.code, "extern")) << generated.code;
}

TEST(CxxAdjoint, ReferencesToElementsAreTheirElements) {
  Generated generated = generateCxx(R"(#include <vector>
void update(const std::vector<double>& u, std::vector<double>& r)
{
#pragma omp parallel for
    for (int i = 0; i < 64; i++) {
        const double& c = u[i];
        double& out = r[i];
        auto v = c * c;
        out = v + c;
    }
}
)",
                                    "update", {"u", "r"});
  ASSERT_EQ(generated.error, "");
  EXPECT_FALSE(contains(generated.code, "&c")) << generated.code;
  EXPECT_FALSE(contains(generated.code, "&out")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "u_b[i] += ")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "r_b[i] = 0.0;")) << generated.code;
}

TEST(CxxAdjoint, ReferenceToATemporaryIsRefusedWhereItIsDeclared) {
  Generated generated = generateCxx(R"(#include <vector>
void update(const std::vector<double>& u, std::vector<double>& r)
{
#pragma omp parallel for
    for (int i = 0; i < 64; i++) {
        const double& s = u[i] + 1.0;
        r[i] = s * s;
    }
}
)",
                                    "update", {"u", "r"});
  EXPECT_TRUE(contains(generated.error, ":6:23: error: unsupported: local 's' of type const double &"))
      << generated.error;
  EXPECT_EQ(generated.code, "");
}

TEST(CxxAdjoint, ReferenceWhoseSubscriptChangesIsRefused) {
  // k moves after the binding: the reference keeps naming u[k] as it was bound, so it is not u[k].
  Generated generated = generateCxx(R"(#include <vector>
void shift(const std::vector<double>& u, std::vector<double>& r)
{
    int k = 0;
    const double& first = u[k];
    k = 1;
    r[0] = first * u[k];
}
)",
                                    "shift", {"u", "r"});
  EXPECT_TRUE(contains(generated.error, ":5:19: error: unsupported: local 'first' of type const double &"))
      << generated.error;
}

// (refused at its first use: the container's operator[] is a call of a member function)
TEST(CxxAdjoint, ContainersHeldByValueStayRefused) {
  Generated generated = generateCxx(R"(#include <vector>
void buffer(int n, const double* x, double* y)
{
    std::vector<double> t(n);
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        t[i] = x[i] * x[i];
    for (int i = 0; i < n; i++)
        y[i] = t[i];
}
)",
                                    "buffer", {"x", "y"});
  // The race check of the primal reads t[i] as an element of t (ContainerSubscripts.h); the
  // adjoint refuses the container itself.
  EXPECT_TRUE(contains(generated.error, ":4:25: error: unsupported: local 't' of type std::vector<double>"))
      << generated.error;
}

TEST(CxxAdjoint, StructReferencesHaveStructAdjoints) {
  Generated generated = generateCxx(R"(struct Field { int n; double *u; };
void scale(const Field& in, Field& out)
{
#pragma omp parallel for
    for (int i = 0; i < in.n; i++)
        out.u[i] = in.u[i] * in.u[i];
}
)",
                                    "scale", {"in", "out"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "void scale_b(const Field &in, Field &in_b, Field &out, Field &out_b)"))
      << generated.code;
  EXPECT_TRUE(contains(generated.code, "in_b.u[i] += ")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "out_b.u[i] = 0.0;")) << generated.code;
}

// Accessors are inlined on the object they are called on: `this->u[...]` and `u[...]` are g.u[...],
// an accessor returning a reference is an lvalue there, and one calling another calls it on g.
TEST(CxxAdjoint, AccessorsAreInlinedOnTheirObject) {
  Generated generated = generateCxx(R"(struct Grid {
    int nx;
    double *u;
    double& at(int i, int j) { return u[i * nx + j]; }
    double get(int i, int j) const { return this->u[i * nx + j]; }
    double squared(int i, int j) const { return get(i, j) * get(i, j); }
};
void square(Grid& g, int ny, int nx)
{
#pragma omp parallel for
    for (int i = 0; i < ny; i++)
        for (int j = 0; j < nx; j++)
            g.at(i, j) = g.squared(i, j);
}
)",
                                    "square", {"g"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "void square_b(Grid &g, Grid &g_b, int ny, int nx)")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "g_b.u[i * g.nx + j]")) << generated.code;
  EXPECT_FALSE(contains(generated.code, ".at(")) << generated.code;
}

// A constexpr that a struct's member array is sized by comes before the struct in the adjoint's file
// (and only there), even where the function does not name it.
TEST(CxxAdjoint, ConstantsTheTypesNameComeBeforeThem) {
  Generated generated = generateCxx(R"(constexpr int NCELL = 8;
struct Column { double h[NCELL]; };
void thicken(Column& c, double* out)
{
#pragma omp parallel for
    for (int k = 0; k < 4; k++)
        out[k] = c.h[k] * c.h[k];
}
)",
                                    "thicken", {"c", "out"});
  ASSERT_EQ(generated.error, "");
  size_t constant = generated.code.find("constexpr int NCELL = 8;");
  size_t type = generated.code.find("struct Column { double h[NCELL]; };");
  ASSERT_NE(constant, std::string::npos) << generated.code;
  ASSERT_NE(type, std::string::npos) << generated.code;
  EXPECT_LT(constant, type) << generated.code;
  EXPECT_EQ(generated.code.find("NCELL = 8", type), std::string::npos) << generated.code;
}

TEST(CxxAdjoint, MemberFunctionsOtherThanAccessorsAreRefused) {
  Generated generated = generateCxx(R"(struct Grid {
    int nx;
    double *u;
    void scale(int i, double s) { u[i] *= s; }
};
void shrink(Grid& g)
{
#pragma omp parallel for
    for (int i = 0; i < g.nx; i++)
        g.scale(i, 0.5);
}
)",
                                    "shrink", {"g"});
  EXPECT_TRUE(contains(generated.error,
                       ":10:9: error: unsupported: call to the C++ member function 'Grid::scale' "
                       "(inlined: member functions that return a value"))
      << generated.error;
}

// A flux law as a class hierarchy: the call runs the overrider of the object's dynamic type.
const char* kFluxLaws = R"(struct Flux {
    virtual double f(double u) const { return u; }
    virtual ~Flux() {}
};
struct Burgers final : Flux {
    double c;
    double f(double u) const override { return c * u * u; }
};
void step(int n, const FLUX& flux, const double *u, double *out)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        out[i] = flux.f(u[i]);
}
)";

std::string withFlux(const std::string& type) {
  std::string source = kFluxLaws;
  source.replace(source.find("FLUX"), 4, type);
  return source;
}

TEST(CxxAdjoint, VirtualCallOnAFinalClassIsTheOverriderInlined) {
  Generated generated = generateCxx(withFlux("Burgers"), "step", {"u", "out"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "u_b[i] += flux.c * (out_b[i] * u[i]) + flux.c * u[i] * out_b[i];"))
      << generated.code;
}

TEST(CxxAdjoint, VirtualCallWhoseDynamicTypeIsUnknownIsRefused) {
  Generated generated = generateCxx(withFlux("Flux"), "step", {"u", "out"});
  EXPECT_TRUE(contains(generated.error,
                       ":13:18: error: unsupported: call to the virtual member function 'Flux::f' on an object "
                       "whose dynamic type is not known here"))
      << generated.error;
}

TEST(CxxAdjoint, ScalarReferenceParametersAreTheCallersScalars) {
  // s is the caller's: its adjoint is `double &s_b`, read and written as s_b (not a copy, not *s_b)
  Generated generated = generateCxx(R"(void accumulate(int n, const double* x, double& s)
{
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
}
)",
                                    "accumulate", {"x", "s"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(
      contains(generated.code, "void accumulate_b(int n, const double *x, double *x_b, double &s, double &s_b)"))
      << generated.code;
  EXPECT_TRUE(contains(generated.code, "x_b[i] += s_b * x[i] + x[i] * s_b;")) << generated.code;
  EXPECT_FALSE(contains(generated.code, "*s_b")) << generated.code;
}

// A class local that bundles scalars (its constructor initialises each member from a parameter or a
// constant) is one scalar local per member, declared where it was (ad/ClassLocals.h).
TEST(CxxAdjoint, ClassLocalsAreOneScalarPerMember) {
  Generated generated = generateCxx(R"(struct Box {
    double w;
    int k = 2;
    explicit Box(double v) : w(v) {}
    double scaled(double x) const { return k * w * x; }
};
void widen(int n, double s, double* x)
{
    for (int i = 0; i < n; i++) {
        Box b(s);
        x[i] = b.scaled(x[i]);
    }
}
)",
                                    "widen", {"s", "x"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "double b_w = s;")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "int b_k = 2;")) << generated.code;
  EXPECT_FALSE(contains(generated.code, "Box b")) << generated.code;
}

// A constructor that computes its members (initialisers over its parameters, a body assigning
// members from parameters and members computed before) gives one scalar per member, in the order it
// computes them, each with the arguments in place of the parameters (ad/ClassLocals.h).
TEST(CxxAdjoint, ClassLocalsWithComputingConstructorsAreScalars) {
  Generated generated = generateCxx(R"(struct Face {
    double inv, w;
    Face(double a, double b) : w(0.5 * (a + b)) { inv = 1.0 / w; }
};
void widen(int n, double* x)
{
    for (int i = 1; i < n; i++) {
        Face f(x[i - 1], 2.0);
        x[i] = f.inv * x[i];
    }
}
)",
                                    "widen", {"x"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "double f_w = 0.5 * (x[i - 1] + 2.0);")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "double f_inv = 1.0 / f_w;")) << generated.code;
  EXPECT_LT(generated.code.find("double f_w ="), generated.code.find("double f_inv =")) << generated.code;
}

// A constructor doing anything else is not modelled: the local is refused with its type.
TEST(CxxAdjoint, ClassLocalsWithOtherConstructorBodiesAreRefused) {
  const char* source = R"(struct Box {
    double w;
    explicit Box(double v) { w = v * v; STATEMENT }
};
void widen(int n, double* x)
{
    for (int i = 0; i < n; i++) {
        Box b(2.0);
        x[i] = b.w * x[i];
    }
}
)";
  for (const char* statement : {"w += v;", "if (v > 1.0) w = v;", "w = w * v;"}) {
    std::string code = source;
    code.replace(code.find("STATEMENT"), 9, statement);
    Generated generated = generateCxx(code, "widen", {"x"});
    EXPECT_TRUE(contains(generated.error, ":8:13: error: unsupported: local 'b' of type Box"))
        << statement << ": " << generated.error;
  }
}

// A helper taking a struct local by reference (`float3& v`, Rodinia CFD's compute_velocity) is
// inlined with `v.x` naming the caller's `vel.x`, so the local is one scalar per member
// (ad/LocalReferences.h, ad/ClassLocals.h).
TEST(CxxAdjoint, StructLocalsPassedByReferenceAreScalars) {
  Generated generated = generateCxx(R"(struct float3 { float x, y, z; };
inline void velocity_of(float& rho, float3& m, float3& v)
{
    v.x = m.x / rho;
    v.y = m.y / rho;
    v.z = m.z / rho;
}
void speed(int n, const float* q, float* s)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        float rho = q[4 * i];
        float3 m;
        m.x = q[4 * i + 1];
        m.y = q[4 * i + 2];
        m.z = q[4 * i + 3];
        float3 vel;
        velocity_of(rho, m, vel);
        s[i] = vel.x * vel.x + vel.y * vel.y + vel.z * vel.z;
    }
}
)",
                                    "speed", {"q", "s"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "vel_x = m_x / rho;")) << generated.code;
  EXPECT_FALSE(contains(generated.code, "float3 &")) << generated.code;
}

// `#pragma unroll` only tells the compiler how to optimise: the adjoint reads the loop under it
// (ad/LoopHints.h). A struct passed by value that is not active is constants the body reads, passed
// on unchanged; an active one stays refused.
const char* kFarField = R"(struct float3 { float x, y, z; };
void flux(int n, const float* q, float* f, float3 ff)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        float s = 0.0f;
#pragma unroll
        for (int j = 0; j < 3; j++)
            s += q[3 * i + j] * q[3 * i + j];
        f[i] = s * ff.x + q[3 * i] * ff.y;
    }
}
)";

TEST(CxxAdjoint, LoopHintsAndInactiveStructsByValueAreRead) {
  Generated generated = generateCxx(kFarField, "flux", {"q", "f"});
  ASSERT_EQ(generated.error, "");
  EXPECT_TRUE(contains(generated.code, "float *f_b, float3 ff)")) << generated.code;
  EXPECT_TRUE(contains(generated.code, "* ff.x")) << generated.code;
  EXPECT_FALSE(contains(generated.code, "unroll")) << generated.code;
}

TEST(CxxAdjoint, ActiveStructPassedByValueIsRefused) {
  Generated generated = generateCxx(kFarField, "flux", {"q", "f", "ff"});
  EXPECT_TRUE(contains(generated.error, ":2:51: error: unsupported: --active ff: a struct parameter passed by value"))
      << generated.error;
  EXPECT_EQ(generated.code, "");
}

TEST(CxxAdjoint, ActiveNamespaceVariableIsRefused) {
  Generated generated = generateCxx(R"(namespace state { double energy; }
void add(int n, const double* x)
{
    for (int i = 0; i < n; i++)
        state::energy += x[i] * x[i];
}
)",
                                    "add", {"x", "energy"});
  EXPECT_TRUE(contains(generated.error, "error: unsupported: --active energy: a namespace's variable"))
      << generated.error;
}

}  // namespace cxx_adjoint_test
}  // namespace adrace::ad
