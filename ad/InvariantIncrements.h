// Adjoint increments of one element that a sequential loop's backward iterations all update:
// LULESH's `sigxx_b[e] -= fx_elem_b[8 * e + k] * B[0][k];` in the loop over an element's nodes k.
// Through the array every iteration loads and stores the element (it may alias every other array the
// loop reads, so the compiler keeps it in memory), a dependence chain through store forwarding; a
// local sum lives in a register and is added to the element once, after the loop (lulesh_stress's
// formad adjoint: 35% faster). Exact in real arithmetic; in floating point it only reorders the sum.
//
// An array qualifies when every mention of it in the loop's backward iteration is such an increment
// (`A[index] += v;` or `-=`, not under `omp atomic`) of the same index, and the index is invariant:
// made only of names, literals and arithmetic, none of them the loop's counter or written (assigned,
// incremented, declared, address taken) in the iteration; and no pointer local aliases the array
// (ad/PointerAliases.h).
#pragma once

#include "ad/AdjointContext.h"
#include "ad/c/Statement.h"

#include <string>

namespace adrace::ad {

struct SummedIncrements {
  c::StmtList before;     // `double sigxx_b_sum = 0.0;`
  c::StmtList iteration;  // the backward iteration, those increments now into the sums
  c::StmtList after;      // `sigxx_b[e] += sigxx_b_sum;`
};

// The backward iteration of the loop over `counter` with each qualifying array's increments summed
// in a local (nothing before or after when none qualifies).
SummedIncrements sumInvariantIncrements(AdjointContext& context, const c::StmtList& iteration,
                                        const std::string& counter);

}  // namespace adrace::ad
