/* Driver for the sweep_limits test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void sweep_limits(int n, int sweeps, int skip, double tol, const int *lim, const double *w, double *u, double *norm);
void sweep_limits_b(int n, int sweeps, int skip, double tol, const int *lim, const double *w, double *w_b, double *u,
                    double *u_b, double *norm, double *norm_b);

enum { SWEEPS = 7, SKIP = 3 };
static const double never = -1.0; /* tol < 0: the residual test never stops a cell */
static int n;
static int *lim;
static double *w, *w_b, *u, *u_b, *norm, *norm_b;
static long len, one = 1;

static void setup(int size)
{
    n = size;
    len = n;
    lim = HARNESS_INTS(n);
    w = HARNESS_DOUBLES(n); w_b = HARNESS_DOUBLES(n);
    u = HARNESS_DOUBLES(n); u_b = HARNESS_DOUBLES(n);
    norm = HARNESS_DOUBLES(1); norm_b = HARNESS_DOUBLES(1);
    lcg_seed(13);
    for (int k = 0; k < n; k++) lim[k] = 1 + lcg_int(SWEEPS + 2); /* some cells stop early, some never */
    lcg_fill(w, n, 0.5, 1.5);
    lcg_fill(u, n, -1.0, 1.0);
    norm[0] = 0.3;
}

static void primal(void) { sweep_limits(n, SWEEPS, SKIP, never, lim, w, u, norm); }
static void adjoint(void) { sweep_limits_b(n, SWEEPS, SKIP, never, lim, w, w_b, u, u_b, norm, norm_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "sweep_limits",
        .size_meaning = "cells",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"w", &w, &w_b, &len}, {"u", &u, &u_b, &len}, {"norm", &norm, &norm_b, &one}},
        .nvariants = 1,
        .variants = {{"sweep_limits", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
