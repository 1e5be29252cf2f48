/* Residual of a diagonal system and its squared norm, as a hand-parallelised solver writes them: one
 * parallel region, each thread's share of the sum kept in a local of its own, and the shares added
 * to the total under `omp critical` once the thread's iterations are done. */
#define SQR(a) ((a) * (a))

void team_norm(int n, const float *d, const float *x, const float *b, float *r, double *norm)
{
#pragma omp parallel default(none) shared(n, d, x, b, r, norm)
    {
        int i;
        double mine = 0.0; /* this thread's share */

#pragma omp for schedule(static)
        for (i = 0; i < n; i++) {
            r[i] = b[i] - d[i] * x[i];
            mine += SQR(r[i]);
        }

#pragma omp critical
        *norm += mine;
    }
}
