/*
 * adrace/reduction.h: the per-thread copies of adjoint arrays that a reduction sums, kept between calls.
 *
 * Where the analysis cannot prove a shared adjoint array's increments disjoint and the array is
 * only read by the primal, the generated code may give every thread its own zeroed copy of the
 * adjoint, let each thread increment its copy, and sum the copies into the array after the loop
 * (a stack reduction(+: x_b[:n]) would overflow on large arrays). Allocating those copies on every
 * call costs page faults, the kernel zeroing the pages and, with several threads running, TLB
 * shootdowns when they are unmapped again: for a cheap loop body, more than the loop itself. So the
 * copies live in buffers that the calling thread keeps between calls, one per reduction of a loop
 * (its slot), and stay zero between uses: the generated summation clears every element it adds.
 *
 *   size_t x_b_stride = adrace_reduction_stride(n, sizeof(double));
 *   double *x_b_copies = adrace_reduction_copies(0, (nthreads - 1) * x_b_stride);   (before the parallel region)
 *   ... thread 0 increments x_b itself, thread t > 0 x_b_copies[(t - 1) * x_b_stride + e] ...
 *   x_b[e] += x_b_copies[(t - 1) * x_b_stride + e]; x_b_copies[(t - 1) * x_b_stride + e] = 0.0;   (t > 0, every e)
 *
 * Each thread's copy starts on a cache line of its own (the buffer is aligned, the stride a whole
 * number of lines): the copies of a small adjoint, such as a 7-tap filter's weights, would otherwise
 * share one line, and every thread's increments would take it from the others.
 *
 * Threads: the buffers belong to the thread that calls the adjoint (thread-local, like the tape),
 * so concurrent calls from different threads do not share them; the team of the parallel region
 * reaches them through the pointer. A buffer grows (and is zeroed) when a call needs more than it
 * holds; adrace_reduction_release() frees the calling thread's buffers. Running out of memory
 * prints a message and aborts, as the tape does.
 */
#ifndef ADRACE_REDUCTION_H
#define ADRACE_REDUCTION_H

#include "tape.h" /* ADRACE_THREAD_LOCAL, ADRACE_TAPE_TLS_MODEL, adrace_tape_fail_ */

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Reductions one parallel loop may have at once (the generator refuses loops with more). */
#define ADRACE_REDUCTION_SLOTS 32

/* Bytes in a cache line of the machines the copies are laid out for (x86-64, most Arm servers). */
#define ADRACE_CACHE_LINE 64

/* One thread's buffers: slot s holds capacity[s] doubles, all zero outside a reduction. */
typedef struct adrace_reduction_buffers {
  double *buffer[ADRACE_REDUCTION_SLOTS];
  size_t capacity[ADRACE_REDUCTION_SLOTS];
} adrace_reduction_buffers;

#if (defined(__GNUC__) || defined(__clang__)) && !defined(ADRACE_TAPE_PER_TU) && !defined(_WIN32)
__attribute__((weak)) ADRACE_TAPE_TLS_MODEL ADRACE_THREAD_LOCAL adrace_reduction_buffers adrace_reduction_buffers_ = {{NULL}, {0}};
#else
static ADRACE_TAPE_TLS_MODEL ADRACE_THREAD_LOCAL adrace_reduction_buffers adrace_reduction_buffers_ = {{NULL}, {0}};
#endif

/* The elements between two threads' copies of `count` elements of `size` bytes: count, rounded up to
 * whole cache lines. */
static inline size_t adrace_reduction_stride(size_t count, size_t size) {
  size_t per_line = size < ADRACE_CACHE_LINE ? ADRACE_CACHE_LINE / size : 1;
  return (count + per_line - 1) / per_line * per_line;
}

/* count zeroed doubles in slot `slot` of the calling thread, starting on a cache line (valid until
 * the next call with that slot). */
static inline double *adrace_reduction_copies(int slot, size_t count) {
  adrace_reduction_buffers *b = &adrace_reduction_buffers_;
  if (slot < 0 || slot >= ADRACE_REDUCTION_SLOTS) adrace_tape_fail_("reduction slot out of range; slot", (size_t)slot);
  if (count > b->capacity[slot]) {
    size_t bytes = (count * sizeof(double) + ADRACE_CACHE_LINE - 1) / ADRACE_CACHE_LINE * ADRACE_CACHE_LINE;
    free(b->buffer[slot]);
#if defined(_WIN32)
    b->buffer[slot] = (double *)calloc(count, sizeof(double));
#else
    b->buffer[slot] = (double *)aligned_alloc(ADRACE_CACHE_LINE, bytes);
    if (b->buffer[slot]) memset(b->buffer[slot], 0, bytes);
#endif
    b->capacity[slot] = b->buffer[slot] ? count : 0;
    if (!b->buffer[slot]) adrace_tape_fail_("out of memory for per-thread adjoint copies", bytes);
  }
  return b->buffer[slot];
}

/* Free the calling thread's reduction buffers. */
static inline void adrace_reduction_release(void) {
  adrace_reduction_buffers *b = &adrace_reduction_buffers_;
  for (int s = 0; s < ADRACE_REDUCTION_SLOTS; s++) {
    free(b->buffer[s]);
    b->buffer[s] = NULL;
    b->capacity[s] = 0;
  }
}

#endif /* ADRACE_REDUCTION_H */
