/* Potential energy of particles in a harmonic trap plus a per-thread bias term, written as peer AD
 * tools' OpenMP tests write it: `omp parallel reduction(+:total)` with every thread adding its own
 * contribution (a thread-count-dependent term) and its share of a worksharing loop. */
#define HALF 0.5

void team_reduction(int n, const double *x, double bias, double *energy)
{
    double total = 0.0;

#pragma omp parallel reduction(+ : total)
    {
        int i;

        total += bias * bias; /* every thread adds the bias once */
#pragma omp for schedule(static)
        for (i = 0; i < n; i++)
            total += HALF * x[i] * x[i];
    }
    *energy = total;
}
