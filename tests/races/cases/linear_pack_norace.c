// adrace-expect: race-free
// linear(j: 2) makes j private with value 2*i at the start of iteration i, so the two writes of
// iteration i go to pairs[2i] and pairs[2i+1].
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
#pragma omp parallel for linear(j: 2)
  for (i = 0; i < LEN; i++) {
    pairs[j] = re[i];
    pairs[j + 1] = im[i];
    j += 2;
  }
  printf("%f\n", pairs[2 * LEN - 1]);
  return 0;
}
