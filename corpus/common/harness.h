/* Shared driver code for the corpus kernels (corpus/<name>/driver.c includes it).
 *
 * A driver describes its kernel to the harness:
 *   - setup(size): allocate every array (primal values and adjoints) and fill the inputs
 *     deterministically for problem size `size`;
 *   - the active arrays: for each, where its values and its adjoint live and how long it is.
 *     An active scalar passed by value is a 1-element array here;
 *   - one or two variants (e.g. burgers2d and burgers2d_evenodd): a call of the primal and a call
 *     of the adjoint `<name>_b`, both on the arrays above.
 *
 * Every active array is treated as input AND output: the primal maps the values of all active
 * arrays before the call (X) to their values after the call (Y); arrays a kernel only reads come
 * out unchanged, arrays it only writes have inputs that do not matter. Tapenade's convention makes
 * `<name>_b` the transpose of exactly that map: on entry each adjoint array holds Yb (the weight of
 * the output), on exit it holds Xb (inputs' adjoints incremented, outputs' adjoints consumed).
 *
 * Arrays that are not plain `double` (optional; existing drivers leave it zero): for array a, leave
 * its value and adjoint NULL and fill storage[a]:
 *   - a `float` array: value_f/adjoint_f;
 *   - anything else (an array of structs, whose floating members are the unknowns): get/set, which
 *     read and write element e of the values (which = 0) or of the adjoints (which = 1), converting
 *     to and from double.
 * Their elements may round when stored (a float keeps 24 bits), so the check uses what was actually
 * stored: the direction is (X+ - X-)/(2h) as read back after storing X+ = X + h Xd and X- = X - h Xd,
 * and the weights Yb are read back after being stored in the adjoints. Plain double arrays are used as
 * before (their elements store exactly).
 * A function that returns its value (an objective) is checked through a 1-element output array: the
 * driver's primal call stores the result there, its adjoint call passes that array's adjoint as the
 * result's adjoint and then consumes it (sets it to 0), as for any output.
 * A kernel with float data or a truncated iteration sets its own tolerance and step (0: the defaults,
 * HARNESS_TOLERANCE and 1e-6) and says why beside them.
 *
 * Modes:
 *   driver check                       dot-product test  Yb.(f(X+h Xd) - f(X-h Xd))/(2h)  vs  Xd.Xb
 *                                      for every variant; exit 0 when the relative error <= 1e-6
 *                                      (or the kernel's own tolerance)
 *   driver time N REPS [VARIANT] [--calls C]          run the adjoint REPS times on size N, one time
 *                                                     (s) per line; each run calls it C times (default 1)
 *   driver time-primal N REPS [VARIANT] [--calls C]   the same for the primal
 * After the runs `time` prints one line to stderr (scripts/bench_adjoint.sh reads it):
 *   memory: rss_before_kib=R peak_kib=P
 * R: resident memory before the first run (the arrays and the driver's copies of them); P: the
 * peak resident memory during the runs (Linux: VmHWM, reset before the first run), so P - R is what
 * the timed function itself allocates (tape, per-thread copies). Without /proc, P is the process's
 * peak (getrusage) and R is 0.
 */
#ifndef ADRACE_CORPUS_HARNESS_H
#define ADRACE_CORPUS_HARNESS_H

#define _POSIX_C_SOURCE 199309L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define HARNESS_TOLERANCE 1e-6
#define HARNESS_MAX_ARRAYS 16
#define HARNESS_MAX_VARIANTS 2

/* ---- deterministic inputs: a 64-bit linear congruential generator (Knuth's MMIX constants) ---- */

static unsigned long long harness_lcg = 0x2545F4914F6CDD1DULL;

static inline void lcg_seed(unsigned long long seed) { harness_lcg = seed; }

/* uniform in [lo, hi) */
static inline double lcg_uniform(double lo, double hi)
{
    harness_lcg = harness_lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (hi - lo) * (double)(harness_lcg >> 11) * (1.0 / 9007199254740992.0);
}

/* uniform in 0 .. n-1 */
static inline int lcg_int(int n)
{
    int k = (int)lcg_uniform(0.0, (double)n);
    return k < n ? k : n - 1;
}

static inline void lcg_fill(double *a, long n, double lo, double hi)
{
    for (long k = 0; k < n; k++) a[k] = lcg_uniform(lo, hi);
}

/* a random permutation of 0 .. n-1 (Fisher-Yates) */
static inline void lcg_permutation(int *p, int n)
{
    for (int k = 0; k < n; k++) p[k] = k;
    for (int k = n - 1; k > 0; k--) {
        int j = lcg_int(k + 1);
        int t = p[k];
        p[k] = p[j];
        p[j] = t;
    }
}

/* p[0 .. n-1] = 0 .. n-1 shuffled within consecutive blocks of `block` entries: irregular, but
 * every entry stays near its place (a mesh after a bandwidth-reducing renumbering). */
static inline void lcg_block_permutation(int *p, int n, int block)
{
    for (int start = 0; start < n; start += block) {
        int size = n - start < block ? n - start : block;
        lcg_permutation(p + start, size);
        for (int k = start; k < start + size; k++) p[k] += start;
    }
}

static inline void *harness_alloc(size_t bytes)
{
    void *p = calloc(bytes ? bytes : 1, 1);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    return p;
}

#define HARNESS_DOUBLES(n) ((double *)harness_alloc((size_t)(n) * sizeof(double)))
#define HARNESS_INTS(n) ((int *)harness_alloc((size_t)(n) * sizeof(int)))

/* ---- what a driver declares ---- */

struct harness_array {
    const char *name;
    double **value;   /* the primal array (or a 1-element array holding a by-value scalar) */
    double **adjoint; /* its adjoint */
    long *length;     /* element count, set by setup */
};

/* Where an array that is not plain double lives (value and adjoint of its harness_array stay NULL);
 * kept apart from harness_array so that the drivers' positional initializers of it stay complete. */
struct harness_storage {
    float **value_f;   /* a float array ... */
    float **adjoint_f; /* ... and its adjoint */
    double (*get)(int which, long e);          /* any other storage: element e of the values (which */
    void (*set)(int which, long e, double v);  /* = 0) or of the adjoints (which = 1) */
};

struct harness_variant {
    const char *name;       /* the primal function's name */
    void (*primal)(void);   /* calls the primal on the arrays */
    void (*adjoint)(void);  /* calls <name>_b on the arrays */
};

struct harness_kernel {
    const char *name;
    const char *size_meaning; /* what N means, for the usage text */
    int check_size;           /* problem size of `check` */
    int time_size;            /* default problem size of `time` */
    double h;                 /* finite-difference step (0: 1e-6) */
    void (*setup)(int size);
    int narrays;
    struct harness_array arrays[HARNESS_MAX_ARRAYS];
    int nvariants;
    struct harness_variant variants[HARNESS_MAX_VARIANTS];
    double tolerance;         /* largest relative error `check` accepts (0: HARNESS_TOLERANCE) */
    struct harness_storage storage[HARNESS_MAX_ARRAYS]; /* storage[a]: array a when it is not double */
};

/* ---- the harness ---- */

static inline long harness_total(const struct harness_kernel *k)
{
    long total = 0;
    for (int a = 0; a < k->narrays; a++) total += *k->arrays[a].length;
    return total;
}

/* a plain double array (stores exactly) */
static inline int harness_is_double(const struct harness_array *a) { return a->value != NULL; }

/* one array's elements to and from double; which = 0: primal values, 1: adjoints */
static inline void harness_store(const struct harness_kernel *k, int a, int which, const double *v)
{
    const struct harness_array *arr = &k->arrays[a];
    const struct harness_storage *st = &k->storage[a];
    long len = *arr->length;
    if (harness_is_double(arr)) {
        memcpy(which ? *arr->adjoint : *arr->value, v, (size_t)len * sizeof(double));
    } else if (st->value_f) {
        float *dst = which ? *st->adjoint_f : *st->value_f;
        for (long e = 0; e < len; e++) dst[e] = (float)v[e];
    } else {
        for (long e = 0; e < len; e++) st->set(which, e, v[e]);
    }
}

static inline void harness_load(const struct harness_kernel *k, int a, int which, double *v)
{
    const struct harness_array *arr = &k->arrays[a];
    const struct harness_storage *st = &k->storage[a];
    long len = *arr->length;
    if (harness_is_double(arr)) {
        memcpy(v, which ? *arr->adjoint : *arr->value, (size_t)len * sizeof(double));
    } else if (st->value_f) {
        const float *src = which ? *st->adjoint_f : *st->value_f;
        for (long e = 0; e < len; e++) v[e] = (double)src[e];
    } else {
        for (long e = 0; e < len; e++) v[e] = st->get(which, e);
    }
}

/* all arrays, one after the other; which = 0: primal values, 1: adjoints */
static inline void harness_scatter(const struct harness_kernel *k, int which, const double *v)
{
    long at = 0;
    for (int a = 0; a < k->narrays; a++) {
        harness_store(k, a, which, v + at);
        at += *k->arrays[a].length;
    }
}

static inline void harness_gather(const struct harness_kernel *k, int which, double *v)
{
    long at = 0;
    for (int a = 0; a < k->narrays; a++) {
        harness_load(k, a, which, v + at);
        at += *k->arrays[a].length;
    }
}

/* Replace v[e] by what the storage keeps of it, for the elements of arrays that are not plain double
 * (which = 0: through the values, 1: through the adjoints). */
static inline void harness_round_trip(const struct harness_kernel *k, int which, double *v)
{
    long n = harness_total(k);
    double *kept = HARNESS_DOUBLES(n);
    harness_scatter(k, which, v);
    harness_gather(k, which, kept);
    long at = 0;
    for (int a = 0; a < k->narrays; a++) {
        long len = *k->arrays[a].length;
        if (!harness_is_double(&k->arrays[a]))
            for (long e = at; e < at + len; e++) v[e] = kept[e];
        at += len;
    }
    free(kept);
}

static inline double harness_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int harness_check(const struct harness_kernel *k)
{
    double h = k->h > 0.0 ? k->h : 1e-6;
    double tolerance = k->tolerance > 0.0 ? k->tolerance : HARNESS_TOLERANCE;
    k->setup(k->check_size);
    long n = harness_total(k);
    double *x0 = HARNESS_DOUBLES(n), *xd = HARNESS_DOUBLES(n), *yb = HARNESS_DOUBLES(n);
    double *yp = HARNESS_DOUBLES(n), *ym = HARNESS_DOUBLES(n);
    double *xb = HARNESS_DOUBLES(n);
    harness_gather(k, 0, x0);
    lcg_seed(0x5EED0D1DULL);
    lcg_fill(xd, n, -1.0, 1.0);
    lcg_fill(yb, n, -1.0, 1.0);
    harness_round_trip(k, 1, yb);
    /* the direction actually applied: (X+ - X-)/(2h) as stored, for storage that rounds */
    double *xp = HARNESS_DOUBLES(n), *xm = HARNESS_DOUBLES(n);
    for (long e = 0; e < n; e++) {
        xp[e] = x0[e] + h * xd[e];
        xm[e] = x0[e] - h * xd[e];
    }
    harness_round_trip(k, 0, xp);
    harness_round_trip(k, 0, xm);
    {
        long at = 0;
        for (int a = 0; a < k->narrays; a++) {
            long len = *k->arrays[a].length;
            if (!harness_is_double(&k->arrays[a]))
                for (long e = at; e < at + len; e++) xd[e] = (xp[e] - xm[e]) / (2.0 * h);
            at += len;
        }
    }

    int failed = 0;
    for (int v = 0; v < k->nvariants; v++) {
        const struct harness_variant *var = &k->variants[v];
        harness_scatter(k, 0, xp);
        var->primal();
        harness_gather(k, 0, yp);
        harness_scatter(k, 0, xm);
        var->primal();
        harness_gather(k, 0, ym);

        harness_scatter(k, 0, x0);
        harness_scatter(k, 1, yb);
        var->adjoint();
        harness_gather(k, 1, xb);

        long double fd = 0.0L, ad = 0.0L;
        for (long e = 0; e < n; e++) {
            fd += (long double)yb[e] * ((long double)yp[e] - (long double)ym[e]);
            ad += (long double)xd[e] * (long double)xb[e];
        }
        fd /= 2.0L * (long double)h;
        long double scale = fabsl(fd) > fabsl(ad) ? fabsl(fd) : fabsl(ad);
        double error = scale > 0.0L ? (double)(fabsl(fd - ad) / scale) : 1.0;
        int ok = error <= tolerance && scale > 0.0L;
        printf("%s: n=%d unknowns=%ld  finite difference %.15Le  adjoint %.15Le  relative error %.3e  %s\n",
               var->name, k->check_size, n, fd, ad, error, ok ? "ok" : "FAILED");
        if (!ok) failed = 1;
    }
    free(x0); free(xd); free(yb); free(yp); free(ym); free(xb); free(xp); free(xm);
    return failed;
}

/* Resident memory: "VmRSS:" or "VmHWM:" of /proc/self/status in KiB; -1 where there is none. */
static inline long harness_status_kib(const char *key)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    size_t n = strlen(key);
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0) kib = atol(line + n);
    fclose(f);
    return kib;
}

/* Start a new peak-memory measurement: resets VmHWM to the current RSS (Linux >= 4.0). 0 on success. */
static inline int harness_reset_peak(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f) return -1;
    int failed = fputs("5", f) < 0;
    return fclose(f) != 0 || failed ? -1 : 0;
}

static inline int harness_time(const struct harness_kernel *k, int adjoint, int size, int reps, int calls,
                               const char *variant)
{
    /* VARIANT: a function name ("burgers2d_evenodd") or its suffix after the kernel's name ("evenodd") */
    const struct harness_variant *var = variant ? NULL : &k->variants[0];
    size_t prefix = strlen(k->name);
    for (int v = 0; v < k->nvariants && !var; v++) {
        const char *name = k->variants[v].name;
        if (strcmp(variant, name) == 0 ||
            (strncmp(name, k->name, prefix) == 0 && name[prefix] == '_' && strcmp(variant, name + prefix + 1) == 0))
            var = &k->variants[v];
    }
    if (!var) {
        fprintf(stderr, "%s: no variant %s\n", k->name, variant);
        return 2;
    }
    k->setup(size);
    long n = harness_total(k);
    /* The primal never touches the adjoint arrays (nor yb), so their pages stay unmapped and out of
     * its memory figures. */
    double *x0 = HARNESS_DOUBLES(n), *yb = adjoint ? HARNESS_DOUBLES(n) : NULL;
    harness_gather(k, 0, x0);
    if (adjoint) {
        lcg_seed(0x7133ULL);
        lcg_fill(yb, n, -1.0, 1.0);
    }
    harness_scatter(k, 0, x0);
    if (adjoint) harness_scatter(k, 1, yb);
    long rss_before = harness_status_kib("VmRSS:");
    int peak_reset = harness_reset_peak() == 0;
    for (int r = 0; r < reps; r++) {
        if (r > 0) { /* in/out arrays start from the same values every time */
            harness_scatter(k, 0, x0);
            if (adjoint) harness_scatter(k, 1, yb);
        }
        double t0 = harness_now();
        for (int c = 0; c < calls; c++) {
            if (adjoint) var->adjoint();
            else var->primal();
        }
        double t1 = harness_now();
        printf("%.9f\n", t1 - t0);
        fflush(stdout);
    }
    long peak = peak_reset ? harness_status_kib("VmHWM:") : -1;
    if (peak < 0 || rss_before < 0) { /* no /proc: the process's peak */
        struct rusage usage;
        getrusage(RUSAGE_SELF, &usage);
        peak = usage.ru_maxrss;
        rss_before = 0;
    }
    fprintf(stderr, "memory: rss_before_kib=%ld peak_kib=%ld\n", rss_before, peak);
    free(x0); free(yb);
    return 0;
}

static inline int harness_usage(const struct harness_kernel *k, const char *argv0)
{
    fprintf(stderr,
            "usage: %s check\n"
            "       %s time N REPS [VARIANT] [--calls C]         time %s_b (one line per run, seconds)\n"
            "       %s time-primal N REPS [VARIANT] [--calls C]  time %s\n"
            "N: %s (check uses %d, time defaults to %d); C: calls per run (default 1)\n",
            argv0, argv0, k->name, argv0, k->name, k->size_meaning, k->check_size, k->time_size);
    return 2;
}

static inline int harness_main(int argc, char **argv, const struct harness_kernel *k)
{
    const char *mode = argc > 1 ? argv[1] : "check";
    if (strcmp(mode, "check") == 0) return harness_check(k);
    if (strcmp(mode, "time") == 0 || strcmp(mode, "time-primal") == 0) {
        const char *positional[3] = {NULL, NULL, NULL}; /* N REPS VARIANT */
        int npositional = 0, calls = 1;
        for (int a = 2; a < argc; a++) {
            if (strcmp(argv[a], "--calls") == 0 && a + 1 < argc) calls = atoi(argv[++a]);
            else if (npositional < 3) positional[npositional++] = argv[a];
            else return harness_usage(k, argv[0]);
        }
        int size = positional[0] ? atoi(positional[0]) : k->time_size;
        int reps = positional[1] ? atoi(positional[1]) : 5;
        if (size <= 0 || reps <= 0 || calls <= 0) return harness_usage(k, argv[0]);
        return harness_time(k, strcmp(mode, "time") == 0, size, reps, calls, positional[2]);
    }
    return harness_usage(k, argv[0]);
}

#endif
