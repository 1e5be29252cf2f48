/* Driver for cross_entropy: gradient check and timing (see ../common/harness.h). N samples of
 * M = 10 classes, logits in [-3, 3), random labels, temperature 1.3; float logits, loss and
 * temperature, a double mean. */
#include "../common/harness.h"

enum { M = 10 };

void cross_entropy(int n, int m, const float *logits, const int *label, float temperature, float *loss,
                   double *mean_loss);
void cross_entropy_b(int n, int m, const float *logits, float *logits_b, const int *label, float temperature,
                     float *temperature_b, float *loss, float *loss_b, double *mean_loss, double *mean_loss_b);

static int n;
static int *label;
static float *logits, *logits_b, *temperature, *temperature_b, *loss, *loss_b;
static double *mean_loss, *mean_loss_b;
static long logit_len, loss_len, one = 1;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

static void setup(int size)
{
    n = size;
    logit_len = (long)n * M;
    loss_len = n;
    label = HARNESS_INTS(n);
    logits = floats(logit_len); logits_b = floats(logit_len);
    loss = floats(loss_len); loss_b = floats(loss_len);
    temperature = floats(1); temperature_b = floats(1);
    mean_loss = HARNESS_DOUBLES(1); mean_loss_b = HARNESS_DOUBLES(1);
    temperature[0] = 1.3f;
    lcg_seed(59);
    for (long e = 0; e < logit_len; e++) logits[e] = (float)lcg_uniform(-3.0, 3.0);
    for (int i = 0; i < n; i++) {
        label[i] = lcg_int(M);
        loss[i] = (float)lcg_uniform(0.0, 1.0);
    }
}

static void primal(void) { cross_entropy(n, M, logits, label, temperature[0], loss, mean_loss); }

static void adjoint(void)
{
    cross_entropy_b(n, M, logits, logits_b, label, temperature[0], temperature_b, loss, loss_b, mean_loss,
                    mean_loss_b);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "cross_entropy",
        .size_meaning = "samples (10 classes each)",
        .check_size = 2000,
        .time_size = 2000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"logits", NULL, NULL, &logit_len},
                   {"temperature", NULL, NULL, &one},
                   {"loss", NULL, NULL, &loss_len},
                   {"mean_loss", &mean_loss, &mean_loss_b, &one}},
        .storage = {{.value_f = &logits, .adjoint_f = &logits_b},
                    {.value_f = &temperature, .adjoint_f = &temperature_b},
                    {.value_f = &loss, .adjoint_f = &loss_b}},
        .nvariants = 1,
        .variants = {{"cross_entropy", primal, adjoint}},
        /* float logits and losses: rounding (ulp 2.4e-7 of losses about 2) over 2h against the
         * central difference's h^2 truncation of a smooth map; h = 1e-2 balances them and measures
         * 9.5e-6 (h = 1e-3: 1.3e-4, h = 3e-2: 1.6e-4). A wrong adjoint of the mean alone (mean_loss_b
         * left out) fails by 6e-3. (In double, h = 1e-6, the reference checks to 7e-11.) */
        .h = 1e-2,
        .tolerance = 5e-5,
    };
    return harness_main(argc, argv, &kernel);
}
