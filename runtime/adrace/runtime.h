/*
 * adrace/runtime.h: everything generated adjoint code needs from the adrace runtime.
 * tape.h: per-thread tape (push/pop); schedule.h: reversible static and recorded dynamic schedules;
 * reduction.h: per-thread copies of adjoint arrays, kept between calls; iteration_tape.h: values stored
 * at their iteration's own slot, for gathers that read them at shifted iterations.
 */
#ifndef ADRACE_RUNTIME_H
#define ADRACE_RUNTIME_H

#include "tape.h"
#include "schedule.h"
#include "reduction.h"
#include "iteration_tape.h"

#endif /* ADRACE_RUNTIME_H */
