/* Driver for particles: gradient check and timing (see ../common/harness.h). N particles in
 * [-1, 1)^2 with velocities in [-1, 1)^2, one in eight of them dead; dt = 0.05. The unknowns are the
 * four floating members of every particle (through accessors: the harness sees 4 N values) and dt. */
#include "../common/harness.h"

struct particle {
    double x, y;
    double vx, vy;
    int alive;
};

void particles(int n, double dt, struct particle *p);
void particles_b(int n, double dt, double *dt_b, struct particle *p, struct particle *p_b);

static int n;
static double *dt, *dt_b;
static struct particle *p, *p_b;
static long member_len, one = 1;

static double *member(struct particle *q, long e)
{
    struct particle *a = &q[e / 4];
    switch (e % 4) {
    case 0: return &a->x;
    case 1: return &a->y;
    case 2: return &a->vx;
    default: return &a->vy;
    }
}

static double get_p(int which, long e) { return *member(which ? p_b : p, e); }
static void set_p(int which, long e, double v) { *member(which ? p_b : p, e) = v; }

static void setup(int size)
{
    n = size;
    member_len = 4L * n;
    p = (struct particle *)harness_alloc((size_t)n * sizeof *p);
    p_b = (struct particle *)harness_alloc((size_t)n * sizeof *p_b);
    dt = HARNESS_DOUBLES(1);
    dt_b = HARNESS_DOUBLES(1);
    dt[0] = 0.05;
    lcg_seed(37);
    for (int i = 0; i < n; i++) {
        p[i].x = lcg_uniform(-1.0, 1.0);
        p[i].y = lcg_uniform(-1.0, 1.0);
        p[i].vx = lcg_uniform(-1.0, 1.0);
        p[i].vy = lcg_uniform(-1.0, 1.0);
        p[i].alive = lcg_int(8) != 0;
    }
}

static void primal(void) { particles(n, dt[0], p); }
static void adjoint(void) { particles_b(n, dt[0], dt_b, p, p_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "particles",
        .size_meaning = "particles",
        .check_size = 5000,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"p", NULL, NULL, &member_len}, {"dt", &dt, &dt_b, &one}},
        .storage = {{.get = get_p, .set = set_p}},
        .nvariants = 1,
        .variants = {{"particles", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
