// A one-dimensional gather's interior in strips (docs/adjoint.md, "Gather strips"). A target j sums
// terms at the iterations j - c; a term that reads a body-local adjoint recomputes it there, so with
// a filter of 2W+1 taps every iteration's adjoint is recomputed 2W+1 times, once per target that
// reads it:
//
//   acc_b_at = band_gain[BAND_OF(j - k)] * out_b[j - k];   in_b_sum += coef[k + HALF] * acc_b_at;
//
// When that recomputation costs more than a load, the interior targets run in strips of
// kStripTargets: each strip first stores the adjoint at the iterations its targets read (the strip
// widened by the terms' offsets) in a buffer on the thread's stack, then its targets read the buffer.
// Each iteration's adjoint is then computed about once (twice at the strips' edges), as the
// hand-written adjoint of a filter computes it. Exact: the buffer holds the very values the terms
// recomputed, because nothing the recomputation reads changes during the gather (a gathered array
// is never read by it, which stripAdjoints checks), and every iteration it holds lies in the
// primal range (the interior targets' shifted iterations all do).
#include "ad/GatherAdjoint.h"

#include <functional>
#include <set>

namespace adrace::ad {
namespace {

// Targets per strip: a buffer (one value per target, and the terms' offsets) stays in the L1 cache.
constexpr std::int64_t kStripTargets = 1024;

// Whether recomputing `value` costs more than the buffer's store and load: it loads two elements or
// more (a recomputed primal local counting as two), or calls, divides or takes a remainder.
bool costlierThanALoad(const c::ExprRef& value, const std::function<bool(const std::string&)>& recomputed) {
  int loads = 0;
  bool expensive = false;
  c::forEachNode(value, [&](const c::Expr& node) {
    if (node.kind == c::Expr::Kind::Subscript) ++loads;
    if (node.kind == c::Expr::Kind::Name && recomputed(node.text)) loads += 2;
    expensive = expensive || node.kind == c::Expr::Kind::Call ||
                (node.kind == c::Expr::Kind::Binary && (node.op == c::Op::Divide || node.op == c::Op::Remainder));
  });
  return expensive || loads >= 2;
}

// expr + k, written `expr - 3` for a negative k.
c::ExprRef offsetBy(const c::ExprRef& expr, std::int64_t k) {
  if (k == 0) return expr;
  return k > 0 ? c::add(expr, c::integer(k)) : c::sub(expr, c::integer(-k));
}

}  // namespace

std::map<std::string, std::int64_t> GatherAdjoint::stripAdjoints(const Target& target) const {
  std::map<std::string, std::int64_t> stripped;
  if (nest_.size() != 1) return stripped;
  for (const auto& [adjoint, local] : localAdjoints_) {
    if (!local.exact || local.increments.empty()) continue;
    // The iterations a target reads it at: j - c for each root term's offset c, and for each point of
    // a family term's inner loop.
    std::set<std::int64_t> offsets;
    for (const Term& term : target.terms) {
      if (!c::namesIdentifier(term.increment.value, adjoint)) continue;
      std::int64_t first = term.lowest(0), last = term.highest(0);
      for (std::int64_t offset = first; offset <= last; ++offset) offsets.insert(offset);
    }
    const std::int64_t reads = std::int64_t(offsets.size());
    bool costly = local.increments.size() > 1, stable = true;
    for (const Increment& increment : local.increments) {
      costly = costly || costlierThanALoad(increment.value,
                                           [&](const std::string& name) { return definitions_.count(name) > 0; });
      for (const Target& gathered : targets_)
        stable = stable && !c::namesIdentifier(increment.value, gathered.info->adjoint);
      for (const std::string& counter : familyCounters_)
        stable = stable && !c::namesIdentifier(increment.value, counter);
    }
    if (reads >= 2 && costly && stable) stripped[adjoint] = reads;
  }
  return stripped;
}

void GatherAdjoint::openStrips(const std::map<std::string, std::int64_t>& adjoints) {
  if (adjoints.empty()) return;
  stripBegin_ = context_.freshName("adrace_strip");
  stripEnd_ = context_.freshName("adrace_strip_end");
  stripFirst_ = c::name(context_.freshName("adrace_strip_first"));
  for (const auto& entry : adjoints) strips_[entry.first] = context_.freshName(entry.first + "_strip");
}

// #pragma omp for schedule(static)
// for (int adrace_strip = begin; adrace_strip < end; adrace_strip += 1024) {
//   int adrace_strip_end = end - adrace_strip > 1024 ? adrace_strip + 1024 : end;
//   int adrace_strip_first = adrace_strip - high;     /* the first iteration its targets read */
//   float acc_b_strip[1024 + high - low];
//   for (int i = adrace_strip_first; i < adrace_strip_end - low; i++)
//     acc_b_strip[i - adrace_strip_first] = <acc_b at iteration i>;
//   <targets>
// }
c::StmtRef GatherAdjoint::stripMinedInterior(const std::map<std::string, std::int64_t>& adjoints,
                                             const std::map<std::string, std::string>& buffers, const c::ExprRef& begin,
                                             const c::ExprRef& end, std::int64_t low, std::int64_t high,
                                             c::StmtRef targets) {
  const ForHeader& header = nest_.front();
  const c::Type counterType = header.counterType;
  const c::ExprRef strip = c::name(stripBegin_), stripEnd = c::name(stripEnd_);
  const c::ExprRef size = c::integer(kStripTargets);
  c::StmtList body;
  body.push_back(c::declaration(counterType, stripEnd_,
                                c::conditional(c::greater(c::sub(end, strip), size), c::add(strip, size), end)));
  body.push_back(c::withComment(c::declaration(counterType, stripFirst_->text, offsetBy(strip, -high)),
                                "the first iteration its targets read"));
  // The fill runs over the primal loop's own counter: the adjoints' increments read it as written.
  const std::string counter = header.counter->getNameAsString();
  const c::ExprRef i = c::name(counter);
  RecomputedLocals cache;
  c::StmtList fill;
  for (const auto& [adjoint, reads] : adjoints) {
    const bool isFloat = localAdjoints_.at(adjoint).decl->getType()->isSpecificBuiltinType(clang::BuiltinType::Float);
    const c::Type element = c::plainType(isFloat ? "float" : "double");
    body.push_back(c::withComment(
        c::declaration(c::arrayOf(element, c::integer(kStripTargets + high - low)), buffers.at(adjoint)),
        adjoint + " at the strip's iterations: each target reads it at " + std::to_string(reads) + " of them"));
    ShiftedValue at = atIteration(c::name(adjoint), {i}, cache);
    c::ExprRef value = at.value;
    // `double acc_b_at = ...;` then the store of acc_b_at: store the value itself.
    if (!at.locals.empty() && at.locals.back()->kind == c::Stmt::Kind::Declaration &&
        value->kind == c::Expr::Kind::Name && at.locals.back()->name == value->text) {
      value = at.locals.back()->value;
      at.locals.pop_back();
    }
    fill.insert(fill.end(), at.locals.begin(), at.locals.end());
    fill.push_back(c::expression(c::assign(c::subscript(c::name(buffers.at(adjoint)), c::sub(i, stripFirst_)), value)));
  }
  body.push_back(c::forLoop(c::declaration(counterType, counter, stripFirst_), c::less(i, offsetBy(stripEnd, -low)),
                            c::postIncrement(i), fill));
  body.push_back(std::move(targets));
  return c::governed(c::directive(c::Omp::For, {c::scheduleClause(c::Schedule::Static)}),
                     c::forLoop(c::declaration(counterType, stripBegin_, begin), c::less(strip, end),
                                c::addAssign(strip, size), body));
}

}  // namespace adrace::ad
