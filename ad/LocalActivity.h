// Which floating locals have adjoints (Tapenade's "varied" half of activity analysis): a local is
// active only if some value stored in it (its initializer, an assignment to it or to one of its
// elements) depends on an active parameter, directly or through other active locals. A local set only
// from constants and inactive values (PolyBench's weights `c11 = +0.2f;`) is a constant of the
// derivative: it gets no adjoint, and no statement increments one. Flow-insensitive, so it errs
// towards active.
#pragma once

#include "ad/AdjointContext.h"

namespace adrace::ad {

// Clears VariableInfo::active for the floating locals no active value reaches.
void findInactiveLocals(AdjointContext& context);

}  // namespace adrace::ad
