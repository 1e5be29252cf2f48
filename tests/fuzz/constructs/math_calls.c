/* math.h calls */
#include <math.h>

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = sin(x[i]) + exp(0.1 * x[i]) + sqrt(1.0 + x[i] * x[i]);
}
