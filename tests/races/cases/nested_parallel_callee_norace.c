// adrace-expect: race-free
// Every workload's rates are computed by a helper that opens parallel regions of its own (nested in
// the loop over workloads); each call fills its own scratch block and its own slice of rates.
/* Rodinia-myocyte style: a model evaluation with its own parallel loops, called per workload. */
#include <stdio.h>
#include <stdlib.h>

#define NWORK 64
#define NEQ 91

double state[NWORK * NEQ], rates[NWORK * NEQ];

static void eval_rates(const double *y, double *dy, int w)
{
  double *tmp;
  int k;
  tmp = (double *) malloc(NEQ * sizeof(double));
  if (tmp == NULL)
    exit(1);
#pragma omp parallel for
  for (k = 0; k < NEQ; k++)
    tmp[k] = 2.0 * y[w * NEQ + k];
#pragma omp parallel for
  for (k = 0; k < NEQ; k++)
    dy[w * NEQ + k] = tmp[k] - y[w * NEQ + k];
  free(tmp);
}

int main(void)
{
  int w;
  for (w = 0; w < NWORK * NEQ; w++)
    state[w] = 0.001 * (w % 97);
#pragma omp parallel for
  for (w = 0; w < NWORK; w++)
    eval_rates(state, rates, w);
  printf("%f\n", rates[NWORK * NEQ - 1]);
  return 0;
}
