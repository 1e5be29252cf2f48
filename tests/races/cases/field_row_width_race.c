// adrace-expect: race possible
// adrace-race: 22 out->v
// The rows of out are out->nx wide and the columns written run to in->nx - 2: a caller whose out
// field is narrower than in's (here half as wide) makes neighbouring rows of out overlap.
#include <stdio.h>
#include <stdlib.h>

#define NX 48
#define NY 40

typedef struct {
  int nx, ny;
  double *restrict v;
} field_t;

static void diff_x(field_t *out, const field_t *in)
{
  int i, j;
#pragma omp parallel for private(i)
  for (j = 0; j < in->ny; j++)
    for (i = 0; i < in->nx - 1; i++)
      out->v[j * out->nx + i] = in->v[j * in->nx + i + 1] - in->v[j * in->nx + i];
}

int main(void)
{
  field_t in, out;
  double sum = 0.0;
  int k;
  in.nx = NX;
  in.ny = NY;
  out.nx = NX / 2;
  out.ny = NY;
  in.v = malloc(NX * NY * sizeof(double));
  out.v = calloc(NX * NY, sizeof(double));
  if (!in.v || !out.v)
    return 1;
  for (k = 0; k < NX * NY; k++)
    in.v[k] = (double)(k % 9);
  diff_x(&out, &in);
  for (k = 0; k < NX * NY; k++)
    sum += out.v[k];
  printf("%f\n", sum);
  free(in.v);
  free(out.v);
  return 0;
}
