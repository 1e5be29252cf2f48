// adrace-expect: race definite
// adrace-race: 13 calls
// The increment of the shared static local calls is not protected.
/* Counting calls of a helper with a static local. */
#include <stdio.h>

#define LEN 3000

static int calls = 0;

static double clip(double v, double lo, double hi)
{
  calls++;
  return v < lo ? lo : (v > hi ? hi : v);
}

double data[LEN];

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    data[i] = (i % 100) - 50.0;
#pragma omp parallel for
  for (i = 0; i < LEN; i++)
    data[i] = clip(data[i], -10.0, 10.0);
  printf("%d calls\n", calls);
  return 0;
}
