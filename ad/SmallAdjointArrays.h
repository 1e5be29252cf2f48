// Adjoint arrays small enough to sum in a thread-local array: a filter's taps `w[r + R]`, which
// every iteration of a parallel loop increments. With per-thread heap copies (ParallelLoopAdjoint.h)
// each increment is a load and a store through a pointer that may alias every other array of the
// loop, so a compiler keeps none of them in registers and the iterations form one dependence chain
// through memory (conv1d's adjoint ran 9x its primal). A local array of constant size that nothing
// else can reach is free of that: the compiler keeps it in registers, and each thread adds it to its
// adjoint once, after its iterations, with an atomic per element: no heap copy, no barrier
// (docs/adjoint.md, "Small adjoint arrays").
//
// The element count must be an integer constant, known from
//   - the declaration: `const double w[WIDTH]` (WIDTH a constant: macro, enumerator, literal), or
//   - the loop bounds: every use of the array in the loop is a subscript whose index ranges over
//     constants there, `w[r + R]` for `r` of `for (r = -R; r <= R; r++)`, and never goes below 0
//     (then the count is the largest index plus one: 2R + 1).
// Anything else (a use that is not a subscript, a counter the body assigns, a bound that is not a
// constant) leaves the array to the heap copies: unknown means not small.
#pragma once

#include "ad/AdjointContext.h"
#include "ad/c/Statement.h"

#include <clang/AST/Stmt.h>

#include <cstdint>
#include <optional>

namespace adrace::ad {

// Arrays of up to this many elements are summed locally: a few cache lines of stack, most of it in
// registers once the compiler unrolls the inner loop over the taps.
constexpr std::uint64_t kSmallAdjointElements = 64;

struct SmallAdjointArray {
  std::uint64_t elements = 0;
  bool fromLoopBounds = false;  // the count comes from the subscripts' ranges, not the declaration
};

// Whether the adjoint of `array` (a floating-point array of the function) is small in `loop`, the
// parallel loop whose backward sweep increments it; how many elements it has.
std::optional<SmallAdjointArray> smallAdjointArray(const AdjointContext& context, const VariableInfo& array,
                                                   const clang::ForStmt& loop);

// A thread's local sums of a small adjoint array, as its block declares and adds them.
struct LocalSums {
  std::string adjoint;  // `w_b`: the local array is named as the adjoint, so the body's increments reach it
  std::string total;    // `w_b_total`: the adjoint itself, which the local array shadows inside the block
  c::Type totalType;    // `double *`, `float (*)[M]`: the adjoint parameter's type after decay
  c::Type local;        // `double [WIDTH]`: the adjoint's declared shape, or the count from the loop bounds
  c::Type element;      // `double`
};

// `double *w_b_total = w_b; double w_b[WIDTH] = {0};` at the top of the thread's block.
c::StmtList declareLocalSums(const LocalSums& sums);

// `for (e...) { #pragma omp atomic  w_b_total[e] += w_b[e]; }` after the thread's iterations: one
// atomic per element and thread, on a few cache lines (a multi-dimensional array's elements are
// contiguous: summed through its element type).
c::StmtRef addLocalSums(const LocalSums& sums);

}  // namespace adrace::ad
