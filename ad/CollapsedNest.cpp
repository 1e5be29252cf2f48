#include "ad/CollapsedNest.h"

#include "analyzer/frontend/LoopModelBuilder.h"

namespace adrace::ad {
namespace {
// The step's magnitude, and whether the counter steps down (`i -= c`, `i--`).
c::ExprRef stepMagnitude(const ForHeader& header, bool& down) {
  down = header.step->kind == c::Expr::Kind::Prefix && header.step->text == "-";
  return down ? header.step->operands[0] : header.step;
}
}  // namespace

std::string CollapsedNest::tripName(size_t level) const { return "adrace_trip_" + loops[level].counter->getNameAsString(); }

c::StmtList CollapsedNest::tripCounts(bool withTotal) const {
  const c::Type longType = c::plainType("long");
  c::StmtList statements;
  c::ExprRef product;
  for (size_t level = 0; level < loops.size(); ++level) {
    const ForHeader& header = loops[level];
    c::ExprRef count = header.tripCount();
    // The counters need the trip counts of the inner loops only: the outermost's is a factor of the total.
    if (level == 0) {
      product = count;
      continue;
    }
    statements.push_back(c::declaration(longType, tripName(level), count));
    product = c::mul(product, c::name(tripName(level)));
  }
  if (withTotal)
    statements.push_back(c::withComment(c::declaration(longType, "adrace_trip", product),
                                        "collapse(" + std::to_string(loops.size()) + "): one flat iteration space"));
  return statements;
}

c::StmtList CollapsedNest::counters(const c::ExprRef& flat, const std::function<bool(const std::string&)>& used) const {
  c::StmtList statements;
  for (size_t level = 0; level < loops.size(); ++level) {
    const ForHeader& header = loops[level];
    if (!used(header.counter->getNameAsString())) continue;
    // The logical iteration of this loop: the flat index over the product of the inner trip counts,
    // modulo its own trip count (the outermost needs no modulo, the innermost no division).
    c::ExprRef inner;
    for (size_t k = level + 1; k < loops.size(); ++k)
      inner = inner ? c::mul(inner, c::name(tripName(k))) : c::name(tripName(k));
    c::ExprRef logical = inner ? c::div(flat, inner) : flat;
    if (level > 0) logical = c::binary("%", logical, c::name(tripName(level)));
    bool down = false;
    c::ExprRef step = stepMagnitude(header, down);
    c::ExprRef value = down ? c::sub(header.first, c::mul(logical, step)) : c::add(header.first, c::mul(logical, step));
    statements.push_back(header.declareCounter(c::cast(header.counterType, value)));
  }
  return statements;
}

std::optional<CollapsedNest> parseCollapsedNest(AdjointContext& context, const clang::OMPLoopDirective& directive) {
  CollapsedNest nest;
  for (const clang::ForStmt* loop : analyzer::associatedLoops(directive)) {
    std::optional<ForHeader> header = parseForHeader(context, loop);
    if (!header) return std::nullopt;
    nest.loops.push_back(*header);
  }
  return nest;
}

const clang::VarDecl* outerCounterInBounds(const std::vector<const clang::ForStmt*>& loops, size_t level) {
  const clang::ForStmt* loop = loops[level];
  std::set<const clang::VarDecl*> read;
  collectVariables(loopStart(loop), read);
  collectVariables(loop->getCond(), read);
  collectVariables(llvm::dyn_cast_or_null<clang::Expr>(loop->getInc()), read);
  for (size_t outer = 0; outer < level; ++outer)
    if (const clang::VarDecl* counter = loopCounter(loops[outer]); counter && read.count(counter)) return counter;
  return nullptr;
}

}  // namespace adrace::ad
