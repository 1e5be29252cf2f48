/*
 * adrace/iteration_tape.h: per-iteration tapes of parallel loops, kept between calls.
 *
 * A value a gather reads at a shifted iteration (docs/adjoint.md, *Per-iteration tape*) is stored in
 * the slot of the iteration that computed it, an array indexed by the loop's logical iteration
 * number, rather than pushed on a thread's stack: any thread may read any iteration's slot once the
 * loop that fills them has passed its barrier, and the stores of one thread go to one contiguous run.
 *
 *   double *s_tape = adrace_iteration_tape(0, (size_t)adrace_trip);   (before the parallel region)
 *   ... iteration k stores s_tape[k] = s; after the barrier, any iteration reads s_tape[k'] ...
 *
 * As with the reduction copies (reduction.h), allocating the array on every call would cost page
 * faults larger than a cheap loop body: the calling thread keeps one buffer per tape of a loop (its
 * slot), grown when a call needs more. Every slot is written before it is read, so no zeroing.
 * adrace_iteration_tape_release() frees the calling thread's buffers.
 */
#ifndef ADRACE_ITERATION_TAPE_H
#define ADRACE_ITERATION_TAPE_H

#include "tape.h" /* ADRACE_THREAD_LOCAL, ADRACE_TAPE_TLS_MODEL, adrace_tape_fail_ */

#include <stddef.h>
#include <stdlib.h>

/* Per-iteration tapes one parallel loop may have at once (the generator refuses loops with more). */
#define ADRACE_ITERATION_TAPE_SLOTS 32

typedef struct adrace_iteration_tapes {
  double *buffer[ADRACE_ITERATION_TAPE_SLOTS];
  size_t capacity[ADRACE_ITERATION_TAPE_SLOTS];
} adrace_iteration_tapes;

#if (defined(__GNUC__) || defined(__clang__)) && !defined(ADRACE_TAPE_PER_TU) && !defined(_WIN32)
__attribute__((weak)) ADRACE_TAPE_TLS_MODEL ADRACE_THREAD_LOCAL adrace_iteration_tapes adrace_iteration_tapes_ = {{NULL}, {0}};
#else
static ADRACE_TAPE_TLS_MODEL ADRACE_THREAD_LOCAL adrace_iteration_tapes adrace_iteration_tapes_ = {{NULL}, {0}};
#endif

/* Room for `count` doubles in slot `slot` of the calling thread (valid until the next call with that
 * slot); a tape of floats asks for as many doubles as it has floats. */
static inline double *adrace_iteration_tape(int slot, size_t count) {
  adrace_iteration_tapes *t = &adrace_iteration_tapes_;
  if (slot < 0 || slot >= ADRACE_ITERATION_TAPE_SLOTS) adrace_tape_fail_("iteration tape slot out of range; slot", (size_t)slot);
  if (count > t->capacity[slot]) {
    free(t->buffer[slot]);
    t->buffer[slot] = (double *)malloc((count ? count : 1) * sizeof(double));
    t->capacity[slot] = t->buffer[slot] ? count : 0;
    if (!t->buffer[slot]) adrace_tape_fail_("out of memory for a per-iteration tape", count * sizeof(double));
  }
  return t->buffer[slot];
}

/* Free the calling thread's per-iteration tapes. */
static inline void adrace_iteration_tape_release(void) {
  adrace_iteration_tapes *t = &adrace_iteration_tapes_;
  for (int s = 0; s < ADRACE_ITERATION_TAPE_SLOTS; s++) {
    free(t->buffer[s]);
    t->buffer[s] = NULL;
    t->capacity[s] = 0;
  }
}

#endif /* ADRACE_ITERATION_TAPE_H */
