/* RACY: every iteration writes y[0] */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[0] += x[i];
}
