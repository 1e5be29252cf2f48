/* PolyBench 4.2's gemm (linear-algebra/blas/gemm/gemm.c, kernel_gemm), C := alpha*A*B + beta*C, as
 * compiled with POLYBENCH_USE_C99_PROTO (variable-length array parameters), with the OpenMP a user
 * adds: the rows of C in parallel, a pointer to the current row, and simd on the innermost loop. */

void polybench_gemm(int ni, int nj, int nk, double alpha, double beta, double C[ni][nj], double A[ni][nk],
                    double B[nk][nj])
{
    int i, j, k;

#pragma omp parallel for private(j, k)
    for (i = 0; i < ni; i++) {
        double *Ci = &C[i][0]; /* row i of C */
#pragma omp simd
        for (j = 0; j < nj; j++)
            Ci[j] *= beta;
        for (k = 0; k < nk; k++) {
            const double aik = alpha * A[i][k];
#pragma omp simd
            for (j = 0; j < nj; j++)
                Ci[j] += aik * B[k][j];
        }
    }
}
