/* Indirect copy through an index array ([FormAD] figure 2):
 *     y[c[i]] = x[c[i] + 7]
 * c must be injective for the loop to be race-free (here: a permutation of 0 .. n-1). */

void indirect_copy(int n, const int *c, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[c[i]] = x[c[i] + 7];
}
