// adrace-expect: race definite
// adrace-race: 27 scale
// With nowait on the single, the other threads leave setup() and read scale while the single thread
// may still write it.
/* Once-only initialisation inside a function called from a parallel region. */
#include <stdio.h>

#define LEN 1000

double scale;
double out[LEN];

static void setup(double factor)
{
#pragma omp single nowait
  scale = 2.0 * factor;
}

int main(void)
{
  int i;
#pragma omp parallel
  {
    setup(0.25);
#pragma omp for
    for (i = 0; i < LEN; i++)
      out[i] = scale * i;
  }
  printf("%f\n", out[LEN - 1]);
  return 0;
}
