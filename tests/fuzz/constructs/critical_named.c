/* named critical with a hint */
#include <omp.h>
void f(int n, double *x, double *y)
{
    double s = 0.0;
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp critical(acc) hint(omp_sync_hint_contended)
        s += x[i];
    }
    y[0] = s;
}
