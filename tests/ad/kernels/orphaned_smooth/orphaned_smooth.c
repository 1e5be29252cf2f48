/* Two Jacobi smoothing sweeps of a 1-D field, as stencil benchmarks write them: the parallel region
 * is opened once by the driver routine, and the sweep itself is a helper whose worksharing loop is
 * orphaned (its pragma through a _Pragma macro, so the same helper can be built with or without
 * OpenMP). Each thread also scales its own weight before the sweeps. */
#define PRAGMA(x) _Pragma(#x)
#define WEIGHT 0.5

static void smooth(int n, double w, const double *in, double *out)
{
    int i;

    PRAGMA(omp for schedule(static))
    for (i = 1; i < n - 1; i++)
        out[i] = (1.0 - w) * in[i] + w * 0.5 * (in[i - 1] + in[i + 1]);
}

void orphaned_smooth(int n, double relax, const double *u, double *tmp, double *v)
{
#pragma omp parallel default(shared)
    {
        double w = WEIGHT * relax; /* each thread's own copy of the weight */

        smooth(n, w, u, tmp);
        smooth(n, w, tmp, v);
    }
}
