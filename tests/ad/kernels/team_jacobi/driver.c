/* Driver for the team_jacobi test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void team_jacobi(int n, double omega, float hscale, const double *f, const double *u, double *work, double *unew);
void team_jacobi_b(int n, double omega, double *omega_b, float hscale, const double *f, double *f_b, const double *u,
                   double *u_b, double *work, double *work_b, double *unew, double *unew_b);

static int n;
static double *omega, *omega_b, *f, *f_b, *u, *u_b, *work, *work_b, *unew, *unew_b;
static long n_len, one = 1;

static void setup(int size)
{
    n = size;
    n_len = n;
    omega = HARNESS_DOUBLES(1); omega_b = HARNESS_DOUBLES(1);
    f = HARNESS_DOUBLES(n); f_b = HARNESS_DOUBLES(n);
    u = HARNESS_DOUBLES(n); u_b = HARNESS_DOUBLES(n);
    work = HARNESS_DOUBLES(n); work_b = HARNESS_DOUBLES(n);
    unew = HARNESS_DOUBLES(n); unew_b = HARNESS_DOUBLES(n);
    lcg_seed(41);
    lcg_fill(f, n, -1.0, 1.0);
    lcg_fill(u, n, -1.0, 1.0);
    lcg_fill(work, n, -1.0, 1.0);
    lcg_fill(unew, n, -1.0, 1.0);
    omega[0] = 0.9;
}

static void primal(void) { team_jacobi(n, omega[0], 0.01f, f, u, work, unew); }
static void adjoint(void) { team_jacobi_b(n, omega[0], omega_b, 0.01f, f, f_b, u, u_b, work, work_b, unew, unew_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "team_jacobi",
        .size_meaning = "cells",
        .check_size = 1001,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 5,
        .arrays = {{"omega", &omega, &omega_b, &one}, {"f", &f, &f_b, &n_len}, {"u", &u, &u_b, &n_len},
                   {"work", &work, &work_b, &n_len}, {"unew", &unew, &unew_b, &n_len}},
        .nvariants = 1,
        .variants = {{"sweeps", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
