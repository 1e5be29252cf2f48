/* Hand-written reverse-mode adjoint of polybench_conv2d (the test oracle): the transposed
 * convolution. With w[di][dj] the weight of A[i+di][j+dj] (di, dj in -1..1),
 *   B[i][j] = sum w[di][dj] A[i+di][j+dj]   =>   A_b[i+di][j+dj] += w[di][dj] B_b[i][j];  B_b[i][j] = 0
 *
 * Verdicts expected for the adjoint of the loop at polybench_conv2d.c:16 (active A and B):
 *   A   guarded  row i increments A_b of rows i-1, i, i+1: neighbouring rows (iterations) increment
 *                the same elements (the primal only reads A)
 *   B   shared   B_b[i][j] of row i only (read and zeroed)
 *   j private; the weights c11 .. c33 are locals of constant value (passive) */

#include "polybench_conv2d.h"

/* weight[dj + 1][di + 1]: the kernel's c11 .. c33 (c<1+(dj+1)><1+(di+1)>) */
static const DATA_TYPE weight[3][3] = {{0.2f, -0.3f, 0.4f}, {0.5f, 0.6f, 0.7f}, {-0.8f, -0.9f, 0.10f}};

void polybench_conv2d_b(int ni, int nj, DATA_TYPE A[NI][NJ], DATA_TYPE A_b[NI][NJ], DATA_TYPE B[NI][NJ],
                        DATA_TYPE B_b[NI][NJ])
{
    (void)A;
    (void)B;
    for (int i = ni - 2; i >= 1; i--)
        for (int j = nj - 2; j >= 1; j--) {
            DATA_TYPE b = B_b[i][j];
            B_b[i][j] = 0.0f;
            for (int di = -1; di <= 1; di++)
                for (int dj = -1; dj <= 1; dj++) A_b[i + di][j + dj] += weight[dj + 1][di + 1] * b;
        }
}
