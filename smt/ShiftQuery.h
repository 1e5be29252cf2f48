// The questions behind a gather-form adjoint (PerforAD, Hückelheim et al., ICS 2019): a primal
// reference x[i + c] read on every iteration i of a loop becomes, in the adjoint, the term that the
// target j = i + c receives from the shifted iteration i = j - c. That is exact when
//   (1) on every iteration, the reference names the element (counter_d + offset_d) in each
//       dimension d: the shift j - c inverts it (proveUnitShift's first query), and
//   (2) no two different iterations name the same element: each target receives the reference's
//       contribution at most once (the second query, CrossDomainQuery's DifferentIterations).
// Together: every primal contribution reaches exactly one target, once, from the one shifted
// iteration that lies in the loop's domain (what the emitted range guards test).
#pragma once

#include "smt/LoopDomain.h"
#include "smt/SolverSession.h"

#include <cstdint>
#include <string>
#include <vector>

namespace adrace::smt {

struct ShiftProof {
  bool proven = false;
  std::string reason;  // when not proven: which query failed and how ("Z3 found i=3 where ...")
};

// `index` has one component per dimension of `domain`, component d meant to equal
// counter_d + offsets[d]. Both queries run on `session` (its timeout and deadline).
ShiftProof proveUnitShift(SolverSession& session, const LoopDomain& domain, const IndexTuple& index,
                          const std::vector<std::int64_t>& offsets);

// A linearised read x[index] (one subscript for the whole nest, LinearisedIndex.h) meant to equal
// layout(counters + offsets), where layout(t) = sum_d stride_d * t_d is the element a target t of
// the gather owns. Exact when (1) on every iteration index == layout(counters + offsets), and (2)
// layout is one-to-one over the targets' box, first_d + lows[d] <= t_d < end_d + highs[d]: then no
// two targets (and no two iterations, whose shifted points lie in that box) name one element. The
// box's bounds are facts of (2); with symbolic strides it is nonlinear, and Z3 may answer unknown.
ShiftProof proveLinearisedShift(SolverSession& session, const LoopDomain& domain, const ExprRef& index,
                                const ExprRef& layout, const std::vector<std::int64_t>& offsets,
                                const std::vector<std::int64_t>& lows, const std::vector<std::int64_t>& highs);

// A family of terms read through a linearised subscript (a 2-D filter's in[IDX(i + a, j + b, nx)],
// LinearisedIndex.h): `domain` holds the box's counters, then the inner loops' counters with their
// constant ranges; `expected` is layout(t) at the target t the term of a point reaches (t_d = counter_d
// + the inner counter that shifts d + offset_d). The gather's target t runs the inner loops again and
// takes the term of the point t - inner counters - offsets. That is exact when (1) on every point
// index == expected, and (2) layout is one-to-one over the targets, first_d + lows[d] <= t_d <
// end_d + highs[d] for each counter d of the box (lows and highs: the offsets widened by the inner
// ranges): each target then owns one element, and the points map one-to-one onto the pairs (target,
// inner counters), so every term reaches its target once.
ShiftProof proveLinearisedFamilyShift(SolverSession& session, const LoopDomain& domain, const ExprRef& index,
                                      const ExprRef& expected, const ExprRef& layout,
                                      const std::vector<std::int64_t>& lows, const std::vector<std::int64_t>& highs);

// A family of terms x[i + r + c], one per value of the counter r of an inner loop of constant range
// (`domain`: the loop's counter i, then r with that range). The term of (i, r) reaches the target
// j = i + r + c, and the gather's target j runs its own loop over the same r, taking the term of
// the shifted iteration i = j - r - c when it lies in the loop's range. That is exact when
//   (1) on every pair (i, r), `index` names i + r + c (the shift inverts it), and
//   (2) the pairs (i, r) map one-to-one onto the pairs (j, r): no two different pairs give one
//       target with one r, so the target's loop over r visits each primal contribution once.
// (Two iterations do read one element, through different r: that is the family, not a collision.)
ShiftProof proveFamilyShift(SolverSession& session, const LoopDomain& domain, const ExprRef& index,
                            std::int64_t offset);

// A family of terms read with one subscript per counter of a nest (a 2-D filter's in[i + a][j + b]):
// `domain` holds the box's counters, then the inner loops' counters with their constant ranges;
// `expected` names, per subscript, the target the term of a point reaches (t_d = counter_d + the
// inner counters that shift d + offset_d). Exact when (1) on every point each subscript equals its
// expected component, and (2) the points map one-to-one onto the pairs (target, inner counters): the
// target's own loops over the inner counters then visit each primal contribution once.
ShiftProof proveNestedFamilyShift(SolverSession& session, const LoopDomain& domain, const IndexTuple& index,
                                  const IndexTuple& expected, const std::vector<ExprRef>& innerCounters);

}  // namespace adrace::smt
