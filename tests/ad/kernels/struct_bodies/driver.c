/* Driver for the struct_bodies test kernel (see corpus/common/harness.h): the struct members are
 * reached through the harness's get/set accessors. */
#include "../../../../corpus/common/harness.h"

#define NDIM 3

struct body {
    double pos[NDIM];
    double vel[NDIM];
    double mass;
    int fixed;
};

struct field {
    double g[NDIM];
    double damping;
};

void struct_bodies(int n, double dt, const struct field *f, struct body *b);
void struct_bodies_b(int n, double dt, double *dt_b, const struct field *f, struct field *f_b, struct body *b,
                     struct body *b_b);

enum { MEMBERS = 2 * NDIM + 1 }; /* the floating members of a body */
static int n;
static double *dt, *dt_b;
static struct field f[1], f_b[1];
static struct body *b, *b_b;
static long one = 1, field_len = NDIM + 1, body_len;

static double *field_member(struct field *x, long e) { return e < NDIM ? &x->g[e] : &x->damping; }
static double *body_member(struct body *x, long e)
{
    struct body *p = &x[e / MEMBERS];
    long m = e % MEMBERS;
    return m < NDIM ? &p->pos[m] : m < 2 * NDIM ? &p->vel[m - NDIM] : &p->mass;
}
static double get_field(int which, long e) { return *field_member(which ? f_b : f, e); }
static void set_field(int which, long e, double v) { *field_member(which ? f_b : f, e) = v; }
static double get_body(int which, long e) { return *body_member(which ? b_b : b, e); }
static void set_body(int which, long e, double v) { *body_member(which ? b_b : b, e) = v; }

static void setup(int size)
{
    n = size;
    body_len = (long)n * MEMBERS;
    b = (struct body *)harness_alloc((size_t)n * sizeof *b);
    b_b = (struct body *)harness_alloc((size_t)n * sizeof *b_b);
    dt = HARNESS_DOUBLES(1);
    dt_b = HARNESS_DOUBLES(1);
    lcg_seed(17);
    for (int i = 0; i < n; i++) {
        for (int d = 0; d < NDIM; d++) {
            b[i].pos[d] = lcg_uniform(-1.0, 1.0);
            b[i].vel[d] = lcg_uniform(-0.5, 0.5);
        }
        b[i].mass = lcg_uniform(0.5, 2.0);
        b[i].fixed = lcg_int(5) == 0;
    }
    for (int d = 0; d < NDIM; d++) f[0].g[d] = lcg_uniform(-1.0, 1.0);
    f[0].damping = 0.3;
    dt[0] = 0.05;
}

static void primal(void) { struct_bodies(n, dt[0], f, b); }
static void adjoint(void) { struct_bodies_b(n, dt[0], dt_b, f, f_b, b, b_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "struct_bodies",
        .size_meaning = "bodies",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"dt", &dt, &dt_b, &one}, {"f", NULL, NULL, &field_len}, {"b", NULL, NULL, &body_len}},
        .storage = {{0}, {.get = get_field, .set = set_field}, {.get = get_body, .set = set_body}},
        .nvariants = 1,
        .variants = {{"struct_bodies", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
