/*
 * adrace/runtime.h: everything generated adjoint code needs from the adrace runtime.
 * tape.h: per-thread tape (push/pop); schedule.h: reversible static and recorded dynamic schedules;
 * reduction.h: per-thread copies of adjoint arrays, kept between calls.
 */
#ifndef ADRACE_RUNTIME_H
#define ADRACE_RUNTIME_H

#include "tape.h"
#include "schedule.h"
#include "reduction.h"

#endif /* ADRACE_RUNTIME_H */
