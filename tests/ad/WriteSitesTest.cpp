// Unit tests of the write sites of a statement (ad/WriteSites.h): which operators count as writes of
// a variable, in OpenMP directives too, and that the address rule is the caller's choice.
#include "ad/WriteSites.h"

#include "analyzer/frontend/Frontend.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace adrace::ad {
namespace write_sites_test {

// The function `f` of a C (or C++) snippet and its variables by name.
class Snippet {
 public:
  explicit Snippet(const std::string& code, bool cxx = false)
      : unit_(clang::tooling::buildASTFromCodeWithArgs(
            code,
            {"-fopenmp", cxx ? "-std=c++17" : "-std=c99", "-Wno-everything",
             std::string("-resource-dir=") + analyzer::clangResourceDirectory()},
            cxx ? "snippet.cpp" : "snippet.c")) {
    Finder finder;
    finder.TraverseDecl(unit_->getASTContext().getTranslationUnitDecl());
    body_ = finder.body;
    variables_ = finder.variables;
  }
  const clang::Stmt* body() const { return body_; }
  const clang::VarDecl* variable(const std::string& name) const {
    for (const clang::VarDecl* var : variables_)
      if (var->getName() == name) return var;
    ADD_FAILURE() << "no variable " << name;
    return nullptr;
  }

 private:
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool VisitFunctionDecl(clang::FunctionDecl* function) {
      if (function->getName() == "f" && function->hasBody()) body = function->getBody();
      return true;
    }
    bool VisitVarDecl(clang::VarDecl* var) {
      if (!var->isImplicit()) variables.push_back(var);
      return true;
    }
    const clang::Stmt* body = nullptr;
    std::vector<const clang::VarDecl*> variables;
  };
  std::unique_ptr<clang::ASTUnit> unit_;
  const clang::Stmt* body_ = nullptr;
  std::vector<const clang::VarDecl*> variables_;
};

std::vector<WriteKind> kindsOf(const std::string& code, bool cxx = false) {
  Snippet snippet(code, cxx);
  std::vector<WriteKind> kinds;
  forEachWriteSite(snippet.body(), [&](const WriteSite& site) {
    kinds.push_back(site.kind);
    return true;
  });
  return kinds;
}

TEST(WriteSites, EachOperatorThatMayWriteIsASite) {
  EXPECT_EQ(kindsOf("void g(int *); void f(int *a) { int i = 0; a[i] += 2; i++; --a[0]; g(&i); int *p = a; }"),
            (std::vector<WriteKind>{WriteKind::Assignment, WriteKind::IncrementDecrement, WriteKind::IncrementDecrement,
                                    WriteKind::AddressTaken}));
  EXPECT_TRUE(kindsOf("double f(const double *a, int n) { return a[n - 1] * (double)n; }").empty());
}

TEST(WriteSites, ElementsAndDirectivesCount) {
  Snippet snippet(
      "void f(int n, double *y, double s, int t) {\n"
      "#pragma omp parallel for\n"
      "  for (int i = 0; i < n; i++) y[i] = s;\n"
      "  int *q = &t;\n"
      "}\n");
  EXPECT_TRUE(writesVariable(snippet.body(), snippet.variable("y"), false));  // inside the directive
  EXPECT_TRUE(writesVariable(snippet.body(), snippet.variable("i"), false));
  EXPECT_FALSE(writesVariable(snippet.body(), snippet.variable("s"), true));
  EXPECT_FALSE(writesVariable(snippet.body(), snippet.variable("t"), false));
  EXPECT_TRUE(writesVariable(snippet.body(), snippet.variable("t"), true));  // through its address
}

TEST(WriteSites, ReferenceBindingIsAKindOfItsOwn) {
  const std::string code = "void f(int *a) { int &k = a[0]; k = 1; }";
  EXPECT_EQ(kindsOf(code, true), (std::vector<WriteKind>{WriteKind::ReferenceBinding, WriteKind::Assignment}));
  // writesVariable sees `k = 1` write k; that it writes a[0] is the caller's rule (LocalReferences.h).
  Snippet snippet(code, true);
  EXPECT_TRUE(writesVariable(snippet.body(), snippet.variable("k"), false));
  EXPECT_FALSE(writesVariable(snippet.body(), snippet.variable("a"), true));
}

}  // namespace write_sites_test
}  // namespace adrace::ad
