/* Test kernel for `adrace adjoint` (not a corpus case): a parallel region whose worksharing loop
 * is followed by a master block that reads the loop's results (after its barrier) and updates the
 * boundary values, C89 style with a counter private to the region. */
#define MID(n) ((n) / 2)

void master_block(int n, double *u, double *edge)
{
    int i;
#pragma omp parallel private(i)
    {
#pragma omp for
        for (i = 0; i < n; i++)
            u[i] = u[i] * u[i] + 0.5f * u[i];
#pragma omp master
        {
            edge[0] = u[0] * u[n - 1];
            edge[1] = edge[1] * edge[0] + u[MID(n)];
        }
    }
}
