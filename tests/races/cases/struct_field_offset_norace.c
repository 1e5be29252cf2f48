// adrace-expect: race-free
// The buffer keeps its mirror half after the data: mirror() sets the struct's offset to n before
// the loop, so iteration i writes x[n + i] and reads only x[i] (i < n): the halves never meet.
#include <stdio.h>
#include <stdlib.h>

#define N 1000

typedef struct {
  int off, n;
  double *x;
} buffer_t;

static void mirror(buffer_t *b, int n)
{
  int i;
  b->n = n;
  b->off = n;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    b->x[b->off + i] = b->x[i];
}

int main(void)
{
  buffer_t b;
  int k;
  double sum = 0.0;
  b.x = malloc(2 * N * sizeof(double));
  if (!b.x)
    return 1;
  for (k = 0; k < 2 * N; k++)
    b.x[k] = (double)k;
  mirror(&b, N);
  for (k = 0; k < 2 * N; k++)
    sum += b.x[k];
  printf("%f\n", sum);
  free(b.x);
  return 0;
}
