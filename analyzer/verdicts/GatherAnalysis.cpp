#include "analyzer/verdicts/GatherAnalysis.h"

#include "analyzer/verdicts/LinearisedIndex.h"
#include "smt/ShiftQuery.h"

#include <algorithm>

#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <set>

namespace adrace::analyzer {
namespace {

// An index component as sum(coefficient * counter) + constant, or why it is not one.
struct Affine {
  std::map<std::string, std::int64_t> coefficients;  // counter -> coefficient (zeros dropped)
  std::int64_t constant = 0;
  std::string failure;  // non-empty: not affine in the counters with constant coefficients
};

Affine failed(std::string why) {
  Affine affine;
  affine.failure = std::move(why);
  return affine;
}

Affine combine(const Affine& a, const Affine& b, std::int64_t sign) {
  if (!a.failure.empty()) return a;
  if (!b.failure.empty()) return b;
  Affine sum = a;
  sum.constant += sign * b.constant;
  for (const auto& [counter, coefficient] : b.coefficients) sum.coefficients[counter] += sign * coefficient;
  for (auto it = sum.coefficients.begin(); it != sum.coefficients.end();)
    it = it->second == 0 ? sum.coefficients.erase(it) : std::next(it);
  return sum;
}

Affine scaled(const Affine& a, std::int64_t factor) {
  Affine product = a;
  product.constant *= factor;
  for (auto& entry : product.coefficients) entry.second *= factor;
  return product;
}

Affine affineInCounters(const smt::ExprRef& expr) {
  switch (expr->op) {
    case smt::Expr::Op::Const: {
      Affine affine;
      affine.constant = expr->value;
      return affine;
    }
    case smt::Expr::Op::Var: {
      if (expr->scope != smt::Scope::Counter)
        return failed("the offset depends on " + smt::toString(expr) + ", which is not a constant");
      Affine affine;
      affine.coefficients[expr->name] = 1;
      return affine;
    }
    case smt::Expr::Op::Read: return failed("the index goes through an indirection (" + smt::toString(expr) + ")");
    case smt::Expr::Op::Add: return combine(affineInCounters(expr->args[0]), affineInCounters(expr->args[1]), 1);
    case smt::Expr::Op::Sub: return combine(affineInCounters(expr->args[0]), affineInCounters(expr->args[1]), -1);
    case smt::Expr::Op::Neg: return scaled(affineInCounters(expr->args[0]), -1);
    case smt::Expr::Op::Mul: {
      Affine a = affineInCounters(expr->args[0]), b = affineInCounters(expr->args[1]);
      if (!a.failure.empty()) return a;
      if (!b.failure.empty()) return b;
      if (a.coefficients.empty()) return scaled(b, a.constant);
      if (b.coefficients.empty()) return scaled(a, b.constant);
      return failed("the index multiplies counters (" + smt::toString(expr) + ")");
    }
    case smt::Expr::Op::Div:
    case smt::Expr::Op::Mod: return failed("the index divides (" + smt::toString(expr) + ")");
    case smt::Expr::Op::IfLess: return failed("the index chooses between two values (" + smt::toString(expr) + ")");
  }
  return failed("unknown index operator");
}

std::string where(const Reference& reference) {
  return reference.text +
         (reference.span.begin.line ? " (line " + std::to_string(reference.span.begin.line) + ")" : "");
}

const ArrayVerdict* verdictOf(const std::vector<ArrayVerdict>& verdicts, const std::string& array) {
  for (const ArrayVerdict& verdict : verdicts)
    if (verdict.array == array) return &verdict;
  return nullptr;
}

bool before(const SourcePosition& a, const SourcePosition& b) {
  return a.line < b.line || (a.line == b.line && a.column < b.column);
}

// The box of iterations a gather ranges over: the parallel loop's counters, then those of a perfect
// nest in its body (LoopModel::perfectNest), whose private counter symbols (j#1) become counters of
// the box (j). `bodyContext` is where the statements run once for every point of the box.
struct GatherNest {
  smt::LoopDomain domain;
  int bodyContext = 0;
  std::set<std::string> innerCounters;                         // variables that are counters of inner loops
  std::vector<std::pair<smt::ExprRef, smt::ExprRef>> renamed;  // j#1 (private) -> j (counter)
  std::string failure;                                         // non-empty: the nest cannot be a gather's box
};

// The first symbol of `expr` that is not a variable the loop shares and never writes, or "": an
// inner bound without one is the same for every point of the box.
std::string variantSymbol(const LoopModel& loop, const smt::ExprRef& expr) {
  std::string found;
  smt::forEachSymbol(expr, [&](const smt::Expr& symbol) {
    if (!found.empty()) return;
    const Variable* variable = loop.findVariable(symbol.name);
    if (symbol.op != smt::Expr::Op::Var || symbol.scope != smt::Scope::Shared || !variable || variable->writtenInLoop ||
        isPerThread(variable->sharing))
      found = symbol.name;
  });
  return found;
}

GatherNest gatherNestOf(const LoopModel& loop) {
  GatherNest nest;
  nest.domain = loop.domain();
  for (const InnerLoopModel& inner : loop.perfectNest) {
    const smt::LoopDimension& dimension = inner.dimension.domain;
    const Variable* counter = loop.findVariable(dimension.counter);
    if (!counter || counter->sharing != Sharing::Private) {
      nest.failure = "the counter " + dimension.counter + " of the inner loop is not private";
      return nest;
    }
    for (const smt::LoopDimension& outer : nest.domain.dimensions)
      if (outer.counter == dimension.counter) {
        nest.failure = "the inner loop's counter " + dimension.counter + " has the name of an enclosing counter";
        return nest;
      }
    for (const smt::ExprRef& limit : {dimension.first, dimension.bound})
      if (std::string symbol = variantSymbol(loop, limit); !symbol.empty()) {
        nest.failure = "the range of the inner loop over " + dimension.counter + " depends on " + symbol +
                       ", which is not the same for every iteration (the nest is not rectangular)";
        return nest;
      }
    nest.domain.dimensions.push_back(dimension);
    nest.innerCounters.insert(dimension.counter);
    nest.renamed.push_back({inner.counter, smt::variable(dimension.counter, 0, smt::Scope::Counter)});
    nest.bodyContext = inner.context;
  }
  return nest;
}

// `expr` with each inner counter's private symbol replaced by the box's counter.
smt::ExprRef renamedCounters(const smt::ExprRef& expr, const GatherNest& nest) {
  for (const auto& [from, to] : nest.renamed)
    if (smt::sameExpr(expr, from)) return to;
  switch (expr->op) {
    case smt::Expr::Op::Const:
    case smt::Expr::Op::Var: return expr;
    case smt::Expr::Op::Read: {
      std::vector<smt::ExprRef> subscripts;
      for (const smt::ExprRef& subscript : expr->args) subscripts.push_back(renamedCounters(subscript, nest));
      return smt::arrayRead(expr->name, std::move(subscripts), expr->instance, expr->scope);
    }
    case smt::Expr::Op::Add:
      return smt::add(renamedCounters(expr->args[0], nest), renamedCounters(expr->args[1], nest));
    case smt::Expr::Op::Sub:
      return smt::sub(renamedCounters(expr->args[0], nest), renamedCounters(expr->args[1], nest));
    case smt::Expr::Op::Mul:
      return smt::mul(renamedCounters(expr->args[0], nest), renamedCounters(expr->args[1], nest));
    case smt::Expr::Op::Div:
      return smt::div(renamedCounters(expr->args[0], nest), renamedCounters(expr->args[1], nest));
    case smt::Expr::Op::Mod:
      return smt::mod(renamedCounters(expr->args[0], nest), renamedCounters(expr->args[1], nest));
    case smt::Expr::Op::Neg: return smt::neg(renamedCounters(expr->args[0], nest));
    case smt::Expr::Op::IfLess:
      return smt::ifLess(renamedCounters(expr->args[0], nest), renamedCounters(expr->args[1], nest),
                         renamedCounters(expr->args[2], nest), renamedCounters(expr->args[3], nest));
  }
  return expr;
}

// `expr` with each private integer read through a single definition (a fact `p#1 == ...` the front-end
// records for `p = IDX(k, j, i);`) replaced by what defines it, so that u[p] reads as u[IDX(k, j, i)].
smt::ExprRef definitionsInlined(const LoopModel& loop, const smt::ExprRef& expr, int depth = 0) {
  if (depth > 8) return expr;
  if (expr->op == smt::Expr::Op::Var && expr->scope == smt::Scope::Private) {
    for (const Fact& fact : loop.facts)
      if (fact.isDefinition && fact.relation == smt::KnowledgeBase::Relation::Equal && smt::sameExpr(fact.lhs, expr))
        return definitionsInlined(loop, fact.rhs, depth + 1);
    return expr;
  }
  if (expr->args.empty()) return expr;
  std::vector<smt::ExprRef> args;
  for (const smt::ExprRef& arg : expr->args) args.push_back(definitionsInlined(loop, arg, depth));
  switch (expr->op) {
    case smt::Expr::Op::Read: return smt::arrayRead(expr->name, std::move(args), expr->instance, expr->scope);
    case smt::Expr::Op::Add: return smt::add(args[0], args[1]);
    case smt::Expr::Op::Sub: return smt::sub(args[0], args[1]);
    case smt::Expr::Op::Mul: return smt::mul(args[0], args[1]);
    case smt::Expr::Op::Div: return smt::div(args[0], args[1]);
    case smt::Expr::Op::Mod: return smt::mod(args[0], args[1]);
    case smt::Expr::Op::Neg: return smt::neg(args[0]);
    case smt::Expr::Op::IfLess: return smt::ifLess(args[0], args[1], args[2], args[3]);
    default: return expr;
  }
}

// The scalars a stride may multiply: shared, never written by the loop.
std::set<std::string> invariantScalars(const LoopModel& loop) {
  std::set<std::string> names;
  for (const Variable& variable : loop.variables)
    if (variable.sharing == Sharing::Shared && !variable.isArray && !variable.writtenInLoop)
      names.insert(variable.name);
  return names;
}

// Whether context `id` is `ancestor` or lies inside it.
bool within(const LoopModel& loop, int id, int ancestor) {
  while (id >= 0 && id != ancestor) {
    int parent = -1;
    for (const Context& context : loop.contexts)
      if (context.id == id) parent = context.parent;
    id = parent;
  }
  return id == ancestor;
}

// Whether context `id` lies under `ancestor` through branches only (then- and else-parts, ?: arms):
// a read there runs at the iterations whose conditions hold, so its term is the root term guarded
// by those conditions at the shifted iteration; the Z3 queries over every iteration of the box still
// prove it (a subset of a one-to-one map is one-to-one). Whether each condition can be evaluated at a
// shifted iteration is the generator's question (ad/GatherAdjoint.h): it reads the conditions.
bool underBranches(const LoopModel& loop, int id, int ancestor) {
  while (id != ancestor) {
    const Context* context = nullptr;
    for (const Context& candidate : loop.contexts)
      if (candidate.id == id) context = &candidate;
    if (!context || context->kind != ContextKind::Branch) return false;
    id = context->parent;
  }
  return true;
}

// Why a variable declared in the loop body cannot be recomputed at a shifted iteration, or "" when
// it can: a scalar declared on the body's root and never assigned after its initializer holds, at
// every iteration, a function of the counters and of what its initializer reads (the other
// conditions keep those inputs unwritten by the loop), so a term recomputes it there.
std::string bodyLocalFails(const LoopModel& loop, const GatherNest& nest, const Variable& variable) {
  if (!variable.declaredInLoopBody) return "it is not declared in the loop body";
  if (variable.isArray) return "it is an array or a pointer";
  if (variable.writtenInLoop) return "it is assigned after its declaration";
  for (const Context& context : loop.contexts)
    if (context.id != nest.bodyContext && within(loop, context.id, nest.bodyContext) &&
        !before(variable.declaredAt, context.span.begin) && before(variable.declaredAt, context.span.end))
      return "it is declared in a " + contextDescription(context) + ", not on the loop body's root";
  return "";
}

// The loop-wide conditions: every term can be evaluated at a shifted iteration. Empty when they hold.
// `familyNames`: the counters and accumulators of the inner loops whose reads are families of terms
// (their values are the pair's own, and the terms read only the accumulators' adjoints).
std::string shiftedTermsFail(const LoopModel& loop, const GatherNest& nest, const std::string& array,
                             const std::vector<ArrayVerdict>& verdicts, const std::vector<std::string>& doubts,
                             const std::set<std::string>& familyNames, const std::set<std::string>& teamUniform) {
  if (!doubts.empty()) return "the model of the loop is incomplete: " + doubts.front();
  if (!loop.threadNumberSymbol.empty())
    return "the loop reads the thread number, which a shifted iteration does not have";
  for (const smt::LoopDimension& domain : nest.domain.dimensions) {
    if (!domain.first || !domain.bound) return "the range of counter " + domain.counter + " is not modelled";
    if (!domain.step || domain.step->op != smt::Expr::Op::Const || domain.step->value != 1)
      return "counter " + domain.counter + " does not step by 1 (step " + smt::toString(domain.step) + ")";
    if (domain.comparison != smt::Comparison::Less && domain.comparison != smt::Comparison::LessEqual)
      return "counter " + domain.counter + " is not bounded by < or <=";
  }
  std::map<std::string, std::vector<const Reference*>> writes, reads;
  for (const Reference& reference : loop.references) {
    if (reference.opaque && reference.kind != AccessKind::Read && !loop.findVariable(reference.variable))
      return "the loop writes memory it does not model: " + where(reference);
    (reference.kind == AccessKind::Read ? reads : writes)[reference.variable].push_back(&reference);
  }
  for (const Variable& variable : loop.variables) {
    if (variable.sharing == Sharing::LoopCounter || variable.sharing == Sharing::Reduction) continue;
    if (nest.innerCounters.count(variable.name)) continue;  // a counter of the box
    if (familyNames.count(variable.name) && variable.sharing == Sharing::Private && !variable.isArray) continue;
    bool written = variable.writtenInLoop || writes.count(variable.name);
    // A per-thread variable holds a value of its iteration (a body local's initializer does not
    // count as a write in the model): only a firstprivate copy the loop never writes is invariant.
    bool invariantCopy = variable.sharing == Sharing::FirstPrivate && !written;
    // So is a scalar of the team region that every thread holds alike, when the loop only reads it.
    invariantCopy = invariantCopy || (variable.sharing == Sharing::Private && !variable.isArray && !written &&
                                      !variable.declaredInLoopBody && teamUniform.count(variable.name) > 0);
    const bool singleDefinition = std::find(loop.singleDefinitions.begin(), loop.singleDefinitions.end(),
                                            variable.name) != loop.singleDefinitions.end();
    if ((isPerThread(variable.sharing) && !invariantCopy) || (!variable.isArray && written)) {
      // A private scalar the innermost body assigns once, on its root, before reading it: a value of
      // its iteration alone, recomputed at the shifted iteration like an initialised local.
      if (variable.sharing == Sharing::Private && !variable.isArray && singleDefinition) continue;
      // One assigned on every arm of a boundary if/else: its adjoint, not its value, is a term's
      // (the generator refuses a term that reads the value).
      if (variable.sharing == Sharing::Private && !variable.isArray &&
          std::find(loop.branchDefinitions.begin(), loop.branchDefinitions.end(), variable.name) !=
              loop.branchDefinitions.end())
        continue;
      if (variable.sharing == Sharing::Private && variable.declaredInLoopBody) {
        std::string why = bodyLocalFails(loop, nest, variable);
        if (why.empty()) continue;  // recomputed at the shifted iteration
        return "the loop computes the per-iteration value " + variable.name + " and " + why +
               ": a term may depend on it, and it is not recomputed at a shifted iteration";
      }
      return "the loop computes the per-iteration value " + variable.name +
             (variable.sharing == Sharing::Private && !variable.isArray
                  ? " and it is not assigned exactly once, on the innermost body's root, before any read"
                  : std::string()) +
             ": a term may depend on it, and it is not recomputed at a shifted iteration";
    }
    if (!written) continue;
    if (variable.name == array) continue;  // reported with the array's own references
    auto read = reads.find(variable.name);
    if (read != reads.end())
      return "the loop writes " + variable.name + " and reads " + where(*read->second.front()) +
             ": its value at a shifted iteration is not an input of the loop";
    const ArrayVerdict* written_ = verdictOf(verdicts, variable.name);
    if (!written_) continue;  // inactive: no adjoint flows through it
    if (written_->verdict != Verdict::Shared)
      return "the adjoint " + written_->adjoint + " of the written array " + variable.name +
             " is not proven owned by one iteration (its verdict is " + verdictName(written_->verdict) + ")";
    if (writes[variable.name].size() > 1)
      return variable.name + " is written by " + std::to_string(writes[variable.name].size()) +
             " references: its adjoint changes between them";
  }
  return "";
}

// A read inside an accumulating inner loop (LoopModel::accumulatingLoops), or the innermost loop of
// a perfect nest of them, as a family of terms: one per point of the inner loops' constant ranges.
struct TermFamily {
  const AccumulatingLoopModel* loop = nullptr;
  std::vector<GatherInnerCounter> counters;  // the loop's, then the nested loops' (dimension not yet known)
  std::vector<smt::ExprRef> symbols;         // each counter as the body's indices name it (r#1)
  smt::LoopDomain domain;                    // the box's counters, then the inner counters over [first, last]
  std::string failure;                       // non-empty: the read cannot be a family of terms
};

// The accumulating loop whose innermost body is `context`.
const AccumulatingLoopModel* accumulatingLoopOf(const LoopModel& loop, int context) {
  for (const AccumulatingLoopModel& inner : loop.accumulatingLoops)
    if ((inner.nested.empty() ? inner.loop.context : inner.nested.back().context) == context) return &inner;
  return nullptr;
}

// The value of a limit of the inner loop, when it is a constant (literals, macros).
std::optional<std::int64_t> constantValue(const smt::ExprRef& expr) {
  if (!expr) return std::nullopt;
  Affine affine = affineInCounters(expr);
  if (!affine.failure.empty() || !affine.coefficients.empty()) return std::nullopt;
  return affine.constant;
}

// The values [first, last] of one inner loop's counter, or why they are not a range of constants.
std::string innerRangeFails(const InnerLoopModel& inner, GatherInnerCounter& range) {
  const smt::LoopDimension& dimension = inner.dimension.domain;
  std::optional<std::int64_t> first = constantValue(dimension.first), bound = constantValue(dimension.bound),
                              step = constantValue(dimension.step);
  if (!first || !bound) return "does not run over a range of constants";
  if (!step || (*step != 1 && *step != -1)) return "does not step by +1 or -1";
  using smt::Comparison;
  range.counter = dimension.counter;
  if (*step == 1 && dimension.comparison == Comparison::Less)
    range.first = *first, range.last = *bound - 1;
  else if (*step == 1 && dimension.comparison == Comparison::LessEqual)
    range.first = *first, range.last = *bound;
  else if (*step == -1 && dimension.comparison == Comparison::Greater)
    range.first = *bound + 1, range.last = *first;
  else if (*step == -1 && dimension.comparison == Comparison::GreaterEqual)
    range.first = *bound, range.last = *first;
  else
    return "is not bounded by < or <= (step +1) or > or >= (step -1)";
  if (range.first > range.last) return "runs no iteration";
  return "";
}

TermFamily familyOf(const AccumulatingLoopModel& inner, const GatherNest& nest) {
  TermFamily family;
  family.loop = &inner;
  family.domain = nest.domain;
  std::vector<const InnerLoopModel*> levels{&inner.loop};
  for (const InnerLoopModel& nested : inner.nested) levels.push_back(&nested);
  for (const InnerLoopModel* level : levels) {
    const LoopDimensionModel& dimension = level->dimension;
    const std::string header = "the inner loop over " + dimension.domain.counter + " (from " + dimension.firstText +
                               ", bound " + dimension.boundText + ", step " + dimension.stepText + ")";
    if (!inner.failure.empty())
      return family.failure = header + " does not only accumulate into locals: " + inner.failure, family;
    GatherInnerCounter range;
    if (std::string why = innerRangeFails(*level, range); !why.empty())
      return family.failure = header + " " + why, family;
    for (const smt::LoopDimension& taken : family.domain.dimensions)
      if (taken.counter == range.counter)
        return family.failure = header + " reuses the name of a counter of the nest", family;
    smt::LoopDimension domain;
    domain.counter = range.counter;
    domain.first = smt::constant(range.first);
    domain.bound = smt::constant(range.last);
    domain.comparison = smt::Comparison::LessEqual;
    domain.step = smt::constant(1);
    family.domain.dimensions.push_back(domain);
    family.counters.push_back(range);
    family.symbols.push_back(level->counter);
  }
  return family;
}

// A family read through one linearised subscript in a nest (in[IDX(i + a, j + b, nx)]), its proof
// waiting for the targets' box, which every term widens.
struct LinearisedFamilyRead {
  const Reference* reference = nullptr;
  smt::LoopDomain domain;  // the box's counters, then the inner counters
  smt::ExprRef index;      // the read's subscript, counters renamed
  smt::ExprRef expected;   // the layout at the target its point reaches
};

// `expr` with each of `counters` (named as the box names them) replaced by 0.
smt::ExprRef withoutCounters(const smt::ExprRef& expr, const std::vector<std::string>& counters) {
  GatherNest zeroed;
  for (const std::string& counter : counters)
    zeroed.renamed.push_back({smt::variable(counter, 0, smt::Scope::Counter), smt::constant(0)});
  return renamedCounters(expr, zeroed);
}

std::string offsetsText(const std::vector<std::int64_t>& offsets) {
  std::string text;
  for (std::int64_t offset : offsets)
    text += std::string(text.empty() ? "" : ", ") + (offset > 0 ? "+" : "") + std::to_string(offset);
  return text;
}

// A family read with a subscript per counter of the nest, in[i + a][j + b]: subscript d is counter_d
// plus the inner counters that shift it (coefficient 1, each inner counter in one subscript) plus a
// constant, proven by Z3 (smt::proveNestedFamilyShift). Nothing, with `why`, when it is not.
std::optional<GatherTerm> nestedFamilyTerm(const LoopModel& loop, const GatherNest& nest, const TermFamily& family,
                                           const Reference& reference, const std::vector<std::string>& counters,
                                           smt::SolverSession& session, std::string& why) {
  GatherNest renaming = nest;  // a#1 (the private symbol) -> a (a counter of the family's domain)
  std::vector<smt::ExprRef> innerCounters;
  for (size_t level = 0; level < family.counters.size(); ++level) {
    const std::string& r = family.counters[level].counter;
    innerCounters.push_back(smt::variable(r, 0, smt::Scope::Counter));
    renaming.renamed.push_back({family.symbols[level], innerCounters.back()});
  }
  GatherTerm term;
  term.reference = reference.id;
  term.inner = family.counters;
  std::vector<bool> placed(family.counters.size(), false);
  smt::IndexTuple index, expected;
  for (size_t d = 0; d < counters.size(); ++d) {
    index.push_back(renamedCounters(definitionsInlined(loop, reference.indices[d]), renaming));
    Affine affine = affineInCounters(index.back());
    if (!affine.failure.empty()) return why = where(reference) + ": " + affine.failure, std::nullopt;
    if (affine.coefficients[counters[d]] != 1)
      return why = where(reference) + ": subscript " + std::to_string(d + 1) + " is not " + counters[d] +
                   " plus inner counters and a constant",
             std::nullopt;
    smt::ExprRef target = smt::add(smt::variable(counters[d], 0, smt::Scope::Counter), smt::constant(affine.constant));
    for (const auto& [name, coefficient] : affine.coefficients) {
      if (name == counters[d] || coefficient == 0) continue;
      size_t level = 0;
      while (level < family.counters.size() && family.counters[level].counter != name) ++level;
      if (level == family.counters.size() || coefficient != 1 || placed[level])
        return why = where(reference) + ": subscript " + std::to_string(d + 1) + " reads " + name +
                     (level == family.counters.size() ? ", which is not an inner counter of the family"
                                                      : " with a coefficient other than 1, or in a second subscript"),
               std::nullopt;
      placed[level] = true;
      term.inner[level].dimension = d;
      target = smt::add(target, innerCounters[level]);
    }
    term.offsets.push_back(affine.constant);
    expected.push_back(target);
  }
  for (size_t level = 0; level < placed.size(); ++level)
    if (!placed[level])
      return why = where(reference) + ": no subscript reads the inner counter " + family.counters[level].counter,
             std::nullopt;
  smt::ShiftProof proof = smt::proveNestedFamilyShift(session, family.domain, index, expected, innerCounters);
  if (!proof.proven) return why = where(reference) + ": " + proof.reason, std::nullopt;
  return term;
}

}  // namespace

GatherForm gatherForm(const LoopModel& loop, const ArrayVerdict& verdict, const std::vector<ArrayVerdict>& verdicts,
                      const std::vector<std::string>& doubts, smt::SolverSession& session,
                      const std::set<std::string>& teamUniform) {
  GatherForm form;
  auto refuse = [&](std::string why) {
    form.applies = false;
    form.linearised = false;
    form.terms.clear();
    form.reason = std::move(why);
    return form;
  };
  if (verdict.scalar) return refuse("a scalar has no elements to gather");
  const Variable* variable = loop.findVariable(verdict.array);
  if (!variable || !variable->isArray || variable->sharing != Sharing::Shared)
    return refuse(verdict.array + " is not a shared array");
  GatherNest nest = gatherNestOf(loop);
  if (!nest.failure.empty()) return refuse(nest.failure);
  // The array's own references first (the most specific reason), then the loop, then Z3.
  std::vector<const Reference*> reads;
  std::vector<smt::IndexTuple> indices;                // of each read, inner counters renamed
  std::vector<std::vector<std::int64_t>> rootOffsets;  // of each read (the reads on the body's root)
  std::vector<std::string> counters;
  for (const smt::LoopDimension& dimension : nest.domain.dimensions) counters.push_back(dimension.counter);
  std::vector<smt::ExprRef> layout;               // a linearised array's strides, per counter
  std::set<std::string> familyNames;              // counters and accumulators of the inner loops of families
  std::string families;                           // for the report: which reads are families, over which range
  std::vector<LinearisedFamilyRead> familyReads;  // proven once the targets' box is known
  int branchReads = 0;                            // reads under an if or a ?: of the innermost body
  std::string refusal;                            // why a family with a subscript per counter is not gathered
  for (const Reference& reference : loop.references) {
    if (reference.variable != verdict.array) continue;
    if (reference.kind != AccessKind::Read) return refuse("the loop writes " + verdict.array + ": " + where(reference));
    if (reference.opaque) return refuse("opaque index " + where(reference) + ": " + reference.opaqueReason);
    if (const AccumulatingLoopModel* inner = accumulatingLoopOf(loop, reference.context);
        inner && reference.context != nest.bodyContext) {  // x[i + r]: one term per value of r
      TermFamily family = familyOf(*inner, nest);
      if (!family.failure.empty()) return refuse(where(reference) + " is read in " + family.failure);
      if (reference.indices.size() > 1 && reference.indices.size() == counters.size()) {  // in[i + a][j + b]
        if (form.linearised)
          return refuse(where(reference) +
                        " has a subscript per counter, the array's other reads one linearised subscript");
        std::optional<GatherTerm> term = nestedFamilyTerm(loop, nest, family, reference, counters, session, refusal);
        if (!term) return refuse(refusal);
        familyNames.insert(inner->accumulators.begin(), inner->accumulators.end());
        for (const GatherInnerCounter& range : family.counters) familyNames.insert(range.counter);
        families += (families.empty() ? "" : "; ") + where(reference) +
                    " is a family of terms, one per point of a nest of inner loops that only accumulates, each inner "
                    "counter shifting one subscript";
        form.terms.push_back(std::move(*term));
        continue;
      }
      if (reference.indices.size() != 1)
        return refuse(where(reference) + " has " + std::to_string(reference.indices.size()) +
                      " subscripts: a family of terms is gathered only through one");
      GatherNest renaming = nest;  // r#1 (the private symbol) -> r (a counter of the family's domain)
      std::vector<std::string> innerNames;
      for (size_t level = 0; level < family.counters.size(); ++level) {
        const std::string& r = family.counters[level].counter;
        renaming.renamed.push_back({family.symbols[level], smt::variable(r, 0, smt::Scope::Counter)});
        innerNames.push_back(r);
        familyNames.insert(r);
      }
      familyNames.insert(inner->accumulators.begin(), inner->accumulators.end());
      smt::ExprRef index = renamedCounters(definitionsInlined(loop, reference.indices[0]), renaming);
      std::string ranges;
      for (const GatherInnerCounter& range : family.counters)
        ranges += (ranges.empty() ? "" : ", ") + range.counter + " in [" + std::to_string(range.first) + ", " +
                  std::to_string(range.last) + "]";
      families += (families.empty() ? "" : "; ") + where(reference) + " is a family of terms, one per " + ranges +
                  " of " + (family.counters.size() == 1 ? "an inner loop" : "a nest of inner loops") +
                  " that only accumulates";
      GatherTerm term;
      term.reference = reference.id;
      term.inner = family.counters;
      if (nest.domain.dimensions.size() == 1) {
        if (family.counters.size() != 1)
          return refuse(where(reference) + " is read in a nest of " + std::to_string(family.counters.size()) +
                        " inner loops: in a loop of one counter a family of terms is gathered over one");
        const std::string& r = innerNames[0];
        Affine affine = affineInCounters(index);
        if (!affine.failure.empty()) return refuse(where(reference) + ": " + affine.failure);
        const std::string& i = nest.domain.dimensions[0].counter;
        if (affine.coefficients.size() != 2 || affine.coefficients[i] != 1 || affine.coefficients[r] != 1)
          return refuse(where(reference) + ": the subscript is not " + i + " + " + r + " plus a constant");
        smt::ShiftProof proof = smt::proveFamilyShift(session, family.domain, index, affine.constant);
        if (!proof.proven) return refuse(where(reference) + ": " + proof.reason);
        term.offsets = {affine.constant};
        form.terms.push_back(std::move(term));
        continue;
      }
      // In a nest, through one linearised subscript: the box's layout without the inner counters,
      // and each inner counter shifting the counter of the box whose stride it has (the inner
      // counters' strides differ, as the box's do, so no two shift one counter).
      if (!form.terms.empty() && !form.linearised)
        return refuse(where(reference) + " has one linearised subscript, the array's other reads one per counter");
      LinearisedIndex box = linearisedIndex(withoutCounters(index, innerNames), counters, invariantScalars(loop));
      if (!box.failure.empty()) return refuse(where(reference) + ": a linearised index? " + box.failure);
      LinearisedIndex steps = linearisedIndex(withoutCounters(index, counters), innerNames, invariantScalars(loop));
      if (!steps.failure.empty()) return refuse(where(reference) + ": its inner counters' strides? " + steps.failure);
      if (!layout.empty() && !smt::sameTuple(layout, box.strides))
        return refuse(where(reference) + ": its strides differ from those of the array's other reads");
      layout = box.strides;
      form.linearised = true;
      std::vector<smt::ExprRef> target;  // t_d = counter_d + its inner counter + offset_d
      for (size_t d = 0; d < counters.size(); ++d)
        target.push_back(smt::add(smt::variable(counters[d], 0, smt::Scope::Counter), smt::constant(box.offsets[d])));
      for (size_t level = 0; level < innerNames.size(); ++level) {
        size_t d = 0;
        while (d < counters.size() && !smt::sameExpr(steps.strides[level], box.strides[d])) ++d;
        if (d == counters.size())
          return refuse(where(reference) + ": the inner counter " + innerNames[level] + " has the stride " +
                        smt::toString(steps.strides[level]) + ", which no counter of the nest has");
        term.inner[level].dimension = d;
        target[d] = smt::add(target[d], smt::variable(innerNames[level], 0, smt::Scope::Counter));
      }
      smt::ExprRef expected = smt::constant(0);
      for (size_t d = 0; d < counters.size(); ++d) expected = smt::add(expected, smt::mul(layout[d], target[d]));
      familyReads.push_back({&reference, family.domain, index, expected});
      term.offsets = box.offsets;
      form.terms.push_back(std::move(term));
      continue;
    }
    if (reference.context != nest.bodyContext && underBranches(loop, reference.context, nest.bodyContext)) {
      ++branchReads;  // a term guarded by its branches' conditions, evaluated at the shifted iteration
    } else if (reference.context != nest.bodyContext) {
      std::string kind = "a context of its own";
      for (const Context& context : loop.contexts)
        if (context.id == reference.context) kind = "a context of its own (" + contextDescription(context) + ")";
      return refuse(
          where(reference) + " is read in " + kind +
          ", not on the loop body's root: a term at a shifted iteration would need that context's condition or loop");
    }
    const std::vector<smt::LoopDimension>& dimensions = nest.domain.dimensions;
    if (reference.indices.size() == 1 && dimensions.size() > 1) {  // IDX(k, j, i - 1): one subscript for the box
      smt::ExprRef index = renamedCounters(definitionsInlined(loop, reference.indices[0]), nest);
      LinearisedIndex linear = linearisedIndex(index, counters, invariantScalars(loop));
      if (!linear.failure.empty()) return refuse(where(reference) + ": a linearised index? " + linear.failure);
      if (!layout.empty() && !smt::sameTuple(layout, linear.strides))
        return refuse(where(reference) + ": its strides differ from those of the array's other reads");
      layout = linear.strides;
      form.linearised = true;
      reads.push_back(&reference);
      indices.push_back({index});
      rootOffsets.push_back(linear.offsets);
      GatherTerm term;
      term.reference = reference.id;
      term.offsets = linear.offsets;
      form.terms.push_back(std::move(term));
      continue;
    }
    if (reference.indices.size() != dimensions.size())
      return refuse(where(reference) + " has " + std::to_string(reference.indices.size()) + " subscript(s) for " +
                    std::to_string(dimensions.size()) + " loop counter(s)");
    if (form.linearised)
      return refuse(where(reference) +
                    " has a subscript per counter, the array's other reads one linearised subscript");
    smt::IndexTuple index;
    for (const smt::ExprRef& component : reference.indices)
      index.push_back(renamedCounters(definitionsInlined(loop, component), nest));
    GatherTerm term;
    term.reference = reference.id;
    for (size_t d = 0; d < index.size(); ++d) {
      Affine affine = affineInCounters(index[d]);
      if (!affine.failure.empty()) return refuse(where(reference) + ": " + affine.failure);
      const std::string& counter = dimensions[d].counter;
      if (affine.coefficients.size() != 1 || !affine.coefficients.count(counter))
        return refuse(where(reference) + ": subscript " + std::to_string(d + 1) + " is not " + counter +
                      " plus a constant");
      if (affine.coefficients[counter] != 1)
        return refuse(where(reference) + ": " + counter + " has the coefficient " +
                      std::to_string(affine.coefficients[counter]) + ", not 1");
      term.offsets.push_back(affine.constant);
    }
    reads.push_back(&reference);
    indices.push_back(std::move(index));
    rootOffsets.push_back(term.offsets);
    form.terms.push_back(std::move(term));
  }
  if (form.terms.empty()) return refuse("the loop does not read " + verdict.array);
  // An interior target is an element because a read on the root reads it at every iteration.
  if (branchReads > 0 && static_cast<size_t>(branchReads) == reads.size() && families.empty())
    return refuse("every read of " + verdict.array +
                  " is under a branch: a target of the gather would not be known to be an element of the array");
  if (std::string why = shiftedTermsFail(loop, nest, verdict.array, verdicts, doubts, familyNames, teamUniform);
      !why.empty())
    return refuse(why);
  const smt::LoopDomain& domain = nest.domain;  // the inner bounds are facts of the queries too
  const std::string guarded = branchReads == 0 ? std::string()
                                               : "; " + std::to_string(branchReads) +
                                                     " of the reads under branches, each term guarded by its "
                                                     "branches' conditions at its shifted iteration";
  if (form.linearised) {
    std::vector<std::int64_t> lows(counters.size(), std::numeric_limits<std::int64_t>::max()),
        highs(counters.size(), std::numeric_limits<std::int64_t>::min());
    for (const GatherTerm& term : form.terms)
      for (size_t d = 0; d < counters.size(); ++d) {
        std::int64_t low = term.offsets[d], high = term.offsets[d];
        for (const GatherInnerCounter& inner : term.inner)  // a family reaches offset + first .. offset + last
          if (inner.dimension == d) low += inner.first, high += inner.last;
        lows[d] = std::min(lows[d], low);
        highs[d] = std::max(highs[d], high);
      }
    LinearisedIndex strides;
    strides.strides = layout;
    smt::ExprRef targetLayout = layoutOf(strides, counters);
    std::map<std::string, smt::ShiftProof> proofs;  // one query pair per distinct index
    for (size_t t = 0; t < reads.size(); ++t) {
      std::string key = smt::toString(indices[t]);
      auto proof = proofs.find(key);
      if (proof == proofs.end())
        proof = proofs
                    .emplace(key, smt::proveLinearisedShift(session, domain, indices[t][0], targetLayout,
                                                            rootOffsets[t], lows, highs))
                    .first;
      if (!proof->second.proven) return refuse(where(*reads[t]) + ": " + proof->second.reason);
    }
    for (const LinearisedFamilyRead& read : familyReads) {
      smt::ShiftProof proof =
          smt::proveLinearisedFamilyShift(session, read.domain, read.index, read.expected, targetLayout, lows, highs);
      if (!proof.proven) return refuse(where(*read.reference) + ": " + proof.reason);
    }
    form.applies = true;
    std::string offsets;
    for (const GatherTerm& term : form.terms) offsets += (offsets.empty() ? "" : "; ") + offsetsText(term.offsets);
    form.reason =
        verdict.array + " is only read, at the linearised index " + smt::toString(targetLayout) +
        " of the counters plus the offsets " + offsets + (families.empty() ? "" : "; " + families) +
        " (Z3: exact, and one-to-one over the targets): each target sums its terms at the shifted iterations" + guarded;
    return form;
  }
  std::map<std::string, smt::ShiftProof> proofs;  // one pair of queries per distinct index
  for (size_t t = 0; t < reads.size(); ++t) {     // the root reads (families were proven above)
    std::string key = smt::toString(indices[t]);
    auto proof = proofs.find(key);
    if (proof == proofs.end())
      proof = proofs.emplace(key, smt::proveUnitShift(session, domain, indices[t], rootOffsets[t])).first;
    if (!proof->second.proven) return refuse(where(*reads[t]) + ": " + proof->second.reason);
  }
  form.applies = true;
  std::string offsets;
  for (const GatherTerm& term : form.terms) offsets += (offsets.empty() ? "" : "; ") + offsetsText(term.offsets);
  if (families.empty()) {
    form.reason = verdict.array + " is only read, at the counters plus the offsets " + offsets +
                  " (Z3: exact, and no element read twice): each target sums its terms at the shifted iterations" +
                  guarded;
    return form;
  }
  std::string onRoot;
  for (const GatherTerm& term : form.terms)
    if (term.inner.empty()) onRoot += (onRoot.empty() ? "" : "; ") + offsetsText(term.offsets);
  form.reason =
      verdict.array + " is only read" +
      (onRoot.empty() ? std::string() : ", at the counters plus the offsets " + onRoot) + "; " + families +
      " (Z3: exact, root reads read no element twice, and each family's pairs (iteration, counter) map one-to-one "
      "onto the pairs (target, counter)): each target sums its terms at the shifted iterations" +
      guarded;
  return form;
}

}  // namespace adrace::analyzer
