/* Test kernel for `adrace adjoint` (not a corpus case): simd as users add it to C89 loops:
 * `parallel for simd` on a flat loop, and `omp simd` on the innermost loop of a parallel
 * nest, PolyBench-gemm style (a row update scaled by a per-row constant). */
#define NCOL 16

void simd_rows(int n, double alpha, const double *a, double *c)
{
    int i, j, k;

#pragma omp parallel for simd
    for (i = 0; i < n * NCOL; i++)
        c[i] = c[i] * c[i];

#pragma omp parallel for private(j, k)
    for (i = 0; i < n; i++) {
        for (k = 0; k < NCOL; k++) {
            const double aik = alpha * a[i * NCOL + k];
#pragma omp simd
            for (j = 0; j < NCOL; j++)
                c[i * NCOL + j] += aik * a[i * NCOL + j];
        }
    }
}
