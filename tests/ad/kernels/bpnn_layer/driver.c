/* Driver for the bpnn_layer test kernel (see corpus/common/harness.h). The weights are arrays of row
 * pointers, each row allocated on its own as Rodinia backprop's alloc_2d_dbl does (and so their
 * adjoints): the harness reaches their elements through get/set. Float data: the step is 1e-3 and
 * the tolerance 1e-3 (the central difference's truncation and float rounding, as math_float). */
#include "../../../../corpus/common/harness.h"

#define NIN 23 /* units of the first layer, besides its thresholding unit 0 */

int bpnn_layer(float *l1, float *l2, float **conn, float *delta, float **w, float **oldw, int n1, int n2);
int bpnn_layer_b(float *l1, float *l1_b, float *l2, float *l2_b, float **conn, float **conn_b, float *delta,
                 float *delta_b, float **w, float **w_b, float **oldw, float **oldw_b, int n1, int n2);

static int n1 = NIN, n2;
static float *l1, *l1_b, *l2, *l2_b, *delta, *delta_b;
static float **conn, **conn_b, **w, **w_b, **oldw, **oldw_b;
static long units1, units2, weights;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

/* n1 + 1 rows of n2 + 1 weights, each row a block of its own */
static float **rows(void)
{
    float **m = (float **)harness_alloc((size_t)(n1 + 1) * sizeof(float *));
    for (int k = 0; k <= n1; k++)
        m[k] = floats(n2 + 1);
    return m;
}

static float *weight(float **m, long e) { return &m[e / (n2 + 1)][e % (n2 + 1)]; }
static double get_conn(int which, long e) { return *weight(which ? conn_b : conn, e); }
static void set_conn(int which, long e, double v) { *weight(which ? conn_b : conn, e) = (float)v; }
static double get_w(int which, long e) { return *weight(which ? w_b : w, e); }
static void set_w(int which, long e, double v) { *weight(which ? w_b : w, e) = (float)v; }
static double get_oldw(int which, long e) { return *weight(which ? oldw_b : oldw, e); }
static void set_oldw(int which, long e, double v) { *weight(which ? oldw_b : oldw, e) = (float)v; }

static void setup(int size)
{
    n2 = size;
    units1 = n1 + 1;
    units2 = n2 + 1;
    weights = (long)(n1 + 1) * (n2 + 1);
    l1 = floats(units1); l1_b = floats(units1);
    l2 = floats(units2); l2_b = floats(units2);
    delta = floats(units2); delta_b = floats(units2);
    conn = rows(); conn_b = rows();
    w = rows(); w_b = rows();
    oldw = rows(); oldw_b = rows();
    lcg_seed(47);
    for (long e = 0; e < units1; e++)
        l1[e] = (float)lcg_uniform(0.1, 0.9);
    for (long e = 0; e < units2; e++)
        delta[e] = (float)lcg_uniform(-0.5, 0.5);
    for (long e = 0; e < weights; e++) {
        set_conn(0, e, lcg_uniform(-0.5, 0.5));
        set_w(0, e, lcg_uniform(-0.5, 0.5));
        set_oldw(0, e, lcg_uniform(-0.1, 0.1));
    }
}

static void primal(void) { (void)bpnn_layer(l1, l2, conn, delta, w, oldw, n1, n2); }
static void adjoint(void)
{
    if (bpnn_layer_b(l1, l1_b, l2, l2_b, conn, conn_b, delta, delta_b, w, w_b, oldw, oldw_b, n1, n2) != 0)
        exit(1);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "bpnn_layer",
        .size_meaning = "units of the second layer",
        .check_size = 37,
        .time_size = 100000,
        .setup = setup,
        .narrays = 6,
        .arrays = {{"l1", NULL, NULL, &units1}, {"l2", NULL, NULL, &units2}, {"conn", NULL, NULL, &weights},
                   {"delta", NULL, NULL, &units2}, {"w", NULL, NULL, &weights}, {"oldw", NULL, NULL, &weights}},
        .nvariants = 1,
        .variants = {{"bpnn_layer", primal, adjoint}},
        .h = 1e-3,
        .tolerance = 1e-3,
        .storage = {{.value_f = &l1, .adjoint_f = &l1_b},
                    {.value_f = &l2, .adjoint_f = &l2_b},
                    {.get = get_conn, .set = set_conn},
                    {.value_f = &delta, .adjoint_f = &delta_b},
                    {.get = get_w, .set = set_w},
                    {.get = get_oldw, .set = set_oldw}},
    };
    return harness_main(argc, argv, &kernel);
}
