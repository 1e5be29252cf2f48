// Loop hints dropped from the function's body (LoopHints.h).
#include "ad/LoopHints.h"

#include "ad/InPlaceRewriter.h"

#include <clang/AST/Attr.h>

#include <algorithm>

namespace adrace::ad {
namespace {

class HintRemover : public InPlaceRewriter {
 public:
  explicit HintRemover(clang::ASTContext& ast) : InPlaceRewriter(ast) {}
  void run(clang::Stmt* body) { rewriteChildren(body); }

 private:
  // An attributed statement whose attributes are all loop hints: its statement (rewritten in turn).
  // Other attributes (`[[fallthrough]]`, `[[likely]]`) stay, and are refused where they are.
  clang::Stmt* substitute(clang::Stmt* stmt) override {
    auto* attributed = llvm::dyn_cast<clang::AttributedStmt>(stmt);
    if (!attributed ||
        !std::all_of(attributed->getAttrs().begin(), attributed->getAttrs().end(),
                     [](const clang::Attr* attribute) { return llvm::isa<clang::LoopHintAttr>(attribute); }))
      return nullptr;
    return rewrite(attributed->getSubStmt());
  }
};

}  // namespace

void dropLoopHints(AdjointContext& context) {
  HintRemover(context.ast).run(const_cast<clang::Stmt*>(context.function.getBody()));
}

}  // namespace adrace::ad
