/*
 * adrace/tape.h: the per-thread tape (LIFO stack of raw bytes) used by adjoint code.
 *
 * The forward sweep of generated adjoint code pushes, just before a primal value is
 * overwritten (save-on-kill), the value the backward sweep will need; the backward sweep
 * pops it at the symmetric location. Values of every type share one tape and take exactly
 * sizeof(T) bytes; pops must come in the exact reverse order of pushes with the same types.
 *
 * Storage: a doubly linked list of malloc'd blocks holding ADRACE_TAPE_BLOCK_BYTES (64 KiB)
 * of data each. A value that does not fit at the end of a block is split across two blocks
 * (as in Tapenade's adStack), so every block below the top one is full. Blocks emptied by
 * pops stay linked after the top block and are reused by the next pushes, so a second
 * forward sweep of the same size never calls malloc. adrace_tape_release() frees them (a
 * thread that exits without calling it leaks its blocks; OpenMP pool threads live until exit).
 * The common push/pop is one bounds check plus one (unaligned-safe) copy; only crossing a
 * block boundary calls the out-of-line slow path.
 *
 * Threads: each thread has its own tape, with no locks. The state is a thread-local
 * variable (ADRACE_THREAD_LOCAL: __thread on gcc/clang in C and C++, else _Thread_local or
 * thread_local). That is the right storage for OpenMP threads: libgomp and LLVM's libomp
 * run every OpenMP thread on its own OS thread, taken from a pool that lives as long as
 * the program, and gcc and clang compile `#pragma omp threadprivate` to exactly this kind
 * of native thread-local storage, so this tape has the guarantees of a threadprivate
 * variable. OpenMP guarantees that thread number t of two consecutive parallel regions
 * sees the same threadprivate data when neither region is nested in another active one,
 * both have the same number of threads, and dynamic adjustment is off (omp_set_dynamic(0)
 * / OMP_DYNAMIC=false). Generated code must therefore run the forward and backward sweeps
 * as such a pair of regions, and the same OpenMP thread must pop what it pushed: the
 * shared static schedule (schedule.h) hands thread t the same iterations in both sweeps,
 * and dynamic schedules are recorded on the tape and replayed by the thread that ran
 * them. Native TLS is used instead of `#pragma omp threadprivate` because it needs no
 * -fopenmp (sequential builds of generated code still work, without unknown-pragma
 * warnings) and compiles the same way in C99, C11 and C++.
 *
 * Linkage: on gcc/clang the state is one weak definition, so every translation unit and
 * shared object of a program that includes this header shares one tape per thread (a
 * driver can call adrace_tape_bytes() for the generated code's tape). Elsewhere it is a
 * static variable, i.e. one tape per thread per translation unit, which is still correct
 * for generated code because a push and its pop always sit in the same generated function.
 * Define ADRACE_TAPE_PER_TU to force the static variant. Blocks remember their own size,
 * so units compiled with different ADRACE_TAPE_BLOCK_BYTES may share a tape.
 *
 * Errors: if malloc fails the tape prints a message to stderr and calls abort(): the
 * generated sweeps have no error path, and a tape with a missing value cannot be
 * replayed. A pop from an empty tape also prints a message and aborts: the sweeps are out
 * of step (e.g. the backward region ran with a different number of threads). Other
 * mismatches are not detected: the pops then return wrong values.
 */
#ifndef ADRACE_TAPE_H
#define ADRACE_TAPE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bytes of data in one tape block (the paper found no gain beyond 64 KiB). */
#ifndef ADRACE_TAPE_BLOCK_BYTES
#define ADRACE_TAPE_BLOCK_BYTES 65536u
#endif

/* Thread-local storage class usable in C99 (GNU), C11 and C++. */
#ifndef ADRACE_THREAD_LOCAL
#if defined(__GNUC__) || defined(__clang__)
#define ADRACE_THREAD_LOCAL __thread
#elif defined(__cplusplus) && __cplusplus >= 201103L
#define ADRACE_THREAD_LOCAL thread_local
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define ADRACE_THREAD_LOCAL _Thread_local
#elif defined(_MSC_VER)
#define ADRACE_THREAD_LOCAL __declspec(thread)
#else
#error "adrace/tape.h needs thread-local storage: define ADRACE_THREAD_LOCAL"
#endif
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ADRACE_LIKELY(x) __builtin_expect(!!(x), 1)
/* Out-of-line (not inline: gcc rejects noinline on inline functions), unused is not a warning. */
#define ADRACE_SLOW_PATH __attribute__((noinline, cold, unused)) static
#define ADRACE_NORETURN __attribute__((noreturn))
#else
#define ADRACE_LIKELY(x) (x)
#define ADRACE_SLOW_PATH static inline
#define ADRACE_NORETURN
#endif

/* Header of one block of the tape; its capacity data bytes follow it in the same allocation. */
typedef struct adrace_tape_block {
  struct adrace_tape_block *prev; /* older block, NULL for the bottom one */
  struct adrace_tape_block *next; /* newer (spare) block kept for reuse, or NULL */
  size_t capacity;                /* bytes of data in this block */
} adrace_tape_block;

/* First data byte of block b. */
#define ADRACE_TAPE_DATA_(b) ((unsigned char *)((b) + 1))

/* One thread's tape: top/base/end point into the top block's data, all NULL before the first push. */
typedef struct adrace_tape_state {
  unsigned char *top;       /* next free byte */
  unsigned char *base;      /* first data byte of the top block */
  unsigned char *end;       /* one past the last data byte of the top block */
  adrace_tape_block *block; /* top block, NULL before the first push */
  size_t below;             /* bytes stored in the (full) blocks under the top block */
  size_t reserved;          /* data bytes of all blocks this thread holds */
} adrace_tape_state;

/* TLS access model. Code built for a shared library (-fPIC without -fPIE) would otherwise
 * call __tls_get_addr on every push; initial-exec makes it one load, at the price of 48 bytes
 * of static TLS in a library that is dlopen'ed (glibc reserves room for that). Define
 * ADRACE_TAPE_TLS_MODEL empty to keep the compiler's default. */
#ifndef ADRACE_TAPE_TLS_MODEL
#if (defined(__GNUC__) || defined(__clang__)) && defined(__PIC__) && !defined(__PIE__)
#define ADRACE_TAPE_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define ADRACE_TAPE_TLS_MODEL
#endif
#endif

#if (defined(__GNUC__) || defined(__clang__)) && !defined(ADRACE_TAPE_PER_TU) && !defined(_WIN32)
/* One definition per program, merged by the linker (see "Linkage" above). */
__attribute__((weak)) ADRACE_TAPE_TLS_MODEL ADRACE_THREAD_LOCAL adrace_tape_state adrace_tape_state_ = {NULL, NULL, NULL, NULL, 0, 0};
#else
static ADRACE_TAPE_TLS_MODEL ADRACE_THREAD_LOCAL adrace_tape_state adrace_tape_state_ = {NULL, NULL, NULL, NULL, 0, 0};
#endif

/* Bytes between two pointers into one block (integer arithmetic: both may be NULL). */
static inline size_t adrace_tape_span_(const unsigned char *lo, const unsigned char *hi) {
  return (size_t)((uintptr_t)hi - (uintptr_t)lo);
}

/* Print "adrace: <what>" and abort(): the tape cannot continue (see "Errors" above). */
ADRACE_NORETURN ADRACE_SLOW_PATH void adrace_tape_fail_(const char *what, size_t bytes) {
  fprintf(stderr, "adrace: %s (%lu bytes)\n", what, (unsigned long)bytes);
  fflush(stderr);
  abort();
}

/* Make the next block the top one, reusing a spare block or allocating one. */
ADRACE_SLOW_PATH void adrace_tape_advance_(adrace_tape_state *t) {
  adrace_tape_block *b = t->block ? t->block->next : NULL;
  if (!b) {
    size_t cap = ADRACE_TAPE_BLOCK_BYTES;
    b = (adrace_tape_block *)malloc(sizeof(adrace_tape_block) + cap);
    if (!b) adrace_tape_fail_("out of memory growing the tape; bytes held by this thread", t->reserved);
    b->prev = t->block;
    b->next = NULL;
    b->capacity = cap;
    if (t->block) t->block->next = b;
    t->reserved += cap;
  }
  if (t->block) t->below += t->block->capacity;
  t->block = b;
  t->base = t->top = ADRACE_TAPE_DATA_(b);
  t->end = t->base + b->capacity;
}

/* Push n bytes, splitting them over blocks as needed. */
ADRACE_SLOW_PATH void adrace_tape_push_slow_(const void *src, size_t n) {
  adrace_tape_state *t = &adrace_tape_state_;
  const unsigned char *s = (const unsigned char *)src;
  while (n > 0) {
    size_t room = adrace_tape_span_(t->top, t->end), put;
    if (room == 0) {
      adrace_tape_advance_(t);
      continue;
    }
    put = room < n ? room : n;
    memcpy(t->top, s, put);
    t->top += put;
    s += put;
    n -= put;
  }
}

/* Pop n bytes, collecting them from the top block and the blocks under it. */
ADRACE_SLOW_PATH void adrace_tape_pop_slow_(void *dst, size_t n) {
  adrace_tape_state *t = &adrace_tape_state_;
  unsigned char *d = (unsigned char *)dst;
  while (n > 0) {
    size_t avail = adrace_tape_span_(t->base, t->top), take;
    if (avail == 0) {
      adrace_tape_block *p = t->block ? t->block->prev : NULL;
      if (!p) adrace_tape_fail_("tape underflow: pop from an empty tape; bytes still wanted", n);
      t->block = p;
      t->below -= p->capacity;
      t->base = ADRACE_TAPE_DATA_(p);
      t->end = t->top = t->base + p->capacity;
      continue;
    }
    take = avail < n ? avail : n;
    t->top -= take;
    n -= take;
    memcpy(d + n, t->top, take);
  }
}

/* Push n raw bytes from src (any type; n is a constant in the typed wrappers). */
static inline void adrace_push_bytes(const void *src, size_t n) {
  adrace_tape_state *t = &adrace_tape_state_;
  if (ADRACE_LIKELY(adrace_tape_span_(t->top, t->end) >= n)) {
    memcpy(t->top, src, n);
    t->top += n;
  } else {
    adrace_tape_push_slow_(src, n);
  }
}

/* Pop n raw bytes into dst (the last n bytes pushed). */
static inline void adrace_pop_bytes(void *dst, size_t n) {
  adrace_tape_state *t = &adrace_tape_state_;
  if (ADRACE_LIKELY(adrace_tape_span_(t->base, t->top) >= n)) {
    t->top -= n;
    memcpy(dst, t->top, n);
  } else {
    adrace_tape_pop_slow_(dst, n);
  }
}

/* Push a double. */
static inline void adrace_push_double(double v) { adrace_push_bytes(&v, sizeof v); }
/* Pop a double. */
static inline double adrace_pop_double(void) { double v; adrace_pop_bytes(&v, sizeof v); return v; }
/* Push a float. */
static inline void adrace_push_float(float v) { adrace_push_bytes(&v, sizeof v); }
/* Pop a float. */
static inline float adrace_pop_float(void) { float v; adrace_pop_bytes(&v, sizeof v); return v; }
/* Push an int. */
static inline void adrace_push_int(int v) { adrace_push_bytes(&v, sizeof v); }
/* Pop an int. */
static inline int adrace_pop_int(void) { int v; adrace_pop_bytes(&v, sizeof v); return v; }
/* Push a long. */
static inline void adrace_push_long(long v) { adrace_push_bytes(&v, sizeof v); }
/* Pop a long. */
static inline long adrace_pop_long(void) { long v; adrace_pop_bytes(&v, sizeof v); return v; }
/* Push a pointer value (e.g. a pointer variable overwritten in the primal). */
static inline void adrace_push_pointer(const void *v) { adrace_push_bytes(&v, sizeof v); }
/* Pop a pointer value. */
static inline void *adrace_pop_pointer(void) { void *v; adrace_pop_bytes(&v, sizeof v); return v; }

/* Bytes currently stored on this thread's tape. */
static inline size_t adrace_tape_bytes(void) {
  const adrace_tape_state *t = &adrace_tape_state_;
  return t->below + adrace_tape_span_(t->base, t->top);
}

/* Bytes of block memory this thread holds (high-water mark of its tape, in blocks). */
static inline size_t adrace_tape_reserved_bytes(void) { return adrace_tape_state_.reserved; }

/* Free all of this thread's blocks, discarding any values still on its tape. */
static inline void adrace_tape_release(void) {
  adrace_tape_state *t = &adrace_tape_state_;
  adrace_tape_block *b = t->block;
  while (b && b->prev) b = b->prev;
  while (b) {
    adrace_tape_block *next = b->next;
    free(b);
    b = next;
  }
  memset(t, 0, sizeof *t);
}

#endif /* ADRACE_TAPE_H */
