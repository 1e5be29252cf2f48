/* RACY: C++ reference to a shared accumulator updated by every iteration */
void f(int n, double *x, double *y)
{
    double &total = y[0];
#pragma omp parallel for
    for (int i = 1; i < n; i++)
        total += x[i];
}
