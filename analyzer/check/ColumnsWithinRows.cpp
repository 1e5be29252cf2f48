#include "analyzer/check/ColumnsWithinRows.h"

#include "smt/SomeRunKeeps.h"

#include <set>

namespace adrace::analyzer {

std::vector<ColumnInRow> columnsInRows(const Reference& reference) {
  std::vector<ColumnInRow> columns;
  if (reference.opaque) return columns;
  for (const smt::ExprRef& index : reference.indices) {
    for (smt::ConstantRowColumn& split : smt::columnsOfConstantRows(index))
      columns.push_back({smt::constant(split.width), std::move(split.row), std::move(split.column), reference.text});
    for (smt::SymbolicRowColumn& split : smt::columnsOfSymbolicRows(index))
      columns.push_back({std::move(split.width), std::move(split.row), std::move(split.column), reference.text});
  }
  return columns;
}

namespace {

bool namesAny(const smt::ExprRef& expr, const std::set<std::string>& names) {
  bool found = false;
  if (expr)
    smt::forEachSymbol(
        expr, [&](const smt::Expr& symbol) { found |= symbol.op == smt::Expr::Op::Var && names.count(symbol.name); });
  return found;
}

// Whether the bounds the program writes as known values (constants, definitions from them),
// without its inputs, take `column` out of its row: they bound it on one side, past the row
// (`y < count_ones` with count_ones = W + 1, `j <= NY + 2`, `j - 1` from `j = 0`). Such a program
// means its column to leave the row, whatever its inputs allow besides. A width that is an input
// has no known end: only the start of the row is asked about then.
bool knownBoundsTakeItOut(smt::SolverSession& session, const smt::LoopDomain& domain,
                          const std::vector<smt::Condition>& facts, const ColumnInRow& column) {
  std::set<std::string> defined, inputs;
  for (const smt::Condition& fact : facts)
    if (fact.lhs->op == smt::Expr::Op::Var) defined.insert(fact.lhs->name);
  auto noteInputs = [&](const smt::ExprRef& expr) {
    if (expr)
      smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
        if (symbol.op == smt::Expr::Op::Var && symbol.scope == smt::Scope::Shared && !defined.count(symbol.name))
          inputs.insert(symbol.name);
      });
  };
  for (const smt::Condition& fact : facts) {
    noteInputs(fact.lhs);
    noteInputs(fact.rhs);
  }
  for (const smt::LoopDimension& dimension : domain.dimensions)
    for (const smt::ExprRef& part : {dimension.first, dimension.bound, dimension.step}) noteInputs(part);
  noteInputs(column.column);
  noteInputs(column.width);
  std::vector<smt::Condition> known;
  for (const smt::Condition& fact : facts)
    if (!namesAny(fact.lhs, inputs) && !namesAny(fact.rhs, inputs)) known.push_back(fact);
  smt::LoopDomain knownDomain = domain;
  for (smt::LoopDimension& dimension : knownDomain.dimensions) {
    if (namesAny(dimension.bound, inputs)) dimension.bound = nullptr;
    if (namesAny(dimension.first, inputs) || namesAny(dimension.step, inputs))
      dimension.first = dimension.step = nullptr;
  }
  // Far beyond any row a program declares: reaching it means no known bound on that side.
  constexpr std::int64_t kFar = std::int64_t(1) << 40;
  auto can = [&](smt::Relation relation, std::int64_t value) {
    return smt::someIterationHas(session, knownDomain, known, {column.column, relation, smt::constant(value)}) ==
           smt::CheckOutcome::Sat;
  };
  auto unbounded = [&](smt::Relation relation, std::int64_t value) {
    return smt::someIterationHas(session, knownDomain, known, {column.column, relation, smt::constant(value)}) !=
           smt::CheckOutcome::Unsat;
  };
  bool pastTheEnd = false;
  if (!namesAny(column.width, inputs)) {
    smt::Condition reachesTheEnd{column.column, smt::Relation::GreaterEqual, column.width};
    pastTheEnd = smt::someIterationHas(session, knownDomain, known, reachesTheEnd) == smt::CheckOutcome::Sat &&
                 !unbounded(smt::Relation::GreaterEqual, kFar);
  }
  bool beforeTheStart = can(smt::Relation::Less, 0) && !unbounded(smt::Relation::LessEqual, -kFar);
  return pastTheEnd || beforeTheStart;
}

}  // namespace

std::vector<ColumnInRow> keptWithinRowsBySomeRun(const LoopModel& loop, const Reference& reference,
                                                 const std::vector<ColumnInRow>& allColumns,
                                                 smt::SolverSession& session) {
  if (allColumns.empty()) return {};
  std::vector<smt::Condition> facts;
  smt::ContextTree contexts = loop.contextTree();
  for (const Fact& fact : loop.facts)
    if (contexts.isAncestorOrSelf(fact.context, reference.context))
      facts.push_back({fact.lhs, fact.relation, fact.rhs});
  smt::LoopDomain domain = loop.domain();
  std::vector<ColumnInRow> columns;
  for (const ColumnInRow& column : allColumns)
    if (!knownBoundsTakeItOut(session, domain, facts, column)) columns.push_back(column);
  if (columns.empty()) return {};
  auto someRunKeepsAll = [&](const std::vector<ColumnInRow>& candidates) {
    std::vector<smt::Condition> kept;
    for (const smt::ExprRef& room : roomsInRows(candidates))
      kept.push_back({room, smt::Relation::GreaterEqual, smt::constant(0)});
    // Undecided (a row start `16 * (chunk % chunks_in_row)` is beyond linear arithmetic) is no
    // proof that every run leaves the row: the race it would make definite is not proven either.
    return smt::someRunKeeps(session, domain, facts, kept) != smt::CheckOutcome::Unsat;
  };
  // Usually one run keeps them all (the problem's sizes within the grid's); otherwise each alone.
  if (someRunKeepsAll(columns)) return columns;
  std::vector<ColumnInRow> kept;
  if (columns.size() > 1)
    for (const ColumnInRow& column : columns)
      if (someRunKeepsAll({column})) kept.push_back(column);
  return kept;
}

std::vector<smt::ExprRef> roomsInRows(const std::vector<ColumnInRow>& columns) {
  std::vector<smt::ExprRef> rooms;
  for (const ColumnInRow& column : columns) {
    rooms.push_back(column.column);
    rooms.push_back(smt::sub(smt::sub(column.width, smt::constant(1)), column.column));
  }
  return rooms;
}

namespace {

// `expr` with every symbol at instance 0: the column as the source names it (`j`, not `j#1`).
smt::ExprRef asTheSourceNamesIt(const smt::ExprRef& expr) {
  using Op = smt::Expr::Op;
  std::vector<smt::ExprRef> args;
  for (const smt::ExprRef& arg : expr->args) args.push_back(asTheSourceNamesIt(arg));
  switch (expr->op) {
    case Op::Const: return expr;
    case Op::Var: return smt::variable(expr->name, 0, expr->scope);
    case Op::Read: return smt::arrayRead(expr->name, args, 0, expr->scope);
    case Op::Add: return smt::add(args[0], args[1]);
    case Op::Sub: return smt::sub(args[0], args[1]);
    case Op::Mul: return smt::mul(args[0], args[1]);
    case Op::Div: return smt::div(args[0], args[1]);
    case Op::Mod: return smt::mod(args[0], args[1]);
    case Op::Neg: return smt::neg(args[0]);
    case Op::IfLess: return smt::ifLess(args[0], args[1], args[2], args[3]);
  }
  return expr;
}

}  // namespace

std::optional<std::string> leavingRowPhrase(const ColumnInRow& column, long long value, long long width) {
  if (value >= 0 && value < width) return std::nullopt;
  std::string columnText = "column " + smt::toString(asTheSourceNamesIt(column.column)) + " of " + column.accessText;
  if (value < 0) return "only if " + columnText + " is negative";
  if (column.symbolicWidth())
    return "only if the row width " + smt::toString(column.width) + " is at most " + columnText;
  return "only if " + columnText + " reaches the row length " + std::to_string(width);
}

}  // namespace adrace::analyzer
