/* Driver for the team_norm test kernel (see corpus/common/harness.h): float data, a double norm. */
#include "../../../../corpus/common/harness.h"

void team_norm(int n, const float *d, const float *x, const float *b, float *r, double *norm);
void team_norm_b(int n, const float *d, float *d_b, const float *x, float *x_b, const float *b, float *b_b,
                 float *r, float *r_b, double *norm, double *norm_b);

static int n;
static float *d, *d_b, *x, *x_b, *b, *b_b, *r, *r_b;
static double *norm, *norm_b;
static long n_len, one = 1;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

static void setup(int size)
{
    n = size;
    n_len = n;
    d = floats(n); d_b = floats(n);
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
static void adjoint(void) { team_norm_b(n, d, d_b, x, x_b, b, b_b, r, r_b, norm, norm_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "team_norm",
        .size_meaning = "unknowns",
        .check_size = 1001,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 5,
        .arrays = {{"d", NULL, NULL, &n_len},
                   {"x", NULL, NULL, &n_len},
                   {"b", NULL, NULL, &n_len},
                   {"r", NULL, NULL, &n_len},
                   {"norm", &norm, &norm_b, &one}},
        .storage = {{.value_f = &d, .adjoint_f = &d_b},
                    {.value_f = &x, .adjoint_f = &x_b},
                    {.value_f = &b, .adjoint_f = &b_b},
                    {.value_f = &r, .adjoint_f = &r_b}},
        .nvariants = 1,
        .variants = {{"team_norm", primal, adjoint}},
        /* float r: the rounding of 1001 residuals (ulp 6e-8) over 2h against the central
         * difference's h^2 truncation of the quartic (b - d x)^2; h = 3e-3 measures 5.8e-5 (1e-2:
         * 5.9e-4, 1e-3: 9.5e-5). mine_b 1% off fails by 2.3e-2. */
        .h = 3e-3,
        .tolerance = 2e-4,
    };
    return harness_main(argc, argv, &kernel);
}
