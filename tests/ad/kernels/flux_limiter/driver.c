/* Driver for the flux_limiter test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void flux_limiter(int n, double dt, const double *q, double *qnew);
void flux_limiter_b(int n, double dt, const double *q, double *q_b, double *qnew, double *qnew_b);

static int n;
static double *q, *q_b, *qnew, *qnew_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    q = HARNESS_DOUBLES(n); q_b = HARNESS_DOUBLES(n);
    qnew = HARNESS_DOUBLES(n); qnew_b = HARNESS_DOUBLES(n);
    lcg_seed(5);
    lcg_fill(q, n, -1.0, 1.0);
    lcg_fill(qnew, n, -1.0, 1.0);
}

static void primal(void) { flux_limiter(n, 0.1, q, qnew); }
static void adjoint(void) { flux_limiter_b(n, 0.1, q, q_b, qnew, qnew_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "flux_limiter",
        .size_meaning = "cells",
        .check_size = 1000,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"q", &q, &q_b, &len}, {"qnew", &qnew, &qnew_b, &len}},
        .nvariants = 1,
        .variants = {{"flux_limiter", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
