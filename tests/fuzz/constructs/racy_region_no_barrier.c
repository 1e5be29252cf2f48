/* RACY: each thread reads its neighbour's slot with no barrier after the writes */
#include <omp.h>
void f(int n, double *x, double *y)
{
#pragma omp parallel num_threads(4)
    {
        int t = omp_get_thread_num();
        y[t] = x[t];
        y[4 + t] = y[(t + 1) % 4];
    }
    (void)n;
}
