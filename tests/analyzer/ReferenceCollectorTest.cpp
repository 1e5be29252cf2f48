// Reference collection: access kinds, subscripts in the IR, opaque references with reasons.
#include "ParseSnippet.h"

namespace adrace::analyzer::testing {
namespace reference_collector_test {

TEST(ReferenceCollector, AccessKinds) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, double *a, double *b, double *c, double *d, double *e) {
      #pragma omp parallel for
      for (int i = 1; i < n; i++) {
        a[i] = b[i - 1];
        c[i] += b[i];
        d[i] = d[i] + 2.0 * b[i + 1];
        e[i] *= 2.0;
      }
    })");
  auto a = referencesTo(loop, "a");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0].kind, AccessKind::Write);
  auto b = referencesTo(loop, "b");
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].kind, AccessKind::Read);
  EXPECT_EQ(indexText(b[0]), "[i - 1]");
  EXPECT_EQ(indexText(b[2]), "[i + 1]");
  auto c = referencesTo(loop, "c");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].kind, AccessKind::Increment);
  // d[i] = d[i] + ... is one increment, not a write and a read.
  auto d = referencesTo(loop, "d");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].kind, AccessKind::Increment);
  // e[i] *= 2 reads and overwrites.
  auto e = referencesTo(loop, "e");
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].kind, AccessKind::Read);
  EXPECT_EQ(e[1].kind, AccessKind::Write);
  EXPECT_EQ(a[0].span.begin.line, 5u);
  EXPECT_EQ(a[0].span.begin.column, 9u);
  EXPECT_EQ(a[0].text, "a[i]");
}

TEST(ReferenceCollector, MultiDimensionalPointerAndIndirect) {
  LoopModel loop = onlyLoop(R"(
    #define W 20
    enum { OFFSET = 7 };
    void f(int n, int m, double a[n][m], double *p, const int *c, double *y) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        a[i][m - 1] = *(p + i);
        y[c[i]] = p[c[i] + OFFSET] + *p + p[W * i + 3];
      }
    })");
  auto a = referencesTo(loop, "a");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(indexText(a[0]), "[i][m - 1]");
  EXPECT_EQ(variable(loop, "a").dimensions, 2u);
  auto p = referencesTo(loop, "p");
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(indexText(p[0]), "[i]");
  EXPECT_EQ(indexText(p[1]), "[c[i] + 7]");
  EXPECT_EQ(indexText(p[2]), "[0]");
  EXPECT_EQ(indexText(p[3]), "[20 * i + 3]");
  auto y = referencesTo(loop, "y");
  ASSERT_EQ(y.size(), 1u);
  EXPECT_EQ(indexText(y[0]), "[c[i]]");
  EXPECT_TRUE(smt::readsArray(y[0].indices));
  // The integer array is a reference of its own: it carries knowledge.
  EXPECT_EQ(referencesTo(loop, "c").size(), 2u);
  EXPECT_TRUE(variable(loop, "c").isInteger);
  EXPECT_TRUE(variable(loop, "p").isFloating);
}

TEST(ReferenceCollector, OpaqueReferencesKeepTheirReason) {
  LoopModel loop = onlyLoop(R"(
    struct mesh { double *v; };
    struct grid { struct mesh cells[4]; };
    int pick(int);
    void f(int n, double *a, struct grid m, double *b) {
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        a[pick(i)] = m.cells[1].v[i];
        double *cursor = b;
        cursor += i;
        cursor[0] = 1.0;
        a[i & 3] += 1.0;
      }
    })");
  auto a = referencesTo(loop, "a");
  ASSERT_EQ(a.size(), 2u);
  EXPECT_TRUE(a[0].opaque);
  EXPECT_NE(a[0].opaqueReason.find("call to 'pick'"), std::string::npos);
  EXPECT_TRUE(a[1].opaque);
  EXPECT_NE(a[1].opaqueReason.find("operator '&'"), std::string::npos);
  auto cursor = referencesTo(loop, "cursor");
  ASSERT_EQ(cursor.size(), 1u);
  EXPECT_TRUE(cursor[0].opaque);
  EXPECT_NE(cursor[0].opaqueReason.find("pointer chasing"), std::string::npos);
  // A subscript between two members is a member path of its own, not opaque (StructMemberTest has the paths).
  auto cells = referencesTo(loop, "m.cells[].v");
  ASSERT_EQ(cells.size(), 1u);
  EXPECT_FALSE(cells[0].opaque) << cells[0].opaqueReason;
  EXPECT_EQ(cells[0].indices.size(), 2u);
  // The unknown call is a limitation of the whole loop.
  ASSERT_FALSE(loop.limitations.empty());
  EXPECT_NE(loop.limitations[0].message.find("'pick'"), std::string::npos);
}

TEST(ReferenceCollector, PointersIntoAnArrayAreThatArrayShifted) {
  LoopModel loop = onlyLoop(R"(
    void f(int n, int m, double *a, double *b, const double *c) {
      const double *shifted = c + 1;
      int k = 0;
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        double *row = a + m * i;
        row[1] = shifted[i];
        double *late = b + k;
        k = i;
        late[0] = 1.0;
      }
    })");
  auto a = referencesTo(loop, "a");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_FALSE(a[0].opaque);
  EXPECT_EQ(indexText(a[0]), "[m * i + 1]");
  auto c = referencesTo(loop, "c");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(indexText(c[0]), "[1 + i]");
  // k changes after `late` is set: the offset cannot be re-read at the use, so late stays opaque.
  auto late = referencesTo(loop, "late");
  ASSERT_EQ(late.size(), 1u);
  EXPECT_TRUE(late[0].opaque);
  EXPECT_TRUE(referencesTo(loop, "b").empty());
}

TEST(ReferenceCollector, SharedScalarsAndProtection) {
  LoopModel loop = onlyLoop(R"(
    #include <omp.h>
    void f(int n, double *a, double *h, const int *bin, omp_lock_t *lock) {
      double total = 0, last = 0;
      #pragma omp parallel for
      for (int i = 0; i < n; i++) {
        #pragma omp atomic
        h[bin[i]] += a[i];
        #pragma omp critical(sum)
        total += a[i];
        omp_set_lock(lock);
        last = a[i];
        omp_unset_lock(lock);
      }
    })");
  auto h = referencesTo(loop, "h");
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].protection, Protection::Atomic);
  auto total = referencesTo(loop, "total");
  ASSERT_EQ(total.size(), 1u);
  EXPECT_TRUE(total[0].isScalar);
  EXPECT_EQ(total[0].kind, AccessKind::Increment);
  EXPECT_EQ(total[0].protection, Protection::Critical);
  EXPECT_EQ(total[0].exclusionName, "sum");
  auto last = referencesTo(loop, "last");
  ASSERT_EQ(last.size(), 1u);
  EXPECT_EQ(last[0].protection, Protection::Lock);
}

}  // namespace reference_collector_test
}  // namespace adrace::analyzer::testing
