// adrace-expect: race definite
// adrace-race: 25 bodies[].vx
// The force helper is given the next body: iteration i reads bodies[i+1].vx through the helper while iteration i+1 writes it.
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
  for (i = 0; i < n - 1; i++) {
    float fx, fy;
    drag_force(&bodies[i + 1], &fx, &fy);
    bodies[i].vx += dt * fx;
    bodies[i].vy += dt * fy;
  }
}
