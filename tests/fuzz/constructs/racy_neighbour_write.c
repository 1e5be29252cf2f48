/* RACY: writes the neighbour's element */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i + 1] = y[i] + x[i];
}
