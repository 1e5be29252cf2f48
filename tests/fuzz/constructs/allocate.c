/* allocate with private */
#include <omp.h>
void f(int n, double *x, double *y)
{
    double t;
#pragma omp parallel for private(t) allocate(omp_default_mem_alloc: t)
    for (int i = 0; i < n; i++) {
        t = x[i] * 2.0;
        y[i] = t;
    }
}
