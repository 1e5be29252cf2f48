#include "analyzer/verdicts/GatherAnalysis.h"

#include "smt/ShiftQuery.h"

#include <iterator>
#include <map>
#include <optional>

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
  }
  return failed("unknown index operator");
}

std::string where(const Reference& reference) {
  return reference.text + (reference.span.begin.line ? " (line " + std::to_string(reference.span.begin.line) + ")" : "");
}

const ArrayVerdict* verdictOf(const std::vector<ArrayVerdict>& verdicts, const std::string& array) {
  for (const ArrayVerdict& verdict : verdicts)
    if (verdict.array == array) return &verdict;
  return nullptr;
}

bool before(const SourcePosition& a, const SourcePosition& b) {
  return a.line < b.line || (a.line == b.line && a.column < b.column);
}

// Why a variable declared in the loop body cannot be recomputed at a shifted iteration, or "" when
// it can: a scalar declared on the body's root and never assigned after its initializer holds, at
// every iteration, a function of the counters and of what its initializer reads (the other
// conditions keep those inputs unwritten by the loop), so a term recomputes it there.
std::string bodyLocalFails(const LoopModel& loop, const Variable& variable) {
  if (variable.sharingReason != "declared in the loop body") return "it is not declared in the loop body";
  if (variable.isArray) return "it is an array or a pointer";
  if (variable.writtenInLoop) return "it is assigned after its declaration";
  for (const Context& context : loop.contexts)
    if (context.id != 0 && !before(variable.declaredAt, context.span.begin) && before(variable.declaredAt, context.span.end))
      return "it is declared in a " + context.kind + ", not on the loop body's root";
  return "";
}

// The loop-wide conditions: every term can be evaluated at a shifted iteration. Empty when they hold.
std::string shiftedTermsFail(const LoopModel& loop, const std::string& array, const std::vector<ArrayVerdict>& verdicts,
                             const std::vector<std::string>& doubts) {
  if (!doubts.empty()) return "the model of the loop is incomplete: " + doubts.front();
  if (!loop.threadNumberSymbol.empty()) return "the loop reads the thread number, which a shifted iteration does not have";
  for (const LoopDimensionModel& dimension : loop.dimensions) {
    const smt::LoopDimension& domain = dimension.domain;
    if (!domain.first || !domain.bound) return "the range of counter " + domain.counter + " is not modelled";
    if (!domain.step || domain.step->op != smt::Expr::Op::Const || domain.step->value != 1)
      return "counter " + domain.counter + " does not step by 1 (step " + dimension.stepText + ")";
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
    bool written = variable.writtenInLoop || writes.count(variable.name);
    // A per-thread variable holds a value of its iteration (a body local's initializer does not
    // count as a write in the model): only a firstprivate copy the loop never writes is invariant.
    bool invariantCopy = variable.sharing == Sharing::FirstPrivate && !written;
    if ((isPerThread(variable.sharing) && !invariantCopy) || (!variable.isArray && written)) {
      if (variable.sharing == Sharing::Private && variable.sharingReason == "declared in the loop body") {
        std::string why = bodyLocalFails(loop, variable);
        if (why.empty()) continue;  // recomputed at the shifted iteration
        return "the loop computes the per-iteration value " + variable.name + " and " + why +
               ": a term may depend on it, and it is not recomputed at a shifted iteration";
      }
      return "the loop computes the per-iteration value " + variable.name +
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

std::string offsetsText(const std::vector<std::int64_t>& offsets) {
  std::string text;
  for (std::int64_t offset : offsets) text += std::string(text.empty() ? "" : ", ") + (offset > 0 ? "+" : "") + std::to_string(offset);
  return text;
}

}  // namespace

GatherForm gatherForm(const LoopModel& loop, const ArrayVerdict& verdict, const std::vector<ArrayVerdict>& verdicts,
                      const std::vector<std::string>& doubts, smt::SolverSession& session) {
  GatherForm form;
  auto refuse = [&](std::string why) {
    form.applies = false;
    form.terms.clear();
    form.reason = std::move(why);
    return form;
  };
  if (verdict.scalar) return refuse("a scalar has no elements to gather");
  const Variable* variable = loop.findVariable(verdict.array);
  if (!variable || !variable->isArray || variable->sharing != Sharing::Shared)
    return refuse(verdict.array + " is not a shared array");
  // The array's own references first (the most specific reason), then the loop, then Z3.
  std::vector<const Reference*> reads;
  for (const Reference& reference : loop.references) {
    if (reference.variable != verdict.array) continue;
    if (reference.kind != AccessKind::Read) return refuse("the loop writes " + verdict.array + ": " + where(reference));
    if (reference.opaque) return refuse("opaque index " + where(reference) + ": " + reference.opaqueReason);
    if (reference.context != 0) {
      std::string kind = "a context of its own";
      for (const Context& context : loop.contexts)
        if (context.id == reference.context) kind = "a context of its own (" + context.kind + ")";
      return refuse(where(reference) + " is read in " + kind +
                    ", not on the loop body's root: a term at a shifted iteration would need that context's condition or loop");
    }
    if (reference.indices.size() != loop.dimensions.size())
      return refuse(where(reference) + " has " + std::to_string(reference.indices.size()) + " subscript(s) for " +
                    std::to_string(loop.dimensions.size()) + " loop counter(s)");
    GatherTerm term{reference.id, {}};
    for (size_t d = 0; d < reference.indices.size(); ++d) {
      Affine affine = affineInCounters(reference.indices[d]);
      if (!affine.failure.empty()) return refuse(where(reference) + ": " + affine.failure);
      const std::string& counter = loop.dimensions[d].domain.counter;
      if (affine.coefficients.size() != 1 || !affine.coefficients.count(counter))
        return refuse(where(reference) + ": subscript " + std::to_string(d + 1) + " is not " + counter + " plus a constant");
      if (affine.coefficients[counter] != 1)
        return refuse(where(reference) + ": " + counter + " has the coefficient " +
                      std::to_string(affine.coefficients[counter]) + ", not 1");
      term.offsets.push_back(affine.constant);
    }
    reads.push_back(&reference);
    form.terms.push_back(std::move(term));
  }
  if (form.terms.empty()) return refuse("the loop does not read " + verdict.array);
  if (std::string why = shiftedTermsFail(loop, verdict.array, verdicts, doubts); !why.empty()) return refuse(why);
  smt::LoopDomain domain = loop.domain();
  std::map<std::string, smt::ShiftProof> proofs;  // one pair of queries per distinct index
  for (size_t t = 0; t < reads.size(); ++t) {
    std::string key = smt::toString(reads[t]->indices);
    auto proof = proofs.find(key);
    if (proof == proofs.end())
      proof = proofs.emplace(key, smt::proveUnitShift(session, domain, reads[t]->indices, form.terms[t].offsets)).first;
    if (!proof->second.proven) return refuse(where(*reads[t]) + ": " + proof->second.reason);
  }
  form.applies = true;
  std::string offsets;
  for (const GatherTerm& term : form.terms) offsets += (offsets.empty() ? "" : "; ") + offsetsText(term.offsets);
  form.reason = verdict.array + " is only read, at the counters plus the offsets " + offsets +
                " (Z3: exact, and no element read twice): each target sums its terms at the shifted iterations";
  return form;
}

}  // namespace adrace::analyzer
