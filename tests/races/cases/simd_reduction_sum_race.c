// adrace-expect: race definite
// adrace-race: 21 dot
// Without the reduction clause all lanes read and write the one dot in the same step.
/* Dot product vectorised with omp simd. */
#include <stdio.h>

#define LEN 2048

float x[LEN], y[LEN];

int main(void)
{
  int i;
  float dot = 0.0f;
  for (i = 0; i < LEN; i++) {
    x[i] = 0.5f;
    y[i] = 2.0f;
  }
#pragma omp simd
  for (i = 0; i < LEN; i++)
    dot += x[i] * y[i];
  printf("dot = %f\n", dot);
  return 0;
}
