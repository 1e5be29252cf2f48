/* declare variant */
static double variant(double v) { return v * v; }
#pragma omp declare variant(variant) match(construct = {parallel})
static double base(double v) { return v * v; }

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = base(x[i]);
}
