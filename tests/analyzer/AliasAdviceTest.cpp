// What `adrace check` advises when two names of a loop may be one array (RaceCheck.cpp,
// aliasSuggestion): `restrict` for C pointers, but for C++ container references, which restrict
// cannot qualify, that the callers must pass distinct containers.
#include "CheckSnippet.h"

namespace adrace::analyzer::testing {
namespace alias_advice_test {

std::vector<RaceFinding> aliasFindings(const std::string& code, const std::string& language) {
  bool cxx = language == "c++";
  std::unique_ptr<clang::ASTUnit> unit =
      clang::tooling::buildASTFromCodeWithArgs(code,
                                               {"-fopenmp", cxx ? "-std=c++17" : "-std=c99", "-Wno-everything",
                                                std::string("-resource-dir=") + clangResourceDirectory()},
                                               cxx ? "snippet.cpp" : "snippet.c");
  EXPECT_TRUE(unit && !unit->getDiagnostics().hasErrorOccurred()) << code;
  if (!unit) return {};
  std::vector<Diagnostic> diagnostics;
  CheckModels models = buildCheckModels(cxx ? "snippet.cpp" : "snippet.c", unit->getASTContext(), diagnostics, {});
  for (const Diagnostic& diagnostic : diagnostics) ADD_FAILURE() << formatDiagnostic(diagnostic);
  std::vector<RaceFinding> result;
  for (size_t index = 0; index < models.loops.size(); ++index) {
    LoopCheckOptions options;
    options.mayAlias = models.mayAlias[index];
    options.z3TimeoutMs = kSnippetQueryTimeoutMs;
    for (RaceFinding& finding : checkLoop(models.loops[index], options))
      if (finding.kind == RaceFinding::Kind::PointerAlias) result.push_back(std::move(finding));
  }
  return result;
}

// A minimal std::vector: the check reads `v[i]` of a container reference as an array subscript.
const char* kVector = R"(
  namespace std {
  template <class T> class vector {
   public:
    T& operator[](unsigned long i);
    const T& operator[](unsigned long i) const;
    unsigned long size() const;
  };
  }
)";

TEST(AliasAdvice, ContainerReferencesAreNotToldToBeRestrict) {
  std::string code = std::string(kVector) + R"(
  void shift(std::vector<double>& out, std::vector<double>& in, int n) {
  #pragma omp parallel for
    for (int i = 0; i < n - 1; i++) out[i] = in[i + 1];
  })";
  std::vector<RaceFinding> aliases = aliasFindings(code, "c++");
  ASSERT_EQ(aliases.size(), 1u);
  EXPECT_NE(aliases[0].message.find("are the same container"), std::string::npos) << aliases[0].message;
  EXPECT_EQ(aliases[0].suggestion.find("declare them restrict"), std::string::npos) << aliases[0].suggestion;
  EXPECT_NE(aliases[0].suggestion.find("distinct containers"), std::string::npos) << aliases[0].suggestion;
  EXPECT_NE(aliases[0].suggestion.find("restrict does not apply to references"), std::string::npos)
      << aliases[0].suggestion;
}

TEST(AliasAdvice, PointersAreToldToBeRestrict) {
  const char* code = R"(
  void shift(double *out, double *in, int n) {
    int i;
  #pragma omp parallel for
    for (i = 0; i < n - 1; i++) out[i] = in[i + 1];
  })";
  std::vector<RaceFinding> aliases = aliasFindings(code, "c");
  ASSERT_EQ(aliases.size(), 1u);
  EXPECT_NE(aliases[0].message.find("point into the same array"), std::string::npos) << aliases[0].message;
  EXPECT_NE(aliases[0].suggestion.find("declare them restrict"), std::string::npos) << aliases[0].suggestion;
}

}  // namespace alias_advice_test
}  // namespace adrace::analyzer::testing
