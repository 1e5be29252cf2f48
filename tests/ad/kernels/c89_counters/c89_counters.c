/* Test kernel for `adrace adjoint` (not a corpus case): loops as C89 code writes them.
 * The counters are declared at the top of the function and assigned in each for-init;
 * the parallel loop's counter is private implicitly (OpenMP makes it so) or by private(k), the
 * inner sequential loop's counter by private(j), and a sequential loop counts down with a
 * counter already used by a parallel loop. */
#include <math.h>

#define SCALE 0.5
#define SHIFT 1.0

void c89_counters(int n, int m, const double *a, double *b, double *c)
{
    int i, j;
    int k;
    double t;

    /* row norms: j and t private, i implicitly so */
#pragma omp parallel for private(j, t) firstprivate(m)
    for (i = 0; i < n; i++) {
        t = 0.0;
        for (j = 0; j < m; j++)
            t += a[i * m + j] * /* squared */ a[i * m + j];
        b[i] = SCALE * sqrt(t + SHIFT);
    }

    /* a second difference, its counter named in private(k) */
#pragma omp parallel for private(k)
    for (k = 1; k < n - 1; k++)
        c[k] = b[k - 1] - 2.0 * b[k]
               + b[k + 1];

    /* a recurrence, counting down, over a counter the first loop used */
    for (i = n - 1; i > 0; i--)
        c[i] = c[i] * c[i - 1];
}
