#include "analyzer/check/ColumnsWithinRows.h"

#include "smt/SomeRunKeeps.h"

namespace adrace::analyzer {

std::vector<ColumnInRow> columnsInRows(const Reference& reference) {
  std::vector<ColumnInRow> columns;
  if (reference.opaque) return columns;
  for (const smt::ExprRef& index : reference.indices)
    for (smt::ConstantRowColumn& split : smt::columnsOfConstantRows(index))
      columns.push_back({std::move(split), reference.text});
  return columns;
}

std::vector<ColumnInRow> keptWithinRowsBySomeRun(const LoopModel& loop, const Reference& reference,
                                                 const std::vector<ColumnInRow>& columns, smt::SolverSession& session) {
  if (columns.empty()) return {};
  std::vector<smt::Condition> facts;
  smt::ContextTree contexts = loop.contextTree();
  for (const Fact& fact : loop.facts)
    if (contexts.isAncestorOrSelf(fact.context, reference.context))
      facts.push_back({fact.lhs, fact.relation, fact.rhs});
  smt::LoopDomain domain = loop.domain();
  auto someRunKeepsAll = [&](const std::vector<ColumnInRow>& candidates) {
    std::vector<smt::Condition> kept;
    for (const smt::ExprRef& room : roomsInRows(candidates))
      kept.push_back({room, smt::Relation::GreaterEqual, smt::constant(0)});
    return smt::someRunKeeps(session, domain, facts, kept) == smt::CheckOutcome::Sat;
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
    rooms.push_back(column.split.column);
    rooms.push_back(smt::sub(smt::constant(column.split.width - 1), column.split.column));
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

std::optional<std::string> leavingRowPhrase(const ColumnInRow& column, long long value) {
  if (value >= 0 && value < column.split.width) return std::nullopt;
  std::string phrase =
      "only if column " + smt::toString(asTheSourceNamesIt(column.split.column)) + " of " + column.accessText;
  if (value < 0) return phrase + " is negative";
  return phrase + " reaches the row length " + std::to_string(column.split.width);
}

}  // namespace adrace::analyzer
