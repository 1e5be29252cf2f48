// adrace-expect: race definite
// adrace-race: 30 npos
// Both sections increment the same counter npos.
/* Counting positive and negative entries, one section each. */
#include <stdio.h>

#define LEN 5000

int vals[LEN];

int main(void)
{
  int i, npos = 0, nneg = 0;
  for (i = 0; i < LEN; i++)
    vals[i] = (i % 3) - 1;
#pragma omp parallel sections
  {
#pragma omp section
    {
      int k;
      for (k = 0; k < LEN; k++)
        if (vals[k] > 0)
          npos++;
    }
#pragma omp section
    {
      int k;
      for (k = 0; k < LEN; k++)
        if (vals[k] < 0)
          npos++; /* was nneg */
    }
  }
  printf("%d positive, %d negative\n", npos, nneg);
  return 0;
}
