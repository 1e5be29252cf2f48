// adrace-expect: race definite
// adrace-race: 18 particles[].x
// Each particle's x is advanced with the next particle's x: iteration i writes particles[i].x while iteration i-1 reads it.
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
  for (i = 0; i < n - 1; i++) {
    particles[i].x += particles[i + 1].x * dt;
    particles[i].y += /* drift */ particles[i].vy * dt;
  }
}
