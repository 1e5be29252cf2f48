/* Driver for polybench_gemm: gradient check and timing (see ../common/harness.h). N: ni = N,
 * nj = N + 3, nk = N + 1 (unequal, so that a transposed index cannot pass); alpha = 1.5, beta = 1.2
 * as PolyBench's init_array sets them; the matrices in [-1, 1). */
#include "../common/harness.h"

void polybench_gemm(int ni, int nj, int nk, double alpha, double beta, double C[ni][nj], double A[ni][nk],
                    double B[nk][nj]);
void polybench_gemm_b(int ni, int nj, int nk, double alpha, double *alpha_b, double beta, double *beta_b,
                      double C[ni][nj], double C_b[ni][nj], double A[ni][nk], double A_b[ni][nk], double B[nk][nj],
                      double B_b[nk][nj]);

static int ni, nj, nk;
static double *alpha, *alpha_b, *beta, *beta_b, *C, *C_b, *A, *A_b, *B, *B_b;
static long c_len, a_len, b_len, one = 1;

static void setup(int size)
{
    ni = size;
    nj = size + 3;
    nk = size + 1;
    c_len = (long)ni * nj;
    a_len = (long)ni * nk;
    b_len = (long)nk * nj;
    alpha = HARNESS_DOUBLES(1); alpha_b = HARNESS_DOUBLES(1);
    beta = HARNESS_DOUBLES(1); beta_b = HARNESS_DOUBLES(1);
    C = HARNESS_DOUBLES(c_len); C_b = HARNESS_DOUBLES(c_len);
    A = HARNESS_DOUBLES(a_len); A_b = HARNESS_DOUBLES(a_len);
    B = HARNESS_DOUBLES(b_len); B_b = HARNESS_DOUBLES(b_len);
    alpha[0] = 1.5;
    beta[0] = 1.2;
    lcg_seed(53);
    lcg_fill(C, c_len, -1.0, 1.0);
    lcg_fill(A, a_len, -1.0, 1.0);
    lcg_fill(B, b_len, -1.0, 1.0);
}

static void primal(void)
{
    polybench_gemm(ni, nj, nk, alpha[0], beta[0], (double (*)[nj])C, (double (*)[nk])A, (double (*)[nj])B);
}

static void adjoint(void)
{
    polybench_gemm_b(ni, nj, nk, alpha[0], alpha_b, beta[0], beta_b, (double (*)[nj])C, (double (*)[nj])C_b,
                     (double (*)[nk])A, (double (*)[nk])A_b, (double (*)[nj])B, (double (*)[nj])B_b);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "polybench_gemm",
        .size_meaning = "ni (nj = ni + 3, nk = ni + 1)",
        .check_size = 60,
        .time_size = 1000,
        .setup = setup,
        .narrays = 5,
        .arrays = {{"alpha", &alpha, &alpha_b, &one},
                   {"beta", &beta, &beta_b, &one},
                   {"C", &C, &C_b, &c_len},
                   {"A", &A, &A_b, &a_len},
                   {"B", &B, &B_b, &b_len}},
        .nvariants = 1,
        .variants = {{"polybench_gemm", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
