#include "ad/LaneSums.h"

#include "ad/SimdLanes.h"

#include <map>
#include <memory>
#include <string>

namespace adrace::ad {

namespace {

// `w_b[e]` -> `w_b_lanes[e][adrace_l]` for every sum, at every depth of the expression.
c::ExprRef laneRows(const c::ExprRef& expr, const std::map<std::string, std::string>& rows, const c::ExprRef& lane) {
  if (!expr) return expr;
  if (expr->kind == c::Expr::Kind::Subscript && expr->operands[0]->kind == c::Expr::Kind::Name) {
    auto row = rows.find(expr->operands[0]->text);
    if (row != rows.end())
      return c::subscript(c::subscript(c::name(row->second), laneRows(expr->operands[1], rows, lane)), lane);
  }
  bool changed = false;
  std::vector<c::ExprRef> operands;
  for (const c::ExprRef& operand : expr->operands) {
    operands.push_back(laneRows(operand, rows, lane));
    changed |= operands.back() != operand;
  }
  if (!changed) return expr;
  auto rebuilt = std::make_shared<c::Expr>(*expr);
  rebuilt->operands = std::move(operands);
  return rebuilt;
}

c::StmtList laneRows(const c::StmtList& statements, const std::map<std::string, std::string>& rows,
                     const c::ExprRef& lane) {
  c::StmtList result;
  for (const c::StmtRef& statement : statements) {
    auto rebuilt = std::make_shared<c::Stmt>(*statement);
    rebuilt->value = laneRows(statement->value, rows, lane);
    rebuilt->step = laneRows(statement->step, rows, lane);
    if (statement->init) rebuilt->init = laneRows(c::StmtList{statement->init}, rows, lane).front();
    rebuilt->body = laneRows(statement->body, rows, lane);
    rebuilt->otherwise = laneRows(statement->otherwise, rows, lane);
    result.push_back(rebuilt);
  }
  return result;
}

// `{0}` nested once per dimension: `{{0}}` for a two-dimensional array (no missing braces).
c::ExprRef zeroes(size_t dimensions) {
  c::ExprRef value = c::integer(0);
  for (size_t d = 0; d < dimensions; ++d) value = c::initList({value});
  return value;
}

}  // namespace

bool runInSumLanes(AdjointContext& context, const std::vector<const LocalSums*>& sums, const c::StmtList& iteration,
                   const ForHeader& header, bool counterUsed, CodeWriter& out) {
  if (sums.empty()) return false;
  LaneOptions options;
  options.innerLoops = true;
  for (const LocalSums* sum : sums) {
    if (sum->local.derivations.size() != 1) return false;  // a row per lane of a one-dimensional array only
    options.sums.insert(sum->adjoint);
  }
  const std::string counter = header.counter->getNameAsString();
  if (!independentLanes(context, iteration, counter, options)) return false;

  const c::ExprRef k = c::name("adrace_k"), begin = c::name("adrace_begin"), end = c::name("adrace_end");
  const c::ExprRef lanes = c::integer(kSumLanes);
  const std::string laneName = context.freshName("adrace_l");
  const c::ExprRef lane = c::name(laneName);
  std::map<std::string, std::string> rows;
  for (const LocalSums* sum : sums) {
    rows[sum->adjoint] = context.freshName(sum->adjoint + "_lanes");
    c::Type rowsType = sum->local;
    c::Type::Derivation perLane;
    perLane.kind = c::Type::Derivation::Kind::Array;
    perLane.size = lanes;
    rowsType.derivations.push_back(perLane);
    out.statement(c::withComment(c::declaration(rowsType, rows[sum->adjoint], zeroes(2)),
                                 "a row of this thread's sums per vector lane: no chain of adds between iterations"));
  }
  // strips of 8 iterations, one per lane. The strip's first counter is an induction variable of the
  // strips, and lane l's is that plus l steps: an affine index the compiler loads as a vector (the
  // counter rebuilt from adrace_k + l through a cast became gathers and scatters, slower than no lanes).
  const std::string stripName = context.freshName(counter + "_strip");
  const c::ExprRef strip = c::name(stripName);
  const c::ExprRef laneSteps = header.stepsUp() ? lane : c::mul(lane, header.step);
  c::StmtList laneBody;
  if (counterUsed) {
    out.statement(c::declaration(header.counterType, stripName, header.counterValue(begin)));
    laneBody.push_back(header.declareCounter(c::add(strip, laneSteps)));
  }
  for (const c::StmtRef& statement : laneRows(iteration, rows, lane)) laneBody.push_back(statement);
  c::StmtRef laneLoop =
      c::governed(c::directive(c::Omp::Simd), c::forLoop(c::declaration(c::plainType("int"), laneName, c::integer(0)),
                                                         c::less(lane, lanes), c::postIncrement(lane), laneBody));
  c::ExprRef stripStep = c::addAssign(k, lanes);
  if (counterUsed)
    stripStep = c::comma(stripStep,
                         c::addAssign(strip, header.stepsUp() ? lanes : c::mul(lanes, c::parenthesized(header.step))));
  out.statement(
      c::forLoop(c::expression(c::assign(k, begin)), c::lessEqual(c::add(k, lanes), end), stripStep, {laneLoop}));
  // the rows' totals into the thread's sums
  for (const LocalSums* sum : sums) {
    const c::ExprRef e = c::name("adrace_e");
    const c::ExprRef count = sum->local.derivations.front().size;
    c::StmtRef addLanes = c::forLoop(
        c::declaration(c::plainType("int"), laneName, c::integer(0)), c::less(lane, lanes), c::postIncrement(lane),
        {c::expression(c::addAssign(c::subscript(c::name(sum->adjoint), e),
                                    c::subscript(c::subscript(c::name(rows[sum->adjoint]), e), lane)))});
    out.statement(c::forLoop(c::declaration(c::plainType("long"), "adrace_e", c::integer(0)), c::less(e, count),
                             c::postIncrement(e), {addLanes}));
  }
  return true;
}

}  // namespace adrace::ad
