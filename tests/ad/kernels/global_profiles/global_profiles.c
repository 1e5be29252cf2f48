/* Test kernel for `adrace adjoint` (not a corpus case): a column physics step of an atmosphere
 * model, as such codes keep their reference state: file-scope `double *` profiles that the model's
 * setup allocates and fills (hy_dens_cell, hy_theta_cell), indexed by the level; C89 counters and
 * a collapse over (k, i). The profiles are inactive inputs: the adjoint declares them `extern` and
 * reads them where the primal does. */

#define NX 24 /* columns */

double *hy_dens_cell;  /* reference density of each level */
double *hy_theta_cell; /* reference potential temperature of each level */

void global_profiles(int nz, double dt, const double *state, double *tend)
{
    int k, i;

#pragma omp parallel for collapse(2) private(i) firstprivate(dt)
    for (k = 0; k < nz; k++)
        for (i = 0; i < NX; i++) {
            double r = state[k * NX + i] + hy_dens_cell[k]; /* full density */
            double t = (state[k * NX + i] * hy_theta_cell[k] + hy_dens_cell[k]) / r;
            tend[k * NX + i] = -dt * r * t * t;
        }
}
