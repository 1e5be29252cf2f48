/* Driver for the team_norm test kernel (see corpus/common/harness.h): float data, a double norm; the
 * diagonal d is passive (the gradient is taken with respect to x, b and r). */
#include "../../../../corpus/common/harness.h"

void team_norm(int n, const float *d, const float *x, const float *b, float *r, double *norm);
void team_norm_b(int n, const float *d, const float *x, float *x_b, const float *b, float *b_b,
                 float *r, float *r_b, double *norm, double *norm_b);

static int n;
static float *d, *x, *x_b, *b, *b_b, *r, *r_b;
static double *norm, *norm_b;
static long n_len, one = 1;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

static void setup(int size)
{
    n = size;
    n_len = n;
    d = floats(n);
    x = floats(n); x_b = floats(n);
    b = floats(n); b_b = floats(n);
    r = floats(n); r_b = floats(n);
    norm = HARNESS_DOUBLES(1); norm_b = HARNESS_DOUBLES(1);
    lcg_seed(17);
    for (int i = 0; i < n; i++) {
        d[i] = (float)lcg_uniform(1.0, 2.0);
        x[i] = (float)lcg_uniform(-1.0, 1.0);
        b[i] = (float)lcg_uniform(-1.0, 1.0);
        r[i] = (float)lcg_uniform(-1.0, 1.0);
    }
    norm[0] = 0.5;
}

static void primal(void) { team_norm(n, d, x, b, r, norm); }
static void adjoint(void) { team_norm_b(n, d, x, x_b, b, b_b, r, r_b, norm, norm_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "team_norm",
        .size_meaning = "unknowns",
        .check_size = 1001,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"x", NULL, NULL, &n_len},
                   {"b", NULL, NULL, &n_len},
                   {"r", NULL, NULL, &n_len},
                   {"norm", &norm, &norm_b, &one}},
        .storage = {{.value_f = &x, .adjoint_f = &x_b},
                    {.value_f = &b, .adjoint_f = &b_b},
                    {.value_f = &r, .adjoint_f = &r_b}},
        .nvariants = 1,
        .variants = {{"team_norm", primal, adjoint}},
        /* float data, d passive: the norm is quadratic in (x, b, r), so the central difference has
         * no truncation error and a large step keeps the float rounding small: h = 1e-1 measures
         * 5.7e-8 at -O2 and 2.7e-7 at -O3 -march=native (contracted products round differently).
         * mine_b 1% off fails by 2.7e-3. */
        .h = 1e-1,
        .tolerance = 2e-6,
    };
    return harness_main(argc, argv, &kernel);
}
