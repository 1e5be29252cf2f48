/* One explicit (symplectic Euler) step of charged particles around a fixed softened point charge, with
 * linear drag, over an array of structs, as particle-in-cell and N-body codes write their push.
 * Particles that left the domain are flagged dead and skipped. The force is computed by a helper that
 * returns its two components through pointer parameters. */

#include <math.h>

#define CHARGE 0.5     /* strength of the central attraction */
#define SOFTENING 0.05 /* squared softening length: keeps the force finite at the centre */
#define DRAG 0.1

struct particle {
    double x, y;   /* position */
    double vx, vy; /* velocity */
    int alive;
};

static void force(const struct particle *a, double *fx, double *fy)
{
    double r2 = a->x * a->x + a->y * a->y + SOFTENING;
    double inv_r3 = 1.0 / (r2 * sqrt(r2));
    *fx = -CHARGE * a->x * inv_r3 - DRAG * a->vx;
    *fy = -CHARGE * a->y * inv_r3 - DRAG * a->vy;
}

void particles(int n, double dt, struct particle *p)
{
    int i;

#pragma omp parallel for schedule(guided)
    for (i = 0; i < n; i++) {
        double fx, fy;

        if (!p[i].alive)
            continue;
        force(&p[i], &fx, &fy);
        p[i].vx += dt * fx;
        p[i].vy += dt * fy;
        p[i].x += dt * p[i].vx;
        p[i].y += dt * p[i].vy;
    }
}
