/* Driver for npb_rhs: gradient check and timing (see ../common/harness.h). The unknowns are the
 * entries of the file-scope arrays on the grid in use (grid_points, at most PROBLEM_SIZE per
 * direction), reached through accessors: the harness's element e of a 5-component array is
 * (k, j, i, m) in row-major order over nz x ny x nx x 5. The adjoints are the file-scope <name>_b of
 * npb_rhs_b. N: the grid is N x (N-1) x (N-2) (unequal, so that a transposed index cannot pass);
 * check: 12 x 11 x 10. u holds a flow near rest (density about 1, energy about 2.5). */
#include "../common/harness.h"
#include "npb_rhs.h"

extern double u_b[KMAX][JMAXP + 1][IMAXP + 1][5];
extern double rhs_b[KMAX][JMAXP + 1][IMAXP + 1][5];
extern double forcing_b[KMAX][JMAXP + 1][IMAXP + 1][5];
extern double us_b[KMAX][JMAXP + 1][IMAXP + 1];
extern double vs_b[KMAX][JMAXP + 1][IMAXP + 1];
extern double ws_b[KMAX][JMAXP + 1][IMAXP + 1];
extern double qs_b[KMAX][JMAXP + 1][IMAXP + 1];
extern double rho_i_b[KMAX][JMAXP + 1][IMAXP + 1];
extern double square_b[KMAX][JMAXP + 1][IMAXP + 1];
void npb_rhs_b(void);

static long len5, len1;

/* the grid point of harness element e (per is 5 or 1 entries per point) and its component */
static void locate(long e, int per, int *k, int *j, int *i, int *m)
{
    *m = (int)(e % per);
    e /= per;
    *i = (int)(e % grid_points[0]);
    e /= grid_points[0];
    *j = (int)(e % grid_points[1]);
    *k = (int)(e / grid_points[1]);
}

static double *entry5(double (*a)[JMAXP + 1][IMAXP + 1][5], long e)
{
    int k, j, i, m;
    locate(e, 5, &k, &j, &i, &m);
    return &a[k][j][i][m];
}

static double *entry1(double (*a)[JMAXP + 1][IMAXP + 1], long e)
{
    int k, j, i, m;
    locate(e, 1, &k, &j, &i, &m);
    return &a[k][j][i];
}

#define ACCESSORS5(name)                                                                                  \
    static double get_##name(int which, long e) { return *entry5(which ? name##_b : name, e); }           \
    static void set_##name(int which, long e, double v) { *entry5(which ? name##_b : name, e) = v; }
#define ACCESSORS1(name)                                                                                  \
    static double get_##name(int which, long e) { return *entry1(which ? name##_b : name, e); }           \
    static void set_##name(int which, long e, double v) { *entry1(which ? name##_b : name, e) = v; }

ACCESSORS5(u)
ACCESSORS5(rhs)
ACCESSORS5(forcing)
ACCESSORS1(us)
ACCESSORS1(vs)
ACCESSORS1(ws)
ACCESSORS1(qs)
ACCESSORS1(rho_i)
ACCESSORS1(square)

static void setup(int size)
{
    if (size < 5) { /* the fluxes need an interior in every direction */
        fprintf(stderr, "npb_rhs: N must be at least 5\n");
        exit(2);
    }
    int nx = size < PROBLEM_SIZE ? size : PROBLEM_SIZE;
    grid_points[0] = nx;
    grid_points[1] = nx - 1;
    grid_points[2] = nx - 2;
    set_constants();
    len1 = (long)grid_points[0] * grid_points[1] * grid_points[2];
    len5 = 5 * len1;
    lcg_seed(43);
    for (long e = 0; e < len5; e++) {
        int k, j, i, m;
        locate(e, 5, &k, &j, &i, &m);
        u[k][j][i][m] = m == 0 ? lcg_uniform(0.8, 1.2) : m == 4 ? lcg_uniform(2.0, 3.0) : lcg_uniform(-0.3, 0.3);
        forcing[k][j][i][m] = lcg_uniform(-1.0, 1.0);
        rhs[k][j][i][m] = lcg_uniform(-1.0, 1.0);
    }
    for (long e = 0; e < len1; e++) {
        set_us(0, e, lcg_uniform(-1.0, 1.0));
        set_vs(0, e, lcg_uniform(-1.0, 1.0));
        set_ws(0, e, lcg_uniform(-1.0, 1.0));
        set_qs(0, e, lcg_uniform(-1.0, 1.0));
        set_rho_i(0, e, lcg_uniform(-1.0, 1.0));
        set_square(0, e, lcg_uniform(-1.0, 1.0));
    }
}

static void primal(void) { npb_rhs(); }
static void adjoint(void) { npb_rhs_b(); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "npb_rhs",
        .size_meaning = "nx, at most PROBLEM_SIZE (an nx x (nx-1) x (nx-2) grid)",
        .check_size = 12,
        .time_size = PROBLEM_SIZE,
        .setup = setup,
        .narrays = 9,
        .arrays = {{"u", NULL, NULL, &len5},
                   {"rhs", NULL, NULL, &len5},
                   {"forcing", NULL, NULL, &len5},
                   {"us", NULL, NULL, &len1},
                   {"vs", NULL, NULL, &len1},
                   {"ws", NULL, NULL, &len1},
                   {"qs", NULL, NULL, &len1},
                   {"rho_i", NULL, NULL, &len1},
                   {"square", NULL, NULL, &len1}},
        .storage = {{.get = get_u, .set = set_u},
                    {.get = get_rhs, .set = set_rhs},
                    {.get = get_forcing, .set = set_forcing},
                    {.get = get_us, .set = set_us},
                    {.get = get_vs, .set = set_vs},
                    {.get = get_ws, .set = set_ws},
                    {.get = get_qs, .set = set_qs},
                    {.get = get_rho_i, .set = set_rho_i},
                    {.get = get_square, .set = set_square}},
        .nvariants = 1,
        .variants = {{"npb_rhs", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
