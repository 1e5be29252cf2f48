/* declare target helper */
#pragma omp declare target
static double twice(double v) { return 2.0 * v; }
#pragma omp end declare target

void f(int n, double *x, double *y)
{
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = twice(x[i]);
}
