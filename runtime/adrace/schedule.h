/*
 * adrace/schedule.h: loop schedules that the backward sweep can reverse.
 *
 * Every thread of the backward sweep must run, in exact reverse order, the iterations it
 * ran in the forward sweep, because it pops them from its own tape (see tape.h). OpenMP's
 * own schedules do not allow that (the mapping of schedule(static) without a chunk size
 * is implementation-defined, and dynamic/guided/auto are nondeterministic), so the
 * generated code replaces `#pragma omp for` by a plain loop over logical iteration numbers
 * k = 0 .. trip-1 (counter value first + k*step) inside `#pragma omp parallel`:
 *
 *   trip:    trip = adrace_trip_count(first, bound, step, ADRACE_LT);   (once, before the region)
 *   static:  adrace_static_chunk_here(trip, &b, &e);   (= adrace_static_chunk(trip, tid, nthreads, ...))
 *            forward  for (k = b; k < e; ++k) ...     backward  for (k = e; k-- > b;) ...
 *   dynamic: forward  adrace_record_begin(&rec);
 *                     #pragma omp for schedule(dynamic, c)   (over k)
 *                     for (...) { adrace_record_iteration(&rec, k); ... }
 *                     adrace_record_finish(&rec);
 *            backward adrace_replay_begin(&rep);
 *                     while (adrace_replay_next(&rep, &k)) ...
 *
 * The static chunks equal libgomp's and libomp's schedule(static) without chunk size
 * (contiguous, the first trip % nthreads threads get one more iteration). The dynamic
 * recorder keeps its state in a caller-owned struct, declared inside the parallel region
 * so that it is private; it writes runs of consecutive iterations on the thread's tape as
 * (start, length) pairs, pushed when a run ends (so they interleave correctly with the
 * values the loop body pushes), then the number of runs. Adjacent chunks that a thread
 * happens to get merge into one run, which does not change the replayed order.
 */
#ifndef ADRACE_SCHEDULE_H
#define ADRACE_SCHEDULE_H

#include "tape.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* Comparison of a canonical loop `for (i = first; i CMP bound; i += step)`. */
enum { ADRACE_LT = 0, ADRACE_LE = 1, ADRACE_GT = 2, ADRACE_GE = 3, ADRACE_NE = 4 };

/* adrace_trip_count's answer for a non-empty loop whose step can never end it. */
#define ADRACE_TRIP_INVALID (-1L)

/* Iterations of `for (i = first; i CMP bound; i += step)`; 0 if empty, ADRACE_TRIP_INVALID
 * if non-empty but not an OpenMP canonical loop (step 0 or of the wrong sign, or for NE a
 * bound the counter never hits). Exact for any first/bound; the count must fit in long. */
static inline long adrace_trip_count(long first, long bound, long step, int cmp) {
  /* Distances in unsigned arithmetic: exact even when bound - first overflows long. */
  unsigned long up = (unsigned long)bound - (unsigned long)first;   /* bound - first */
  unsigned long down = (unsigned long)first - (unsigned long)bound; /* first - bound */
  unsigned long ustep = (unsigned long)step, unstep = 0ul - (unsigned long)step;
  switch (cmp) {
  case ADRACE_LT:
    if (!(first < bound)) return 0;
    return step > 0 ? (long)((up - 1ul) / ustep + 1ul) : ADRACE_TRIP_INVALID;
  case ADRACE_LE:
    if (!(first <= bound)) return 0;
    return step > 0 ? (long)(up / ustep + 1ul) : ADRACE_TRIP_INVALID;
  case ADRACE_GT:
    if (!(first > bound)) return 0;
    return step < 0 ? (long)((down - 1ul) / unstep + 1ul) : ADRACE_TRIP_INVALID;
  case ADRACE_GE:
    if (!(first >= bound)) return 0;
    return step < 0 ? (long)(down / unstep + 1ul) : ADRACE_TRIP_INVALID;
  case ADRACE_NE:
    if (first == bound) return 0;
    if (step > 0 && first < bound && up % ustep == 0) return (long)(up / ustep);
    if (step < 0 && first > bound && down % unstep == 0) return (long)(down / unstep);
    return ADRACE_TRIP_INVALID;
  default:
    return ADRACE_TRIP_INVALID;
  }
}

/* Thread `thread` of `nthreads` gets iterations [*begin, *end) of 0..trip-1: contiguous,
 * the first trip % nthreads threads one more. Empty (0, 0) if trip <= 0 or thread is out of range. */
static inline void adrace_static_chunk(long trip, int thread, int nthreads, long *begin, long *end) {
  long q, r, t;
  if (trip <= 0 || nthreads <= 0 || thread < 0 || thread >= nthreads) {
    *begin = *end = 0;
    return;
  }
  q = trip / nthreads;
  r = trip % nthreads;
  t = thread;
  *begin = t * q + (t < r ? t : r);
  *end = *begin + q + (t < r ? 1 : 0);
}

/* adrace_static_chunk for the calling OpenMP thread of the innermost team (thread 0 of 1 without OpenMP). */
static inline void adrace_static_chunk_here(long trip, long *begin, long *end) {
#ifdef _OPENMP
  adrace_static_chunk(trip, omp_get_thread_num(), omp_get_num_threads(), begin, end);
#else
  adrace_static_chunk(trip, 0, 1, begin, end);
#endif
}

/* A thread's recording of the iterations it runs in one dynamically scheduled loop. */
typedef struct adrace_recorder {
  long start; /* first iteration of the open run */
  long next;  /* one past its last iteration; start == next: no open run */
  long runs;  /* runs pushed so far */
} adrace_recorder;

/* Start recording one loop on this thread (call inside the parallel region, before the loop). */
static inline void adrace_record_begin(adrace_recorder *rec) {
  rec->start = rec->next = 0;
  rec->runs = 0;
}

/* Record that this thread runs iteration k now (call first in the loop body, before any push). */
static inline void adrace_record_iteration(adrace_recorder *rec, long k) {
  if (ADRACE_LIKELY(k == rec->next && rec->start != rec->next)) {
    rec->next = k + 1;
    return;
  }
  if (rec->start != rec->next) { /* close the open run */
    adrace_push_long(rec->start);
    adrace_push_long(rec->next - rec->start);
    ++rec->runs;
  }
  rec->start = k;
  rec->next = k + 1;
}

/* End the recording (after the loop, still in the parallel region): push the last run and the run count. */
static inline void adrace_record_finish(adrace_recorder *rec) {
  if (rec->start != rec->next) {
    adrace_push_long(rec->start);
    adrace_push_long(rec->next - rec->start);
    ++rec->runs;
  }
  adrace_push_long(rec->runs);
  adrace_record_begin(rec);
}

/* A thread's replay, in reverse, of a recording made by adrace_recorder. */
typedef struct adrace_replay {
  long start;     /* first iteration of the current run */
  long k;         /* iterations start .. k-1 of the current run are still to come */
  long runs_left; /* runs still on the tape */
} adrace_replay;

/* Start replaying this thread's last recording (backward sweep, in the parallel region): pops the run count. */
static inline void adrace_replay_begin(adrace_replay *rep) {
  rep->runs_left = adrace_pop_long();
  rep->start = rep->k = 0;
}

/* Next iteration of the recording in reverse order into *k; 0 when done. Pops a run when the previous one is done. */
static inline int adrace_replay_next(adrace_replay *rep, long *k) {
  if (ADRACE_LIKELY(rep->k > rep->start)) {
    *k = --rep->k;
    return 1;
  }
  if (rep->runs_left <= 0) return 0;
  --rep->runs_left;
  {
    long length = adrace_pop_long();
    rep->start = adrace_pop_long();
    rep->k = rep->start + length - 1;
  }
  *k = rep->k;
  return 1;
}

#endif /* ADRACE_SCHEDULE_H */
