#include "ad/SimdLanes.h"

#include "ad/MathLibrary.h"

#include <map>
#include <set>
#include <vector>

namespace adrace::ad {

namespace {

// What one backward iteration does, gathered in one walk of its tree.
struct LaneFacts {
  const LaneOptions* options = nullptr;
  bool ok = true;
  std::map<std::string, int> sumIncrements;       // a sum's name -> increments of it
  std::set<std::string> locals;                   // declared in the iteration
  std::map<std::string, c::ExprRef> definitions;  // locals declared with a value
  std::map<std::string, int> assignments;         // scalar name -> assignments after its declaration
  std::set<std::string> writtenArrays;            // bases of assigned subscripts
  std::vector<std::pair<std::string, std::vector<c::ExprRef>>> subscripts;  // every subscript chain: base, indices
};

// `a[e1][e2]` -> base name a and {e1, e2}; false when the base is not a name.
bool subscriptChain(const c::ExprRef& expr, std::string& base, std::vector<c::ExprRef>& indices) {
  if (!expr) return false;
  if (expr->kind == c::Expr::Kind::Paren) return subscriptChain(expr->operands[0], base, indices);
  if (expr->kind == c::Expr::Kind::Name) {
    base = expr->text;
    return true;
  }
  if (expr->kind != c::Expr::Kind::Subscript || !subscriptChain(expr->operands[0], base, indices)) return false;
  indices.push_back(expr->operands[1]);
  return true;
}

void walkExpr(const c::ExprRef& expr, LaneFacts& facts);

// The target of an assignment or ++/--: a scalar, or an element of an array.
void walkTarget(const c::ExprRef& target, LaneFacts& facts) {
  std::string base;
  std::vector<c::ExprRef> indices;
  if (!subscriptChain(target, base, indices)) {
    facts.ok = false;
    return;
  }
  if (indices.empty()) {
    ++facts.assignments[base];
    return;
  }
  facts.writtenArrays.insert(base);
  facts.subscripts.push_back({base, indices});
  for (const c::ExprRef& index : indices) walkExpr(index, facts);
}

void walkExpr(const c::ExprRef& expr, LaneFacts& facts) {
  if (!expr || !facts.ok) return;
  switch (expr->kind) {
    case c::Expr::Kind::Assign: {
      std::string base;
      std::vector<c::ExprRef> indices;
      if (subscriptChain(expr->operands[0], base, indices) && !indices.empty() && facts.options->sums.count(base)) {
        if (expr->op != c::Op::AddAssign && expr->op != c::Op::SubtractAssign) {
          facts.ok = false;  // a sum is only incremented: each lane's row adds up to the same total
          return;
        }
        ++facts.sumIncrements[base];
        for (const c::ExprRef& index : indices) walkExpr(index, facts);
        walkExpr(expr->operands[1], facts);
        return;
      }
      walkTarget(expr->operands[0], facts);
      walkExpr(expr->operands[1], facts);
      return;
    }
    case c::Expr::Kind::Prefix:
    case c::Expr::Kind::Postfix:
      if (expr->op == c::Op::Increment || expr->op == c::Op::Decrement) return walkTarget(expr->operands[0], facts);
      if (expr->op == c::Op::AddressOf || expr->op == c::Op::Dereference) {
        facts.ok = false;  // an address escapes, or memory the subscripts do not name
        return;
      }
      break;
    case c::Expr::Kind::Call:
      if (expr->operands[0]->kind != c::Expr::Kind::Name || !isMathFunction(expr->operands[0]->text)) {
        facts.ok = false;  // a tape operation or a call with effects
        return;
      }
      for (size_t k = 1; k < expr->operands.size(); ++k) walkExpr(expr->operands[k], facts);
      return;
    case c::Expr::Kind::Subscript: {
      std::string base;
      std::vector<c::ExprRef> indices;
      if (!subscriptChain(expr, base, indices)) break;
      facts.subscripts.push_back({base, indices});
      for (const c::ExprRef& index : indices) walkExpr(index, facts);
      return;
    }
    case c::Expr::Kind::Member:
    case c::Expr::Kind::ArraySection:
    case c::Expr::Kind::InitList: facts.ok = false; return;
    default: break;
  }
  for (const c::ExprRef& operand : expr->operands) walkExpr(operand, facts);
}

void walkStatements(const c::StmtList& statements, LaneFacts& facts) {
  for (const c::StmtRef& statement : statements) {
    if (!facts.ok) return;
    if (statement->directive) {
      facts.ok = false;
      return;
    }
    switch (statement->kind) {
      case c::Stmt::Kind::Comment: break;
      case c::Stmt::Kind::Block: walkStatements(statement->body, facts); break;
      case c::Stmt::Kind::Declaration:
        if (!statement->moreNames.empty() || !statement->type.derivations.empty() || !statement->storage.empty()) {
          facts.ok = false;  // arrays and pointers of the iteration's own are not followed
          return;
        }
        if (!facts.locals.insert(statement->name).second) {
          facts.ok = false;  // two declarations of one name: its definitions would be confused
          return;
        }
        if (statement->value) {
          walkExpr(statement->value, facts);
          facts.definitions[statement->name] = statement->value;
        }
        break;
      case c::Stmt::Kind::Expression: walkExpr(statement->value, facts); break;
      case c::Stmt::Kind::If:
        walkExpr(statement->value, facts);
        walkStatements(statement->body, facts);
        walkStatements(statement->otherwise, facts);
        break;
      case c::Stmt::Kind::For:
        // each lane runs the whole loop: its counter, declared by the loop, is the lane's own
        if (!facts.options->innerLoops || !statement->init || statement->init->kind != c::Stmt::Kind::Declaration) {
          facts.ok = false;
          return;
        }
        walkStatements({statement->init}, facts);
        walkExpr(statement->value, facts);
        walkExpr(statement->step, facts);
        walkStatements(statement->body, facts);
        break;
      default: facts.ok = false; return;  // other loops, jumps, tape lines, pragmas
    }
  }
}

// A parameter or file-scope array of the function, or the adjoint of one.
bool distinctArray(const AdjointContext& context, const std::string& name) {
  for (const auto& [decl, info] : context.variables)
    if ((info.parameter || info.global) && info.array && !context.pointerAliases.count(decl) &&
        (info.name == name || (info.active && info.adjoint == name)))
      return true;
  return false;
}

// How many times the statements name `identifier` (Name nodes in their expressions).
size_t namesIn(const c::StmtList& statements, const std::string& identifier) {
  size_t count = 0;
  auto countIn = [&](const c::ExprRef& expr) {
    if (expr)
      c::forEachNode(
          expr, [&](const c::Expr& node) { count += node.kind == c::Expr::Kind::Name && node.text == identifier; });
  };
  for (const c::StmtRef& statement : statements) {
    countIn(statement->value);
    countIn(statement->step);
    if (statement->init) count += namesIn({statement->init}, identifier);
    count += namesIn(statement->body, identifier) + namesIn(statement->otherwise, identifier);
  }
  return count;
}

class Injectivity {
 public:
  Injectivity(const LaneFacts& facts, const std::string& counter) : facts_(facts), counter_(counter) {}

  // The same value in every lane: no name the iteration declares or assigns (but single definitions,
  // read through), no counter, no array the iteration writes, no assignment or call.
  bool invariant(const c::ExprRef& expr, int depth = 0) const {
    if (depth > 8) return false;
    switch (expr->kind) {
      case c::Expr::Kind::Name: {
        if (expr->text == counter_ || facts_.writtenArrays.count(expr->text) || facts_.assignments.count(expr->text))
          return false;
        if (!facts_.locals.count(expr->text)) return true;
        auto definition = facts_.definitions.find(expr->text);
        return definition != facts_.definitions.end() && invariant(definition->second, depth + 1);
      }
      case c::Expr::Kind::Literal: return true;
      case c::Expr::Kind::Assign:
      case c::Expr::Kind::Call: return false;
      case c::Expr::Kind::Prefix:
      case c::Expr::Kind::Postfix:
        if (expr->op == c::Op::Increment || expr->op == c::Op::Decrement) return false;
        break;
      default: break;
    }
    for (const c::ExprRef& operand : expr->operands)
      if (!invariant(operand, depth)) return false;
    return true;
  }

  // counter, X + counter, counter + X, counter - X, widened or parenthesised, X invariant.
  bool injective(const c::ExprRef& expr, int depth = 0) const {
    if (depth > 8) return false;
    switch (expr->kind) {
      case c::Expr::Kind::Name: {
        if (expr->text == counter_) return true;
        if (!facts_.locals.count(expr->text) || facts_.assignments.count(expr->text)) return false;
        auto definition = facts_.definitions.find(expr->text);
        return definition != facts_.definitions.end() && injective(definition->second, depth + 1);
      }
      case c::Expr::Kind::Paren: return injective(expr->operands[0], depth);
      case c::Expr::Kind::Cast:  // to a type at least as wide as the counter's int
        return (expr->type.specifiers == "long" || expr->type.specifiers == "long long") &&
               expr->type.derivations.empty() && injective(expr->operands[0], depth);
      case c::Expr::Kind::Binary:
        if (expr->op == c::Op::Add)
          return (injective(expr->operands[0], depth) && invariant(expr->operands[1])) ||
                 (invariant(expr->operands[0]) && injective(expr->operands[1], depth));
        if (expr->op == c::Op::Subtract) return injective(expr->operands[0], depth) && invariant(expr->operands[1]);
        return false;
      default: return false;
    }
  }

 private:
  const LaneFacts& facts_;
  const std::string& counter_;
};

}  // namespace

bool independentLanes(const AdjointContext& context, const c::StmtList& iteration, const std::string& counter,
                      const LaneOptions& options) {
  LaneFacts facts;
  facts.options = &options;
  walkStatements(iteration, facts);
  if (!facts.ok || (facts.writtenArrays.empty() && facts.sumIncrements.empty())) return false;
  for (const std::string& sum : options.sums) {
    auto increments = facts.sumIncrements.find(sum);
    // named only as the target of its increments (not read, not passed on, not declared again)
    if (increments == facts.sumIncrements.end() || namesIn(iteration, sum) != size_t(increments->second) ||
        facts.locals.count(sum))
      return false;
  }
  for (const auto& [name, count] : facts.assignments)
    if (!facts.locals.count(name)) return false;  // a scalar every lane would write
  for (const auto& [base, indices] : facts.subscripts)
    if (!distinctArray(context, base)) return false;  // a pointer local may point into a written array
  Injectivity lanes(facts, counter);
  for (const std::string& array : facts.writtenArrays) {
    if (facts.locals.count(array) || !distinctArray(context, array)) return false;
    const std::vector<c::ExprRef>* first = nullptr;
    for (const auto& [base, indices] : facts.subscripts) {
      if (base != array) continue;
      if (!first) {
        first = &indices;
        continue;
      }
      if (indices.size() != first->size()) return false;
      for (size_t k = 0; k < indices.size(); ++k)
        if (!c::sameExpr(indices[k], (*first)[k])) return false;
    }
    bool oneInjective = false;
    for (const c::ExprRef& index : *first) {
      if (!oneInjective && lanes.injective(index))
        oneInjective = true;
      else if (!lanes.invariant(index))
        return false;
    }
    if (!oneInjective) return false;
    // No other mention: the name only as the base of those subscripts.
    size_t asBase = 0;
    for (const auto& [base, indices] : facts.subscripts) asBase += base == array;
    if (namesIn(iteration, array) != asBase) return false;
  }
  return true;
}

namespace {

// The counter a loop's header sets: `for (int i = ...; ...)` or `for (i = ...; ...)`; "" otherwise.
std::string counterOf(const c::Stmt& loop) {
  if (!loop.init) return "";
  if (loop.init->kind == c::Stmt::Kind::Declaration) return loop.init->name;
  const c::ExprRef& value = loop.init->value;
  bool assigns = value && value->kind == c::Expr::Kind::Assign && value->operands[0]->kind == c::Expr::Kind::Name;
  return assigns ? value->operands[0]->text : "";
}

bool holdsIf(const c::StmtList& statements) {
  for (const c::StmtRef& statement : statements)
    if (statement->kind == c::Stmt::Kind::If || holdsIf(statement->body) || holdsIf(statement->otherwise)) return true;
  return false;
}

c::StmtList lanesIn(const AdjointContext& context, const c::StmtList& statements, const std::string& counter,
                    bool& changed);

c::StmtRef lanesIn(const AdjointContext& context, const c::StmtRef& statement, const std::string& counter,
                   bool& changed) {
  // counter "": a loop over the counter its own header sets, whose lanes all run every statement (a
  // term under an `if` leaves lanes masked: slower than the plain loop in the gather's boundary loops)
  const std::string own = statement->kind == c::Stmt::Kind::For ? counterOf(*statement) : "";
  if (!own.empty() && (counter.empty() ? !holdsIf(statement->body) : own == counter) && !statement->directive &&
      independentLanes(context, statement->body, own)) {
    changed = true;
    return c::governed(c::directive(c::Omp::Simd), statement);
  }
  if (statement->body.empty() && statement->otherwise.empty()) return statement;
  bool inner = false;
  c::StmtList body = lanesIn(context, statement->body, counter, inner);
  c::StmtList otherwise = lanesIn(context, statement->otherwise, counter, inner);
  if (!inner) return statement;
  changed = true;
  auto rebuilt = std::make_shared<c::Stmt>(*statement);
  rebuilt->body = std::move(body);
  rebuilt->otherwise = std::move(otherwise);
  return rebuilt;
}

c::StmtList lanesIn(const AdjointContext& context, const c::StmtList& statements, const std::string& counter,
                    bool& changed) {
  c::StmtList result;
  for (const c::StmtRef& statement : statements) result.push_back(lanesIn(context, statement, counter, changed));
  return result;
}

}  // namespace

void runInVectorLanes(const AdjointContext& context, const ParallelLoop& loop, CodeWriter& body) {
  if (loop.model.perfectNest.empty()) return;
  bool changed = false;
  c::StmtList lanes =
      lanesIn(context, body.statements(), loop.model.perfectNest.back().dimension.domain.counter, changed);
  if (!changed) return;
  CodeWriter rebuilt;
  rebuilt.statements(lanes);
  body = std::move(rebuilt);
}

void gatherInVectorLanes(const AdjointContext& context, c::StmtList& gatherLoops) {
  bool changed = false;
  gatherLoops = lanesIn(context, gatherLoops, "", changed);
}

}  // namespace adrace::ad
