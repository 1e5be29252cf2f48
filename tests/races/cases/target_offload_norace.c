// adrace-expect: race-free
// Device offload (target teams distribute parallel for with map clauses); race-free axpy: each iteration
// (on whichever team) touches only y[i].
void target_axpy(int n, double alpha, double *restrict y, const double *restrict x)
{
#pragma omp target teams distribute parallel for map(tofrom: y[0:n]) map(to: x[0:n])
  for (int i = 0; i < n; i++)
    y[i] += alpha * x[i];
}
