// A linearised index names a point of a loop nest's box through one subscript, with strides that
// are products of loop-invariant parameters: IDX(k, j, i - 1) = ((long)k * ny + j) * nx + i - 1.
// Expanded into a polynomial, it is sum_c s_c * (c + o_c) over the counters c, each stride s_c one
// monomial (nx*ny, nx, 1) and each offset o_c an integer: here o = (0, 0, -1). That is the only
// reading of it as per-counter offsets when the strides differ and the map is injective over the
// box, which ShiftQuery proves (proveLinearisedShift); the decomposition itself is syntactic.
// Constant strides (j * NX + i with #define NX 37) share the monomial 1: the constant part is
// split the largest stride first, to the nearest whole number of strides, and the proof rejects
// a split wider than the nest's rows.
#pragma once

#include "smt/IndexExpr.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace adrace::analyzer {

struct LinearisedIndex {
  std::vector<smt::ExprRef> strides;  // per counter, in the order asked for: ny * nx, nx, 1
  std::vector<std::int64_t> offsets;  // per counter: 0, 0, -1
  std::string failure;                // non-empty: not of that form (and why)
};

// `counters`: the box's counter names, outermost first (Vars of Scope::Counter in `index`);
// `invariant`: the names of the parameters a stride may multiply (the loop never writes them).
LinearisedIndex linearisedIndex(const smt::ExprRef& index, const std::vector<std::string>& counters,
                                const std::set<std::string>& invariant);

// sum_c strides[c] * counter_c: the element the box point (counters) names, offsets aside.
smt::ExprRef layoutOf(const LinearisedIndex& index, const std::vector<std::string>& counters);

}  // namespace adrace::analyzer
