/* One step of a 1-D hydro-style update that either predicts (half a time step) or corrects (a whole
 * one), as Lagrangian hydro codes write it: the same parallel region, an `if` choosing between two
 * worksharing loops, and a per-thread coefficient every thread computes first. */
#define FLUX(a, b) (0.5 * ((a) + (b)))

void team_predict(int n, int predict, double dt, const double *u, const double *f, double *unew)
{
    int i;

#pragma omp parallel default(shared) private(i)
    {
        double c = dt * 0.5; /* each thread's own copy of the half step */

        if (predict) {
#pragma omp for schedule(static)
            for (i = 1; i < n - 1; i++)
                unew[i] = u[i] - c * (FLUX(f[i], f[i + 1]) - FLUX(f[i - 1], f[i]));
        } else {
#pragma omp for schedule(static)
            for (i = 1; i < n - 1; i++)
                unew[i] = u[i] - 2.0 * c * (f[i + 1] - f[i - 1]) * u[i];
        }
    }
}
