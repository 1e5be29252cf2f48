/* Driver for the team_predict test kernel (see corpus/common/harness.h): both branches. */
#include "../../../../corpus/common/harness.h"

void team_predict(int n, int predict, double dt, const double *u, const double *f, double *unew);
void team_predict_b(int n, int predict, double dt, double *dt_b, const double *u, double *u_b, const double *f,
                    double *f_b, double *unew, double *unew_b);

static int n;
static double *dt, *dt_b, *u, *u_b, *f, *f_b, *unew, *unew_b;
static long n_len, one = 1;

static void setup(int size)
{
    n = size;
    n_len = n;
    dt = HARNESS_DOUBLES(1); dt_b = HARNESS_DOUBLES(1);
    u = HARNESS_DOUBLES(n); u_b = HARNESS_DOUBLES(n);
    f = HARNESS_DOUBLES(n); f_b = HARNESS_DOUBLES(n);
    unew = HARNESS_DOUBLES(n); unew_b = HARNESS_DOUBLES(n);
    lcg_seed(19);
    lcg_fill(u, n, -1.0, 1.0);
    lcg_fill(f, n, -1.0, 1.0);
    lcg_fill(unew, n, -1.0, 1.0);
    dt[0] = 0.3;
}

static void predictor(void) { team_predict(n, 1, dt[0], u, f, unew); }
static void predictor_b(void) { team_predict_b(n, 1, dt[0], dt_b, u, u_b, f, f_b, unew, unew_b); }
static void corrector(void) { team_predict(n, 0, dt[0], u, f, unew); }
static void corrector_b(void) { team_predict_b(n, 0, dt[0], dt_b, u, u_b, f, f_b, unew, unew_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "team_predict",
        .size_meaning = "cells",
        .check_size = 1001,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"dt", &dt, &dt_b, &one}, {"u", &u, &u_b, &n_len}, {"f", &f, &f_b, &n_len},
                   {"unew", &unew, &unew_b, &n_len}},
        .nvariants = 2,
        .variants = {{"predict", predictor, predictor_b}, {"correct", corrector, corrector_b}},
    };
    return harness_main(argc, argv, &kernel);
}
