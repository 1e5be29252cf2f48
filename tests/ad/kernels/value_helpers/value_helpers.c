/* Test kernel for `adrace adjoint` (not a corpus case): helpers that compute a value in several
 * statements before returning it, called in expressions, as mesh codes compute an element's area or
 * a spring's energy. `spring_energy` declares its locals first (C89) and reaches a struct through a
 * pointer; `pair_energy` calls it twice in one declaration and returns a sum; `lower` picks the
 * smaller of two values with ?: in its body. The loop calls them in initialisers, in an assignment
 * with another call, and twice in one expression. */
#include <math.h>

typedef double real;

typedef struct Spring {
    real stiffness; /* k */
    real rest;      /* rest length */
} Spring;

#define HALF 0.5

static inline real spring_energy(const Spring *s, real dx)
{
    real stretch, e;

    stretch = dx - s->rest;
    e = HALF * s->stiffness * stretch * stretch;
    return e;
}

static real pair_energy(const Spring *s, real a, real b)
{
    real ea = spring_energy(s, a), eb = spring_energy(s, /* the next node */ b);
    return ea + eb;
}

static inline real lower(real a, real b)
{
    real m = a;
    if (b < m) m = b;
    return m;
}

void value_helpers(int n, const Spring *springs, const real *x, real *y)
{
    int i;

#pragma omp parallel for firstprivate(n)
    for (i = 0; i < n; i++) {
        real e = pair_energy(&springs[i], x[i], x[i + 1]);
        y[i] = sqrt(1.0 + spring_energy(&springs[i], x[i + 1] - x[i])) * e;
        y[i] += lower(x[i], x[i + 1]) * lower(e, 2.0);
    }
}
