// The object of a member function as a variable (analyzer/frontend/ThisObject.h): one implicit
// parameter `this` per member function, never shared between two functions, none in a lambda.
#include "analyzer/frontend/Frontend.h"
#include "analyzer/frontend/MemberPath.h"
#include "analyzer/frontend/ThisObject.h"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace adrace::analyzer::testing {
namespace this_object_test {

// Every member access whose base is `this`, keyed by the member function holding it (a lambda's
// under "lambda").
class ThisMembers : public clang::RecursiveASTVisitor<ThisMembers> {
 public:
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl* method) {
    return within(method->getNameAsString(), [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(method); });
  }
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) {
    return within("lambda", [&] { return RecursiveASTVisitor::TraverseLambdaExpr(lambda); });
  }
  bool VisitMemberExpr(clang::MemberExpr* member) {
    if (llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts())) found[function_].push_back(member);
    return true;
  }
  std::map<std::string, std::vector<const clang::MemberExpr*>> found;

 private:
  template <typename Traverse>
  bool within(const std::string& function, Traverse traverse) {
    std::string outer = function_;
    function_ = function;
    bool result = traverse();
    function_ = outer;
    return result;
  }
  std::string function_;
};

struct Parsed {
  std::unique_ptr<clang::ASTUnit> unit;
  std::map<std::string, std::vector<const clang::MemberExpr*>> members;
};

Parsed parse(const std::string& code) {
  Parsed parsed;
  parsed.unit = clang::tooling::buildASTFromCodeWithArgs(
      code, {"-fopenmp", "-std=c++17", "-Wno-everything", std::string("-resource-dir=") + clangResourceDirectory()},
      "object.cpp");
  if (!parsed.unit) return parsed;
  ThisMembers visitor;
  visitor.TraverseDecl(parsed.unit->getASTContext().getTranslationUnitDecl());
  parsed.members = visitor.found;
  return parsed;
}

const clang::VarDecl* objectOf(const clang::MemberExpr* member, clang::ASTContext& context) {
  return thisObjectOf(*llvm::cast<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()), context);
}

const char* const kGrid = R"(
  struct Grid {
    int nx; double *u, *v;
    void smooth() { for (int i = 1; i < nx - 1; i++) v[i] = u[i - 1] + u[i + 1]; }
    void scale(double a) { for (int i = 0; i < nx; i++) this->u[i] *= a; }
    void later() { auto f = [this](int i) { return u[i]; }; (void)f; }
  };)";

TEST(ThisObject, OneVariablePerMemberFunction) {
  Parsed parsed = parse(kGrid);
  ASSERT_TRUE(parsed.unit);
  clang::ASTContext& context = parsed.unit->getASTContext();
  const std::vector<const clang::MemberExpr*>& smooth = parsed.members["smooth"];
  ASSERT_EQ(smooth.size(), 4u);  // nx, v, u, u
  const clang::VarDecl* object = objectOf(smooth[0], context);
  ASSERT_NE(object, nullptr);
  EXPECT_EQ(object->getName(), "this");
  EXPECT_TRUE(object->getType()->isPointerType());
  for (const clang::MemberExpr* member : smooth) EXPECT_EQ(objectOf(member, context), object);
  // scale's object may be another Grid: never smooth's variable.
  const std::vector<const clang::MemberExpr*>& scale = parsed.members["scale"];
  ASSERT_FALSE(scale.empty());
  EXPECT_NE(objectOf(scale[0], context), object);
  EXPECT_NE(objectOf(scale[0], context), nullptr);
}

TEST(ThisObject, ALambdasCapturedObjectIsNotFollowed) {
  Parsed parsed = parse(kGrid);
  ASSERT_TRUE(parsed.unit);
  const std::vector<const clang::MemberExpr*>& lambda = parsed.members["lambda"];
  ASSERT_EQ(lambda.size(), 1u);
  EXPECT_EQ(objectOf(lambda[0], parsed.unit->getASTContext()), nullptr);
}

TEST(ThisObject, AMemberPathStartsFromIt) {
  Parsed parsed = parse(kGrid);
  ASSERT_TRUE(parsed.unit);
  const clang::MemberExpr* u = parsed.members["smooth"][2];
  std::string reason;
  std::optional<MemberPath> path = memberPathOf(u, &reason);
  ASSERT_TRUE(path) << reason;
  EXPECT_EQ(path->root, objectOf(u, parsed.unit->getASTContext()));
  EXPECT_EQ(path->path, "->u");
  EXPECT_TRUE(path->throughPointer);
}

}  // namespace this_object_test
}  // namespace adrace::analyzer::testing
