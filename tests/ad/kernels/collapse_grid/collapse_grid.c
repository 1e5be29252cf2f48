/* Test kernel for `adrace adjoint` (not a corpus case): collapsed loop nests as NAS and PolyBench
 * codes write them. C89 counters declared before the loops, the row width as a macro, an index
 * macro, a static inline helper, firstprivate scalars, a collapse(3) `omp for` with nowait inside a
 * region, a counting-down inner loop, a step of 2 and a dynamic schedule.
 *   v[j][i]    = damp(u[j][i], c) + 0.25 u[j-1][i] u[j+1][i]    (rows 1 .. ny-2, collapse(2))
 *   w[k][j][i] = (k + 1) v[j][i]^2 + u[j][i]                    (every other row, collapse(3))
 *   z[j][i]    = t^2 with t = v[j][i] - u[j][i], t overwritten   (collapse(2), schedule(dynamic, 5)) */
#define NX 24 /* columns */
#define NZ 3  /* planes of w */
#define AT(j, i) ((j) * NX + (i))

static inline double damp(double value, double c) { return value / (1.0 + c * value * value); }

void collapse_grid(int ny, double alpha, const double *u, double *v, double *w, double *z)
{
    int i, j, k;
    double c = 0.5 * alpha;

#pragma omp parallel for collapse(2) firstprivate(c) private(i, j) schedule(static)
    for (j = 1; j < ny - 1; j++)
        for (i = 0; i < NX; i++)
            v[AT(j, i)] = damp(u[AT(j, i)], c) + /* the rows above and below */ 0.25 * u[AT(j - 1, i)] * u[AT(j + 1, i)];

#pragma omp parallel firstprivate(ny)
    {
#pragma omp for collapse(3) nowait
        for (k = 0; k < NZ; k++)
            for (j = 1; j < ny - 1; j += 2)
                for (i = NX - 1; i >= 0; i--)
                    w[(k * ny + j) * NX + i] = (k + 1) * v[AT(j, i)] * v[AT(j, i)] + u[AT(j, i)];
    }

#pragma omp parallel for collapse(2) schedule(dynamic, 5)
    for (j = 1; j < ny - 1; j++)
        for (i = 0; i < NX; i++) {
            double t = v[AT(j, i)];
            t = t - u[AT(j, i)];
            z[AT(j, i)] = t * t;
        }
}
