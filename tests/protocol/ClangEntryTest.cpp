// adrace/Analysis.h's Clang entries: a loop an AD tool holds as an OpenMP directive or as its for
// statement gets the same verdicts `adrace analyze` gives; anything else gets an error value.
#include "../analyzer/ParseSnippet.h"
#include "adrace/Analysis.h"

#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>

namespace adrace {
namespace clang_entry_test {

using analyzer::testing::parseSnippet;

const char* kSnippet = R"(
  void f(int n, const int *c, double *x, double *y) {
    #pragma omp parallel for
    for (int i = 0; i < n; i++) y[c[i]] = x[c[i] + 7] + x[i];
  }
  void g(double *z) {
    for (int k = 0; k < 2; k++) z[k] = 0;
  })";

const ArrayVerdict* verdictOf(const LoopAnalysis& analysis, const std::string& array) {
  for (const ArrayVerdict& verdict : analysis.arrays)
    if (verdict.array == array) return &verdict;
  return nullptr;
}

std::vector<analyzer::LoopSite> loopsOf(analyzer::testing::ParsedSnippet& parsed) {
  std::vector<analyzer::Diagnostic> diagnostics;
  return analyzer::findLoops(parsed.unit->getASTContext(), diagnostics);
}

TEST(ClangEntry, DirectiveAndForStatementGiveTheSameVerdicts) {
  analyzer::testing::ParsedSnippet parsed = parseSnippet(kSnippet);
  ASSERT_TRUE(parsed.unit);
  clang::ASTContext& context = parsed.unit->getASTContext();
  std::vector<analyzer::LoopSite> sites = loopsOf(parsed);
  ASSERT_EQ(sites.size(), 1u);

  ClangLoopAnalysis byDirective = analyzeLoop(*sites[0].directive, context, AnalysisOptions{});
  ASSERT_FALSE(byDirective.error) << analyzer::formatDiagnostic(*byDirective.error);
  ASSERT_TRUE(byDirective.model && byDirective.analysis);
  EXPECT_EQ(byDirective.model->function, "f");
  const ArrayVerdict* y = verdictOf(*byDirective.analysis, "y");
  ASSERT_TRUE(y);
  EXPECT_EQ(y->verdict, Verdict::Shared);
  const ArrayVerdict* x = verdictOf(*byDirective.analysis, "x");
  ASSERT_TRUE(x);
  EXPECT_EQ(x->verdict, Verdict::Atomic) << "x[c[i] + 7] on one iteration may be x[i'] on another";

  const clang::ForStmt* loop = analyzer::associatedLoops(*sites[0].directive).front();
  ClangLoopAnalysis byLoop = analyzeLoop(*loop, context, AnalysisOptions{});
  ASSERT_TRUE(byLoop.analysis);
  ASSERT_EQ(byLoop.analysis->arrays.size(), byDirective.analysis->arrays.size());
  for (size_t i = 0; i < byLoop.analysis->arrays.size(); ++i)
    EXPECT_EQ(byLoop.analysis->arrays[i].verdict, byDirective.analysis->arrays[i].verdict);
}

TEST(ClangEntry, AForStatementWithoutDirectiveIsAnError) {
  analyzer::testing::ParsedSnippet parsed = parseSnippet(kSnippet);
  ASSERT_TRUE(parsed.unit);
  clang::ASTContext& context = parsed.unit->getASTContext();
  const clang::ForStmt* serial = nullptr;
  for (const clang::Decl* declaration : context.getTranslationUnitDecl()->decls())
    if (auto* function = llvm::dyn_cast<clang::FunctionDecl>(declaration); function && function->getName() == "g")
      serial = llvm::dyn_cast<clang::ForStmt>(*llvm::cast<clang::CompoundStmt>(function->getBody())->body_begin());
  ASSERT_TRUE(serial);
  ClangLoopAnalysis result = analyzeLoop(*serial, context, AnalysisOptions{});
  ASSERT_TRUE(result.error);
  EXPECT_FALSE(result.model);
  EXPECT_FALSE(result.analysis);
  EXPECT_NE(result.error->message.find("not the loop of an OpenMP loop directive"), std::string::npos);
  EXPECT_EQ(result.error->at.line, 7u);
}

}  // namespace clang_entry_test
}  // namespace adrace
