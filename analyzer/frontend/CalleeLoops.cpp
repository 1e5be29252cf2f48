#include "analyzer/frontend/CalleeLoops.h"

#include "analyzer/frontend/CalleeAccesses.h"
#include "analyzer/frontend/ClangSource.h"
#include "analyzer/frontend/LoopHeader.h"

namespace adrace::analyzer {
namespace {
using Relation = smt::KnowledgeBase::Relation;
}  // namespace

int CalleeLoops::enter(const std::vector<const clang::CallExpr*>& calls,
                       const std::vector<const clang::ForStmt*>& loops, int callContext) {
  leave();
  int context = callContext;
  for (const clang::ForStmt* loop : loops) {
    auto key = std::make_pair(calls.back(), loop);
    auto found = entered_.find(key);
    Entered entered;
    if (found != entered_.end()) {
      entered = found->second;
    } else if (!enterLoop(*calls.back(), *loop, context, entered)) {
      leave();
      return -1;
    } else {
      entered_[key] = entered;
    }
    translator_.bindCalleeCounter(entered.variable, entered.counter);
    bound_.push_back(entered.variable);
    context = entered.context;
  }
  return context;
}

void CalleeLoops::leave() {
  while (!bound_.empty()) {
    translator_.unbindCalleeCounter(bound_.back());
    bound_.pop_back();
  }
}

int CalleeLoops::enterBlock(const clang::CallExpr& call, const smt::ExprRef& count, int callContext,
                            smt::ExprRef& element) {
  std::string name = calleeName(&call) + "::element";
  if (int uses = namesUsed_[name]++; uses > 0) name += "#" + std::to_string(uses + 1);
  element = smt::variable(name, 0, smt::Scope::Private);
  Context context;
  context.id = nextContext_++;
  context.parent = callContext;
  context.kind = ContextKind::CalleeBlock;
  context.description = calleeName(&call);
  context.span = spanOf(call.getSourceRange(), sources_);
  contexts_.push_back(context);
  SourcePosition at = positionOf(call.getBeginLoc(), sources_);
  facts_.push_back({context.id, element, Relation::GreaterEqual, smt::constant(0), "block of a library call", at});
  facts_.push_back({context.id, element, Relation::Less, count, "block of a library call", at});
  return context.id;
}

// `for (k = first; k CMP bound; k += step)` whose body leaves its local counter alone: inside the
// body k == first + step * trip, trip >= 0, and k CMP bound.
bool CalleeLoops::enterLoop(const clang::CallExpr& call, const clang::ForStmt& loop, int parent, Entered& entered) {
  LoopHeader header;
  std::string reason;
  if (!readLoopHeader(loop, header, reason) || !header.counter || !header.counter->hasLocalStorage() ||
      llvm::isa<clang::ParmVarDecl>(header.counter) || !header.counter->getType()->isIntegerType() || !loop.getBody() ||
      modifiedIn(*loop.getBody(), header.counter))
    return false;
  IndexTranslator::Result first = translator_.translate(header.first);
  IndexTranslator::Result bound = translator_.translate(header.bound);
  smt::ExprRef step = smt::constant(header.unitStep);
  if (header.step) {
    IndexTranslator::Result translated = translator_.translate(header.step);
    if (!translated.expr) return false;
    step = header.negateStep ? smt::neg(translated.expr) : translated.expr;
  }
  // A bound the IR cannot say (`k < t.ncell`, a field of the callee's copy of a struct) leaves the
  // counter bounded on one side only: more iterations than the loop has, never fewer. The accesses
  // in a callee's loops are conditional (CalleeAccess::conditional), so this only gives possible races.
  if (!first.expr || header.comparison == smt::Comparison::NotEqual) return false;

  std::string name = calleeName(&call) + "::" + header.counter->getName().str();
  if (int uses = namesUsed_[name]++; uses > 0) name += "#" + std::to_string(uses + 1);
  entered.variable = header.counter;
  entered.counter = smt::variable(name, 0, smt::Scope::Private);
  smt::ExprRef trip = smt::variable("trip of " + name, 0, smt::Scope::Private);
  entered.context = nextContext_++;

  Context context;
  context.id = entered.context;
  context.parent = parent;
  context.kind = ContextKind::CalleeInnerLoopBody;
  context.description = calleeName(&call);
  context.span = spanOf(loop.getSourceRange(), sources_);
  contexts_.push_back(context);
  SourcePosition at = positionOf(loop.getBeginLoc(), sources_);
  facts_.push_back({entered.context, entered.counter, Relation::Equal, smt::add(first.expr, smt::mul(step, trip)),
                    "loop of a called function", at});
  facts_.push_back({entered.context, trip, Relation::GreaterEqual, smt::constant(0), "loop of a called function", at});
  if (bound.expr)
    facts_.push_back({entered.context, entered.counter, boundRelation(header.comparison, step), bound.expr,
                      "loop of a called function", at});
  return true;
}

}  // namespace adrace::analyzer
