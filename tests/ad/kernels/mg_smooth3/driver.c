/* Driver for the mg_smooth3 test kernel (see corpus/common/harness.h). The grids are arrays of row
 * pointers allocated as NPB MG allocates them (a block of plane pointers, each plane a block of row
 * pointers, each row of n1 points malloc'd on its own), and so are their adjoints: the harness
 * reaches their points through get/set. */
#include "../../../../corpus/common/harness.h"

#define N1 12
#define N2 10

void mg_smooth3(double ***v, double ***u, double ***r, const double *a, const double *c, int n1, int n2, int n3);
void mg_smooth3_b(double ***v, double ***v_b, double ***u, double ***u_b, double ***r, double ***r_b, const double *a,
                  double *a_b, const double *c, double *c_b, int n1, int n2, int n3);

static int n3;
static double ***v, ***v_b, ***u, ***u_b, ***r, ***r_b;
static double *a, *a_b, *c, *c_b;
static long points, two = 2;

static double ***grid(void)
{
    double ***z = (double ***)harness_alloc((size_t)n3 * sizeof(double **));
    for (int k = 0; k < n3; k++) {
        z[k] = (double **)harness_alloc((size_t)N2 * sizeof(double *));
        for (int j = 0; j < N2; j++)
            z[k][j] = HARNESS_DOUBLES(N1);
    }
    return z;
}

static double *point(double ***z, long e) { return &z[e / (N1 * N2)][e / N1 % N2][e % N1]; }
static double get_v(int which, long e) { return *point(which ? v_b : v, e); }
static void set_v(int which, long e, double x) { *point(which ? v_b : v, e) = x; }
static double get_r(int which, long e) { return *point(which ? r_b : r, e); }
static void set_r(int which, long e, double x) { *point(which ? r_b : r, e) = x; }
static double get_u(int which, long e) { return *point(which ? u_b : u, e); }
static void set_u(int which, long e, double x) { *point(which ? u_b : u, e) = x; }

static void setup(int size)
{
    n3 = size;
    points = (long)n3 * N2 * N1;
    v = grid(); v_b = grid();
    u = grid(); u_b = grid();
    r = grid(); r_b = grid();
    a = HARNESS_DOUBLES(2); a_b = HARNESS_DOUBLES(2);
    c = HARNESS_DOUBLES(2); c_b = HARNESS_DOUBLES(2);
    lcg_seed(53);
    for (long e = 0; e < points; e++) {
        set_v(0, e, lcg_uniform(-1.0, 1.0));
        set_u(0, e, lcg_uniform(-1.0, 1.0));
        set_r(0, e, lcg_uniform(-1.0, 1.0));
    }
    a[0] = -8.0 / 3.0;
    a[1] = 1.0 / 6.0;
    c[0] = -3.0 / 8.0;
    c[1] = 1.0 / 32.0;
}

static void primal(void) { mg_smooth3(v, u, r, a, c, N1, N2, n3); }
static void adjoint(void) { mg_smooth3_b(v, v_b, u, u_b, r, r_b, a, a_b, c, c_b, N1, N2, n3); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "mg_smooth3",
        .size_meaning = "planes (of 10 x 12 points)",
        .check_size = 19,
        .time_size = 20000,
        .setup = setup,
        .narrays = 5,
        .arrays = {{"v", NULL, NULL, &points}, {"u", NULL, NULL, &points}, {"r", NULL, NULL, &points},
                   {"a", &a, &a_b, &two}, {"c", &c, &c_b, &two}},
        .nvariants = 1,
        .variants = {{"mg_smooth3", primal, adjoint}},
        .storage = {{.get = get_v, .set = set_v}, {.get = get_u, .set = set_u}, {.get = get_r, .set = set_r}},
    };
    return harness_main(argc, argv, &kernel);
}
