/* Driver for newton: gradient check and timing (see ../common/harness.h). N cells, coef in [0.5, 2),
 * old temperatures in [0.5, 1.5), rhs in [1, 3).
 * The check and the timings run a fixed number of Newton steps (tol = -1, so the loop always takes
 * maxit = 5 steps): a count that depends on the residual would change under the finite-difference
 * perturbation wherever a residual sits near tol, and the map would not be differentiable there.
 * After five steps from these starting points the largest residual is 1.6e-3 (six: 4e-7, seven: 2e-14),
 * so most cells have converged while the slowest still depend on their earlier iterates, and the
 * check sees the derivative through the whole chain of steps (a fully converged solve forgets its
 * initial guess; a wrong factor in that chain fails the check by 5e-5 at five steps). */
#include "../common/harness.h"

void newton(int n, int maxit, double tol, const double *coef, const double *rhs, double *T);
void newton_b(int n, int maxit, double tol, const double *coef, double *coef_b, const double *rhs, double *rhs_b,
              double *T, double *T_b);

enum { STEPS = 5 };
static const double fixed_count = -1.0; /* tol < 0: exactly STEPS steps */
static int n;
static double *coef, *coef_b, *rhs, *rhs_b, *T, *T_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    coef = HARNESS_DOUBLES(len); coef_b = HARNESS_DOUBLES(len);
    rhs = HARNESS_DOUBLES(len); rhs_b = HARNESS_DOUBLES(len);
    T = HARNESS_DOUBLES(len); T_b = HARNESS_DOUBLES(len);
    lcg_seed(41);
    lcg_fill(coef, len, 0.5, 2.0);
    lcg_fill(rhs, len, 1.0, 3.0);
    lcg_fill(T, len, 0.5, 1.5);
}

static void primal(void) { newton(n, STEPS, fixed_count, coef, rhs, T); }
static void adjoint(void) { newton_b(n, STEPS, fixed_count, coef, coef_b, rhs, rhs_b, T, T_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "newton",
        .size_meaning = "cells",
        .check_size = 5000,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"coef", &coef, &coef_b, &len}, {"rhs", &rhs, &rhs_b, &len}, {"T", &T, &T_b, &len}},
        .nvariants = 1,
        .variants = {{"newton", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
