/* declare simd helper */
#pragma omp declare simd
static double sq(double v) { return v * v; }

void f(int n, double *x, double *y)
{
#pragma omp parallel for simd
    for (int i = 0; i < n; i++)
        y[i] = sq(x[i]);
}
