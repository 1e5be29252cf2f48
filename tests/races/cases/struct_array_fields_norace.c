// adrace-expect: race-free
// An array of particles (array of structs): iteration i updates only the fields of particle i, reading other fields of the same element.
#define NPART 1000

typedef struct {
  float x, y;
  float vx, vy;
} Particle;

static Particle particles[NPART];

void push(int n, float dt)
{
  int i;
#pragma omp parallel for firstprivate(dt)
  for (i = 0; i < n; i++) {
    particles[i].x += particles[i].vx * dt;
    particles[i].y += /* drift */ particles[i].vy * dt;
  }
}
