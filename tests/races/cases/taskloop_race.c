// adrace-expect: unsupported
// A taskloop (not a worksharing loop) with a loop-carried dependence: racy at run time, but tasks are not modelled.
void taskloop_shift(int n, double *a)
{
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(64)
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1.0;
}
