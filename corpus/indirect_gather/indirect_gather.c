/* Gather through an index array: y[i] = x[c[i]].
 * Race-free for any c (x is only read), but c may repeat indices, so the adjoint increments
 * x_b[c[i]] of two iterations can hit the same element. */

void indirect_gather(int n, const int *c, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = x[c[i]];
}
