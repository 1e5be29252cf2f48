/* Driver for srad: gradient check and timing (see ../common/harness.h). An N x N image J = exp(I/255)
 * as Rodinia prepares it (I: a smooth pattern plus speckle, in 0 .. 255), the region of interest its
 * central quarter, lambda = 0.5, and Rodinia's clamped neighbour indices (iN[0] = 0, iS[N-1] = N-1, ...). */
#include "../common/harness.h"

void srad(int rows, int cols, const int *iN, const int *iS, const int *jW, const int *jE, int r1, int r2,
          int c1, int c2, double lambda, double *J, double *dN, double *dS, double *dW, double *dE, double *c);
void srad_b(int rows, int cols, const int *iN, const int *iS, const int *jW, const int *jE, int r1, int r2,
            int c1, int c2, double lambda, double *lambda_b, double *J, double *J_b, double *dN, double *dN_b, double *dS,
            double *dS_b, double *dW, double *dW_b, double *dE, double *dE_b, double *c, double *c_b);

static int rows, cols, r1, r2, c1, c2;
static int *iN, *iS, *jW, *jE;
static double *lambda, *lambda_b, *J, *J_b, *dN, *dN_b, *dS, *dS_b, *dW, *dW_b, *dE, *dE_b, *c, *c_b;
static long len, one = 1;

static void setup(int size)
{
    rows = cols = size;
    len = (long)rows * cols;
    r1 = rows / 4; r2 = 3 * rows / 4; c1 = cols / 4; c2 = 3 * cols / 4;
    iN = HARNESS_INTS(rows); iS = HARNESS_INTS(rows); jW = HARNESS_INTS(cols); jE = HARNESS_INTS(cols);
    for (int i = 0; i < rows; i++) {
        iN[i] = i > 0 ? i - 1 : 0;
        iS[i] = i < rows - 1 ? i + 1 : rows - 1;
    }
    for (int j = 0; j < cols; j++) {
        jW[j] = j > 0 ? j - 1 : 0;
        jE[j] = j < cols - 1 ? j + 1 : cols - 1;
    }
    lambda = HARNESS_DOUBLES(1); lambda_b = HARNESS_DOUBLES(1);
    J = HARNESS_DOUBLES(len); J_b = HARNESS_DOUBLES(len);
    dN = HARNESS_DOUBLES(len); dN_b = HARNESS_DOUBLES(len); dS = HARNESS_DOUBLES(len); dS_b = HARNESS_DOUBLES(len);
    dW = HARNESS_DOUBLES(len); dW_b = HARNESS_DOUBLES(len); dE = HARNESS_DOUBLES(len); dE_b = HARNESS_DOUBLES(len);
    c = HARNESS_DOUBLES(len); c_b = HARNESS_DOUBLES(len);
    lambda[0] = 0.5;
    lcg_seed(47);
    for (long k = 0; k < len; k++) {
        double x = (double)(k % cols) / cols, y = (double)(k / cols) / rows;
        double image = 128.0 + 60.0 * sin(6.0 * x) * cos(4.0 * y) + lcg_uniform(-40.0, 40.0);
        J[k] = exp(image / 255.0);
        dN[k] = lcg_uniform(-1.0, 1.0);
        dS[k] = lcg_uniform(-1.0, 1.0);
        dW[k] = lcg_uniform(-1.0, 1.0);
        dE[k] = lcg_uniform(-1.0, 1.0);
        c[k] = lcg_uniform(0.0, 1.0);
    }
}

static void primal(void) { srad(rows, cols, iN, iS, jW, jE, r1, r2, c1, c2, lambda[0], J, dN, dS, dW, dE, c); }

static void adjoint(void)
{
    srad_b(rows, cols, iN, iS, jW, jE, r1, r2, c1, c2, lambda[0], lambda_b, J, J_b, dN, dN_b, dS, dS_b, dW, dW_b,
           dE, dE_b, c, c_b);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "srad",
        .size_meaning = "pixels per image edge (N x N image)",
        .check_size = 128,
        .time_size = 2048,
        .setup = setup,
        .narrays = 7,
        .arrays = {{"J", &J, &J_b, &len}, {"dN", &dN, &dN_b, &len}, {"dS", &dS, &dS_b, &len},
                   {"dW", &dW, &dW_b, &len}, {"dE", &dE, &dE_b, &len}, {"c", &c, &c_b, &len},
                   {"lambda", &lambda, &lambda_b, &one}},
        .nvariants = 1,
        .variants = {{"srad", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
