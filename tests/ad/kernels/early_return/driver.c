/* Driver for the early_return test kernel (see corpus/common/harness.h): two variants, the early
 * return after one stage and the run through both stages (n = 0 has no gradient to check). */
#include "../../../../corpus/common/harness.h"

void early_return(int n, int stages, double alpha, const double *x, double *y, double *peak);
void early_return_b(int n, int stages, double alpha, double *alpha_b, const double *x, double *x_b, double *y,
                    double *y_b, double *peak, double *peak_b);

static int n;
static double *alpha, *alpha_b, *x, *x_b, *y, *y_b, *peak, *peak_b;
static long len, one = 1;

static void setup(int size)
{
    n = size;
    len = n;
    alpha = HARNESS_DOUBLES(1); alpha_b = HARNESS_DOUBLES(1);
    x = HARNESS_DOUBLES(n); x_b = HARNESS_DOUBLES(n);
    y = HARNESS_DOUBLES(n); y_b = HARNESS_DOUBLES(n);
    peak = HARNESS_DOUBLES(1); peak_b = HARNESS_DOUBLES(1);
    lcg_seed(5);
    alpha[0] = 0.7;
    lcg_fill(x, n, 0.5, 1.5);
    lcg_fill(y, n, -1.0, 1.0);
    peak[0] = 0.25;
}

static void primal_one(void) { early_return(n, 1, alpha[0], x, y, peak); }
static void adjoint_one(void) { early_return_b(n, 1, alpha[0], alpha_b, x, x_b, y, y_b, peak, peak_b); }
static void primal_two(void) { early_return(n, 2, alpha[0], x, y, peak); }
static void adjoint_two(void) { early_return_b(n, 2, alpha[0], alpha_b, x, x_b, y, y_b, peak, peak_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "early_return",
        .size_meaning = "elements",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"alpha", &alpha, &alpha_b, &one}, {"x", &x, &x_b, &len}, {"y", &y, &y_b, &len},
                   {"peak", &peak, &peak_b, &one}},
        .nvariants = 2,
        .variants = {{"early_return(stages = 1)", primal_one, adjoint_one},
                     {"early_return(stages = 2)", primal_two, adjoint_two}},
    };
    return harness_main(argc, argv, &kernel);
}
