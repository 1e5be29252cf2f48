#include "ad/CollapsedNest.h"

#include "analyzer/frontend/LoopModelBuilder.h"

namespace adrace::ad {
namespace {
// The step's magnitude, and whether the counter steps down (`i -= c`, `i--`).
c::ExprRef stepMagnitude(const ForHeader& header, bool& down) {
  down = header.step->kind == c::Expr::Kind::Prefix && header.step->op == c::Op::Minus;
  return down ? header.step->operands[0] : header.step;
}

// `int j = (int)(first + logical * step);` (minus the step's magnitude for a counter stepping down).
c::StmtRef declareCounterAt(const ForHeader& header, const c::ExprRef& logical) {
  bool down = false;
  c::ExprRef step = stepMagnitude(header, down);
  c::ExprRef value = down ? c::sub(header.first, c::mul(logical, step)) : c::add(header.first, c::mul(logical, step));
  return header.declareCounter(c::cast(header.counterType, value));
}
}  // namespace

std::string CollapsedNest::tripName(size_t level) const {
  return "adrace_trip_" + loops[level].counter->getNameAsString();
}

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

namespace {
// Positions pay off when the innermost counter is used (the one that changes every iteration).
bool stepsPosition(const CollapsedNest& nest, const std::function<bool(const std::string&)>& used) {
  return used(nest.loops.back().counter->getNameAsString());
}
}  // namespace

std::string CollapsedNest::positionName(size_t level) const {
  return "adrace_at_" + loops[level].counter->getNameAsString();
}

c::StmtList CollapsedNest::positionDeclarations(const std::function<bool(const std::string&)>& used) const {
  if (!stepsPosition(*this, used)) return {};
  const c::Type longType = c::plainType("long");
  c::StmtList statements;
  std::string positions;
  for (size_t level = 0; level < loops.size(); ++level)
    if (level + 1 == loops.size() || used(loops[level].counter->getNameAsString())) {
      statements.push_back(c::declaration(longType, positionName(level), c::integer(0)));
      positions += (positions.empty() ? "" : ", ") + positionName(level);
    }
  statements.insert(statements.begin(),
                    c::withComment(c::declaration(longType, "adrace_at", c::integer(-2)),
                                   "the flat iteration whose logical iterations " + positions + " hold"));
  return statements;
}

c::StmtList CollapsedNest::counters(const c::ExprRef& flat, const std::function<bool(const std::string&)>& used) const {
  const bool stepping = stepsPosition(*this, used);
  c::StmtList statements, divided;
  std::vector<c::ExprRef> logicals(loops.size());
  for (size_t level = 0; level < loops.size(); ++level) {
    if (!used(loops[level].counter->getNameAsString()) && !(stepping && level + 1 == loops.size())) continue;
    // The logical iteration of this loop: the flat index over the product of the inner trip counts,
    // modulo its own trip count (the outermost needs no modulo, the innermost no division).
    c::ExprRef inner;
    for (size_t k = level + 1; k < loops.size(); ++k)
      inner = inner ? c::mul(inner, c::name(tripName(k))) : c::name(tripName(k));
    c::ExprRef logical = inner ? c::div(flat, inner) : flat;
    if (level > 0) logical = c::remainder(logical, c::name(tripName(level)));
    if (!stepping) {
      logicals[level] = logical;
      continue;
    }
    divided.push_back(c::expression(c::assign(c::name(positionName(level)), logical)));
    logicals[level] = c::name(positionName(level));
  }
  if (stepping) {
    // Divisions cost tens of cycles: an iteration next to the previous one in the innermost loop
    // (a static chunk runs them in a row, either way) steps that loop's position instead.
    const size_t last = loops.size() - 1;
    const c::ExprRef previous = c::name("adrace_at"), position = c::name(positionName(last)),
                     trips = c::name(tripName(last));
    c::ExprRef forward =
        c::logicalAnd(c::equal(flat, c::add(previous, c::integer(1))), c::less(c::add(position, c::integer(1)), trips));
    c::ExprRef backward =
        c::logicalAnd(c::equal(flat, c::sub(previous, c::integer(1))), c::greater(position, c::integer(0)));
    statements.push_back(c::ifElse(forward, {c::expression(c::postIncrement(position))},
                                   {c::ifElse(backward, {c::expression(c::postDecrement(position))}, divided)}));
    statements.push_back(c::expression(c::assign(previous, flat)));
  }
  for (size_t level = 0; level < loops.size(); ++level)
    if (used(loops[level].counter->getNameAsString()))
      statements.push_back(declareCounterAt(loops[level], logicals[level]));
  return statements;
}

c::StmtList CollapsedNest::rowCounters(const c::ExprRef& row,
                                       const std::function<bool(const std::string&)>& used) const {
  c::StmtList statements;
  const size_t last = loops.size() - 1;
  for (size_t level = 0; level < last; ++level) {
    if (!used(loops[level].counter->getNameAsString())) continue;
    // The row over the product of the trip counts between this loop and the innermost, modulo its own.
    c::ExprRef inner;
    for (size_t k = level + 1; k < last; ++k)
      inner = inner ? c::mul(inner, c::name(tripName(k))) : c::name(tripName(k));
    c::ExprRef logical = inner ? c::div(row, inner) : row;
    if (level > 0) logical = c::remainder(logical, c::name(tripName(level)));
    statements.push_back(declareCounterAt(loops[level], logical));
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
