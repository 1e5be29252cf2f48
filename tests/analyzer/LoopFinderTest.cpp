// Which OpenMP loops become models: every parallel or worksharing loop of the file's functions
// (C++ methods and constructors too), each once; a loop nested in a modelled one is part of it.
#include "ParseSnippet.h"

namespace adrace::analyzer::testing {
namespace loop_finder_test {

TEST(LoopFinder, ASimdLoopInsideAParallelLoopIsPartOfItsModel) {
  ParsedSnippet parsed = parseSnippet(R"(
    void f(int n, int m, double *a, const double *b) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        #pragma omp simd
        for (int j = 0; j < m; j++) a[i * m + j] = b[j];
      }
    })");
  ASSERT_EQ(parsed.loops.size(), 1u);
  EXPECT_EQ(parsed.loops[0].directive, (Directive{Construct::Parallel, Construct::For}));
  EXPECT_EQ(loopDirectiveName(parsed.loops[0].directive), "parallel for");
  EXPECT_EQ(referencesTo(parsed.loops[0], "a").size(), 1u);
}

TEST(LoopFinder, SiblingLoopsOfARegionAreModelledEach) {
  ParsedSnippet parsed = parseSnippet(R"(
    void f(int n, double *a, double *b) {
      #pragma omp parallel
      {
        #pragma omp for
        for (int i = 0; i < n; i++) a[i] = 1;
        #pragma omp for
        for (int i = 0; i < n; i++) b[i] = a[i];
      }
    })");
  ASSERT_EQ(parsed.loops.size(), 2u);
  EXPECT_EQ(parsed.loops[0].directive, Directive{Construct::For});
  EXPECT_EQ(parsed.loops[1].directive, Directive{Construct::For});
}

TEST(LoopFinder, MethodsAndConstructorsOfACxxClass) {
  ParsedSnippet parsed = parseSnippet(R"(
    struct Grid {
      int n; double *u;
      Grid(int size, double *data) : n(size), u(data) {
        #pragma omp parallel for
        for (int i = 0; i < n; i++) u[i] = 0;
      }
      void scale(double *v, const double *w) {
        #pragma omp parallel for
        for (int i = 0; i < n; i++) v[i] = 2 * w[i];
      }
    };)",
                                      "c++");
  for (const Diagnostic& diagnostic : parsed.diagnostics) ADD_FAILURE() << formatDiagnostic(diagnostic);
  ASSERT_EQ(parsed.loops.size(), 2u);
  EXPECT_EQ(parsed.loops[0].function, "Grid");
  EXPECT_EQ(parsed.loops[1].function, "scale");
  // v and w are parameters; the member u is the array `this->u` of the object the function runs on.
  EXPECT_EQ(referencesTo(parsed.loops[1], "v").size(), 1u);
  ASSERT_EQ(referencesTo(parsed.loops[0], "this->u").size(), 1u);
  EXPECT_FALSE(referencesTo(parsed.loops[0], "this->u")[0].opaque);
}

}  // namespace loop_finder_test
}  // namespace adrace::analyzer::testing
