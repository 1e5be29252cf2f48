// adrace-expect: race-free
// The SIMD loop gathers through the index array (reads b[idx[i]]) and writes a[i] directly: every lane
// writes its own element.
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
    a[i] += b[idx[i]];
  printf("%f\n", a[LEN - 1]);
  return 0;
}
