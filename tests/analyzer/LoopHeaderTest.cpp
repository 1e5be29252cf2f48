// The typed loop header (analyzer/frontend/LoopHeader.h): the canonical forms the analyzer and the
// adjoint generator both read, and the two-bound condition only the generator asks for.
#include "analyzer/frontend/Frontend.h"
#include "analyzer/frontend/LoopHeader.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace adrace::analyzer::testing {
namespace loop_header_test {

class ForLoops : public clang::RecursiveASTVisitor<ForLoops> {
 public:
  bool VisitForStmt(clang::ForStmt* loop) {
    found.push_back(loop);
    return true;
  }
  std::vector<const clang::ForStmt*> found;
};

// The for loops of a C snippet, in source order (the unit owns them).
struct ParsedLoops {
  std::unique_ptr<clang::ASTUnit> unit;
  std::vector<const clang::ForStmt*> loops;
};

ParsedLoops parseLoops(const std::string& code) {
  ParsedLoops parsed;
  parsed.unit = clang::tooling::buildASTFromCodeWithArgs(
      code, {"-fopenmp", "-std=c99", "-Wno-everything", std::string("-resource-dir=") + clangResourceDirectory()},
      "loops.c");
  if (!parsed.unit) return parsed;
  ForLoops visitor;
  visitor.TraverseDecl(parsed.unit->getASTContext().getTranslationUnitDecl());
  parsed.loops = visitor.found;
  return parsed;
}

// The variable an expression names (through casts and parentheses), or "".
std::string nameOf(const clang::Expr* expr) {
  auto* reference = expr ? llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts()) : nullptr;
  return reference ? reference->getDecl()->getNameAsString() : "";
}

const char* kForms = R"(
  #define STEP 3
  void f(int n, int s, double *a) {
    int i;
    for (int k = 0; k < n; k++) a[k] = 0;     /* 0 */
    for (i = n - 1; i >= 0; i--) a[i] = 0;    /* 1: C89 counter */
    for (i = 0; n > i; i += STEP) a[i] = 0;   /* 2: mirrored */
    for (i = 0; i < n; i = i + s) a[i] = 0;   /* 3 */
    for (i = 0; i < n; i = s + i) a[i] = 0;   /* 4 */
    for (i = n; i != 0; i = i - s) a[i] = 0;  /* 5 */
    for (i = n; i > 0; i -= s) a[i] = 0;      /* 6 */
  })";

TEST(LoopHeader, CanonicalForms) {
  ParsedLoops parsed = parseLoops(kForms);
  ASSERT_EQ(parsed.loops.size(), 7u);
  std::vector<LoopHeader> headers(parsed.loops.size());
  for (size_t k = 0; k < parsed.loops.size(); ++k) {
    std::string reason;
    EXPECT_TRUE(readLoopHeader(*parsed.loops[k], headers[k], reason)) << k << ": " << reason;
    EXPECT_EQ(headers[k].secondBound, nullptr) << k;
  }
  EXPECT_EQ(headers[0].counter->getName(), "k");
  EXPECT_EQ(headers[0].unitStep, 1);
  EXPECT_EQ(headers[0].step, nullptr);
  EXPECT_EQ(headers[1].counter->getName(), "i");
  EXPECT_EQ(headers[1].comparison, smt::Comparison::GreaterEqual);
  EXPECT_EQ(headers[1].unitStep, -1);
  EXPECT_EQ(headers[2].comparison, smt::Comparison::Less);  // n > i
  EXPECT_EQ(nameOf(headers[2].bound), "n");
  ASSERT_NE(headers[2].step, nullptr);
  EXPECT_EQ(nameOf(headers[3].step), "s");
  EXPECT_FALSE(headers[3].negateStep);
  EXPECT_EQ(nameOf(headers[4].step), "s");
  EXPECT_FALSE(headers[4].negateStep);
  EXPECT_EQ(headers[5].comparison, smt::Comparison::NotEqual);
  EXPECT_TRUE(headers[5].negateStep);
  EXPECT_TRUE(headers[6].negateStep);
}

const char* kTwoBounds = R"(
  void f(int n, int lo, double *a) {
    int j, k;
    for (j = lo; j < lo + 8 && j < n; j++) a[j] = 0;    /* 0: the smaller of two */
    for (j = lo; j <= lo + 8 && n >= j; j++) a[j] = 0;  /* 1: mirrored */
    for (j = lo; j < lo + 8 && j <= n; j++) a[j] = 0;   /* 2: two comparisons */
    for (j = n; j > lo && j > 0; j--) a[j] = 0;         /* 3: the larger of two */
    for (j = lo; j < n && k < n; j++) a[j] = 0;         /* 4: another variable */
    for (j = lo; j < n || j < lo; j++) a[j] = 0;        /* 5: || */
  })";

// OpenMP's canonical loop form has one bound: the analyzer's own callers still refuse two.
TEST(LoopHeader, TwoBoundsAreRefusedByDefault) {
  ParsedLoops parsed = parseLoops(kTwoBounds);
  ASSERT_EQ(parsed.loops.size(), 6u);
  LoopHeader header;
  std::string reason;
  EXPECT_FALSE(readLoopHeader(*parsed.loops[0], header, reason));
  EXPECT_EQ(reason, "loop condition is not a comparison of the counter with a bound");
}

TEST(LoopHeader, TheSmallerOfTwoBoundsWhenAsked) {
  ParsedLoops parsed = parseLoops(kTwoBounds);
  ASSERT_EQ(parsed.loops.size(), 6u);
  for (size_t k : {0u, 1u}) {
    LoopHeader header;
    std::string reason;
    ASSERT_TRUE(readLoopHeader(*parsed.loops[k], header, reason, LoopBounds::SmallerOfTwo)) << k << ": " << reason;
    EXPECT_EQ(header.counter->getName(), "j");
    EXPECT_TRUE(llvm::isa<clang::BinaryOperator>(header.bound->IgnoreParenImpCasts())) << k;  // lo + 8
    EXPECT_EQ(nameOf(header.secondBound), "n") << k;
    EXPECT_EQ(header.comparison, k == 0 ? smt::Comparison::Less : smt::Comparison::LessEqual);
  }
  for (size_t k : {2u, 3u, 4u, 5u}) {
    LoopHeader header;
    std::string reason;
    EXPECT_FALSE(readLoopHeader(*parsed.loops[k], header, reason, LoopBounds::SmallerOfTwo)) << k;
    EXPECT_EQ(reason, "loop condition is not a comparison of the counter with a bound (i < n, or i < a && i < b)") << k;
  }
}

TEST(LoopHeader, InitDeclaresOrAssignsAnInitialisedCounter) {
  ParsedLoops parsed = parseLoops(R"(
    void f(int n, double *a) {
      int i;
      for (int k = 2; k < n; k++) a[k] = 0;
      for (i = 1; i < n; i++) a[i] = 0;
      for (int m; m < n; m++) a[m] = 0;
      for (; i < n; i++) a[i] = 0;
    })");
  ASSERT_EQ(parsed.loops.size(), 4u);
  LoopHeader declared, assigned, uninitialised, none;
  ASSERT_TRUE(readLoopInit(*parsed.loops[0], declared));
  EXPECT_EQ(declared.counter->getName(), "k");
  ASSERT_TRUE(readLoopInit(*parsed.loops[1], assigned));
  EXPECT_EQ(assigned.counter->getName(), "i");
  EXPECT_TRUE(llvm::isa<clang::IntegerLiteral>(assigned.first->IgnoreParenImpCasts()));
  EXPECT_FALSE(readLoopInit(*parsed.loops[2], uninitialised));
  EXPECT_FALSE(readLoopInit(*parsed.loops[3], none));
}

}  // namespace loop_header_test
}  // namespace adrace::analyzer::testing
