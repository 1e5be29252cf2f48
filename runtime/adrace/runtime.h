/*
 * adrace/runtime.h: everything generated adjoint code needs from the adrace runtime.
 * tape.h: per-thread tape (push/pop); schedule.h: reversible static and recorded dynamic schedules.
 */
#ifndef ADRACE_RUNTIME_H
#define ADRACE_RUNTIME_H

#include "tape.h"
#include "schedule.h"

#endif /* ADRACE_RUNTIME_H */
