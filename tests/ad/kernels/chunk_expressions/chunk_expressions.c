/* Test kernel for `adrace adjoint` (not a corpus case): schedule chunks computed from the
 * function's arguments, as codes tune them at run time (`chunk * 2`, `(n + 1) / 64`, a comment in
 * the clause), a float weight made firstprivate and a C89 counter. The adjoint's schedule clauses
 * are built from these expressions (never copied as text). */
#include <math.h>

#define HALF(v) (0.5f * (v))

void chunk_expressions(int n, int chunk, float w, const double *x, double *y)
{
    int i;
#pragma omp parallel for schedule(dynamic, chunk * 2) firstprivate(w)
    for (i = 0; i < n; i++)
        y[i] = y[i] * HALF(w) + sin(x[i]) * x[i];
#pragma omp parallel for schedule(guided, (n + 1) / 64 /* one chunk per 64 points */)
    for (i = 1; i < n; i++)
        y[i] = y[i] + 0.25 * x[i - 1] * x[i];
}
