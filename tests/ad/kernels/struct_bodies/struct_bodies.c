/* Test kernel for `adrace adjoint` (not a corpus case): structs as particle and N-body codes write
 * them. An array of structs with array members (b[i].vel[d]) and a passive integer flag, and a
 * struct of parameters read through a pointer (f->g[d], f->damping) by every iteration. The adjoint
 * of b is an array of the same struct type (b_b[i].vel[d]); the adjoint of the shared f is
 * incremented by every iteration, so those increments are guarded. */

#define NDIM 3

struct body {
    double pos[NDIM];
    double vel[NDIM];
    double mass;
    int fixed; /* pinned in place: skipped, and passive */
};

struct field {
    double g[NDIM];  /* uniform acceleration */
    double damping;  /* linear drag coefficient */
};

void struct_bodies(int n, double dt, const struct field *f, struct body *b)
{
#pragma omp parallel for schedule(guided) firstprivate(dt)
    for (int i = 0; i < n; i++) {
        double speed2 = 0.0;

        if (b[i].fixed)
            continue;
        for (int d = 0; d < NDIM; d++) {
            b[i].vel[d] += dt * (f->g[d] - f->damping * b[i].vel[d]) / b[i].mass;
            speed2 += b[i].vel[d] * /* kinetic */ b[i].vel[d];
        }
        for (int d = 0; d < NDIM; d++)
            b[i].pos[d] += dt * b[i].vel[d] / (1.0 + 0.1 * speed2);
    }
}
