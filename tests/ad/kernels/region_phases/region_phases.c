/* One explicit flux-form smoothing step written as NPB-style codes write a time step: one parallel
 * region, the interior fluxes and the boundary fluxes as two `omp for nowait` loops, a barrier, a
 * `single` that derives the step's scale from the fluxes, and the update loop. */
#define HALO 1 /* boundary cells on each side */

void region_phases(int n, const double *u, double *flux, double *scale, double *unew)
{
    double w;

#pragma omp parallel default(shared) private(w)
    {
#pragma omp for schedule(static) nowait
        for (int i = HALO; i < n - HALO; i++) {
            w = u[i + 1] - u[i - 1]; /* central difference */
            flux[i] = 0.5 * w * w;
        }

        /* boundary cells: a one-sided flux */
#pragma omp for schedule(static) nowait
        for (int k = 0; k < HALO; k++) {
            flux[k] = u[k] * u[k];
            flux[n - 1 - k] = u[n - 1 - k] * u[n - 1 - k];
        }

#pragma omp barrier
#pragma omp single
        {
            double mid = flux[n / 2];
            *scale = 1.0 / (1.0 + mid * mid);
        }

#pragma omp for schedule(static)
        for (int i = HALO; i < n - HALO; i++)
            unew[i] = u[i] + *scale * (flux[i + 1] - flux[i - 1]);
    }
}
