// The `for` loops of a called function around an access it makes (`static void process_block(int
// bx, int by) { for (i = 1 + by*BS; i <= (by+1)*BS; i++) ... score[i][j] = ...; }`), as contexts
// of the caller's loop model: each loop's counter is a fresh private symbol, and its range, in
// terms of the call's arguments, is a fact of a context of its own below the call's, which only
// the accesses inside the loop see (so an empty range constrains nothing else).
#pragma once

#include "analyzer/frontend/IndexTranslator.h"
#include "analyzer/model/LoopModel.h"

#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace adrace::analyzer {

class CalleeLoops {
 public:
  CalleeLoops(IndexTranslator& translator, const clang::SourceManager& sources, int firstContext)
      : translator_(translator), sources_(sources), nextContext_(firstContext) {}

  // Enters `loops` (outermost first, in the function `calls.back()` calls) below the caller's
  // context `callContext`: binds their counters in the translator and returns the innermost
  // loop's context, or -1 (nothing bound) when a loop cannot be modelled. The calls must already
  // be entered in the translator. `leave()` unbinds; one access's loops are entered at a time.
  int enter(const std::vector<const clang::CallExpr*>& calls, const std::vector<const clang::ForStmt*>& loops,
            int callContext);
  void leave();
  // An element of a block a call copies or clears (BlockCopies.h): a fresh private symbol in
  // [0, count), in a context of its own below `callContext`, which it returns.
  int enterBlock(const clang::CallExpr& call, const smt::ExprRef& count, int callContext, smt::ExprRef& element);

  const std::vector<Context>& contexts() const { return contexts_; }
  const std::vector<Fact>& facts() const { return facts_; }

 private:
  struct Entered {
    int context = -1;
    const clang::VarDecl* variable = nullptr;  // the callee's counter
    smt::ExprRef counter;                      // the symbol that stands for it
  };
  bool enterLoop(const clang::CallExpr& call, const clang::ForStmt& loop, int parent, Entered& entered);

  IndexTranslator& translator_;
  const clang::SourceManager& sources_;
  int nextContext_;
  std::vector<Context> contexts_;
  std::vector<Fact> facts_;
  // One context and counter symbol per loop and call that reaches it (the same helper called
  // twice gets two).
  std::map<std::pair<const clang::CallExpr*, const clang::ForStmt*>, Entered> entered_;
  std::map<std::string, int> namesUsed_;
  std::vector<const clang::VarDecl*> bound_;
};

}  // namespace adrace::analyzer
