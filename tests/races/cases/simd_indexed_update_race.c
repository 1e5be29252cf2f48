// adrace-expect: race possible
// adrace-race: 23 a
// The lanes scatter into a[idx[i]]: two lanes of one vector collide when idx holds a repeated value,
// which depends on the data.
/* Indexed update vectorised with omp simd. */
#include <stdio.h>

#define LEN 1024

static int idx[LEN];
static float a[LEN], b[LEN];

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++) {
    idx[i] = i / 2; /* each index twice */
    a[i] = 0.0f;
    b[i] = 1.0f;
  }
#pragma omp simd
  for (i = 0; i < LEN; i++)
    a[idx[i]] += b[i];
  printf("%f\n", a[LEN - 1]);
  return 0;
}
