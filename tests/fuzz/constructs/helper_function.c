/* a static helper */
static double cube(double v) { return v * v * v; }

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = cube(x[i]);
}
