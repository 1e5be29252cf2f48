// adrace-expect: race definite
// adrace-race: 20 j
// Without the linear clause j is one shared variable, read and incremented by every iteration.
/* Interleaving two arrays with a linear index. */
#include <stdio.h>

#define LEN 1000

double re[LEN], im[LEN], pairs[2 * LEN];

int main(void)
{
  int i, j = 0;
  for (i = 0; i < LEN; i++) {
    re[i] = i;
    im[i] = -i;
  }
#pragma omp parallel for
  for (i = 0; i < LEN; i++) {
    pairs[j] = re[i];
    pairs[j + 1] = im[i];
    j += 2;
  }
  printf("%f\n", pairs[2 * LEN - 1]);
  return 0;
}
