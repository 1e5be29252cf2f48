/* Driver for the status_return test kernel (see corpus/common/harness.h): both the primal and the
 * adjoint must return the status ERR_OK (0); any other value stops the check. */
#include "../../../../corpus/common/harness.h"

int status_return(const int n, const double beta, const double *const x, const double *const y,
                  double *const w, double *const result);
int status_return_b(const int n, const double beta, const double *const x, double *x_b, const double *const y, double *y_b,
                    double *const w, double *w_b, double *const result, double *result_b);

static int n;
static double *x, *x_b, *y, *y_b, *w, *w_b, *result, *result_b;
static long n_len, one = 1;

static void expect_ok(int status, const char *who)
{
    if (status != 0) {
        fprintf(stderr, "%s returned status %d, not 0\n", who, status);
        exit(1);
    }
}

static void setup(int size)
{
    n = size;
    n_len = n;
    x = HARNESS_DOUBLES(n); x_b = HARNESS_DOUBLES(n);
    y = HARNESS_DOUBLES(n); y_b = HARNESS_DOUBLES(n);
    w = HARNESS_DOUBLES(n); w_b = HARNESS_DOUBLES(n);
    result = HARNESS_DOUBLES(1); result_b = HARNESS_DOUBLES(1);
    lcg_seed(31);
    lcg_fill(x, n, -1.0, 1.0);
    lcg_fill(y, n, -1.0, 1.0);
}

static void primal(void) { expect_ok(status_return(n, 0.75, x, y, w, result), "status_return"); }
static void adjoint(void) { expect_ok(status_return_b(n, 0.75, x, x_b, y, y_b, w, w_b, result, result_b), "status_return_b"); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "status_return",
        .size_meaning = "vector length",
        .check_size = 1000,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"x", &x, &x_b, &n_len}, {"y", &y, &y_b, &n_len}, {"w", &w, &w_b, &n_len}, {"result", &result, &result_b, &one}},
        .nvariants = 1,
        .variants = {{"status_return", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
