/* A sum reduction: s = sum of x[i]^2, written to *result. */

void reduction_sum(int n, const double *x, double *result)
{
    double s = 0.0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    *result = s;
}
