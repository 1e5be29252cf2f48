// A RecursiveASTVisitor over the bodies of the main file's functions (C functions, C++ methods and
// constructors) that knows which function it is in; functions from headers are skipped.
#pragma once

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

namespace adrace::analyzer {

template <typename Derived>
class MainFileFunctionVisitor : public clang::RecursiveASTVisitor<Derived> {
 public:
  explicit MainFileFunctionVisitor(const clang::SourceManager& sources) : sources_(sources) {}

  bool TraverseDecl(clang::Decl* declaration) {
    auto* function = llvm::dyn_cast_or_null<clang::FunctionDecl>(declaration);
    if (!function || !function->doesThisDeclarationHaveABody())
      return clang::RecursiveASTVisitor<Derived>::TraverseDecl(declaration);
    if (!sources_.isInMainFile(function->getLocation())) return true;
    const clang::FunctionDecl* enclosing = function_;
    function_ = function;
    bool result = clang::RecursiveASTVisitor<Derived>::TraverseDecl(declaration);
    function_ = enclosing;
    return result;
  }

 protected:
  // The function whose body is being visited; null outside function bodies.
  const clang::FunctionDecl* currentFunction() const { return function_; }

 private:
  const clang::SourceManager& sources_;
  const clang::FunctionDecl* function_ = nullptr;
};

}  // namespace adrace::analyzer
