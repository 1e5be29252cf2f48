#include "smt/ShiftQuery.h"

#include "smt/CrossDomainQuery.h"
#include "smt/IterationSpace.h"

namespace adrace::smt {
namespace {

// "i=3, i'=4": the two iterations (or targets) Z3 found, as a report prints them.
std::string witnessText(const Coincidence& coincidence) {
  std::string text;
  for (const auto& [symbol, value] : coincidence.witness) text += (text.empty() ? "" : ", ") + symbol + "=" + value;
  return text;
}

std::string offsetText(const ExprRef& counter, std::int64_t offset) {
  std::string text = toString(counter);
  if (offset > 0) return text + " + " + std::to_string(offset);
  if (offset < 0) return text + " - " + std::to_string(-offset);
  return text;
}

// Query (1): is there an iteration on which some component differs from counter_d + offset_d?
ShiftProof offsetsExact(SolverSession& session, const LoopDomain& domain, const IndexTuple& index,
                        const std::vector<std::int64_t>& offsets) {
  Encoder& encoder = session.encoder();
  z3::context& context = session.context();
  z3::solver& solver = session.solver();
  solver.push();  // everything asserted here belongs to this question only
  for (const z3::expr& constraint : iterationConstraints(encoder, context, domain, Thread::A)) solver.add(constraint);
  z3::expr_vector differs(context);
  for (size_t d = 0; d < index.size(); ++d)
    differs.push_back(encoder.encode(index[d], Thread::A) !=
                      encoder.encode(counterOf(domain.dimensions[d]), Thread::A) + context.int_val(offsets[d]));
  solver.add(z3::mk_or(differs));
  ShiftProof proof;
  std::string reason;
  switch (session.check(z3::expr_vector(context), &reason)) {
    case CheckOutcome::Unsat: proof.proven = true; break;
    case CheckOutcome::Sat: {
      z3::model model = solver.get_model();
      std::string where;
      for (const LoopDimension& dimension : domain.dimensions) {
        ExprRef counter = counterOf(dimension);
        where += (where.empty() ? "" : ", ") + dimension.counter + "=" +
                 numeralText(model.eval(encoder.encode(counter, Thread::A), true));
      }
      std::string expected;
      for (size_t d = 0; d < index.size(); ++d)
        expected += "[" + offsetText(counterOf(domain.dimensions[d]), offsets[d]) + "]";
      proof.reason = "Z3 found an iteration (" + where + ") where " + toString(index) + " is not " + expected;
      break;
    }
    case CheckOutcome::Unknown:
      proof.reason = "Z3 could not decide whether the offsets are exact (" + reason + ")";
      break;
  }
  solver.pop();
  return proof;
}

// layout with every counter c replaced by c + offset_c.
ExprRef shiftedLayout(const ExprRef& layout, const LoopDomain& domain, const std::vector<std::int64_t>& offsets) {
  if (layout->op == Expr::Op::Var && layout->scope == Scope::Counter) {
    for (size_t d = 0; d < domain.dimensions.size(); ++d)
      if (domain.dimensions[d].counter == layout->name) return add(layout, constant(offsets[d]));
    return layout;
  }
  if (layout->args.empty()) return layout;
  std::vector<ExprRef> args;
  for (const ExprRef& arg : layout->args) args.push_back(shiftedLayout(arg, domain, offsets));
  switch (layout->op) {
    case Expr::Op::Add: return add(args[0], args[1]);
    case Expr::Op::Sub: return sub(args[0], args[1]);
    case Expr::Op::Mul: return mul(args[0], args[1]);
    case Expr::Op::Neg: return neg(args[0]);
    case Expr::Op::IfLess: return ifLess(args[0], args[1], args[2], args[3]);
    default: return layout;
  }
}

// The box of a gather's targets: each counter's range widened by the offsets.
LoopDomain targetBox(const LoopDomain& domain, const std::vector<std::int64_t>& lows,
                     const std::vector<std::int64_t>& highs) {
  LoopDomain box;
  for (size_t d = 0; d < domain.dimensions.size(); ++d) {
    LoopDimension dimension = domain.dimensions[d];
    dimension.first = dimension.first ? add(dimension.first, constant(lows[d])) : nullptr;
    dimension.bound = dimension.bound ? add(dimension.bound, constant(highs[d])) : nullptr;
    box.dimensions.push_back(dimension);
  }
  return box;
}

// Query (1) of a linearised read: is there a point of `domain` where `index` is not `expected`?
ShiftProof linearisedIndexExact(SolverSession& session, const LoopDomain& domain, const ExprRef& index,
                                const ExprRef& expected) {
  ShiftProof proof;
  Encoder& encoder = session.encoder();
  z3::context& context = session.context();
  z3::solver& solver = session.solver();
  solver.push();
  for (const z3::expr& constraint : iterationConstraints(encoder, context, domain, Thread::A)) solver.add(constraint);
  solver.add(encoder.encode(index, Thread::A) != encoder.encode(expected, Thread::A));
  std::string reason;
  CheckOutcome exact = session.check(z3::expr_vector(context), &reason);
  solver.pop();
  if (exact == CheckOutcome::Unsat) {
    proof.proven = true;
    return proof;
  }
  proof.reason =
      exact == CheckOutcome::Sat
          ? "Z3 found an iteration where " + toString(index) + " is not " + toString(expected)
          : "Z3 could not decide whether " + toString(index) + " is " + toString(expected) + " (" + reason + ")";
  return proof;
}

// Query (2): do two different targets of the box `targets` name one element through `layout`?
ShiftProof layoutOneToOne(SolverSession& session, const ExprRef& layout, const LoopDomain& targets) {
  ShiftProof proof;
  AccessSite site{targets, {}, {layout}};
  Coincidence twice = mayCoincideAcross(session, site, site, Pairing::DifferentIterations);
  switch (twice.status) {
    case Coincidence::Status::Disjoint: proof.proven = true; return proof;
    case Coincidence::Status::Overlap:
      proof.reason = "Z3 found two targets of the gather that name the same element " + toString(layout) + " [" +
                     witnessText(twice) + "]";
      return proof;
    case Coincidence::Status::Unknown:
      proof.reason = "Z3 could not prove the linearised index " + toString(layout) + " one-to-one over the targets (" +
                     twice.reason + "): assumed nowhere, so the guard stays";
      return proof;
  }
  return proof;
}

}  // namespace

ShiftProof proveLinearisedShift(SolverSession& session, const LoopDomain& domain, const ExprRef& index,
                                const ExprRef& layout, const std::vector<std::int64_t>& offsets,
                                const std::vector<std::int64_t>& lows, const std::vector<std::int64_t>& highs) {
  ShiftProof proof;
  if (offsets.size() != domain.dimensions.size() || lows.size() != offsets.size() || highs.size() != offsets.size()) {
    proof.reason = "the offsets do not match the nest's " + std::to_string(domain.dimensions.size()) + " counter(s)";
    return proof;
  }
  proof = linearisedIndexExact(session, domain, index, shiftedLayout(layout, domain, offsets));
  if (!proof.proven) return proof;
  return layoutOneToOne(session, layout, targetBox(domain, lows, highs));
}

ShiftProof proveLinearisedFamilyShift(SolverSession& session, const LoopDomain& domain, const ExprRef& index,
                                      const ExprRef& expected, const ExprRef& layout,
                                      const std::vector<std::int64_t>& lows, const std::vector<std::int64_t>& highs) {
  ShiftProof proof;
  if (lows.size() != highs.size() || lows.size() > domain.dimensions.size()) {
    proof.reason = "the offsets do not match the nest's counters";
    return proof;
  }
  proof = linearisedIndexExact(session, domain, index, expected);
  if (!proof.proven) return proof;
  LoopDomain box;  // the box's counters alone: the inner counters are no dimension of the targets
  box.dimensions.assign(domain.dimensions.begin(),
                        domain.dimensions.begin() + static_cast<std::ptrdiff_t>(lows.size()));
  return layoutOneToOne(session, layout, targetBox(box, lows, highs));
}

ShiftProof proveFamilyShift(SolverSession& session, const LoopDomain& domain, const ExprRef& index,
                            std::int64_t offset) {
  ShiftProof proof;
  if (domain.dimensions.size() != 2) {
    proof.reason = "a family of terms needs the loop's counter and one inner counter, not " +
                   std::to_string(domain.dimensions.size()) + " counter(s)";
    return proof;
  }
  const ExprRef outer = counterOf(domain.dimensions[0]), inner = counterOf(domain.dimensions[1]);
  const ExprRef expected = add(add(outer, inner), constant(offset));
  Encoder& encoder = session.encoder();
  z3::context& context = session.context();
  z3::solver& solver = session.solver();
  solver.push();  // (1): a pair (i, r) where the index is not i + r + c?
  for (const z3::expr& constraint : iterationConstraints(encoder, context, domain, Thread::A)) solver.add(constraint);
  solver.add(encoder.encode(index, Thread::A) != encoder.encode(expected, Thread::A));
  std::string reason;
  CheckOutcome exact = session.check(z3::expr_vector(context), &reason);
  std::string witness;
  if (exact == CheckOutcome::Sat) {
    z3::model model = solver.get_model();
    witness = toString(outer) + "=" + numeralText(model.eval(encoder.encode(outer, Thread::A), true)) + ", " +
              toString(inner) + "=" + numeralText(model.eval(encoder.encode(inner, Thread::A), true));
  }
  solver.pop();
  if (exact != CheckOutcome::Unsat) {
    proof.reason =
        exact == CheckOutcome::Sat
            ? "Z3 found a pair (" + witness + ") where " + toString(index) + " is not " + toString(expected)
            : "Z3 could not decide whether " + toString(index) + " is " + toString(expected) + " (" + reason + ")";
    return proof;
  }
  // (2): two different pairs (i, r) != (i', r') with the same target and the same r?
  AccessSite pairs{domain, {}, {index, inner}};
  Coincidence twice = mayCoincideAcross(session, pairs, pairs, Pairing::DifferentIterations);
  switch (twice.status) {
    case Coincidence::Status::Disjoint: proof.proven = true; return proof;
    case Coincidence::Status::Overlap: {
      proof.reason = "Z3 found two pairs of the iteration and " + toString(inner) + " that give one target " +
                     toString(index) + " with one " + toString(inner) + " [" + witnessText(twice) + "]";
      return proof;
    }
    case Coincidence::Status::Unknown:
      proof.reason = "Z3 could not prove the pairs (iteration, " + toString(inner) + ") one-to-one onto the targets (" +
                     twice.reason + ")";
      return proof;
  }
  return proof;
}

ShiftProof proveNestedFamilyShift(SolverSession& session, const LoopDomain& domain, const IndexTuple& index,
                                  const IndexTuple& expected, const std::vector<ExprRef>& innerCounters) {
  ShiftProof proof;
  if (index.size() != expected.size()) {
    proof.reason = "the index has " + std::to_string(index.size()) + " subscript(s) for " +
                   std::to_string(expected.size()) + " target component(s)";
    return proof;
  }
  for (size_t d = 0; d < index.size(); ++d) {  // (1), a subscript at a time
    proof = linearisedIndexExact(session, domain, index[d], expected[d]);
    if (!proof.proven) return proof;
  }
  // (2): two different points with the same target and the same inner counters?
  IndexTuple pairs = expected;
  pairs.insert(pairs.end(), innerCounters.begin(), innerCounters.end());
  AccessSite site{domain, {}, pairs};
  Coincidence twice = mayCoincideAcross(session, site, site, Pairing::DifferentIterations);
  switch (twice.status) {
    case Coincidence::Status::Disjoint: proof.proven = true; return proof;
    case Coincidence::Status::Overlap:
      proof.proven = false;
      proof.reason = "Z3 found two points of the nest and its inner loops that give one target " + toString(index) +
                     " with the same inner counters [" + witnessText(twice) + "]";
      return proof;
    case Coincidence::Status::Unknown:
      proof.proven = false;
      proof.reason =
          "Z3 could not prove the points one-to-one onto the pairs (target, inner counters) (" + twice.reason + ")";
      return proof;
  }
  proof.proven = false;
  return proof;
}

ShiftProof proveUnitShift(SolverSession& session, const LoopDomain& domain, const IndexTuple& index,
                          const std::vector<std::int64_t>& offsets) {
  ShiftProof proof;
  if (index.size() != domain.dimensions.size() || offsets.size() != index.size()) {
    proof.reason = "the index has " + std::to_string(index.size()) + " subscript(s) for a loop nest of " +
                   std::to_string(domain.dimensions.size()) + " counter(s)";
    return proof;
  }
  proof = offsetsExact(session, domain, index, offsets);
  if (!proof.proven) return proof;
  AccessSite site{domain, {}, index};
  Coincidence twice = mayCoincideAcross(session, site, site, Pairing::DifferentIterations);
  switch (twice.status) {
    case Coincidence::Status::Disjoint: return proof;
    case Coincidence::Status::Overlap: {
      proof.reason =
          "Z3 found two iterations that read the same element " + toString(index) + " [" + witnessText(twice) + "]";
      break;
    }
    case Coincidence::Status::Unknown:
      proof.reason = "Z3 could not decide whether two iterations read the same element (" + twice.reason + ")";
      break;
  }
  proof.proven = false;
  return proof;
}

}  // namespace adrace::smt
