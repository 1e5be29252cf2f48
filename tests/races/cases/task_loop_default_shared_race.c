// adrace-expect: race definite
// adrace-race: 26 i
// default(shared) without firstprivate(i) shares the single's loop index with the tasks: each task
// reads i while the loop goes on incrementing it.
/* One task per particle, created in a loop with default(shared). */
#include <stdio.h>

#define NPART 256
#define DT 0.01f

typedef struct {
  float x, v;
} particle;

static particle p[NPART];

int main(void)
{
  int k;
  for (k = 0; k < NPART; k++)
    p[k].v = 1.0f + k % 5;
#pragma omp parallel
#pragma omp single
  {
    int i;
    for (i = 0; i < NPART; i++) {
#pragma omp task default(shared)
      p[i].x += DT * p[i].v; /* advance */
    }
  }
  printf("%f\n", p[NPART - 1].x);
  return 0;
}
