// Limits of the runtime the generated code includes (runtime/adrace), which the generator checks
// before it writes code that would exceed them (tests/runtime/ReductionTest.cpp checks they agree).
#pragma once

#include <cstddef>

namespace adrace::ad {

// ADRACE_REDUCTION_SLOTS (adrace/reduction.h): the arrays with per-thread adjoint copies one loop may have.
constexpr std::size_t kReductionSlots = 32;
// ADRACE_ITERATION_TAPE_SLOTS (adrace/iteration_tape.h): the per-iteration tapes one loop may have.
constexpr std::size_t kIterationTapeSlots = 32;

}  // namespace adrace::ad
