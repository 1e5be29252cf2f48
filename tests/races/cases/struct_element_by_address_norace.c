// adrace-expect: race-free
// An N-body style push over an array of structs: the force helper reads the particle it is given by address, and iteration i passes only &bodies[i].
#define NBODY 512
#define DRAG 0.1f

typedef struct {
  float x, y;
  float vx, vy;
} Body;

static inline void drag_force(const Body *b, float *fx, float *fy)
{
  *fx = -DRAG * b->vx;
  *fy = -DRAG * /* linear */ b->vy;
}

void push_bodies(Body *bodies, int n, float dt)
{
  int i;
#pragma omp parallel for firstprivate(dt)
  for (i = 0; i < n; i++) {
    float fx, fy;
    drag_force(&bodies[i], &fx, &fy);
    bodies[i].vx += dt * fx;
    bodies[i].vy += dt * fy;
  }
}
