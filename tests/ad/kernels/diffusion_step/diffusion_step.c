/* One explicit step of a 1-D diffusion model that keeps its state in `static` arrays, as NPB keeps
 * its fields (`static double x[NA+2+1];`): sizes are macros, the number of points in use and the
 * step are static scalars set up once, counters are declared at the top, and a static helper
 * computes the flux. Other files reach the fields only through diffusion_field(). Its adjoint is
 * written with --include-primal: no other file can name a static array. */
#include <stddef.h>

#define NMAX 1000

static int n;                  /* points in use, 1..n */
static double dt = 0.1;        /* the step, over dx squared */
static double u[NMAX + 2];     /* the field, with a ghost point at each end */
static double unew[NMAX + 2];  /* the field after the step */
static double kappa[NMAX + 2]; /* diffusivity between point i and i+1 */

static double flux(double left, double right, double k)
{
    return k * (right - left);
}

/* returns 0, or 1 when the model holds fewer than `points` points */
int diffusion_setup(int points, double step)
{
    if (points > NMAX)
        return 1;
    n = points;
    dt = step;
    return 0;
}

/* the field named by `which`: 0 u, 1 unew, 2 kappa */
double *diffusion_field(int which)
{
    switch (which) {
    case 0: return u;
    case 1: return unew;
    case 2: return kappa;
    }
    return NULL;
}

void diffusion_step(void)
{
    int i;

#pragma omp parallel for
    for (i = 1; i <= n; i++)
        unew[i] = u[i] + dt * (flux(u[i], u[i + 1], kappa[i]) - flux(u[i - 1], u[i], kappa[i - 1]));
}
