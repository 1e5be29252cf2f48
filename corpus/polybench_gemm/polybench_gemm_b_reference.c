/* Hand-written reverse-mode adjoint of polybench_gemm (the test oracle), in matrix form:
 *   C' = alpha A B + beta C   =>   A_b += alpha C'_b B^T,  B_b += alpha A^T C'_b,
 *                                  alpha_b += <C'_b, A B>,  beta_b += <C'_b, C>,  C_b = beta C'_b
 *
 * Verdicts expected for the adjoint of the loop at polybench_gemm.c:10 (active alpha, beta, C, A, B):
 *   C      shared   row i only (through the pointer Ci = &C[i][0])
 *   A      shared   row i only
 *   B      guarded  every iteration reads all of B, so every iteration increments all of B_b
 *   alpha, beta     read by every iteration: their adjoints are sums over iterations, reduction(+)
 *   j, k private; Ci, aik private (loop-body locals); the simd loops stay vectorisable in the adjoint
 *   (C_b row i and the aik recomputation are per iteration) */

void polybench_gemm_b(int ni, int nj, int nk, double alpha, double *alpha_b, double beta, double *beta_b,
                      double C[ni][nj], double C_b[ni][nj], double A[ni][nk], double A_b[ni][nk], double B[nk][nj],
                      double B_b[nk][nj])
{
    for (int i = ni - 1; i >= 0; i--)
        for (int j = nj - 1; j >= 0; j--) {
            double g = C_b[i][j], AB = 0.0;
            for (int k = 0; k < nk; k++) {
                AB += A[i][k] * B[k][j];
                A_b[i][k] += alpha * g * B[k][j];
                B_b[k][j] += alpha * A[i][k] * g;
            }
            *alpha_b += g * AB;
            *beta_b += g * C[i][j];
            C_b[i][j] = beta * g;
        }
}
