/* Driver for the c89_counters test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define WIDTH 37

void c89_counters(int n, int m, const double *a, double *b, double *c);
void c89_counters_b(int n, int m, const double *a, double *a_b, double *b, double *b_b, double *c, double *c_b);

static int n;
static double *a, *a_b, *b, *b_b, *c, *c_b;
static long a_len, b_len, c_len;

static void setup(int size)
{
    n = size;
    a_len = (long)n * WIDTH;
    b_len = c_len = n;
    a = HARNESS_DOUBLES(a_len); a_b = HARNESS_DOUBLES(a_len);
    b = HARNESS_DOUBLES(b_len); b_b = HARNESS_DOUBLES(b_len);
    c = HARNESS_DOUBLES(c_len); c_b = HARNESS_DOUBLES(c_len);
    lcg_seed(89);
    lcg_fill(a, a_len, -1.0, 1.0);
    lcg_fill(b, b_len, -1.0, 1.0);
    lcg_fill(c, c_len, 0.5, 1.0);
}

static void primal(void) { c89_counters(n, WIDTH, a, b, c); }
static void adjoint(void) { c89_counters_b(n, WIDTH, a, a_b, b, b_b, c, c_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "c89_counters",
        .size_meaning = "rows (of 37 columns)",
        .check_size = 41,
        .time_size = 100000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"a", &a, &a_b, &a_len}, {"b", &b, &b_b, &b_len}, {"c", &c, &c_b, &c_len}},
        .nvariants = 1,
        .variants = {{"c89_counters", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
