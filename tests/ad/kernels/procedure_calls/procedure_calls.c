/* Test kernel for `adrace adjoint` (not a corpus case): void helpers that write through pointer
 * parameters, as finite-volume codes factor out a cell's flux. The state of cell i is passed as
 * `&q[NV * i]` and as `q + NV * i`; results come back through a local array and through `double *`
 * out-parameters; one helper calls another and branches; a helper's local has the name of a local
 * of the caller; a helper assigns its value parameter, whose argument it overwrites. C89 counters,
 * macro sizes, firstprivate, a comment inside an argument list. */
#include <math.h>

#define NV 3 /* values per cell: density, momentum, energy */
#define GAMMA 1.4

static inline double sq(double v) { return v * v; }

/* velocity of a state, 0 in vacuum */
static void velocity(const double *s, double *u)
{
    if (s[0] > 1.0e-12)
        *u = s[1] / s[0];
    else
        *u = 0.0;
}

/* Euler flux of one state */
static void cell_flux(const double *s, double *f)
{
    double u, p;

    velocity(s, &u);
    p = (GAMMA - 1.0) * (s[2] - 0.5 * s[0] * sq(u));
    f[0] = s[1];
    f[1] = s[1] * u + p;
    f[2] = u * (s[2] + p);
    return;
}

/* a value parameter is a copy: the helper assigns it, and the caller passes what *out overwrites */
static void damp(double v, double *out)
{
    v = 0.9 * v;
    *out = v;
    *out += 0.1 * v * v;
}

static void scaled_sum(double a, const double *f, double *acc)
{
    *acc += a * (f[0] + f[1] + f[2]);
}

void procedure_calls(int n, double dt, const double *q, double *flux, double *energy)
{
    int i, k;
    double u; /* the caller's u: the helpers' u must not collide with it */

    u = 0.5 * dt;
#pragma omp parallel for private(k) firstprivate(u)
    for (i = 0; i < n; i++) {
        double f[NV];
        double e = 0.0, speed;

        cell_flux(&q[NV * i], f);
        for (k = 0; k < NV; k++)
            flux[NV * i + k] = u * f[k];
        scaled_sum(dt, /* the time step */ f, &e);
        velocity(q + NV * i, &speed);
        energy[i] = e * e + u * speed;
        damp(energy[i], &energy[i]);
    }
}
